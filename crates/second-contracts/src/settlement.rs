//! The settlement sweep: a scheduler job that settles due orders a slice
//! at a time. An order is due once the price tape is written past its
//! close time; it settles on the last tick of a second that ended by the
//! close (`tape_store::last_before`), at most `rules::TICK_AGE_MAX_MS` old,
//! or is void. Orders whose close passed while the server was down settle
//! the same way once it is back: on the stored tape, or void.

use crate::entity::second_contract_order as order;
use crate::postings;
use crate::repo::{self, STATUS_SETTLED};
use crate::rules::{self, Direction, Outcome, Split, Terms, Tick};
use crate::views::{outcome_name, OrderView};
use onyx_kernel::ledger::PostingRef;
use onyx_kernel::money::Amount;
use onyx_kernel::Failure;
use onyx_market::tape_store::{self, StoredTick};
use onyx_platform::bus::PlatformEvent;
use onyx_platform::scheduler::Progress;
use onyx_platform::Context;
use onyx_store::ledger::{LedgerCommand, SLICE_MAX};
use onyx_store::DecimalText;
use sea_orm::{ActiveModelTrait, Set};
use std::collections::HashMap;
use std::time::Duration;

/// How often the sweep looks for due orders.
pub const SWEEP_EVERY: Duration = Duration::from_millis(250);
pub const JOB: &str = "second_contract_settlement";
/// The socket message a settlement reaches its owner as.
pub const SOCKET_TYPE: &str = "SECOND";

/// Starts the sweep under the context's scheduler.
pub fn start(ctx: &Context) {
    let job_ctx = ctx.clone();
    ctx.scheduler.every(JOB, SWEEP_EVERY, move || {
        let ctx = job_ctx.clone();
        async move { sweep(&ctx).await }
    });
}

/// How one order settles: pure, from the order and the tick it closes on.
pub struct Settled {
    pub outcome: Outcome,
    pub closing: Option<StoredTick>,
    pub split: Split,
}

/// Decides `o` on `last_before_close` (the tape's last tick before its
/// close), the way `onyx verify` recomputes it.
pub fn decide(
    o: &order::Model,
    last_before_close: Option<&StoredTick>,
) -> Result<Settled, Failure> {
    let direction = match o.direction.as_str() {
        "up" => Direction::Up,
        "down" => Direction::Down,
        _ => {
            return Err(Failure::internal(format!(
                "second contract {}: unknown direction",
                o.id
            )))
        }
    };
    let order = Order {
        direction,
        open_price: o.open_price.get(),
        close_at: o.close_at,
        stake: o.stake.get(),
        odds: o.odds.get(),
        full_loss: o.full_loss == 1,
    };
    decide_on(&order, last_before_close)
        .map_err(|what| Failure::internal(format!("second contract {}: {what}", o.id)))
}

/// What a fixed-payout order is decided on, whichever product it is.
pub struct Order {
    pub direction: Direction,
    pub open_price: rust_decimal::Decimal,
    pub close_at: i64,
    pub stake: rust_decimal::Decimal,
    pub odds: rust_decimal::Decimal,
    pub full_loss: bool,
}

/// Decides an order on the tape's last tick before its close: the tick
/// settles it only when `rules::closing_tick` accepts it, else it is void.
pub fn decide_on(o: &Order, last_before_close: Option<&StoredTick>) -> Result<Settled, String> {
    let closing = last_before_close.filter(|t| {
        rules::closing_tick(
            o.close_at,
            Some(Tick {
                price: t.price,
                ts_ms: t.ts_ms,
            }),
        )
        .is_some()
    });
    let outcome = rules::outcome(o.direction, o.open_price, closing.map(|t| t.price));
    let terms = Terms::new(o.odds, o.full_loss).map_err(|e| e.to_string())?;
    let stake = Amount::from_decimal(o.stake).map_err(|e| e.to_string())?;
    let split = rules::split(stake, &terms, outcome).ok_or("stake out of range")?;
    Ok(Settled {
        outcome,
        closing: closing.cloned(),
        split,
    })
}

