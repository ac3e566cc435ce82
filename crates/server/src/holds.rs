//! `onyx audit`, second part: every hold the products name (spot orders,
//! pending withdrawals, second-contract stakes) against the frozen balances, read in one snapshot.
//! A product line that freezes funds adds its holds here.

use onyx_store::ledger::{audit_holds, snapshot, HoldsReport};
use onyx_store::Db;
use std::fmt::Write;

/// Prints the holds report; `Ok(true)` when every frozen balance is what
/// its holds add up to.
pub async fn run(db: &Db) -> anyhow::Result<bool> {
    let report = report(db).await?;
    print!("{}", render(&report));
    Ok(report.mismatches.is_empty())
}

/// Every product's holds against the frozen balances, in one snapshot.
pub async fn report(db: &Db) -> anyhow::Result<HoldsReport> {
    let txn = snapshot(db).await?;
    let mut holds = onyx_spot::api::holds::holds(&txn).await?;
    holds.extend(onyx_wallet::api::holds::holds(&txn).await?);
    holds.extend(onyx_second_contracts::api::holds::holds(&txn).await?);
    holds.extend(onyx_options::api::holds::holds(&txn).await?);
    holds.extend(onyx_futures::api::holds::holds(&txn).await?);
    holds.extend(onyx_earn::api::holds::holds(&txn).await?);
    let report = audit_holds(&txn, holds).await?;
    txn.commit().await?;
    Ok(report)
}

pub fn render(report: &HoldsReport) -> String {
    let mut out = String::new();
    for (kind, (count, totals)) in &report.kinds {
        let totals: Vec<String> = totals
            .iter()
            .map(|(asset, total)| format!("{} {asset}", total.normalize()))
            .collect();
        let _ = writeln!(out, "holds {kind}: {count} ({})", totals.join(", "));
    }
    if report.mismatches.is_empty() {
        let _ = writeln!(out, "holds match the frozen balances");
    }
    for (account, frozen, held) in &report.mismatches {
        let _ = writeln!(
            out,
            "HOLD MISMATCH: {} frozen {} but holds name {}",
            account.key(),
            frozen.normalize(),
            held.normalize()
        );
    }
    out
}
