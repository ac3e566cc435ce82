//! `onyx audit`: the ledger audit as an operator reads it, one row per
//! asset, so a broken invariant is seen with the totals around it.

use onyx_kernel::ledger::{AssetSummary, SystemAccount};
use onyx_store::ledger::AuditReport;
use rust_decimal::Decimal;
use std::fmt::Write;
use std::time::Duration;

/// The report as text: the per-asset table, the totals, then `clean` or the
/// violation on the last line.
pub fn render(report: &AuditReport, elapsed: Duration) -> String {
    let mut out = String::new();
    let mut header = vec!["asset", "postings", "user available", "user frozen"];
    header.extend(SystemAccount::ALL.iter().map(|s| s.as_str()));
    header.push("sum");
    let mut rows: Vec<Vec<String>> = vec![header.iter().map(|h| h.to_string()).collect()];
    if let Ok(assets) = &report.result {
        for (asset, s) in assets {
            rows.push(row(asset, s));
        }
    }
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|i| rows.iter().map(|r| r[i].len()).max().unwrap_or(0))
        .collect();
    for r in &rows {
        let cells: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(i, cell)| {
                if i == 0 {
                    format!("{cell:<w$}", w = widths[i])
                } else {
                    format!("{cell:>w$}", w = widths[i])
                }
            })
            .collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    let _ = writeln!(
        out,
        "accounts {}  transactions {}  postings {}  elapsed {} ms",
        report.accounts,
        report.transactions,
        report.postings,
        elapsed.as_millis()
    );
    match &report.result {
        Ok(_) => {
            let _ = writeln!(out, "ledger clean");
        }
        Err(v) => {
            let _ = writeln!(out, "VIOLATION: {v}");
        }
    }
    out
}

fn row(asset: &str, s: &AssetSummary) -> Vec<String> {
    let mut r = vec![
        asset.to_string(),
        s.postings.to_string(),
        show(s.user_available),
        show(s.user_frozen),
    ];
    r.extend(
        SystemAccount::ALL
            .iter()
            .map(|a| show(s.system.get(a).copied().unwrap_or_default())),
    );
    r.push(show(s.sum()));
    r
}

fn show(d: Decimal) -> String {
    d.normalize().to_string()
}
