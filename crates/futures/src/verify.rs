//! `onyx verify` for futures: every position replayed from its fills, in
//! order, with nothing taken from the position row. Each fill's mark must
//! be the tick on the price tape it names, its price that mark with the
//! spread it records (or, for a limit order's fill, the order's limit
//! price, which that mark with the spread reached), its fee its rate on
//! the notional, and a close's
//! profit what `rules::close` gives from the entry the replay has reached;
//! the replay must end where the position row says (size, entry, margin,
//! fees, realised profit, open or not).

use crate::entity::{futures_fill as fill, futures_order as order, futures_position as position};
use crate::orders::{crosses, FILLED};
use crate::positions::{fill_price, side_of};
use crate::repo::{self, FillKind, OPEN};
use crate::rules::{close, Side};
use onyx_fixed_payout::api::VerifyReport;
use onyx_kernel::money::{exact_mul, Amount, LEDGER_DP};
use onyx_market::api::tape;
use rust_decimal::{Decimal, RoundingStrategy};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};

const PAGE: u64 = 1_000;

#[derive(Default)]
struct Replay {
    qty: Decimal,
    entry: Decimal,
    margin: Decimal,
    fees: Decimal,
    realised: Decimal,
    funding: Decimal,
}

fn up(v: Decimal) -> Option<Decimal> {
    Some(
        Amount::from_decimal(v)
            .ok()?
            .round_up(LEDGER_DP)
            .as_decimal(),
    )
}

/// Whether `f` is the fill of one of the position's filled limit orders:
/// at its limit price, at the moment it was dealt, and the fill's mark
/// with the spread at that price or better for the taker.
fn limit_fill(limits: &[order::Model], f: &fill::Model, buying: bool) -> bool {
    let price = f.price.get();
    limits.iter().any(|o| {
        o.dealt_at == Some(f.at)
            && o.limit_price.as_ref().map(|l| l.get()) == Some(price)
            && o.deal_price.as_ref().map(|d| d.get()) == Some(price)
            && crosses(f.mark.get(), f.spread.get(), buying, price)
    })
}

/// What differs in one fill; the replay moves on with the stored figures
/// so one difference is reported once. `limits` are the position's filled
/// limit orders.
fn step(
    r: &mut Replay,
    side: Side,
    f: &fill::Model,
    limits: &[order::Model],
) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let (qty, price, mark) = (f.qty.get(), f.price.get(), f.mark.get());
    let fee_of = |q: Decimal, p: Decimal| up(exact_mul(exact_mul(q, p)?, f.fee_rate.get())?);
    match f.kind {
        FillKind::Open => {
            let buying = side == Side::Long;
            if fill_price(mark, f.spread.get(), buying)? != price && !limit_fill(limits, f, buying)
            {
                out.push(format!(
                    "fill {}: opened at {price}, the mark {mark} gives otherwise",
                    f.id
                ));
            }
            if fee_of(qty, price)? != f.fee.get() {
                out.push(format!(
                    "fill {}: fee {}, the rate gives {:?}",
                    f.id,
                    f.fee.get(),
                    fee_of(qty, price)
                ));
            }
            let total = r.qty.checked_add(qty)?;
            r.entry = r
                .qty
                .checked_mul(r.entry)?
                .checked_add(exact_mul(qty, price)?)?
                .checked_div(total)?
                .round_dp(LEDGER_DP);
            r.qty = total;
            r.margin = r.margin.checked_add(f.margin.get())?;
            r.fees = r.fees.checked_add(f.fee.get())?;
        }
        FillKind::Close | FillKind::Liquidation => {
            let liquidation = f.kind == FillKind::Liquidation;
            let expected = if liquidation {
                Some(mark)
            } else {
                fill_price(mark, f.spread.get(), side == Side::Short)
            };
            if expected != Some(price)
                && (liquidation || !limit_fill(limits, f, side == Side::Short))
            {
                out.push(format!(
                    "fill {}: closed at {price}, the mark {mark} gives {expected:?}",
                    f.id
                ));
            }
            let full = qty >= r.qty;
            let released = if full {
                r.margin
            } else {
                r.margin
                    .checked_mul(qty)?
                    .checked_div(r.qty)?
                    .round_dp_with_strategy(LEDGER_DP, RoundingStrategy::ToZero)
            };
            if released != f.margin.get() {
                out.push(format!(
                    "fill {}: released {} of margin, the replay {released}",
                    f.id,
                    f.margin.get()
                ));
            }
            let pnl = side
                .sign()
                .checked_mul(qty)?
                .checked_mul(price.checked_sub(r.entry)?)?;
            let fee = exact_mul(exact_mul(qty, price)?, f.fee_rate.get())?;
            let split = close::split(Amount::from_decimal(released).ok()?, pnl, fee)?;
            let booked = split
                .profit
                .as_decimal()
                .checked_sub(split.margin_to_house.as_decimal())?
                .checked_sub(split.shortfall.as_decimal())?;
            if booked != f.pnl.get() || split.fee.as_decimal() != f.fee.get() {
                out.push(format!(
                    "fill {}: booked {} with a fee of {}, the rules give {booked} and {}",
                    f.id,
                    f.pnl.get(),
                    f.fee.get(),
                    split.fee.as_decimal()
                ));
            }
            r.qty = r.qty.checked_sub(qty)?.max(Decimal::ZERO);
            r.margin = r.margin.checked_sub(f.margin.get())?;
            r.realised = r.realised.checked_add(f.pnl.get())?;
            r.fees = r.fees.checked_add(f.fee.get())?;
        }
        FillKind::Funding => {
            // `pnl` is the change to the margin: negative when paid.
            r.margin = r.margin.checked_add(f.pnl.get())?;
            r.funding = r.funding.checked_sub(f.pnl.get())?;
        }
        FillKind::MarginAdd => r.margin = r.margin.checked_add(f.margin.get())?,
        FillKind::MarginReduce => r.margin = r.margin.checked_sub(f.margin.get())?,
    }
    Some(out)
}

