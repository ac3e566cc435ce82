//! Signed-in sessions kept in memory, so a request resolves its token
//! without a query. Bounded (least recently used entries go first) and
//! short-lived: an entry lives at most [`SESSION_CACHE_TTL`], the backstop
//! for another process sharing the database that ended a session. In this
//! process every change that ends sessions (sign-out, a password change or
//! reset, a freeze) invalidates at once.
//!
//! A lookup that raced an invalidation must not put back what was just
//! invalidated: [`SessionCache::generation`] is read before the database
//! lookup and [`SessionCache::insert`] refuses an entry read under an
//! older generation.
//!
//! Each entry also remembers the session's last-seen time as this process
//! knows it, so a use is written down at most once a minute without a
//! query per request to find out whether it is due
//! ([`SessionCache::claim_seen`]); the write itself is conditional, so
//! processes sharing the database agree.

use chrono::{DateTime, Utc};
use moka::sync::Cache;
use onyx_store::entity::user::UserStatus;
use onyx_store::repo::sessions;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Sessions kept at most.
pub const SESSION_CACHE_CAPACITY: u64 = 100_000;
/// How long an entry may serve without a look at the database.
pub const SESSION_CACHE_TTL: Duration = Duration::from_secs(30);

/// A live session of an active user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CachedSession {
    pub session_id: i64,
    pub user_id: i64,
    pub expires_at: DateTime<Utc>,
}

/// A cached session and, in milliseconds, when it was last seen as far as
/// this process knows (`i64::MIN`: never). Changing the time leaves the
/// entry in place, so it does not stretch the entry's time to live.
struct Entry {
    session: CachedSession,
    seen_ms: AtomicI64,
}

pub struct SessionCache {
    by_token: Cache<String, Arc<Entry>>,
    generation: AtomicU64,
}

impl Default for SessionCache {
    fn default() -> Self {
        SessionCache::new(SESSION_CACHE_CAPACITY, SESSION_CACHE_TTL)
    }
}

impl SessionCache {
    pub fn new(capacity: u64, ttl: Duration) -> SessionCache {
        SessionCache {
            by_token: Cache::builder()
                .max_capacity(capacity)
                .time_to_live(ttl)
                .support_invalidation_closures()
                .build(),
            generation: AtomicU64::new(0),
        }
    }

    /// The session a token hash names, if cached and not expired at `now`.
    pub fn get(&self, token_hash: &str, now: DateTime<Utc>) -> Option<CachedSession> {
        let e = self.by_token.get(token_hash)?;
        if e.session.expires_at <= now {
            self.by_token.invalidate(token_hash);
            return None;
        }
        Some(e.session)
    }

    /// True when the cached session's last use was written down more than
    /// a minute before `now` (or never), and marks it seen at `now`: of
    /// concurrent requests, one is told to write. False when the token is
    /// not cached.
    pub fn claim_seen(&self, token_hash: &str, now: DateTime<Utc>) -> bool {
        let Some(e) = self.by_token.get(token_hash) else {
            return false;
        };
        let now_ms = now.timestamp_millis();
        let last = e.seen_ms.load(Ordering::SeqCst);
        let due = last < now_ms.saturating_sub(sessions::SEEN_EVERY_SECS.saturating_mul(1000));
        due && e
            .seen_ms
            .compare_exchange(last, now_ms, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    }

    /// Read before looking a session up in the database.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    /// Keeps a session read from the database, last seen at `seen_at`,
    /// while the generation was `read_at`; nothing is kept when an
    /// invalidation came in between.
    pub fn insert(
        &self,
        token_hash: &str,
        session: CachedSession,
        seen_at: Option<DateTime<Utc>>,
        read_at: u64,
    ) {
        if self.generation() == read_at {
            let entry = Entry {
                session,
                seen_ms: AtomicI64::new(seen_at.map_or(i64::MIN, |t| t.timestamp_millis())),
            };
            self.by_token
                .insert(token_hash.to_string(), Arc::new(entry));
            // An invalidation between the check and the insert may have
            // missed this entry: take it out again.
            if self.generation() != read_at {
                self.by_token.invalidate(token_hash);
            }
        }
    }

    /// Forgets one session (sign-out).
    pub fn end_session(&self, session_id: i64) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        let _ = self
            .by_token
            .invalidate_entries_if(move |_, e| e.session.session_id == session_id);
    }

    /// Forgets every session of a user (password change or reset, freeze).
    pub fn end_user(&self, user_id: i64) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        let _ = self
            .by_token
            .invalidate_entries_if(move |_, e| e.session.user_id == user_id);
    }
}

