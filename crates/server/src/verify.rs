//! `onyx verify`: every settlement the house made as counterparty,
//! recomputed from the price tape and the stored rules: second contracts,
//! options, futures positions replayed from their fills, and every earn
//! order's daily interest, every copy follow's profit shares. Read-only.

use onyx_fixed_payout::api::VerifyReport;
use onyx_store::ledger::snapshot;
use onyx_store::Db;
use std::fmt::Write;

/// Prints the report; `Ok(true)` when nothing differs.
pub async fn run(db: &Db) -> anyhow::Result<bool> {
    let reports = reports(db).await?;
    print!("{}", render_all(&reports));
    Ok(all_match(&reports))
}

/// Every product's recomputation, read in one snapshot, by product (in
/// the singular, as the report names it).
pub async fn reports(db: &Db) -> anyhow::Result<Vec<(&'static str, VerifyReport)>> {
    let txn = snapshot(db).await?;
    let second = onyx_second_contracts::api::verify::verify(&txn).await?;
    let options = onyx_options::api::verify::verify(&txn).await?;
    let futures = onyx_futures::api::verify(&txn).await?;
    let earn = onyx_earn::api::verify(&txn).await?;
    let copies = onyx_copy_trading::api::verify(&txn).await?;
    txn.commit().await?;
    let earn = VerifyReport {
        checked: earn.checked,
        beyond_retention: 0,
        mismatches: earn.mismatches,
    };
    let copies = VerifyReport {
        checked: copies.checked,
        beyond_retention: 0,
        mismatches: copies.mismatches,
    };
    Ok(vec![
        ("second contract", second),
        ("option", options),
        ("futures position", futures),
        ("earn order", earn),
        ("copy follow", copies),
    ])
}

/// True when no product's recomputation differs from what it stored.
pub fn all_match(reports: &[(&str, VerifyReport)]) -> bool {
    reports.iter().all(|(_, r)| r.mismatches.is_empty())
}

/// The whole report, one product after another.
pub fn render_all(reports: &[(&str, VerifyReport)]) -> String {
    reports
        .iter()
        .map(|(product, report)| render(product, report))
        .collect()
}

/// One product's part of the report (`product` in the singular).
pub fn render(product: &str, report: &VerifyReport) -> String {
    let mut out = String::new();
    for (id, what) in &report.mismatches {
        let _ = writeln!(out, "MISMATCH {product} {id}: {what}");
    }
    let _ = writeln!(
        out,
        "{product}s: {} recomputed and as stored, {} older than the price tape's retention, {} mismatched",
        report.checked,
        report.beyond_retention,
        report.mismatches.len()
    );
    out
}
