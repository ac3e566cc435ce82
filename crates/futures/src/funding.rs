//! Funding payments. At each funding time `T` (every `intervalHour` from
//! 00:00 UTC) every position open at `T` pays or receives
//! `mark × size × F` out of or into its margin, against `house_futures`:
//! the mark is the tape's last tick at or before `T` (at most 2 s old; with
//! none the run is recorded unpaid), the size the position's at `T`
//! (replayed from its fills), and the rate `F` from the open interest at
//! `T` by `rules::funding`. A run is written with its payments in one
//! ledger transaction keyed by contract and `T`, so each is paid once;
//! only the latest funding time is paid (a server down across several
//! pays the last one when it is back).

use crate::contract::{self, Contract};
use crate::entity::{futures_funding as run, futures_position as position};
use crate::positions::{record, side_of};
use crate::repo::{self, FillKind};
use crate::rules::{funding, Side};
use onyx_kernel::money::{Amount, LEDGER_DP};
use onyx_kernel::{Failure, Outcome};
use onyx_market::api::tape;
use onyx_market::api::tape::closing_tick;
use onyx_platform::scheduler::Progress;
use onyx_platform::Context;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use std::time::Duration;

pub const JOB: &str = "futures_funding";
pub const EVERY: Duration = Duration::from_secs(1);

pub fn start(ctx: &Context) {
    let job_ctx = ctx.clone();
    ctx.scheduler.every(JOB, EVERY, move || {
        let ctx = job_ctx.clone();
        async move {
            pay_due(&ctx).await?;
            Ok::<_, Failure>(Progress::Done)
        }
    });
}

fn internal(what: &str) -> Failure {
    Failure::internal(format!("funding: {what}"))
}

/// The latest funding time at or before `now_ms`.
pub fn latest_time(now_ms: i64, interval_hours: u32) -> Option<i64> {
    let next = funding::next_funding_ms(now_ms, interval_hours)?;
    next.checked_sub(i64::from(interval_hours).checked_mul(3_600_000)?)
}

/// The position's size at `at` (ms), from its fills.
async fn size_at(db: &impl ConnectionTrait, p: &position::Model, at: i64) -> Outcome<Decimal> {
    let mut qty = Decimal::ZERO;
    for f in repo::fills(db, p.id).await? {
        if f.at > at {
            break;
        }
        match f.kind {
            FillKind::Open => {
                qty = qty
                    .checked_add(f.qty.get())
                    .ok_or_else(|| internal("size"))?
            }
            FillKind::Close | FillKind::Liquidation => {
                qty = qty
                    .checked_sub(f.qty.get())
                    .ok_or_else(|| internal("size"))?
                    .max(Decimal::ZERO)
            }
            FillKind::MarginAdd | FillKind::MarginReduce | FillKind::Funding => {}
        }
    }
    Ok(qty)
}

/// Pays the latest funding time of every contract not yet paid; the
/// number of runs written.
pub async fn pay_due(ctx: &Context) -> Outcome<usize> {
    let now = ctx.now_ms();
    let mut runs = 0usize;
    let contracts = contract::all(&ctx.db).await?;
    // The runs already written for the latest times, in one read: this
    // job asks every second and almost always finds them all done.
    let earliest = contracts
        .iter()
        .filter_map(|c| latest_time(now, c.interval_hours))
        .min()
        .unwrap_or(now);
    let done: std::collections::HashSet<(i64, i64)> = run::Entity::find()
        .filter(run::Column::FundingTime.gte(earliest))
        .all(&ctx.db)
        .await?
        .into_iter()
        .map(|r| (r.contract_id, r.funding_time))
        .collect();
    for c in contracts {
        let Some(at) = latest_time(now, c.interval_hours) else {
            continue;
        };
        if done.contains(&(c.id, at)) {
            continue;
        }
        // Wait until the tape is written past `T`.
        if ctx.prices.tape_closed_before() <= at {
            continue;
        }
        pay(ctx, &c, at, now).await?;
        runs = runs.saturating_add(1);
    }
    Ok(runs)
}

