//! What every service takes: the database and the ledger's one writer, the
//! configuration, the clock, live index prices, cross-product events,
//! rate limits, notifications, private files, the scheduler and the seams
//! products hear each other through. Services take a `Context` (never the
//! HTTP application state), so the spec's API, the operator console, a bot
//! API or a CLI can all call them.

use crate::bus::{PlatformEvent, Topic};
use crate::config::Config;
use crate::files::FileStore;
use crate::limits::Limiter;
use crate::notify::Notifier;
use crate::prices::Snapshot;
use crate::scheduler::Scheduler;
use crate::seams::Seams;
use crate::session_cache::SessionCache;
use onyx_kernel::clock::{Clock, SystemClock};
use onyx_store::ledger::LedgerStore;
use onyx_store::Db;
use std::sync::Arc;

/// Events buffered for the slowest subscriber of the platform topic.
pub const PLATFORM_EVENTS_BUFFERED: usize = 1024;

#[derive(Clone)]
pub struct Context {
    pub db: Db,
    /// The only way to move money: one writer at a time (see
    /// `onyx_store::ledger`).
    pub ledger: LedgerStore,
    pub config: Arc<Config>,
    pub clock: Arc<dyn Clock>,
    /// Live index prices and 24 h statistics, written by the market service.
    pub prices: Arc<Snapshot>,
    /// Facts that cross product lines, published after commit.
    pub events: Topic<PlatformEvent>,
    pub limiter: Arc<Limiter>,
    /// Codes and messages to users: the outbox, SMTP, the development
    /// mailbox.
    pub notify: Arc<Notifier>,
    pub files: Arc<FileStore>,
    pub scheduler: Arc<Scheduler>,
    /// Signed-in sessions, so a request resolves its token without a query.
    pub sessions: Arc<SessionCache>,
    /// What one product hears of another, installed at wiring.
    pub seams: Arc<Seams>,
}

impl Context {
    /// A context on the system clock.
    pub fn new(db: Db, config: Config) -> Context {
        Context::with_clock(db, config, Arc::new(SystemClock))
    }

    pub fn with_clock(db: Db, config: Config, clock: Arc<dyn Clock>) -> Context {
        Context {
            ledger: LedgerStore::with_clock(db.clone(), clock.clone()),
            notify: Arc::new(Notifier::new(&config)),
            files: Arc::new(FileStore::local(&config.db.data_dir)),
            config: Arc::new(config),
            clock,
            prices: Arc::new(Snapshot::default()),
            events: Topic::new(PLATFORM_EVENTS_BUFFERED),
            limiter: Arc::new(Limiter::default()),
            scheduler: Arc::new(Scheduler::new()),
            sessions: Arc::new(SessionCache::default()),
            seams: Arc::new(Seams::default()),
            db,
        }
    }

    /// Milliseconds since the epoch on this context's clock.
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// How old an index may be and still count as fresh.
    pub fn stale_ms(&self) -> i64 {
        i64::try_from(self.config.stale_seconds)
            .unwrap_or(i64::MAX / 1000)
            .saturating_mul(1000)
    }
}
