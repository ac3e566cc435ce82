//! The trigger sweep: each time it runs (every 250 ms), the risk books
//! (`risk`) are brought up to date with the positions, stops and orders
//! changed since their last look, and for each coin the tape's last tick
//! (at most 2 s old; a stale tick sets off nothing) nominates the
//! positions whose liquidation price it reached, the stops whose trigger
//! it reached and the waiting orders whose price it reached. Each nominee
//! is checked against its row under the ledger gate. A liquidation - margin
//! plus unrealised profit at that mark at or below the maintenance margin -
//! closes against the house at the mark: the liquidation fee to the
//! insurance fund, the rest back to the user, a gap past bankruptcy
//! covered by the insurance fund. Liquidations go first, then stops, then
//! orders.

use crate::batch::{close_all, Close};
use crate::contract;
use crate::orders::{self, Notice};
use crate::positions::{liquidation_of, side_of, CloseAt};
use crate::repo::{self, OPEN};
use crate::risk::{Books, Direction};
use crate::rules::{pnl, Side};
use crate::stops;
use onyx_kernel::Failure;
use onyx_platform::bus::PlatformEvent;
use onyx_platform::scheduler::Progress;
use onyx_platform::Context;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Duration;

pub const SWEEP_EVERY: Duration = Duration::from_millis(250);
pub const JOB: &str = "futures_liquidation";
/// The socket message's type for what the sweep did to a user's
/// positions, stops and orders.
pub const SOCKET_TYPE: &str = "FUTURES";
/// How old the mark may be to liquidate, trigger or fill on.
pub const MARK_AGE_MAX_MS: i64 = 2_000;
/// How far back each refresh looks before its last one, so a write
/// committed with an earlier timestamp than its commit is not missed.
const REFRESH_OVERLAP_MS: i64 = 5_000;

/// The books of every coin, kept across sweeps: positions by liquidation
/// price, active stops by trigger, waiting orders by price.
#[derive(Default)]
pub struct RiskEngine {
    positions: Books,
    stops: Books,
    orders: Books,
    /// Open positions' sides (a stop's direction depends on it).
    sides: HashMap<i64, Side>,
    seen_ms: Option<i64>,
}

/// What one sweep did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Swept {
    pub liquidated: usize,
    pub triggered: usize,
    pub filled: usize,
}

impl RiskEngine {
    pub fn new() -> RiskEngine {
        RiskEngine::default()
    }

    /// Positions in the books.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Loads every open position, active stop and waiting order the first
    /// time, then what changed.
    async fn refresh(&mut self, ctx: &Context, now: i64) -> Result<(), Failure> {
        let since = self.seen_ms.map(|t| t.saturating_sub(REFRESH_OVERLAP_MS));
        let rows = match since {
            None => repo::all_open(&ctx.db).await?,
            Some(t) => repo::changed_since(&ctx.db, t).await?,
        };
        let mut contracts = contract::Cache::default();
        for p in rows {
            if p.status != OPEN {
                self.sides.remove(&p.id);
                self.positions.set(p.id, &p.coin, None);
                continue;
            }
            let side = side_of(&p.side);
            let price = liquidation_of(&p, contracts.get(&ctx.db, p.contract_id).await?);
            self.sides.insert(p.id, side);
            self.positions
                .set(p.id, &p.coin, price.map(|l| (Direction::from(side), l)));
        }
        let stop_rows = match since {
            None => stops::all_active(&ctx.db).await?,
            Some(t) => stops::changed_since(&ctx.db, t).await?,
        };
        for s in stop_rows {
            let entry = match (s.status == stops::ACTIVE, self.sides.get(&s.position_id)) {
                (true, Some(side)) => {
                    Some((stops::direction(*side, &s.kind), s.trigger_price.get()))
                }
                _ => None,
            };
            self.stops.set(s.id, &s.coin, entry);
        }
        let order_rows = match since {
            None => orders::all_waiting(&ctx.db).await?,
            Some(t) => orders::changed_since(&ctx.db, t).await?,
        };
        for o in order_rows {
            let entry = match (&o.limit_price, o.status == orders::WAITING) {
                (Some(price), true) => Some((
                    if orders::buys(&o) {
                        Direction::Falls
                    } else {
                        Direction::Rises
                    },
                    price.get(),
                )),
                _ => None,
            };
            self.orders.set(o.id, &o.coin, entry);
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
            sweep(&ctx, &mut engine).await?;
            Ok::<_, Failure>(Progress::Done)
        }
    });
}

