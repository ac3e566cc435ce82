//! What failed password checks cost, and whom. Sign-in failures are counted
//! per (account, source address): the address that guesses is paused, with
//! a pause that doubles every `FAILURES_PER_PAUSE` failures, while the owner
//! signing in from elsewhere is not. A much higher count from every address
//! together locks the account itself (the owner lifts it with an unlock
//! code). An identifier that names no account is counted exactly the same
//! way, under its own name, so the answers never tell which accounts exist.
//! Counts live in the store (`login_failures`), so they hold across
//! restarts and nodes. See decision 0011-lockout.

use chrono::{DateTime, Duration, Utc};
use onyx_kernel::ErrorCode;
use onyx_kernel::{Failure, Outcome};
use onyx_store::repo::login_failures::{self as rows, Key, EVERY_SOURCE};
use onyx_store::Db;
use std::net::IpAddr;
use std::sync::atomic::{AtomicI64, Ordering};

/// Failures from one address that earn it a pause; each further run of as
/// many doubles the pause.
pub const FAILURES_PER_PAUSE: i32 = 5;
pub const PAUSE_MINUTES_FIRST: i64 = 5;
pub const PAUSE_MINUTES_MAX: i64 = 24 * 60;
/// Failures from every address together that lock the account itself.
pub const ACCOUNT_FAILURES_MAX: i32 = 50;
/// How long a user account stays locked unless its owner unlocks it.
pub const ACCOUNT_LOCK_HOURS: i64 = 24;
/// Operators have no unlock code: their account lock is short, and after
/// it each further failure in the window locks again (one guess an hour).
pub const OPERATOR_LOCK_MINUTES: i64 = 60;
/// Failures older than this are forgotten: a count restarts when its
/// window is this old.
pub const WINDOW_HOURS: i64 = 24;
/// Longest subject kept for an identifier that names no account.
const SUBJECT_CHARS_MAX: usize = 100;

/// Whose password is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// A user signing in.
    User,
    /// An operator signing in.
    Operator,
    /// A password checked inside a signed-in session: counted per user
    /// only (the caller already holds the session), and never locks sign-in.
    Session,
}

impl Scope {
    fn name(self) -> &'static str {
        match self {
            Scope::User => rows::SCOPE_USER,
            Scope::Operator => rows::SCOPE_ADMIN,
            Scope::Session => rows::SCOPE_SESSION,
        }
    }

    /// The count from every address that locks the account, and the lock.
    fn account_lock(self) -> Option<(i32, Duration)> {
        match self {
            Scope::User => Some((ACCOUNT_FAILURES_MAX, Duration::hours(ACCOUNT_LOCK_HOURS))),
            Scope::Operator => Some((
                ACCOUNT_FAILURES_MAX,
                Duration::minutes(OPERATOR_LOCK_MINUTES),
            )),
            Scope::Session => None,
        }
    }

    fn account_locked(self, left: Duration) -> Failure {
        match self {
            Scope::User => Failure::new(ErrorCode::AccountLockedUnlock).with("hours", hours(left)),
            Scope::Operator | Scope::Session => {
                Failure::new(ErrorCode::AccountLocked).with("minutes", minutes(left))
            }
        }
    }

    fn paused(self, left: Duration) -> Failure {
        match self {
            Scope::User | Scope::Operator => {
                Failure::new(ErrorCode::LoginPaused).with("minutes", minutes(left))
            }
            Scope::Session => Failure::new(ErrorCode::AccountLocked).with("minutes", minutes(left)),
        }
    }
}

/// The pause the `failures`th failure from one address earns, if any:
/// 5 minutes at the 5th, 10 at the 10th, ... at most a day.
pub fn pause_after(failures: i32) -> Option<Duration> {
    if failures <= 0 || failures % FAILURES_PER_PAUSE != 0 {
        return None;
    }
    let doublings = (failures / FAILURES_PER_PAUSE - 1).min(20) as u32;
    let minutes = PAUSE_MINUTES_FIRST
        .saturating_mul(1i64 << doublings)
        .min(PAUSE_MINUTES_MAX);
    Some(Duration::minutes(minutes))
}

