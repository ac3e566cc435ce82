//! What failed password checks cost, and whom. Sign-in failures are counted
//! per (account, source address): the address that guesses is paused, with
//! a pause that doubles every `FAILURES_PER_PAUSE` failures, while the owner
//! signing in from elsewhere is not. A much higher count from every address
//! together slows the account itself: from then on every password check
//! for it needs a proof the caller brings first (the owner's second factor,
//! else a proof of work on a challenge issued here), and each failure
//! pauses the address it came from. The account is never locked, so the
//! owner with the right password and proof always signs in. An identifier
//! that names no account is counted exactly the same way, under its own
//! name, so the answers never tell which accounts exist. Counts live in
//! the store (`login_failures`, `sign_in_challenges`), so they hold across
//! restarts and nodes. See decision 0011-lockout.

use crate::Context;
use chrono::{DateTime, Duration, Utc};
use onyx_kernel::ErrorCode;
use onyx_kernel::{Failure, Outcome};
use onyx_store::repo::login_failures::{self as rows, Key, EVERY_SOURCE};
use onyx_store::repo::sign_in_challenges as challenges;
use onyx_store::Db;
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::net::IpAddr;
use std::sync::atomic::{AtomicI64, Ordering};

/// Failures from one address that earn it a pause; each further run of as
/// many doubles the pause.
pub const FAILURES_PER_PAUSE: i32 = 5;
pub const PAUSE_MINUTES_FIRST: i64 = 5;
pub const PAUSE_MINUTES_MAX: i64 = 24 * 60;
/// Failures from every address together (in one window) that slow the
/// account itself.
pub const ACCOUNT_FAILURES_MAX: i32 = 50;
/// How long an account stays slowed after the failure that slowed it or
/// any later one: while guessing goes on, the slowdown does too.
pub const SLOWDOWN_HOURS: i64 = 24;
/// Leading zero bits of SHA-256(challenge ":" nonce) a sign-in challenge
/// asks for: 2^18 (262,144) hashes on average, about 0.6 s for the app's
/// JavaScript SHA-256 at the 460,000 hashes a second measured on one
/// server core, a second or two on a phone (decision 0011-lockout).
pub const CHALLENGE_BITS: u32 = 18;
/// How long an issued challenge may be used.
pub const CHALLENGE_SECONDS: i64 = 300;
/// Longest nonce taken: the app counts up from 0, so 20 digits is plenty,
/// and a longer one is junk not worth hashing.
const NONCE_CHARS_MAX: usize = 20;
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

    /// Sign-ins are slowed account-wide; a password checked inside a
    /// session is paused instead (its one row is the account's).
    fn slows(self) -> bool {
        match self {
            Scope::User | Scope::Operator => true,
            Scope::Session => false,
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

/// The pause the `failures`th failure from one address earns while the
/// account is slowed: every failure pauses, 5 minutes at the first, then
/// doubling up to a day, so each address gets about five guesses a day.
pub fn slowed_pause_after(failures: i32) -> Option<Duration> {
    if failures <= 0 {
        return None;
    }
    let doublings = (failures - 1).min(20) as u32;
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
    /// The account is slowed: the caller asks for a proof before the
    /// password is checked.
    slowed: bool,
}

impl Attempt {
    /// Signing in as `subject` from `ip`.
    pub fn sign_in(scope: Scope, subject: String, ip: IpAddr) -> Attempt {
        Attempt {
            scope,
            subject,
            source: source_of(ip),
            counted: true,
            slowed: false,
        }
    }

    /// A password of `user_id` checked inside a signed-in session.
    pub fn in_session(user_id: i64) -> Attempt {
        Attempt {
            scope: Scope::Session,
            subject: account_subject(Scope::Session, user_id),
            source: EVERY_SOURCE.to_string(),
            counted: true,
            slowed: false,
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

    /// The subject failures count under.
    pub fn subject(&self) -> &str {
        &self.subject
    }

    /// Failures from many addresses slowed the account (known after
    /// [`Attempt::refuse_if_locked`]): the password may only be checked
    /// after a proof, the owner's second factor or [`Attempt::take_challenge`].
    pub fn slowed(&self) -> bool {
        self.slowed
    }

    /// Refuses while this source is paused, before any password is
    /// checked, and reads whether the account is slowed.
    pub async fn refuse_if_locked(&mut self, ctx: &Context) -> Outcome<()> {
        let now = ctx.clock.now();
        let found = rows::find(
            &ctx.db,
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
        if let Some(left) = lock_left(&self.source) {
            return Err(self.scope.paused(left));
        }
        self.slowed = self.scope.slows() && lock_left(EVERY_SOURCE).is_some();
        self.counted = found.iter().any(|r| r.source == self.source);
        Ok(())
    }

    /// Takes the sign-in challenge the caller solved: it must have been
    /// issued for this scope and subject, be unexpired and unused, and
    /// `nonce` must solve it. Used up even when the password that follows
    /// is wrong. Nothing is counted here: the password check that follows
    /// is what counts.
    pub async fn take_challenge(
        &self,
        ctx: &Context,
        challenge: Option<&str>,
        nonce: Option<&str>,
    ) -> Outcome<()> {
        let challenge = challenge.map(str::trim).filter(|c| !c.is_empty());
        let (Some(challenge), Some(nonce)) = (challenge, nonce) else {
            return Err(ErrorCode::LoginChallengeNeeded.into());
        };
        let (db, now) = (&ctx.db, ctx.clock.now());
        let found =
            challenges::find_live(db, challenge, self.scope.name(), &self.subject, now).await?;
        let Some(found) = found else {
            return Err(ErrorCode::LoginChallengeInvalid.into());
        };
        let bits = u32::try_from(found.difficulty).unwrap_or(u32::MAX);
        if !solves(&found.challenge, nonce, bits) {
            return Err(ErrorCode::LoginChallengeInvalid.into());
        }
        if !challenges::take(db, found.id).await? {
            return Err(ErrorCode::LoginChallengeInvalid.into());
        }
        Ok(())
    }

    /// Counts a wrong password (or second factor) and returns the answer:
    /// a pause when this address earned one, else `wrong`. The failure
    /// that reaches [`ACCOUNT_FAILURES_MAX`] from every address slows the
    /// account, and each later one keeps it slowed for [`SLOWDOWN_HOURS`]
    /// more; while slowed, every failure pauses its address.
    pub async fn failed(&self, ctx: &Context, wrong: ErrorCode) -> Outcome<Failure> {
        let (db, now) = (&ctx.db, ctx.clock.now());
        prune_now_and_then(db, now).await;
        let window_after = now - Duration::hours(WINDOW_HOURS);
        let from_here = rows::record(db, self.key(), now, window_after).await?;
        let mut slowed = self.slowed;
        if self.scope.slows() {
            let from_everywhere = rows::record(db, self.account_key(), now, window_after).await?;
            if slowed || from_everywhere >= ACCOUNT_FAILURES_MAX {
                let until = now + Duration::hours(SLOWDOWN_HOURS);
                rows::lock(db, self.account_key(), until).await?;
                if !slowed {
                    tracing::warn!(
                        scope = self.scope.name(),
                        subject = self.subject,
                        failures = from_everywhere,
                        "account slowed after failed password checks from many addresses"
                    );
                }
                slowed = true;
            }
        }
        let pause = if slowed {
            slowed_pause_after(from_here)
        } else {
            pause_after(from_here)
        };
        if let Some(pause) = pause {
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

/// A sign-in challenge as issued: the client finds a decimal `nonce` with
/// SHA-256(`challenge` ":" `nonce`) starting with `difficulty` zero bits.
#[derive(Clone, Debug)]
pub struct Challenge {
    pub challenge: String,
    pub difficulty: u32,
    pub expires_in_seconds: i64,
}

/// Issues a challenge for signing in as `subject`: 32 random bytes, kept
/// with the subject it is for until used or expired. Issued whether or
/// not the account is slowed, so asking tells nothing.
pub async fn issue_challenge(ctx: &Context, scope: Scope, subject: &str) -> Outcome<Challenge> {
    let (db, now) = (&ctx.db, ctx.clock.now());
    prune_challenges_now_and_then(db, now).await;
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let challenge = hex::encode(bytes);
    challenges::create(
        db,
        challenges::NewChallenge {
            challenge: &challenge,
            scope: scope.name(),
            subject,
            difficulty: CHALLENGE_BITS as i32,
            expires_at: now + Duration::seconds(CHALLENGE_SECONDS),
            now,
        },
    )
    .await?;
    Ok(Challenge {
        challenge,
        difficulty: CHALLENGE_BITS,
        expires_in_seconds: CHALLENGE_SECONDS,
    })
}

/// Whether `nonce` (decimal digits) solves `challenge` at `bits`: one
/// SHA-256, so checking costs the server next to nothing.
pub fn solves(challenge: &str, nonce: &str, bits: u32) -> bool {
    if nonce.is_empty()
        || nonce.len() > NONCE_CHARS_MAX
        || !nonce.bytes().all(|b| b.is_ascii_digit())
    {
        return false;
    }
    let digest = Sha256::new()
        .chain_update(challenge.as_bytes())
        .chain_update(b":")
        .chain_update(nonce.as_bytes())
        .finalize();
    leading_zero_bits(&digest) >= bits
}

fn leading_zero_bits(bytes: &[u8]) -> u32 {
    let mut bits = 0;
    for b in bytes {
        if *b == 0 {
            bits += 8;
        } else {
            return bits + b.leading_zeros();
        }
    }
    bits
}

/// Until when the user account is slowed (failures from many addresses),
/// if it is.
pub async fn user_slowed_until(ctx: &Context, user_id: i64) -> Outcome<Option<DateTime<Utc>>> {
    let subject = account_subject(Scope::User, user_id);
    let now = ctx.clock.now();
    let found = rows::find(&ctx.db, rows::SCOPE_USER, &subject, &[EVERY_SOURCE]).await?;
    Ok(found
        .into_iter()
        .find_map(|r| r.locked_until)
        .filter(|until| *until > now))
}

/// Where a user's sign-in stands, for operators.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    /// Slowed account-wide until then.
    pub slowed_until: Option<DateTime<Utc>>,
    /// Failures from every address in the current window.
    pub failures: i32,
    /// Addresses paused for this account now.
    pub paused_addresses: usize,
}

impl Standing {
    /// Something an operator can lift.
    pub fn restricted(&self) -> bool {
        self.slowed_until.is_some() || self.paused_addresses > 0
    }
}

/// The user's sign-in standing.
pub async fn user_standing(ctx: &Context, user_id: i64) -> Outcome<Standing> {
    let subject = account_subject(Scope::User, user_id);
    let now = ctx.clock.now();
    let window_after = now - Duration::hours(WINDOW_HOURS);
    let found = rows::find_subject(&ctx.db, rows::SCOPE_USER, &subject).await?;
    let live = |r: &&onyx_store::entity::login_failure::Model| {
        r.locked_until.filter(|until| *until > now).is_some()
    };
    let every = found.iter().find(|r| r.source == EVERY_SOURCE);
    Ok(Standing {
        slowed_until: every.filter(live).and_then(|r| r.locked_until),
        failures: every
            .filter(|r| r.window_start >= window_after)
            .map_or(0, |r| r.failures),
        paused_addresses: found
            .iter()
            .filter(|r| r.source != EVERY_SOURCE)
            .filter(live)
            .count(),
    })
}

/// An operator lifts every sign-in restriction of the user: the slowdown,
/// the count from every address and each address's pause and count.
/// Returns how many rows went.
pub async fn lift_user(db: &impl sea_orm::ConnectionTrait, user_id: i64) -> Outcome<u64> {
    let subject = account_subject(Scope::User, user_id);
    Ok(rows::clear_subject(db, rows::SCOPE_USER, &subject).await?)
}

/// The owner proved themselves with a code: the slowdown and the
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

/// Whether a prune whose last run is kept in `last` (Unix seconds) is due:
/// ten minutes after that run. The caller that finds it due takes the
/// turn, so of several requests at once one prunes.
fn prune_due(last: &AtomicI64, now: DateTime<Utc>) -> bool {
    let last_secs = last.load(Ordering::Relaxed);
    let now_secs = now.timestamp();
    now_secs.saturating_sub(last_secs) >= 600
        && last
            .compare_exchange(last_secs, now_secs, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
}

/// Deletes forgotten rows at most every ten minutes per process; a failure
/// to prune is logged, never answered.
async fn prune_now_and_then(db: &Db, now: DateTime<Utc>) {
    static LAST_PRUNE_SECS: AtomicI64 = AtomicI64::new(0);
    if !prune_due(&LAST_PRUNE_SECS, now) {
        return;
    }
    let before = now - Duration::hours(2 * WINDOW_HOURS);
    if let Err(e) = rows::prune(db, before, now).await {
        tracing::warn!(error = %e, "old sign-in failures not pruned");
    }
}

/// Deletes expired challenges at most every ten minutes per process.
async fn prune_challenges_now_and_then(db: &Db, now: DateTime<Utc>) {
    static LAST_PRUNE_SECS: AtomicI64 = AtomicI64::new(0);
    if !prune_due(&LAST_PRUNE_SECS, now) {
        return;
    }
    if let Err(e) = challenges::prune(db, now).await {
        tracing::warn!(error = %e, "expired sign-in challenges not pruned");
    }
}

fn minutes(left: Duration) -> i64 {
    ((left.num_seconds() + 59) / 60).max(1)
}

/// Checks a password of the signed-in user `user_id` (login or fund
/// password hash). Wrong ones are counted per user: a run of them pauses
/// these checks (`-1012` with the wait), doubling each time, so a stolen
/// session cannot guess the passwords; signing in is counted apart and
/// stays open to the owner.
pub async fn verify_in_session(
    ctx: &Context,
    user_id: i64,
    hash: &str,
    password: &str,
    wrong: ErrorCode,
) -> Outcome<()> {
    let mut attempt = Attempt::in_session(user_id);
    attempt.refuse_if_locked(ctx).await?;
    if crate::credentials::verify_password(hash, password).await? {
        attempt.succeeded(&ctx.db).await?;
        return Ok(());
    }
    Err(attempt.failed(ctx, wrong).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prune_is_due_ten_minutes_after_the_last_and_taken_once() {
        let last = AtomicI64::new(0);
        let t0 = DateTime::from_timestamp(1_800_000_000, 0).unwrap();
        assert!(prune_due(&last, t0), "never pruned: due");
        assert!(!prune_due(&last, t0), "taken by the first caller");
        assert!(!prune_due(&last, t0 + Duration::seconds(599)));
        assert!(prune_due(&last, t0 + Duration::seconds(600)));
    }

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
    }

    #[test]
    fn while_slowed_every_failure_pauses_its_address_doubling_to_a_day() {
        let minutes = |n| slowed_pause_after(n).map(|d| d.num_minutes());
        assert_eq!(minutes(0), None);
        assert_eq!(minutes(-1), None);
        assert_eq!(minutes(1), Some(5));
        assert_eq!(minutes(2), Some(10));
        assert_eq!(minutes(3), Some(20));
        assert_eq!(minutes(9), Some(1280));
        assert_eq!(minutes(10), Some(PAUSE_MINUTES_MAX));
        assert_eq!(minutes(i32::MAX), Some(PAUSE_MINUTES_MAX));
    }

    /// Failures one address gets in `days` against a slowed account when it
    /// guesses the moment each pause ends (its count restarting each
    /// window, as `login_failures::record` does).
    fn slowed_guesses_from_one_address(days: i64) -> i64 {
        let end = Duration::days(days).num_minutes();
        let (mut t, mut n, mut window_start, mut guesses) = (0i64, 0i32, 0i64, 0i64);
        while t < end {
            if t - window_start > WINDOW_HOURS * 60 {
                n = 0;
                window_start = t;
            }
            n += 1;
            guesses += 1;
            t += slowed_pause_after(n).map_or(0, |d| d.num_minutes());
        }
        guesses
    }

    /// The figures decision 0011 states: 9 guesses in an address's first
    /// day, about 5.08 a day after (1,854 a year), so 10,000 addresses get
    /// 90,000 on the first day and about 50,800 a day after.
    #[test]
    fn a_slowed_account_gives_each_address_about_five_guesses_a_day() {
        assert_eq!(slowed_guesses_from_one_address(1), 9);
        assert_eq!(slowed_guesses_from_one_address(30), 153);
        assert_eq!(slowed_guesses_from_one_address(365), 1854);
    }

    #[test]
    fn a_challenge_is_solved_by_enough_leading_zero_bits_of_a_decimal_nonce() {
        let challenge = "00ff";
        // The first nonce with 8 leading zero bits, found the client's way.
        let nonce = (0u64..)
            .map(|n| n.to_string())
            .find(|n| solves(challenge, n, 8))
            .unwrap();
        let digest = Sha256::digest(format!("{challenge}:{nonce}").as_bytes());
        assert_eq!(digest[0], 0);
        assert!(solves(challenge, &nonce, 1));
        // One more bit than it has fails (unless it happens to have it).
        let bits = leading_zero_bits(&digest);
        assert!(!solves(challenge, &nonce, bits + 1));
        assert!(!solves("00fe", &nonce, bits), "bound to its challenge");
        for junk in ["", "-1", "1e3", " 1", "12345678901234567890123"] {
            assert!(!solves(challenge, junk, 0), "{junk:?}");
        }
        assert!(solves(challenge, "1", 0));
    }

    #[test]
    fn leading_zero_bits_count_across_bytes() {
        assert_eq!(leading_zero_bits(&[0x80]), 0);
        assert_eq!(leading_zero_bits(&[0x01]), 7);
        assert_eq!(leading_zero_bits(&[0, 0x20]), 10);
        assert_eq!(leading_zero_bits(&[0, 0]), 16);
    }
}
