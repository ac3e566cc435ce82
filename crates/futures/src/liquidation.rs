//! The liquidation sweep: each time the price tape moves, every open
//! position of the coin whose equity at the tape's last tick (margin plus
//! unrealised profit) has fallen to its maintenance margin is closed
//! against the house at that tick, the liquidation fee to the insurance
//! fund, the rest back to the user; a gap past bankruptcy the insurance
//! fund covers. A stale tick liquidates nothing. This first sweep reads
//! every open position of the coin; positions indexed by liquidation
//! price come with the risk engine. Take-profits and stop-losses are
//! triggered in the same job, after the liquidations.

use crate::contract;
use crate::positions::{close_in, side_of};
use crate::repo;
use crate::rules::pnl;
use onyx_kernel::Failure;
use onyx_platform::scheduler::Progress;
use onyx_platform::Context;
use std::time::Duration;

pub const SWEEP_EVERY: Duration = Duration::from_millis(250);
pub const JOB: &str = "futures_liquidation";
/// How old the mark may be to liquidate on.
pub const MARK_AGE_MAX_MS: i64 = 2_000;

pub fn start(ctx: &Context) {
    let job_ctx = ctx.clone();
    ctx.scheduler.every(JOB, SWEEP_EVERY, move || {
        let ctx = job_ctx.clone();
        async move { sweep(&ctx).await }
    });
}

/// Liquidates what the current marks say must go; the number liquidated.
pub async fn liquidate_due(ctx: &Context) -> Result<usize, Failure> {
    let now = ctx.now_ms();
    let mut done = 0usize;
    for coin in repo::coins_open(&ctx.db).await? {
        let Some(tick) = ctx.prices.tape_price(&coin, now, MARK_AGE_MAX_MS) else {
            continue;
        };
        let mut due = Vec::new();
        for p in repo::open_on(&ctx.db, &coin).await? {
            let c = contract::by_id(&ctx.db, p.contract_id).await?;
            let qty = p.qty.get();
            let upnl = pnl::unrealised(side_of(&p.side), qty, p.entry_price.get(), tick.price);
            let mm = tick
                .price
                .checked_mul(qty)
                .and_then(|n| c.brackets.maintenance(n));
            let equity = upnl.and_then(|u| p.margin.get().checked_add(u));
            if let (Some(equity), Some(mm)) = (equity, mm) {
                if equity <= mm {
                    due.push((p, c));
                }
            }
        }
        if due.is_empty() {
            continue;
        }
        let mut txn = ctx.ledger.begin().await?;
        for (p, c) in &due {
            // Still open under the gate (a close may have come first).
            let Some(p) = repo::position(txn.conn(), p.id)
                .await?
                .filter(|p| p.status == repo::OPEN)
            else {
                continue;
            };
            close_in(&mut txn, &p, c, p.qty.get(), &tick, true, now).await?;
            done = done.saturating_add(1);
        }
        txn.commit().await?;
    }
    Ok(done)
}

async fn sweep(ctx: &Context) -> Result<Progress, Failure> {
    liquidate_due(ctx).await?;
    crate::stops::trigger_due(ctx).await?;
    Ok(Progress::Done)
}