/// The address failures are counted under. An IPv6 client usually holds a
/// whole /64, so the /64 is one source.
pub fn source_of(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

/// The subject of an account: `user:<id>` or `admin:<id>`.
pub fn account_subject(scope: Scope, id: i64) -> String {
    match scope {
        Scope::Operator => format!("admin:{id}"),
        Scope::User | Scope::Session => format!("user:{id}"),
    }
}

/// The subject of an identifier that names no account, e.g.
/// `email:someone@example.com`; bounded so junk stays small.
pub fn unknown_subject(kind: &str, identifier: &str) -> String {
    let identifier: String = identifier
        .trim()
        .to_lowercase()
        .chars()
        .take(SUBJECT_CHARS_MAX)
        .collect();
    format!("{kind}:{identifier}")
}

/// One password check under the lockout.
pub struct Attempt {
    scope: Scope,
    subject: String,
    source: String,
    /// A row for this source exists (so a success has something to clear).
    counted: bool,
}

impl Attempt {
    /// Signing in as `subject` from `ip`.
    pub fn sign_in(scope: Scope, subject: String, ip: IpAddr) -> Attempt {
        Attempt {
            scope,
            subject,
            source: source_of(ip),
            counted: true,
        }
    }

    /// A password of `user_id` checked inside a signed-in session.
    pub fn in_session(user_id: i64) -> Attempt {
        Attempt {
            scope: Scope::Session,
            subject: account_subject(Scope::Session, user_id),
            source: EVERY_SOURCE.to_string(),
            counted: true,
        }
    }

    fn key(&self) -> Key<'_> {
        Key {
            scope: self.scope.name(),
            subject: &self.subject,
            source: &self.source,
        }
    }

    fn account_key(&self) -> Key<'_> {
        Key {
            source: EVERY_SOURCE,
            ..self.key()
        }
    }

    /// Refuses while the account is locked or this source is paused,
    /// before any password is checked.
    pub async fn refuse_if_locked(&mut self, db: &Db) -> Outcome<()> {
        let now = Utc::now();
        let found = rows::find(
            db,
            self.scope.name(),
            &self.subject,
            &[&self.source, EVERY_SOURCE],
        )
        .await?;
        let lock_left = |source: &str| {
            found
                .iter()
                .find(|r| r.source == source)
                .and_then(|r| r.locked_until)
                .filter(|until| *until > now)
                .map(|until| until - now)
        };
        if self.scope.account_lock().is_some() {
            if let Some(left) = lock_left(EVERY_SOURCE) {
                return Err(self.scope.account_locked(left));
            }
        }
        if let Some(left) = lock_left(&self.source) {
            return Err(self.scope.paused(left));
        }
        self.counted = found.iter().any(|r| r.source == self.source);
        Ok(())
    }

    /// Counts a wrong password and returns the answer: the account lock
    /// when this failure reached it, a pause when it earned one, else
    /// `wrong`.
    pub async fn failed(&self, db: &Db, wrong: ErrorCode) -> Outcome<Failure> {
        let now = Utc::now();
        prune_now_and_then(db, now).await;
        let window_after = now - Duration::hours(WINDOW_HOURS);
        let from_here = rows::record(db, self.key(), now, window_after).await?;
        if let Some((max, lock_for)) = self.scope.account_lock() {
            let from_everywhere = rows::record(db, self.account_key(), now, window_after).await?;
            if from_everywhere >= max {
                rows::lock(db, self.account_key(), now + lock_for).await?;
                tracing::warn!(
                    scope = self.scope.name(),
                    subject = self.subject,
                    failures = from_everywhere,
                    "account locked after failed password checks from many addresses"
                );
                return Ok(self.scope.account_locked(lock_for));
            }
        }
        if let Some(pause) = pause_after(from_here) {
            rows::lock(db, self.key(), now + pause).await?;
            tracing::info!(
                scope = self.scope.name(),
                subject = self.subject,
                source = self.source,
                failures = from_here,
                "source paused after failed password checks"
            );
            return Ok(self.scope.paused(pause));
        }
        Ok(wrong.into())
    }

    /// A right password: this source's failures are forgotten (the count
    /// from every address is not: it measures an attack, not the owner).
    pub async fn succeeded(&self, db: &Db) -> Outcome<()> {
        if self.counted {
            rows::clear(db, self.key()).await?;
        }
        Ok(())
    }
}

/// When the user account is locked (from every address), until when.
pub async fn user_locked_until(db: &Db, user_id: i64) -> Outcome<Option<DateTime<Utc>>> {
    let subject = account_subject(Scope::User, user_id);
    let now = Utc::now();
    let found = rows::find(db, rows::SCOPE_USER, &subject, &[EVERY_SOURCE]).await?;
    Ok(found
        .into_iter()
        .find_map(|r| r.locked_until)
        .filter(|until| *until > now))
}

