//! `onyx verify` for a fixed-payout product: every settled order
//! recomputed from the price tape and the terms stored on it, with nothing
//! taken from the settlement itself. The open price (an option's strike)
//! must be a tick on the tape, the close what `settlement::decide` finds
//! on the tape now, the stake's split (and any fee back) what the rules
//! give, and the product's own terms what its rules give
//! (`Product::terms_differences`); any difference is a mismatch.

use crate::product::Product;
use crate::repo;
use crate::settlement::decide;
use crate::table::OrderRow;
use onyx_market::api::tape::{self, StoredTick};
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait};
use std::collections::HashMap;

/// Orders read per query.
const PAGE: u64 = 1_000;

/// What a recomputation found, for any product `onyx verify` checks.
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

fn same(stored: Option<DecimalText>, computed: Decimal) -> bool {
    stored.map(DecimalText::get) == Some(computed)
}

/// What differs between the stored settlement of `o` and its recomputation.
fn differences<P: Product>(
    o: &<P::Orders as EntityTrait>::Model,
    open_tick: Option<&StoredTick>,
    last_before_close: Option<&StoredTick>,
) -> Result<Vec<String>, DbErr> {
    let f = o.fields();
    let mut out = Vec::new();
    match open_tick {
        Some(t) if t.ts_ms == f.open_tick_ms && t.price == f.open_price.get() => {}
        Some(t) => out.push(format!(
            "opened on {} at {} ms, the tape has {} at {} ms",
            f.open_price.get(),
            f.open_tick_ms,
            t.price,
            t.ts_ms
        )),
        None => out.push(format!(
            "its open tick at {} ms is not on the tape",
            f.open_tick_ms
        )),
    }
    out.extend(P::terms_differences(o));
    let d = decide::<P>(o, last_before_close).map_err(|e| DbErr::Custom(e.to_string()))?;
    let s = &d.settled;
    if f.outcome != Some(s.outcome) {
        out.push(format!("stored {:?}, recomputed {}", f.outcome, s.outcome));
    }
    let close = s.closing.as_ref().map(|t| (t.price, t.ts_ms));
    let stored_close = f.close_price.map(DecimalText::get).zip(f.close_tick_ms);
    if close != stored_close {
        out.push(format!(
            "closed on {stored_close:?}, the tape gives {close:?}"
        ));
    }
    let fee_back = P::stored_fee_back(o);
    if !same(f.returned, s.split.returned.as_decimal())
        || !same(f.winnings, s.split.winnings.as_decimal())
        || !same(f.to_house, s.split.to_house.as_decimal())
        || fee_back != Some(d.fee_back.as_decimal())
    {
        out.push(format!(
            "paid {:?} + {:?} (fee back {:?}) with {:?} to the house, the rules give {} + {} (fee back {}) with {}",
            f.returned.map(DecimalText::get),
            f.winnings.map(DecimalText::get),
            fee_back,
            f.to_house.map(DecimalText::get),
            s.split.returned.as_decimal(),
            s.split.winnings.as_decimal(),
            d.fee_back.as_decimal(),
            s.split.to_house.as_decimal()
        ));
    }
    Ok(out)
}

/// Recomputes every settled order of `P`.
pub async fn verify<P: Product>(db: &impl ConnectionTrait) -> Result<VerifyReport, DbErr> {
    let mut report = VerifyReport::default();
    let oldest = tape::oldest(db).await?;
    let mut after = 0i64;
    loop {
        let page = repo::page_after::<P::Orders>(db, after, true, PAGE).await?;
        let Some(last) = page.last() else { break };
        after = last.fields().id;
        let mut closes: HashMap<(String, i64), Option<StoredTick>> = HashMap::new();
        for o in &page {
            let f = o.fields();
            let kept = oldest.is_some_and(|t| f.open_tick_ms.div_euclid(1000) >= t);
            if !kept {
                report.beyond_retention = report.beyond_retention.saturating_add(1);
                continue;
            }
            let key = (f.coin.to_string(), f.close_at);
            if !closes.contains_key(&key) {
                let tick = tape::last_before(db, f.coin, f.close_at).await?;
                closes.insert(key.clone(), tick);
            }
            let open = tape::at_second(db, f.coin, f.open_tick_ms).await?;
            let found =
                differences::<P>(o, open.as_ref(), closes.get(&key).and_then(Option::as_ref))?;
            if found.is_empty() {
                report.checked = report.checked.saturating_add(1);
            } else {
                report.mismatches.push((f.id, found.join("; ")));
            }
        }
    }
    Ok(report)
}
