//! `onyx verify`: every settlement the house made as counterparty,
//! recomputed from the price tape and the stored rules: second contracts,
//! options, futures positions replayed from their fills, and every earn
//! order's daily interest, every copy follow's profit shares. Read-only.

use onyx_second_contracts::verify::VerifyReport;
use onyx_store::ledger::snapshot;
use onyx_store::Db;
use std::fmt::Write;

/// Prints the report; `Ok(true)` when nothing differs.
pub async fn run(db: &Db) -> anyhow::Result<bool> {
    let txn = snapshot(db).await?;
    let second = onyx_second_contracts::verify::verify(&txn).await?;
    let options = onyx_options::verify::verify(&txn).await?;
    let futures = onyx_futures::verify::verify(&txn).await?;
    let earn = onyx_earn::verify::verify(&txn).await?;
    let copies = onyx_copy_trading::verify::verify(&txn).await?;
    txn.commit().await?;
    let earn = VerifyReport {
        checked: earn.checked,
        beyond_retention: 0,
        mismatches: earn.mismatches,
    };
    print!("{}", render("second contract", &second));
    print!("{}", render("option", &options));
    print!("{}", render("futures position", &futures));
    let copies = VerifyReport {
        checked: copies.checked,
        beyond_retention: 0,
        mismatches: copies.mismatches,
    };
    print!("{}", render("earn order", &earn));
    print!("{}", render("copy follow", &copies));
    Ok([&second, &options, &futures, &earn, &copies]
        .iter()
        .all(|r| r.mismatches.is_empty()))
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
