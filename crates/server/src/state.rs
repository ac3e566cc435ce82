//! The application as the router sees it: the platform context every
//! service takes, and the running product services. Each part is reachable
//! from handlers by its own type (`State<Context>`, `State<Arc<SpotService>>`)
//! through `FromRef`.

use crate::socket::SocketHub;
use axum::extract::FromRef;
use onyx_kernel::clock::{Clock, SystemClock};
use onyx_market::api::service::MarketChannels;
use onyx_platform::config::Config;
use onyx_platform::Context;
use onyx_spot::api::SpotContext;
use onyx_store::Db;
use onyx_wallet::WalletContext;
use std::ops::Deref;
use std::sync::Arc;

#[derive(Clone)]
pub struct AppState {
    pub ctx: Context,
    /// Order books, matching and their published events.
    pub spot: Arc<onyx_spot::api::SpotService>,
    /// The market service's published batches and its stop signal.
    pub market: MarketChannels,
    /// Socket connections per client address.
    pub sockets: Arc<SocketHub>,
    /// Flash-exchange quotes in force (in memory; see `wallet::quotes`).
    pub quotes: Arc<onyx_wallet::api::quotes::QuoteBook>,
}

impl AppState {
    /// The spot product's view: the context and its running service.
    pub fn spot_context(&self) -> SpotContext {
        SpotContext {
            ctx: self.ctx.clone(),
            spot: self.spot.clone(),
        }
    }

    /// The wallet's view: the context and the flash exchange's quotes.
    pub fn wallet_context(&self) -> WalletContext {
        WalletContext {
            ctx: self.ctx.clone(),
            quotes: self.quotes.clone(),
        }
    }

    /// The application on the system clock.
    pub fn new(db: Db, config: Config) -> AppState {
        AppState::with_clock(db, config, Arc::new(SystemClock))
    }

    /// The application on `clock`: every request, job and ledger write
    /// reads its time there (tests hand in a clock they move).
    pub fn with_clock(db: Db, config: Config, clock: Arc<dyn Clock>) -> AppState {
        let sockets = Arc::new(SocketHub::with_limit(config.ws_connections_per_ip));
        let ctx = Context::with_clock(db, config, clock);
        let quotes = onyx_wallet::api::quotes::QuoteBook::on_clock(ctx.clock.clone());
        AppState {
            ctx,
            spot: Arc::new(onyx_spot::api::SpotService::default()),
            sockets,
            market: MarketChannels::new(crate::socket::EVENTS_BUFFERED),
            quotes: Arc::new(quotes),
        }
    }
}

/// Handlers and services read the platform's parts straight off the state
/// (`state.db`, `state.ledger`, ...).
impl Deref for AppState {
    type Target = Context;
    fn deref(&self) -> &Context {
        &self.ctx
    }
}

impl FromRef<AppState> for Context {
    fn from_ref(state: &AppState) -> Context {
        state.ctx.clone()
    }
}

impl FromRef<AppState> for WalletContext {
    fn from_ref(state: &AppState) -> WalletContext {
        state.wallet_context()
    }
}

impl FromRef<AppState> for SpotContext {
    fn from_ref(state: &AppState) -> SpotContext {
        state.spot_context()
    }
}
