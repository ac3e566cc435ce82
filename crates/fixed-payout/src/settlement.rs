//! The settlement sweep, one per product: a scheduler job that settles
//! due orders a slice at a time. An order is due once the price tape is
//! written past its close time; it settles on the last tick of a second
//! that ended by the close (`tape::last_before`), at most
//! `tape::CLOSING_TICK_AGE_MAX_MS` old, or is void. Orders whose close
//! passed while the server was down settle the same way once it is back:
//! on the stored tape, or void.

use crate::decide::{decide_on, Order};
use crate::postings;
use crate::product::{Decided, Product};
use crate::repo::{self, OrderStatus};
use crate::table::OrderRow;
use onyx_kernel::Failure;
use onyx_market::api::tape::{self, StoredTick};
use onyx_platform::bus::PlatformEvent;
use onyx_platform::scheduler::Progress;
use onyx_platform::Context;
use onyx_store::ledger::{LedgerCommand, SLICE_MAX};
use onyx_store::DecimalText;
use sea_orm::{ActiveModelTrait, EntityTrait};
use std::collections::HashMap;
use std::time::Duration;

type Model<P> = <<P as Product>::Orders as EntityTrait>::Model;

/// How often a sweep looks for due orders.
pub const SWEEP_EVERY: Duration = Duration::from_millis(250);

/// Starts `P`'s sweep under the context's scheduler.
pub fn start<P: Product>(ctx: &Context) {
    let job_ctx = ctx.clone();
    ctx.scheduler.every(P::JOB, SWEEP_EVERY, move || {
        let ctx = job_ctx.clone();
        async move { sweep::<P>(&ctx).await }
    });
}

/// Decides `o` on `last_before_close` (the tape's last tick before its
/// close), the way `onyx verify` recomputes it.
pub fn decide<P: Product>(
    o: &Model<P>,
    last_before_close: Option<&StoredTick>,
) -> Result<Decided, Failure> {
    let f = o.fields();
    let bad = |what: &str| Failure::internal(format!("{} {}: {what}", P::NAME, f.id));
    let order = Order {
        direction: f.direction,
        open_price: f.open_price.get(),
        close_at: f.close_at,
        stake: f.stake.get(),
        odds: f.odds.get(),
        full_loss: f.full_loss == 1,
    };
    let settled = decide_on(&order, last_before_close).map_err(|e| bad(&e))?;
    let fee_back = P::fee_back(o, settled.outcome).map_err(|e| bad(&e))?;
    Ok(Decided { settled, fee_back })
}

/// `o` as it is stored once settled by `d` in ledger transaction `tx_id`.
fn settled_row<P: Product>(o: &Model<P>, d: &Decided, tx_id: i64, now_ms: i64) -> Model<P> {
    let mut row = o.clone();
    let s = &d.settled;
    let w = row.settled_fields();
    *w.status = OrderStatus::Settled;
    *w.outcome = Some(s.outcome);
    *w.close_price = s
        .closing
        .as_ref()
        .map(|t| DecimalText::from(t.price.normalize()));
    *w.close_tick_ms = s.closing.as_ref().map(|t| t.ts_ms);
    *w.close_source = s.closing.as_ref().map(|t| t.source.clone());
    *w.returned = Some(DecimalText::from(s.split.returned.as_decimal()));
    *w.winnings = Some(DecimalText::from(s.split.winnings.as_decimal()));
    *w.to_house = Some(DecimalText::from(s.split.to_house.as_decimal()));
    *w.settle_tx_id = Some(tx_id);
    *w.settled_at = Some(now_ms);
    P::store_fee_back(&mut row, d.fee_back);
    row
}

/// Settles at most `SLICE_MAX` of `P`'s due orders in one ledger
/// transaction.
pub async fn sweep<P: Product>(ctx: &Context) -> Result<Progress, Failure> {
    let through = ctx.prices.tape_closed_before();
    if through == 0 {
        return Ok(Progress::Done);
    }
    let slice = u64::try_from(SLICE_MAX).unwrap_or(u64::MAX);
    // Most runs find nothing due: ask before taking the gate.
    if repo::due::<P::Orders>(&ctx.db, through, 1)
        .await?
        .is_empty()
    {
        return Ok(Progress::Done);
    }
    let mut txn = ctx.ledger.begin().await?;
    let due = repo::due::<P::Orders>(txn.conn(), through, slice).await?;
    if due.is_empty() {
        return Ok(Progress::Done);
    }
    // Orders of one coin closing in one second share their tick.
    let mut ticks: HashMap<(String, i64), Option<StoredTick>> = HashMap::new();
    let mut decided = Vec::with_capacity(due.len());
    for o in &due {
        let f = o.fields();
        let key = (f.coin.to_string(), f.close_at);
        if !ticks.contains_key(&key) {
            let tick = tape::last_before(txn.conn(), f.coin, f.close_at).await?;
            ticks.insert(key.clone(), tick);
        }
        decided.push(decide::<P>(o, ticks.get(&key).and_then(Option::as_ref))?);
    }
    let now = ctx.now_ms();
    let mut commands = Vec::with_capacity(due.len());
    for (o, d) in due.iter().zip(&decided) {
        let f = o.fields();
        let owner = u64::try_from(f.user_id).map_err(Failure::internal)?;
        let reference = P::reference(f.id);
        commands.push(LedgerCommand {
            postings: postings::settle(P::HOUSE, owner, d, &reference, now),
            reference,
        });
    }
    let answers = txn.post_each(commands).await?;
    let mut rows = Vec::with_capacity(due.len());
    let mut settled = Vec::with_capacity(due.len());
    for ((o, d), answer) in due.iter().zip(&decided).zip(answers) {
        // The stake was frozen when the order opened: a refusal means the
        // holds are broken, which an operator must see, not a retry loop.
        let tx_id = answer.map_err(|refused| {
            let id = o.fields().id;
            Failure::internal(format!("{} {id}: settlement refused: {refused}", P::NAME))
        })?;
        let row = settled_row::<P>(o, d, tx_id, now);
        rows.push(<P::Orders as EntityTrait>::ActiveModel::from(row.clone()).reset_all());
        settled.push(row);
    }
    repo::store_settled::<P::Orders>(txn.conn(), rows).await?;
    txn.commit().await?;
    // After the commit: what the users' sockets show is settled for good.
    for o in &settled {
        if let Ok(order) = serde_json::to_value(P::view(o, now)) {
            ctx.events.publish(PlatformEvent::ContractSettled {
                kind: P::SOCKET_TYPE,
                user_id: o.fields().user_id,
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
