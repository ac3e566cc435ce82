//! Audit runs: the checks `onyx audit` makes (every balance recomputed
//! from the ledger's postings, every frozen balance against the holds the
//! products name) and, from the operator API, the settlement
//! recomputations of `onyx verify`; each run stored with its result and
//! report in `audit_runs`, so the console shows when the books were last
//! proven and by whom.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

use onyx_kernel::{Failure, Outcome};
use onyx_platform::audit::{self, Actor};
use onyx_platform::Context;
use onyx_store::Db;
use sea_orm::{
    ActiveModelTrait, EntityTrait, NotSet, PaginatorTrait, QueryOrder, QuerySelect, Set,
    TransactionTrait,
};
use serde::Serialize;
use std::time::{Duration, Instant};
use utoipa::ToSchema;

/// The operator name a run from `onyx audit` is stored under.
pub const CLI: &str = "cli";

/// The longest report stored, in bytes; a longer one (thousands of
/// mismatch lines) is cut at a line with a note.
pub const SUMMARY_BYTES_MAX: usize = 256 * 1024;

pub mod entity {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "audit_runs")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub ok: bool,
        pub ledger_ok: bool,
        pub holds_ok: bool,
        pub settlements_ok: Option<bool>,
        pub headline: String,
        pub summary: String,
        pub operator_id: Option<i64>,
        pub operator_name: String,
        pub reason: String,
        pub elapsed_ms: i64,
        /// Unix ms.
        pub created_at: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// What one run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checks {
    /// Every balance is the sum of its postings and every invariant holds.
    pub ledger_ok: bool,
    /// Every frozen balance is what the products' holds add up to.
    pub holds_ok: bool,
    /// Every settlement recomputes to what was stored; `None` when not run.
    pub settlements_ok: Option<bool>,
    /// A check that could not complete (its part counts as failed).
    pub error: Option<String>,
    /// The report as `onyx audit` (and `onyx verify`) print it.
    pub summary: String,
    pub elapsed: Duration,
}

impl Checks {
    pub fn ok(&self) -> bool {
        self.ledger_ok && self.holds_ok && self.settlements_ok.unwrap_or(true)
    }

    /// One line: each part's result, or what failed.
    pub fn headline(&self) -> String {
        let mut parts = vec![
            if self.ledger_ok {
                "ledger clean"
            } else {
                "LEDGER VIOLATION"
            },
            if self.holds_ok {
                "holds match"
            } else {
                "HOLDS MISMATCH"
            },
        ];
        match self.settlements_ok {
            Some(true) => parts.push("settlements match"),
            Some(false) => parts.push("SETTLEMENT MISMATCH"),
            None => {}
        }
        let mut line = parts.join(", ");
        if let Some(e) = &self.error {
            line.push_str("; ERROR: ");
            line.push_str(e);
        }
        line
    }
}

/// Runs the ledger audit and the holds audit and, with `settlements`,
/// every product's settlement recomputation. Read-only. A part that fails
/// to run is reported as failed with its error, never skipped silently.
pub async fn check(db: &Db, settlements: bool) -> Checks {
    let started = Instant::now();
    let mut summary = String::new();
    let mut errors: Vec<String> = Vec::new();
    let ledger_ok = match onyx_store::ledger::audit(db).await {
        Ok(report) => {
            summary.push_str(&onyx_wallet::api::audit_report::render(
                &report,
                started.elapsed(),
            ));
            report.result.is_ok()
        }
        Err(e) => {
            errors.push(format!("ledger audit: {e}"));
            false
        }
    };
    let holds_ok = match crate::holds::report(db).await {
        Ok(report) => {
            summary.push_str(&crate::holds::render(&report));
            report.mismatches.is_empty()
        }
        Err(e) => {
            errors.push(format!("holds audit: {e}"));
            false
        }
    };
    let settlements_ok = if settlements {
        Some(match crate::verify::reports(db).await {
            Ok(reports) => {
                summary.push_str(&crate::verify::render_all(&reports));
                crate::verify::all_match(&reports)
            }
            Err(e) => {
                errors.push(format!("settlement recomputation: {e}"));
                false
            }
        })
    } else {
        None
    };
    for e in &errors {
        summary.push_str("ERROR ");
        summary.push_str(e);
        summary.push('\n');
    }
    Checks {
        ledger_ok,
        holds_ok,
        settlements_ok,
        error: (!errors.is_empty()).then(|| errors.join("; ")),
        summary,
        elapsed: started.elapsed(),
    }
}

/// Cuts `text` to at most `max` bytes at a line end, with a note.
fn bounded(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut cut = max;
    while cut > 0 && !text.is_char_boundary(cut) {
        cut = cut.saturating_sub(1);
    }
    let head = &text[..cut];
    let head = head
        .rfind('\n')
        .map_or(head, |i| &head[..i.saturating_add(1)]);
    format!(
        "{head}… report cut at {max} bytes ({} in all)\n",
        text.len()
    )
}