async fn pay(ctx: &Context, c: &Contract, at: i64, now: i64) -> Outcome<()> {
    let mut txn = ctx.ledger.begin().await?;
    if run::Entity::find_by_id((c.id, at))
        .one(txn.conn())
        .await?
        .is_some()
    {
        return Ok(());
    }
    let last = tape::last_before(txn.conn(), &c.coin, at).await?;
    let tick = closing_tick(at, last.as_ref()).cloned();
    let mut sized = Vec::new();
    let (mut long, mut short) = (Decimal::ZERO, Decimal::ZERO);
    for p in repo::open_on(txn.conn(), &c.coin).await? {
        if p.contract_id != c.id || p.opened_at > at {
            continue;
        }
        let qty = size_at(txn.conn(), &p, at).await?;
        if qty.is_zero() {
            continue;
        }
        match side_of(&p.side) {
            Side::Long => long = long.checked_add(qty).ok_or_else(|| internal("interest"))?,
            Side::Short => short = short.checked_add(qty).ok_or_else(|| internal("interest"))?,
        }
        sized.push((p, qty));
    }
    let (rate, mark) = match &tick {
        Some(t) => {
            let value = |q: Decimal| q.checked_mul(t.price);
            let rate = funding::rate(
                &c.funding,
                value(long).ok_or_else(|| internal("interest"))?,
                value(short).ok_or_else(|| internal("interest"))?,
            )
            .ok_or_else(|| internal("rate"))?;
            (rate, t.price)
        }
        None => (Decimal::ZERO, Decimal::ZERO),
    };
    let mut paid = 0i64;
    if let Some(t) = &tick {
        for (p, qty) in &sized {
            let owed = funding::payment(side_of(&p.side), *qty, t.price, rate)
                .ok_or_else(|| internal("payment"))?;
            if owed.is_zero() {
                continue;
            }
            pay_one(
                &mut txn,
                p,
                owed,
                (t.price, t.ts_ms, t.source.as_str()),
                *qty,
                now,
            )
            .await?;
            paid = paid.saturating_add(1);
        }
    }
    run::ActiveModel {
        contract_id: Set(c.id),
        funding_time: Set(at),
        rate: Set(DecimalText::from(rate.normalize())),
        mark: Set(DecimalText::from(mark.normalize())),
        tick_ms: Set(tick.as_ref().map(|t| t.ts_ms).unwrap_or(0)),
        source: Set(tick.as_ref().map(|t| t.source.clone()).unwrap_or_default()),
        long_qty: Set(DecimalText::from(long.normalize())),
        short_qty: Set(DecimalText::from(short.normalize())),
        positions: Set(paid),
    }
    .insert(txn.conn())
    .await?;
    txn.commit().await?;
    Ok(())
}

/// One position's payment: `owed` > 0 out of its margin (at most all of
/// it, rounded up), < 0 into it (rounded down).
async fn pay_one(
    txn: &mut onyx_store::ledger::LedgerTxn,
    p: &position::Model,
    owed: Decimal,
    tick: (Decimal, i64, &str),
    qty: Decimal,
    now: i64,
) -> Outcome<()> {
    let owner = u64::try_from(p.user_id).map_err(Failure::internal)?;
    let margin = p.margin.get();
    let pays = owed.is_sign_positive();
    let amount = funding::payment_amount(owed, margin, LEDGER_DP)
        .and_then(|a| Amount::from_decimal(a).ok())
        .ok_or_else(|| internal("amount"))?;
    if amount.is_zero() {
        return Ok(());
    }
    // Signed as the position sees it: what it paid is negative.
    let change = if pays {
        Decimal::ZERO.checked_sub(amount.as_decimal())
    } else {
        Some(amount.as_decimal())
    }
    .ok_or_else(|| internal("amount"))?;
    let mut a = position::ActiveModel::from(p.clone());
    a.margin = Set(DecimalText::from(
        margin
            .checked_add(change)
            .ok_or_else(|| internal("margin"))?
            .normalize(),
    ));
    a.funding = Set(DecimalText::from(
        p.funding
            .get()
            .checked_sub(change)
            .ok_or_else(|| internal("funding"))?
            .normalize(),
    ));
    a.updated_at = Set(now);
    let row = a.update(txn.conn()).await?;
    record(
        txn,
        &row,
        FillKind::Funding,
        qty,
        Decimal::ZERO,
        tick,
        Decimal::ZERO,
        (Decimal::ZERO, Decimal::ZERO),
        change,
        amount.as_decimal(),
        now,
        |r| crate::postings::funding(owner, amount, pays, r, now),
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_latest_funding_time_is_on_the_interval() {
        let day = 1_764_028_800_000; // 00:00 UTC
        assert_eq!(latest_time(day, 8), Some(day));
        assert_eq!(latest_time(day + 1, 8), Some(day));
        assert_eq!(latest_time(day + 8 * 3_600_000 - 1, 8), Some(day));
        assert_eq!(
            latest_time(day + 8 * 3_600_000, 8),
            Some(day + 8 * 3_600_000)
        );
    }
}
