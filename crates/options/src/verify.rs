//! `onyx verify` for options: every settled order recomputed from the
//! price tape and the terms stored on it. The strike must be a tick on the
//! tape, the issue the one the clock gives for the acceptance time, the
//! fee what the stored fee rule gives, and the close and the split what
//! `settlement::decide` finds on the tape now.

use crate::entity::option_order as order;
use crate::fees;
use crate::issue::Issue;
use crate::repo::STATUS_SETTLED;
use crate::settlement::decide;
use onyx_kernel::money::Amount;
use onyx_market::tape_store::{self, StoredTick};
use onyx_second_contracts::verify::VerifyReport;
use onyx_second_contracts::views::outcome_name;
use onyx_store::DecimalText;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use std::collections::HashMap;

const PAGE: u64 = 1_000;

fn same(stored: &Option<DecimalText>, computed: rust_decimal::Decimal) -> bool {
    stored.as_ref().map(|d| d.get()) == Some(computed)
}

fn differences(
    o: &order::Model,
    open_tick: Option<&StoredTick>,
    last_before_close: Option<&StoredTick>,
) -> Result<Vec<String>, DbErr> {
    let mut out = Vec::new();
    match open_tick {
        Some(t) if t.ts_ms == o.open_tick_ms && t.price == o.open_price.get() => {}
        Some(t) => out.push(format!(
            "struck at {} ({} ms), the tape has {} at {} ms",
            o.open_price.get(),
            o.open_tick_ms,
            t.price,
            t.ts_ms
        )),
        None => out.push(format!(
            "its strike tick at {} ms is not on the tape",
            o.open_tick_ms
        )),
    }
    match Issue::at(o.opened_at, o.period_seconds, 0) {
        Some(i) if i.no == o.issue_no && i.end_ms == o.close_at => {}
        _ => out.push(format!(
            "accepted at {} ms into issue {} closing {} ms, not the clock's issue",
            o.opened_at, o.issue_no, o.close_at
        )),
    }
    let stake = Amount::from_decimal(o.stake.get()).map_err(|e| DbErr::Custom(e.to_string()))?;
    let fee = fees::fee(stake, o.fee_type, o.fee_value.get());
    if fee.map(|f| f.as_decimal()) != Some(o.fee.get()) {
        out.push(format!(
            "charged a fee of {}, the rule gives {:?}",
            o.fee.get(),
            fee.map(|f| f.as_decimal())
        ));
    }
    let d = decide(o, last_before_close).map_err(|e| DbErr::Custom(e.to_string()))?;
    let s = &d.settled;
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
        || !same(&o.fee_returned, d.fee_back.as_decimal())
    {
        out.push(format!(
            "paid {:?} + {:?} (fee back {:?}) with {:?} to the house, the rules give {} + {} (fee back {}) with {}",
            o.returned.as_ref().map(|d| d.get()),
            o.winnings.as_ref().map(|d| d.get()),
            o.fee_returned.as_ref().map(|d| d.get()),
            o.to_house.as_ref().map(|d| d.get()),
            s.split.returned.as_decimal(),
            s.split.winnings.as_decimal(),
            d.fee_back.as_decimal(),
            s.split.to_house.as_decimal()
        ));
    }
    Ok(out)
}

/// Recomputes every settled option.
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
