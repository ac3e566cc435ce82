//! What every handler can reach.

use crate::config::Config;
use crate::delivery::Delivery;
use crate::files::FileStore;
use crate::limits::Limiter;
use crate::socket::{MarketFrames, SocketHub};
use onyx_market::Snapshot;
use onyx_store::ledger::LedgerStore;
use onyx_store::Db;
use std::sync::Arc;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    /// The only way to move money: one writer at a time (see `onyx_store::ledger`).
    pub ledger: LedgerStore,
    /// Order books, matching and their published events.
    pub spot: Arc<crate::spot::SpotService>,
    pub config: Arc<Config>,
    pub limiter: Arc<Limiter>,
    pub delivery: Arc<Delivery>,
    pub files: Arc<FileStore>,
    /// Live index prices and 24 h statistics, written by the market service.
    pub market: Arc<Snapshot>,
    /// Every applied tick batch, pre-rendered for the live socket.
    pub market_events: tokio::sync::broadcast::Sender<Arc<MarketFrames>>,
    /// Socket connections per client address.
    pub sockets: Arc<SocketHub>,
    /// Stops the market service (flushing its candles) on shutdown.
    pub market_stop: Arc<tokio::sync::watch::Sender<bool>>,
    /// Flash-exchange quotes in force (in memory; see `wallet::quotes`).
    pub quotes: Arc<crate::wallet::quotes::QuoteBook>,
}

impl AppState {
    pub fn new(db: Db, config: Config) -> AppState {
        AppState {
            ledger: LedgerStore::new(db.clone()),
            spot: Arc::new(crate::spot::SpotService::default()),
            db,
            delivery: Arc::new(Delivery::new(&config)),
            files: Arc::new(FileStore::local(&config.db.data_dir)),
            sockets: Arc::new(SocketHub::with_limit(config.ws_connections_per_ip)),
            config: Arc::new(config),
            limiter: Arc::new(Limiter::default()),
            market: Arc::new(Snapshot::default()),
            market_events: tokio::sync::broadcast::channel(crate::socket::EVENTS_BUFFERED).0,
            market_stop: Arc::new(tokio::sync::watch::channel(false).0),
            quotes: Arc::new(crate::wallet::quotes::QuoteBook::default()),
        }
    }
}
