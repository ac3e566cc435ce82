//! The settlement sweep: every order of an issue settles on the tape's
//! last tick of a second that ended by the end, at most
//! `rules::TICK_AGE_MAX_MS` old, or is void (stake and fee back). Orders
//! whose issue ended while the server was down settle the same way when it
//! is back. A slice of at most `SLICE_MAX` orders per ledger transaction.

use crate::entity::option_order as order;
use crate::postings;
use crate::repo::{self, STATUS_SETTLED};
use crate::views::OrderView;
use onyx_kernel::ledger::PostingRef;
use onyx_kernel::money::Amount;
use onyx_kernel::Failure;
use onyx_market::tape_store::{self, StoredTick};
use onyx_platform::bus::PlatformEvent;
use onyx_platform::scheduler::Progress;
use onyx_platform::Context;
use onyx_second_contracts::rules::{Direction, Outcome};
use onyx_second_contracts::settlement::{decide_on, Order, Settled};
use onyx_second_contracts::views::outcome_name;
use onyx_store::ledger::{LedgerCommand, SLICE_MAX};
use onyx_store::DecimalText;
use sea_orm::{ActiveModelTrait, Set};
use std::collections::HashMap;
use std::time::Duration;

pub const SWEEP_EVERY: Duration = Duration::from_millis(250);
pub const JOB: &str = "option_settlement";
/// The socket message a settlement reaches its owner as.
pub const SOCKET_TYPE: &str = "OPTION";

pub fn start(ctx: &Context) {
    let job_ctx = ctx.clone();
    ctx.scheduler.every(JOB, SWEEP_EVERY, move || {
        let ctx = job_ctx.clone();
        async move { sweep(&ctx).await }
    });
}

/// How an option settles: the stake's split, and the fee back on a void.
pub struct Decided {
    pub settled: Settled,
    pub fee_back: Amount,
}

/// Decides `o` on the tape's last tick before its issue's end, the way
/// `onyx verify` recomputes it.
pub fn decide(
    o: &order::Model,
    last_before_close: Option<&StoredTick>,
) -> Result<Decided, Failure> {
    let bad = |what: &str| Failure::internal(format!("option {}: {what}", o.id));
    let direction = match o.direction.as_str() {
        "up" => Direction::Up,
        "down" => Direction::Down,
        _ => return Err(bad("unknown direction")),
    };
    let order = Order {
        direction,
        open_price: o.open_price.get(),
        close_at: o.close_at,
        stake: o.stake.get(),
        odds: o.odds.get(),
        full_loss: o.full_loss == 1,
    };
    let settled = decide_on(&order, last_before_close).map_err(|e| bad(&e))?;
    let fee_back = if settled.outcome == Outcome::Void {
        Amount::from_decimal(o.fee.get()).map_err(|e| bad(&e.to_string()))?
    } else {
        Amount::ZERO
    };
    Ok(Decided { settled, fee_back })
}

/// Settles at most `SLICE_MAX` due orders in one ledger transaction.
pub async fn sweep(ctx: &Context) -> Result<Progress, Failure> {
    let through = ctx.prices.tape_closed_before();
    if through == 0 {
        return Ok(Progress::Done);
    }
    let slice = u64::try_from(SLICE_MAX).unwrap_or(u64::MAX);
    if repo::due(&ctx.db, through, 1).await?.is_empty() {
        return Ok(Progress::Done);
    }
    let mut txn = ctx.ledger.begin().await?;
    let due = repo::due(txn.conn(), through, slice).await?;
    if due.is_empty() {
        return Ok(Progress::Done);
    }
    // The orders of one coin's issue share their closing tick.
    let mut ticks: HashMap<(String, i64), Option<StoredTick>> = HashMap::new();
    let mut decided = Vec::with_capacity(due.len());
    for o in &due {
        let key = (o.coin.clone(), o.close_at);
        if !ticks.contains_key(&key) {
            let tick = tape_store::last_before(txn.conn(), &o.coin, o.close_at).await?;
            ticks.insert(key.clone(), tick);
        }
        decided.push(decide(o, ticks.get(&key).and_then(Option::as_ref))?);
    }
    let now = ctx.now_ms();
    let mut commands = Vec::with_capacity(due.len());
    for (o, d) in due.iter().zip(&decided) {
        let owner = u64::try_from(o.user_id).map_err(Failure::internal)?;
        let reference = PostingRef::OptionOrder(o.id);
        commands.push(LedgerCommand {
            postings: postings::settle(owner, &d.settled.split, d.fee_back, &reference, now),
            reference,
        });
    }
    let answers = txn.post_each(commands).await?;
    let mut rows = Vec::with_capacity(due.len());
    let mut settled = Vec::with_capacity(due.len());
    for ((o, d), answer) in due.iter().zip(decided).zip(answers) {
        let tx_id = answer.map_err(|refused| {
            Failure::internal(format!("option {}: settlement refused: {refused}", o.id))
        })?;
        let s = &d.settled;
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
        row.fee_returned = Set(Some(DecimalText::from(d.fee_back.as_decimal())));
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