/// The owner proved themselves with a code: the account lock and the
/// failures from the owner's address go. Other addresses stay paused.
pub async fn unlock_user(db: &Db, user_id: i64, ip: IpAddr) -> Outcome<()> {
    let subject = account_subject(Scope::User, user_id);
    let source = source_of(ip);
    for source in [EVERY_SOURCE, source.as_str()] {
        rows::clear(
            db,
            Key {
                scope: rows::SCOPE_USER,
                subject: &subject,
                source,
            },
        )
        .await?;
    }
    Ok(())
}

/// Deletes forgotten rows at most every ten minutes per process; a failure
/// to prune is logged, never answered.
async fn prune_now_and_then(db: &Db, now: DateTime<Utc>) {
    static LAST_PRUNE_SECS: AtomicI64 = AtomicI64::new(0);
    let last = LAST_PRUNE_SECS.load(Ordering::Relaxed);
    let now_secs = now.timestamp();
    if now_secs - last < 600
        || LAST_PRUNE_SECS
            .compare_exchange(last, now_secs, Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
    {
        return;
    }
    let before = now - Duration::hours(2 * WINDOW_HOURS);
    if let Err(e) = rows::prune(db, before, now).await {
        tracing::warn!(error = %e, "old sign-in failures not pruned");
    }
}

fn minutes(left: Duration) -> i64 {
    ((left.num_seconds() + 59) / 60).max(1)
}

fn hours(left: Duration) -> i64 {
    ((left.num_seconds() + 3599) / 3600).max(1)
}

/// Checks a password of the signed-in user `user_id` (login or fund
/// password hash). Wrong ones are counted per user: a run of them pauses
/// these checks (`-1012` with the wait), doubling each time, so a stolen
/// session cannot guess the passwords; signing in is counted apart and
/// stays open to the owner.
pub async fn verify_in_session(
    db: &Db,
    user_id: i64,
    hash: &str,
    password: &str,
    wrong: ErrorCode,
) -> Outcome<()> {
    let mut attempt = Attempt::in_session(user_id);
    attempt.refuse_if_locked(db).await?;
    if crate::credentials::verify_password(hash, password).await? {
        attempt.succeeded(db).await?;
        return Ok(());
    }
    Err(attempt.failed(db, wrong).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_come_every_fifth_failure_and_double_up_to_a_day() {
        let minutes = |n| pause_after(n).map(|d| d.num_minutes());
        assert_eq!(minutes(0), None);
        assert_eq!(minutes(4), None);
        assert_eq!(minutes(5), Some(5));
        assert_eq!(minutes(6), None);
        assert_eq!(minutes(10), Some(10));
        assert_eq!(minutes(15), Some(20));
        assert_eq!(minutes(45), Some(1280));
        assert_eq!(minutes(50), Some(PAUSE_MINUTES_MAX));
        assert_eq!(minutes(i32::MAX - i32::MAX % 5), Some(PAUSE_MINUTES_MAX));
        assert_eq!(minutes(-5), None);
    }

    #[test]
    fn an_ipv6_client_is_one_source_per_64_and_mapped_ipv4_is_ipv4() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(source_of(a), source_of(b));
        assert_ne!(source_of(a), source_of(c));
        assert_eq!(source_of(a), "2001:db8:1:2::/64");
        let mapped: IpAddr = "::ffff:198.51.100.7".parse().unwrap();
        assert_eq!(source_of(mapped), "198.51.100.7");
    }

    #[test]
    fn unknown_subjects_are_normalised_and_bounded() {
        assert_eq!(unknown_subject("name", "  Ghost "), "name:ghost");
        let long = "x".repeat(500);
        assert_eq!(
            unknown_subject("email", &long).len(),
            "email:".len() + SUBJECT_CHARS_MAX
        );
    }

    #[test]
    fn waits_round_up_and_are_never_zero() {
        assert_eq!(minutes(Duration::seconds(1)), 1);
        assert_eq!(minutes(Duration::seconds(61)), 2);
        assert_eq!(minutes(Duration::seconds(-5)), 1);
        assert_eq!(hours(Duration::minutes(61)), 2);
        assert_eq!(hours(Duration::hours(24)), 24);
    }
}
