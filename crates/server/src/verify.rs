//! `onyx verify`: every settlement the house made as counterparty,
//! recomputed from the price tape and the stored rules. Today: second
//! contracts. Read-only.

use onyx_second_contracts::verify::{verify, VerifyReport};
use onyx_store::ledger::snapshot;
use onyx_store::Db;
use std::fmt::Write;

/// Prints the report; `Ok(true)` when nothing differs.
pub async fn run(db: &Db) -> anyhow::Result<bool> {
    let txn = snapshot(db).await?;
    let report = verify(&txn).await?;
    txn.commit().await?;
    print!("{}", render(&report));
    Ok(report.mismatches.is_empty())
}

pub fn render(report: &VerifyReport) -> String {
    let mut out = String::new();
    for (id, what) in &report.mismatches {
        let _ = writeln!(out, "MISMATCH second contract {id}: {what}");
    }
    let _ = writeln!(
        out,
        "second contracts: {} recomputed and as stored, {} older than the price tape's retention, {} mismatched",
        report.checked,
        report.beyond_retention,
        report.mismatches.len()
    );
    out
}
