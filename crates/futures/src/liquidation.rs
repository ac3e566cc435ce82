//! The liquidation sweep: each time it runs (every 250 ms), the risk book
//! (`risk`) is brought up to date with the positions changed since its
//! last look, and for each coin the tape's last tick (at most 2 s old; a
//! stale tick liquidates nothing) nominates the positions whose
//! liquidation price it reached. Each nominee is checked against its row
//! under the ledger gate - margin plus unrealised profit at that mark at
//! or below the maintenance margin - and closed against the house at the
//! mark: the liquidation fee to the insurance fund, the rest back to the
//! user, a gap past bankruptcy covered by the insurance fund.
//! Take-profits and stop-losses are triggered in the same job, after.

use crate::contract;
use crate::positions::{close_in, liquidation_of, side_of};
use crate::repo::{self, OPEN};
use crate::risk::RiskBook;
use crate::rules::pnl;
use onyx_kernel::Failure;
use onyx_platform::scheduler::Progress;
use onyx_platform::Context;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

pub const SWEEP_EVERY: Duration = Duration::from_millis(250);
pub const JOB: &str = "futures_liquidation";
/// How old the mark may be to liquidate on.
pub const MARK_AGE_MAX_MS: i64 = 2_000;
/// How far back each refresh looks before its last one, so a write
/// committed with an earlier timestamp than its commit is not missed.
const REFRESH_OVERLAP_MS: i64 = 5_000;

/// The risk books of every coin, kept across sweeps.
#[derive(Default)]
pub struct RiskEngine {
    books: HashMap<String, RiskBook>,
    coin_of: HashMap<i64, String>,
    seen_ms: Option<i64>,
}

impl RiskEngine {
    pub fn new() -> RiskEngine {
        RiskEngine::default()
    }

    /// Positions in the books.
    pub fn len(&self) -> usize {
        self.books.values().map(RiskBook::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Loads every open position the first time, then what changed.
    async fn refresh(&mut self, ctx: &Context, now: i64) -> Result<(), Failure> {
        let rows = match self.seen_ms {
            None => repo::all_open(&ctx.db).await?,
            Some(t) => repo::changed_since(&ctx.db, t.saturating_sub(REFRESH_OVERLAP_MS)).await?,
        };
        let mut contracts = contract::Cache::default();
        for p in rows {
            if p.status != OPEN {
                if let Some(coin) = self.coin_of.remove(&p.id) {
                    if let Some(book) = self.books.get_mut(&coin) {
                        book.remove(p.id);
                    }
                }
                continue;
            }
            let price = liquidation_of(&p, contracts.get(&ctx.db, p.contract_id).await?);
            self.coin_of.insert(p.id, p.coin.clone());
            self.books
                .entry(p.coin.clone())
                .or_default()
                .upsert(p.id, side_of(&p.side), price);
        }
        self.seen_ms = Some(now);
        Ok(())
    }
}

pub fn start(ctx: &Context) {
    let job_ctx = ctx.clone();
    let engine = Arc::new(tokio::sync::Mutex::new(RiskEngine::new()));
    ctx.scheduler.every(JOB, SWEEP_EVERY, move || {
        let ctx = job_ctx.clone();
        let engine = engine.clone();
        async move {
            let mut engine = engine.lock().await;
            liquidate_with(&ctx, &mut engine).await?;
            crate::stops::trigger_due(&ctx).await?;
            Ok::<_, Failure>(Progress::Done)
        }
    });
}

/// Liquidates what the current marks say must go, with a fresh book.
pub async fn liquidate_due(ctx: &Context) -> Result<usize, Failure> {
    liquidate_with(ctx, &mut RiskEngine::new()).await
}

/// Liquidates what the current marks say must go; the number liquidated.
pub async fn liquidate_with(ctx: &Context, engine: &mut RiskEngine) -> Result<usize, Failure> {
    let now = ctx.now_ms();
    engine.refresh(ctx, now).await?;
    let mut done = 0usize;
    for (coin, book) in &engine.books {
        let Some(tick) = ctx.prices.tape_price(coin, now, MARK_AGE_MAX_MS) else {
            continue;
        };
        let nominated = book.crossed(tick.price);
        if nominated.is_empty() {
            continue;
        }
        let mut txn = ctx.ledger.begin().await?;
        let mut contracts = contract::Cache::default();
        for id in nominated {
            let Some(p) = repo::position(txn.conn(), id)
                .await?
                .filter(|p| p.status == OPEN)
            else {
                continue;
            };
            let c = contracts.get(txn.conn(), p.contract_id).await?;
            let qty = p.qty.get();
            let upnl = pnl::unrealised(side_of(&p.side), qty, p.entry_price.get(), tick.price);
            let mm = tick
                .price
                .checked_mul(qty)
                .and_then(|n| c.brackets.maintenance(n));
            let equity = upnl.and_then(|u| p.margin.get().checked_add(u));
            let due = matches!((equity, mm), (Some(e), Some(m)) if e <= m);
            if !due {
                continue;
            }
            let c = c.clone();
            close_in(&mut txn, &p, &c, qty, &tick, true, now).await?;
            done = done.saturating_add(1);
        }
        txn.commit().await?;
    }
    Ok(done)
}
