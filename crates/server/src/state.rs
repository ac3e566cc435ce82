//! What every handler can reach.

use crate::config::Config;
use crate::limits::Limiter;
use onyx_store::Db;
use std::sync::Arc;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    pub limiter: Arc<Limiter>,
}

impl AppState {
    pub fn new(db: Db, config: Config) -> AppState {
        AppState {
            db,
            config: Arc::new(config),
            limiter: Arc::new(Limiter::default()),
        }
    }
}