/// Liquidates what the current marks say must go, with fresh books.
pub async fn liquidate_due(ctx: &Context) -> Result<usize, Failure> {
    Ok(sweep(ctx, &mut RiskEngine::new()).await?.liquidated)
}

/// Liquidates what the current marks say must go; the number liquidated.
pub async fn liquidate_with(ctx: &Context, engine: &mut RiskEngine) -> Result<usize, Failure> {
    Ok(sweep(ctx, engine).await?.liquidated)
}

/// One pass: per coin with a fresh mark, the liquidations it sets off,
/// then the stops, then the waiting orders, in one ledger transaction.
pub async fn sweep(ctx: &Context, engine: &mut RiskEngine) -> Result<Swept, Failure> {
    let now = ctx.now_ms();
    let mirror = crate::mirror::of(ctx);
    let mirror = mirror.as_deref();
    engine.refresh(ctx, now).await?;
    let coins: BTreeSet<String> = engine
        .positions
        .coins()
        .chain(engine.stops.coins())
        .chain(engine.orders.coins())
        .cloned()
        .collect();
    let mut done = Swept::default();
    for coin in coins {
        let Some(tick) = ctx.prices.tape_price(&coin, now, MARK_AGE_MAX_MS) else {
            continue;
        };
        let liquidations = engine.positions.crossed(&coin, tick.price);
        let stops_due = engine.stops.crossed(&coin, tick.price);
        let orders_due = engine.orders.crossed(&coin, tick.price);
        if liquidations.is_empty() && stops_due.is_empty() && orders_due.is_empty() {
            continue;
        }
        let mut txn = ctx.ledger.begin().await?;
        let mut contracts = contract::Cache::default();
        let mut notices = Vec::new();
        // Each nominee read again under the gate, then those still due
        // closed together, a batch per contract.
        let mut due: BTreeMap<i64, Vec<Close>> = BTreeMap::new();
        for p in repo::positions_by_id(txn.conn(), &liquidations).await? {
            if p.status != OPEN {
                continue;
            }
            let c = contracts.get(txn.conn(), p.contract_id).await?;
            let qty = p.qty.get();
            let upnl = pnl::unrealised(side_of(&p.side), qty, p.entry_price.get(), tick.price);
            let mm = tick
                .price
                .checked_mul(qty)
                .and_then(|n| c.brackets.maintenance(n));
            let equity = upnl.and_then(|u| p.margin.get().checked_add(u));
            if matches!((equity, mm), (Some(e), Some(m)) if e <= m) {
                due.entry(p.contract_id)
                    .or_default()
                    .push(Close { position: p, qty });
            }
        }
        for (contract_id, closes) in due {
            let c = contracts.get(txn.conn(), contract_id).await?.clone();
            for x in &closes {
                notices.push(Notice {
                    user_id: x.position.user_id,
                    what: "liquidated",
                    id: x.position.id,
                });
            }
            done.liquidated = done.liquidated.saturating_add(closes.len());
            close_all(
                &mut txn,
                mirror,
                &c,
                closes,
                &tick,
                CloseAt::Liquidation,
                now,
            )
            .await?;
        }
        for id in stops_due {
            if let Some(n) =
                stops::trigger_in(&mut txn, mirror, &mut contracts, id, &tick, now).await?
            {
                done.triggered = done.triggered.saturating_add(1);
                notices.push(n);
            }
        }
        for id in orders_due {
            if let Some(n) =
                orders::fill_in(&mut txn, mirror, &mut contracts, id, &tick, now).await?
            {
                if n.what == orders::FILLED.as_str() {
                    done.filled = done.filled.saturating_add(1);
                }
                notices.push(n);
            }
        }
        txn.commit().await?;
        for n in notices {
            ctx.events.publish(PlatformEvent::ContractSettled {
                kind: SOCKET_TYPE,
                user_id: n.user_id,
                order: serde_json::json!({"event": n.what, "id": n.id, "coin": coin}),
            });
        }
    }
    Ok(done)
}
