//! Past sessions are kept as history (decision 0004-sessions) for
//! [`RETENTION_DAYS`], then deleted by a periodic sweep: users' sessions
//! and remembered devices, and operators' sessions, that ended or expired
//! before the cutoff. A live session is never deleted (it has not ended
//! and expires in the future). A run deletes at most [`SLICE`] rows of
//! each table and asks to run again at once when it filled a slice, so a
//! large backlog (the first run after an upgrade) goes in short
//! transactions. The audit entries about a session (`admin_session:{id}`)
//! outlive it.

use chrono::{DateTime, TimeDelta, Utc};
use onyx_kernel::Outcome;
use onyx_platform::scheduler::Progress;
use onyx_platform::Context;
use onyx_store::repo::{admin_queries, sessions};
use std::time::Duration;

pub const JOB: &str = "session_pruning";
/// How often the sweep runs.
pub const SWEEP_EVERY: Duration = Duration::from_secs(60 * 60);
/// How long an ended or expired session stays listed: the user page's
/// and the operator's session history reach this far back.
pub const RETENTION_DAYS: i64 = 90;
/// Rows of each table one run deletes at most.
pub const SLICE: u64 = 1_000;

/// Starts the sweep on the context's scheduler (first run one period
/// after start).
pub fn start(ctx: &Context) {
    let job_ctx = ctx.clone();
    ctx.scheduler.every(JOB, SWEEP_EVERY, move || {
        let ctx = job_ctx.clone();
        async move { sweep(&ctx).await }
    });
}

/// Sessions that ended or expired before this are deleted.
pub fn cutoff(now: DateTime<Utc>) -> DateTime<Utc> {
    now.checked_sub_signed(TimeDelta::days(RETENTION_DAYS))
        .unwrap_or(DateTime::<Utc>::MIN_UTC)
}

/// What one run deleted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    pub sessions: u64,
    pub admin_sessions: u64,
}

/// Deletes one slice of each table's sessions past the retention.
pub async fn prune(ctx: &Context) -> Outcome<Pruned> {
    let before = cutoff(ctx.clock.now());
    let pruned = Pruned {
        sessions: sessions::prune_ended_before(&ctx.db, before, SLICE).await?,
        admin_sessions: admin_queries::prune_sessions_ended_before(&ctx.db, before, SLICE).await?,
    };
    if pruned != Pruned::default() {
        tracing::info!(
            sessions = pruned.sessions,
            admin_sessions = pruned.admin_sessions,
            "pruned past sessions"
        );
    }
    Ok(pruned)
}

/// One run of the job: [`prune`], and `More` when a table filled its
/// slice (there may be more to delete).
pub async fn sweep(ctx: &Context) -> Outcome<Progress> {
    let pruned = prune(ctx).await?;
    Ok(
        if pruned.sessions >= SLICE || pruned.admin_sessions >= SLICE {
            Progress::More
        } else {
            Progress::Done
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cutoff_is_the_retention_before_now() {
        let now = DateTime::parse_from_rfc3339("2026-05-01T12:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(
            cutoff(now),
            DateTime::parse_from_rfc3339("2026-01-31T12:00:00Z").unwrap()
        );
        assert_eq!(cutoff(DateTime::<Utc>::MIN_UTC), DateTime::<Utc>::MIN_UTC);
    }
}