/// A run as it is stored; `by` is `None` for `onyx audit`.
pub fn new_run(
    checks: &Checks,
    by: Option<&Actor>,
    reason: &str,
    at_ms: i64,
) -> entity::ActiveModel {
    entity::ActiveModel {
        id: NotSet,
        ok: Set(checks.ok()),
        ledger_ok: Set(checks.ledger_ok),
        holds_ok: Set(checks.holds_ok),
        settlements_ok: Set(checks.settlements_ok),
        headline: Set(checks.headline()),
        summary: Set(bounded(&checks.summary, SUMMARY_BYTES_MAX)),
        operator_id: Set(by.and_then(|a| a.id)),
        operator_name: Set(by.map_or_else(|| CLI.to_string(), |a| a.name.clone())),
        reason: Set(reason.to_string()),
        elapsed_ms: Set(i64::try_from(checks.elapsed.as_millis()).unwrap_or(i64::MAX)),
        created_at: Set(at_ms),
    }
}

/// Stores a run of `onyx audit` (operator `cli`).
pub async fn store_cli_run(db: &Db, checks: &Checks, at_ms: i64) -> Result<i64, sea_orm::DbErr> {
    Ok(new_run(checks, None, "onyx audit", at_ms)
        .insert(db)
        .await?
        .id)
}

/// A stored run as operators read it.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AuditRunView {
    pub id: i64,
    /// When it finished, Unix ms.
    pub at: i64,
    /// Every part passed.
    pub ok: bool,
    pub ledger_ok: bool,
    pub holds_ok: bool,
    /// Null when the run did not recompute settlements (`onyx audit`).
    pub settlements_ok: Option<bool>,
    /// One line, e.g. `ledger clean, holds match, settlements match`.
    pub headline: String,
    /// The full report as the CLI prints it (per-asset totals, holds,
    /// recomputations). Null where the caller may not read audit
    /// details (the dashboard of an operator without ReadAudit).
    pub summary: Option<String>,
    /// The operator's name, or `cli` for `onyx audit`.
    pub operator: String,
    pub reason: String,
    pub elapsed_ms: i64,
}

impl From<entity::Model> for AuditRunView {
    fn from(r: entity::Model) -> AuditRunView {
        AuditRunView {
            id: r.id,
            at: r.created_at,
            ok: r.ok,
            ledger_ok: r.ledger_ok,
            holds_ok: r.holds_ok,
            settlements_ok: r.settlements_ok,
            headline: r.headline,
            summary: Some(r.summary),
            operator: r.operator_name,
            reason: r.reason,
            elapsed_ms: r.elapsed_ms,
        }
    }
}

/// One run at a time per process: a second request waits for the first.
static RUNNING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Runs every check (settlement recomputations included) for an operator
/// and stores the run with its audit-trail entry. The work continues if
/// the caller goes away, so a run that was started is always stored.
pub async fn run(ctx: &Context, by: &Actor, reason: &str) -> Outcome<AuditRunView> {
    let reason = audit::reason(reason)?.to_string();
    let ctx = ctx.clone();
    let by = by.clone();
    let task = tokio::spawn(async move {
        let _one = RUNNING.lock().await;
        let checks = check(&ctx.db, true).await;
        let txn = ctx.db.begin().await?;
        let run = new_run(&checks, Some(&by), &reason, ctx.now_ms())
            .insert(&txn)
            .await?;
        audit::record(
            &txn,
            ctx.clock.now(),
            &by,
            "audit.run",
            &format!("audit_run:{}", run.id),
            &reason,
            serde_json::json!({
                "ok": run.ok,
                "ledgerOk": run.ledger_ok,
                "holdsOk": run.holds_ok,
                "settlementsOk": run.settlements_ok,
                "headline": run.headline,
            }),
        )
        .await?;
        txn.commit().await?;
        Ok::<_, Failure>(AuditRunView::from(run))
    });
    task.await.map_err(Failure::internal)?
}

/// The newest run, if any.
pub async fn latest(db: &Db) -> Outcome<Option<AuditRunView>> {
    Ok(entity::Entity::find()
        .order_by_desc(entity::Column::Id)
        .limit(1)
        .one(db)
        .await?
        .map(AuditRunView::from))
}

/// A page of runs, newest first: (rows, total).
pub async fn page(db: &Db, offset: u64, limit: u64) -> Outcome<(Vec<AuditRunView>, u64)> {
    let total = entity::Entity::find().count(db).await?;
    let rows = entity::Entity::find()
        .order_by_desc(entity::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok((rows.into_iter().map(AuditRunView::from).collect(), total))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checks(ledger: bool, holds: bool, settlements: Option<bool>) -> Checks {
        Checks {
            ledger_ok: ledger,
            holds_ok: holds,
            settlements_ok: settlements,
            error: None,
            summary: String::new(),
            elapsed: Duration::ZERO,
        }
    }

    #[test]
    fn a_run_is_ok_only_when_every_part_that_ran_passed() {
        assert!(checks(true, true, None).ok());
        assert!(checks(true, true, Some(true)).ok());
        assert!(!checks(true, true, Some(false)).ok());
        assert!(!checks(false, true, None).ok());
        assert!(!checks(true, false, Some(true)).ok());
        assert_eq!(
            checks(true, true, Some(true)).headline(),
            "ledger clean, holds match, settlements match"
        );
        assert_eq!(
            checks(true, false, None).headline(),
            "ledger clean, HOLDS MISMATCH"
        );
    }

    #[test]
    fn a_long_report_is_cut_at_a_line_with_a_note() {
        let text = "abc\ndefgh\nij\n";
        assert_eq!(bounded(text, 100), text);
        let cut = bounded(text, 8);
        assert!(cut.starts_with("abc\n…"), "{cut}");
        assert!(cut.contains("13 in all"), "{cut}");
    }
}