/// Settles at most `SLICE_MAX` due orders in one ledger transaction.
pub async fn sweep(ctx: &Context) -> Result<Progress, Failure> {
    let through = ctx.prices.tape_closed_before();
    if through == 0 {
        return Ok(Progress::Done);
    }
    let slice = u64::try_from(SLICE_MAX).unwrap_or(u64::MAX);
    // Most runs find nothing due: ask before taking the gate.
    if repo::due(&ctx.db, through, 1).await?.is_empty() {
        return Ok(Progress::Done);
    }
    let mut txn = ctx.ledger.begin().await?;
    let due = repo::due(txn.conn(), through, slice).await?;
    if due.is_empty() {
        return Ok(Progress::Done);
    }
    // Orders of one coin closing in one second share their tick.
    let mut ticks: HashMap<(String, i64), Option<StoredTick>> = HashMap::new();
    let mut decided = Vec::with_capacity(due.len());
    for o in &due {
        let key = (o.coin.clone(), o.close_at);
        if !ticks.contains_key(&key) {
            let tick = tape_store::last_before(txn.conn(), &o.coin, o.close_at).await?;
            ticks.insert(key.clone(), tick);
        }
        let tick = ticks.get(&key).and_then(Option::as_ref);
        decided.push(decide(o, tick)?);
    }
    let now = ctx.now_ms();
    let mut commands = Vec::with_capacity(due.len());
    for (o, s) in due.iter().zip(&decided) {
        let owner = u64::try_from(o.user_id).map_err(Failure::internal)?;
        let reference = PostingRef::SecondContract(o.id);
        commands.push(LedgerCommand {
            postings: postings::settle(owner, &s.split, &reference, now),
            reference,
        });
    }
    let answers = txn.post_each(commands).await?;
    let mut rows = Vec::with_capacity(due.len());
    let mut settled = Vec::with_capacity(due.len());
    for ((o, s), answer) in due.iter().zip(decided).zip(answers) {
        // The stake was frozen when the order opened: a refusal means the
        // holds are broken, which an operator must see, not a retry loop.
        let tx_id = answer.map_err(|refused| {
            Failure::internal(format!(
                "second contract {}: settlement refused: {refused}",
                o.id
            ))
        })?;
        let mut row = order::ActiveModel::from(o.clone());
        row.status = Set(STATUS_SETTLED.into());
        row.outcome = Set(Some(outcome_name(s.outcome).into()));
        row.close_price = Set(s
            .closing
            .as_ref()
            .map(|t| DecimalText::from(t.price.normalize())));
        row.close_tick_ms = Set(s.closing.as_ref().map(|t| t.ts_ms));
        row.close_source = Set(s.closing.as_ref().map(|t| t.source.clone()));
        row.returned = Set(Some(DecimalText::from(s.split.returned.as_decimal())));
        row.winnings = Set(Some(DecimalText::from(s.split.winnings.as_decimal())));
        row.to_house = Set(Some(DecimalText::from(s.split.to_house.as_decimal())));
        row.settle_tx_id = Set(Some(tx_id));
        row.settled_at = Set(Some(now));
        let row = row.reset_all();
        if let Ok(model) = sea_orm::TryIntoModel::<order::Model>::try_into_model(row.clone()) {
            settled.push(model);
        }
        rows.push(row);
    }
    repo::store_settled(txn.conn(), rows).await?;
    txn.commit().await?;
    // After the commit: what the users' sockets show is settled for good.
    for o in &settled {
        if let Ok(order) = serde_json::to_value(OrderView::of(o, now)) {
            ctx.events.publish(PlatformEvent::ContractSettled {
                kind: SOCKET_TYPE,
                user_id: o.user_id,
                order,
            });
        }
    }
    Ok(if due.len() >= SLICE_MAX {
        Progress::More
    } else {
        Progress::Done
    })
}
