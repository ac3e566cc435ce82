//! The demo's lead traders: each applies and is approved like any, then
//! trades BTC futures over the last three weeks on the simulator's own
//! price path (the hourly closes `onyx serve --demo` charts), each tick
//! written to the price tape first, so every figure on their cards comes
//! from real fills that `onyx verify` replays.

use crate::traders::{self, ApplyBody, ReviewBody};
use onyx_futures::api::positions::{
    self, close_in, costs, fill_price, open_in, CloseAt, SubmitBody,
};
use onyx_futures::api::Side;
use onyx_kernel::{Failure, Outcome};
use onyx_market::api::simulator;
use onyx_market::api::tape;
use onyx_market::api::tape::TapeEntry;
use onyx_market::api::Interval;
use onyx_platform::audit::Actor;
use onyx_platform::prices::IndexPrice;
use onyx_platform::Context;
use rust_decimal::Decimal;

/// How a demo lead picks a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// With the last twelve hours' move.
    Trend,
    /// Against it.
    Reversion,
}

pub struct Lead<'a> {
    pub user_id: i64,
    pub name: &'a str,
    pub bio: &'a str,
    pub style: Style,
    pub leverage: u32,
    /// USDT of margin per trade.
    pub margin: u32,
}

const HOURS: usize = 24 * 21;
const TRADES: usize = 10;
const SOURCE: &str = "simulator";

fn internal(what: &str) -> Failure {
    Failure::internal(format!("demo leads: {what}"))
}

pub async fn seed(ctx: &Context, by: &Actor, leads: &[Lead<'_>], market_seed: u64) -> Outcome<()> {
    for lead in leads {
        let applied = traders::apply(
            ctx,
            lead.user_id,
            &ApplyBody {
                trader_name: lead.name.into(),
                bio: lead.bio.into(),
                avatar: None,
            },
        )
        .await?;
        traders::review(
            ctx,
            by,
            applied.id,
            &ReviewBody {
                approve: true,
                reason: "Demo seed: a lead trader with simulated history".into(),
            },
        )
        .await?;
    }
    let now = ctx.now_ms();
    let candles = simulator::backfill(market_seed, "btc", Interval::H1, HOURS, now);
    for (i, lead) in leads.iter().enumerate() {
        for k in 0..TRADES {
            // A trade every two days, held 6 to 35 hours, the leads a few
            // hours apart.
            let open_at = 13usize
                .saturating_add(k.saturating_mul(48))
                .saturating_add(i.saturating_mul(5));
            let held = 6usize.saturating_add(k.saturating_mul(7) % 30);
            let close_at = open_at.saturating_add(held);
            let (Some(before), Some(open), Some(close)) = (
                candles.get(open_at.saturating_sub(12)),
                candles.get(open_at),
                candles.get(close_at),
            ) else {
                break;
            };
            let rising = open.close >= before.close;
            let long = rising == (lead.style == Style::Trend);
            let opened = tick(ctx, open.open_time_ms, open.close).await?;
            let closed = tick(ctx, close.open_time_ms, close.close).await?;
            trade(ctx, lead, long, &opened, &closed).await?;
        }
    }
    Ok(())
}

/// The hour's close, written to the tape at the hour's last second.
async fn tick(ctx: &Context, hour_ms: i64, price: Decimal) -> Outcome<IndexPrice> {
    let ts_ms = hour_ms.saturating_add(3_599_000);
    tape::insert(
        &ctx.db,
        &[TapeEntry {
            coin: "btc".into(),
            second: ts_ms.div_euclid(1000),
            price,
            ts_ms,
            source: SOURCE,
        }],
    )
    .await?;
    Ok(IndexPrice {
        price,
        ts_ms,
        source: SOURCE,
        stale: false,
    })
}

async fn trade(
    ctx: &Context,
    lead: &Lead<'_>,
    long: bool,
    opened: &IndexPrice,
    closed: &IndexPrice,
) -> Outcome<()> {
    // As many whole contracts as the margin buys at the opening price.
    let c = onyx_futures::api::contract::named(&ctx.db, "btc").await?;
    let contracts = crate::rules::copy_contracts(
        crate::rules::Sizing::Amount(Decimal::from(lead.margin)),
        Decimal::ZERO,
        opened.price,
        c.share_number,
        lead.leverage,
    )
    .ok_or_else(|| internal("size"))?
    .min(c.max_share);
    let t = positions::ticket(
        ctx,
        &SubmitBody {
            symbol: "btc".into(),
            leverage: lead.leverage,
            delegate_price: None,
            delegate_total: contracts.to_string(),
            side: if long { 0 } else { 1 },
            delegate_type: 1,
            take_profit: None,
            stop_loss: None,
        },
    )
    .await?;
    let buying = t.side == Side::Long;
    let price =
        fill_price(opened.price, t.contract.spread, buying).ok_or_else(|| internal("price"))?;
    let paid = costs(&t.contract, t.qty, price, t.leverage)?;
    let mut txn = ctx.ledger.begin().await?;
    let mirror = onyx_futures::api::mirror::of(ctx);
    let p = open_in(
        &mut txn,
        mirror.as_deref(),
        lead.user_id,
        &t,
        price,
        opened,
        paid,
        opened.ts_ms,
    )
    .await?;
    txn.commit().await?;
    let mut txn = ctx.ledger.begin().await?;
    close_in(
        &mut txn,
        mirror.as_deref(),
        &p,
        &t.contract,
        p.qty.get(),
        closed,
        CloseAt::Mark,
        closed.ts_ms,
    )
    .await?;
    txn.commit().await?;
    Ok(())
}