/// What differs for `p`; `None` when its first tick is older than the
/// tape keeps (`oldest`, a second).
async fn position_differences(
    db: &impl ConnectionTrait,
    p: &position::Model,
    oldest: Option<i64>,
) -> Result<Option<Vec<String>>, DbErr> {
    let side = side_of(&p.side);
    let mut r = Replay::default();
    let mut out = Vec::new();
    let fills = repo::fills(db, p.id).await?;
    let limits = order::Entity::find()
        .filter(order::Column::PositionId.eq(p.id))
        .filter(order::Column::Status.eq(FILLED))
        .filter(order::Column::LimitPrice.is_not_null())
        .all(db)
        .await?;
    let first_tick = fills.iter().map(|f| f.tick_ms).min().unwrap_or(p.opened_at);
    if oldest.is_none_or(|t| first_tick.div_euclid(1000) < t) {
        return Ok(None);
    }
    for f in fills {
        if f.kind != FillKind::MarginAdd && f.kind != FillKind::MarginReduce {
            match tape::at_second(db, &p.coin, f.tick_ms).await? {
                Some(t) if t.ts_ms == f.tick_ms && t.price == f.mark.get() => {}
                found => out.push(format!(
                    "fill {}: marked {} at {} ms, the tape has {:?}",
                    f.id,
                    f.mark.get(),
                    f.tick_ms,
                    found.map(|t| (t.price, t.ts_ms))
                )),
            }
        }
        match step(&mut r, side, &f, &limits) {
            Some(found) => out.extend(found),
            None => out.push(format!("fill {}: out of range", f.id)),
        }
    }
    let stored = (
        p.qty.get(),
        p.entry_price.get(),
        p.margin.get(),
        p.fees.get(),
        p.realised.get(),
    );
    let replayed = (r.qty, r.entry, r.margin, r.fees, r.realised);
    if stored != replayed {
        out.push(format!("the position holds (size, entry, margin, fees, realised, funding) {stored:?}, its fills {replayed:?}"));
    }
    if (p.status == OPEN) != (r.qty > Decimal::ZERO) {
        out.push(format!("{} with {} left", p.status, r.qty));
    }
    Ok(Some(out))
}

/// Replays every position from its fills.
pub async fn verify(db: &impl ConnectionTrait) -> Result<VerifyReport, DbErr> {
    let mut report = VerifyReport::default();
    let oldest = tape::oldest(db).await?;
    let mut after = 0i64;
    loop {
        let page = position::Entity::find()
            .filter(position::Column::Id.gt(after))
            .order_by_asc(position::Column::Id)
            .limit(PAGE)
            .all(db)
            .await?;
        let Some(last) = page.last() else { break };
        after = last.id;
        for p in &page {
            let Some(found) = position_differences(db, p, oldest).await? else {
                report.beyond_retention = report.beyond_retention.saturating_add(1);
                continue;
            };
            if found.is_empty() {
                report.checked = report.checked.saturating_add(1);
            } else {
                report.mismatches.push((p.id, found.join("; ")));
            }
        }
    }
    Ok(report)
}