/// The live session of an active user a token hash names: from the cache,
/// or from the database (and then kept). A use is written down as the
/// session's last-seen time at most once a minute.
pub async fn live_session(
    ctx: &crate::Context,
    token_hash: &str,
) -> Result<Option<CachedSession>, sea_orm::DbErr> {
    let now = ctx.clock.now();
    let found = match ctx.sessions.get(token_hash, now) {
        Some(s) => Some(s),
        None => resolve(ctx, token_hash, now).await?,
    };
    if let Some(s) = found {
        if ctx.sessions.claim_seen(token_hash, now) {
            record_seen(ctx, s.session_id, now).await;
        }
    }
    Ok(found)
}

/// A failure to write the last-seen time is logged, never answered: the
/// request itself is in order.
async fn record_seen(ctx: &crate::Context, session_id: i64, now: DateTime<Utc>) {
    if let Err(e) = sessions::record_seen(&ctx.db, session_id, now).await {
        tracing::warn!(session_id, error = %e, "session last-seen time not written");
    }
}

/// The live session of an active user, from the database (and kept).
async fn resolve(
    ctx: &crate::Context,
    token_hash: &str,
    now: DateTime<Utc>,
) -> Result<Option<CachedSession>, sea_orm::DbErr> {
    let read_at = ctx.sessions.generation();
    let found = sessions::find_live(&ctx.db, token_hash, sessions::KIND_SESSION, now).await?;
    let Some((session, user)) = found else {
        return Ok(None);
    };
    if user.status != UserStatus::Active {
        return Ok(None);
    }
    let cached = CachedSession {
        session_id: session.id,
        user_id: user.id,
        expires_at: session.expires_at,
    };
    ctx.sessions
        .insert(token_hash, cached, session.last_seen_at, read_at);
    Ok(Some(cached))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration as Span;

    /// The tests' "now": the cache reads no clock, it is told the time.
    fn t0() -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000, 0).unwrap()
    }

    fn session(id: i64, user: i64) -> CachedSession {
        CachedSession {
            session_id: id,
            user_id: user,
            expires_at: t0() + Span::hours(1),
        }
    }

    #[test]
    fn a_cached_session_is_served_until_it_expires() {
        let cache = SessionCache::default();
        let g = cache.generation();
        let mut s = session(1, 7);
        cache.insert("a", s, None, g);
        assert_eq!(cache.get("a", t0()), Some(s));
        s.expires_at = t0() - Span::seconds(1);
        cache.insert("b", s, None, g);
        assert_eq!(cache.get("b", t0()), None);
        assert_eq!(cache.get("nobody", t0()), None);
    }

    #[test]
    fn ending_a_user_or_a_session_forgets_exactly_those() {
        let cache = SessionCache::default();
        let g = cache.generation();
        cache.insert("a1", session(1, 7), None, g);
        cache.insert("a2", session(2, 7), None, g);
        cache.insert("b1", session(3, 8), None, g);
        cache.end_user(7);
        assert_eq!(cache.get("a1", t0()), None);
        assert_eq!(cache.get("a2", t0()), None);
        assert!(cache.get("b1", t0()).is_some());
        cache.end_session(3);
        assert_eq!(cache.get("b1", t0()), None);
    }

    #[test]
    fn a_lookup_that_raced_an_invalidation_is_not_kept() {
        let cache = SessionCache::default();
        let read_at = cache.generation();
        // The database said "live", then the user was frozen.
        cache.end_user(7);
        cache.insert("a", session(1, 7), None, read_at);
        assert_eq!(cache.get("a", t0()), None);
    }

    #[test]
    fn a_use_is_due_for_writing_once_a_minute_and_to_one_request() {
        let cache = SessionCache::default();
        let t0 = t0();
        cache.insert("a", session(1, 7), None, cache.generation());
        cache.insert("b", session(2, 7), Some(t0), cache.generation());
        // Never seen: the first use is written, the next one is not.
        assert!(cache.claim_seen("a", t0));
        assert!(!cache.claim_seen("a", t0));
        assert!(!cache.claim_seen("a", t0 + Span::seconds(60)));
        assert!(cache.claim_seen("a", t0 + Span::seconds(61)));
        // Seen as the database said: not again within the minute.
        assert!(!cache.claim_seen("b", t0 + Span::seconds(30)));
        assert!(cache.claim_seen("b", t0 + Span::seconds(90)));
        // Nothing cached, nothing to claim.
        assert!(!cache.claim_seen("nobody", t0));
        cache.end_session(1);
        assert!(!cache.claim_seen("a", t0 + Span::hours(1)));
    }

    #[test]
    fn entries_leave_after_the_time_to_live() {
        let cache = SessionCache::new(10, Duration::from_millis(50));
        cache.insert("a", session(1, 7), None, cache.generation());
        std::thread::sleep(Duration::from_millis(120));
        assert_eq!(cache.get("a", t0()), None);
    }
}
