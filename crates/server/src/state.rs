//! What every handler can reach.

use crate::config::Config;
use crate::delivery::Delivery;
use crate::files::FileStore;
use crate::limits::Limiter;
use onyx_market::Snapshot;
use onyx_store::Db;
use std::sync::Arc;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    pub limiter: Arc<Limiter>,
    pub delivery: Arc<Delivery>,
    pub files: Arc<FileStore>,
    /// Live index prices and 24 h statistics, written by the market service.
    pub market: Arc<Snapshot>,
}

impl AppState {
    pub fn new(db: Db, config: Config) -> AppState {
        AppState {
            db,
            delivery: Arc::new(Delivery::new(&config)),
            files: Arc::new(FileStore::local(&config.db.data_dir)),
            config: Arc::new(config),
            limiter: Arc::new(Limiter::default()),
            market: Arc::new(Snapshot::default()),
        }
    }
}
