//! `onyx verify` for second contracts: every settled order recomputed from
//! the price tape and the terms stored on it, with nothing taken from the
//! settlement itself. The open price must be a tick on the tape, the close
//! what `settlement::decide` finds on the tape now, and the stake's split
//! what the rules give; any difference is a mismatch.

use crate::entity::second_contract_order as order;
use crate::repo::STATUS_SETTLED;
use crate::settlement::decide;
use crate::views::outcome_name;
use onyx_market::tape_store::{self, StoredTick};
use onyx_store::DecimalText;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use std::collections::HashMap;

/// Orders read per query.
const PAGE: u64 = 1_000;

#[derive(Debug, Default)]
pub struct VerifyReport {
    /// Settled orders recomputed and found as stored.
    pub checked: u64,
    /// Settled before the oldest tick the tape still keeps (retention): not
    /// recomputable, counted apart.
    pub beyond_retention: u64,
    /// (order id, what differs).
    pub mismatches: Vec<(i64, String)>,
}

fn same(stored: &Option<DecimalText>, computed: rust_decimal::Decimal) -> bool {
    stored.as_ref().map(|d| d.get()) == Some(computed)
}

/// What differs between the stored settlement of `o` and its recomputation.
fn differences(
    o: &order::Model,
    open_tick: Option<&StoredTick>,
    last_before_close: Option<&StoredTick>,
) -> Result<Vec<String>, DbErr> {
    let mut out = Vec::new();
    match open_tick {
        Some(t) if t.ts_ms == o.open_tick_ms && t.price == o.open_price.get() => {}
        Some(t) => out.push(format!(
            "opened on {} at {} ms, the tape has {} at {} ms",
            o.open_price.get(),
            o.open_tick_ms,
            t.price,
            t.ts_ms
        )),
        None => out.push(format!(
            "its open tick at {} ms is not on the tape",
            o.open_tick_ms
        )),
    }
    let s = decide(o, last_before_close).map_err(|e| DbErr::Custom(e.to_string()))?;
    let outcome = outcome_name(s.outcome);
    if o.outcome.as_deref() != Some(outcome) {
        out.push(format!("stored {:?}, recomputed {outcome}", o.outcome));
    }
    let close = s.closing.as_ref().map(|t| (t.price, t.ts_ms));
    let stored_close = o.close_price.as_ref().map(|p| p.get()).zip(o.close_tick_ms);
    if close != stored_close {
        out.push(format!(
            "closed on {stored_close:?}, the tape gives {close:?}"
        ));
    }
    if !same(&o.returned, s.split.returned.as_decimal())
        || !same(&o.winnings, s.split.winnings.as_decimal())
        || !same(&o.to_house, s.split.to_house.as_decimal())
    {
        out.push(format!(
            "paid {:?} + {:?} with {:?} to the house, the rules give {} + {} with {}",
            o.returned.as_ref().map(|d| d.get()),
            o.winnings.as_ref().map(|d| d.get()),
            o.to_house.as_ref().map(|d| d.get()),
            s.split.returned.as_decimal(),
            s.split.winnings.as_decimal(),
            s.split.to_house.as_decimal()
        ));
    }
    Ok(out)
}

/// Recomputes every settled order.
pub async fn verify(db: &impl ConnectionTrait) -> Result<VerifyReport, DbErr> {
    let mut report = VerifyReport::default();
    let oldest = tape_store::oldest(db).await?;
    let mut after = 0i64;
    loop {
        let page = order::Entity::find()
            .filter(order::Column::Status.eq(STATUS_SETTLED))
            .filter(order::Column::Id.gt(after))
            .order_by_asc(order::Column::Id)
            .limit(PAGE)
            .all(db)
            .await?;
        let Some(last) = page.last() else { break };
        after = last.id;
        let mut closes: HashMap<(String, i64), Option<StoredTick>> = HashMap::new();
        for o in &page {
            let kept = oldest.is_some_and(|t| o.open_tick_ms.div_euclid(1000) >= t);
            if !kept {
                report.beyond_retention = report.beyond_retention.saturating_add(1);
                continue;
            }
            let key = (o.coin.clone(), o.close_at);
            if !closes.contains_key(&key) {
                let tick = tape_store::last_before(db, &o.coin, o.close_at).await?;
                closes.insert(key.clone(), tick);
            }
            let open = tape_store::at_second(db, &o.coin, o.open_tick_ms).await?;
            let found = differences(o, open.as_ref(), closes.get(&key).and_then(Option::as_ref))?;
            if found.is_empty() {
                report.checked = report.checked.saturating_add(1);
            } else {
                report.mismatches.push((o.id, found.join("; ")));
            }
        }
    }
    Ok(report)
}
