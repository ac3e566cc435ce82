//! The market as other crates see it: the catalogue of coins and pairs,
//! the price tape (a tick a second, and the tick that closes a period),
//! the service that runs the feeds, the simulator a demo's history comes
//! from, and a watchlist entry for seeding. Everything else in the crate
//! is its own; `scripts/check-layout.sh` refuses a reach past this module.

pub use crate::entity::{coin, contract_pair, option_pair, spot_pair};
pub use crate::interval::Interval;
pub use crate::symbols::{coin_of_symbol, spot_symbol, symbol_of_coin, DEFAULT_COINS};
pub use crate::types::{Candle, Tick};
pub use onyx_platform::prices::{is_stale, CoinView, IndexPrice, Snapshot, Stats24h};

/// Coins and the spot, futures and option pairs: read by the products,
/// written by operators and demo seeding.
pub mod catalogue {
    pub use crate::repo::catalogue::*;
}

/// The stored price tape and the rule for the tick that settles a period.
pub mod tape {
    pub use crate::tape::{closing_tick, second_of, Tape, TapeEntry, CLOSING_TICK_AGE_MAX_MS};
    pub use crate::tape_store::{
        at_second, between, insert, last_before, oldest, prune, StoredTick,
    };
}

/// The one writer of prices and candles: started and stopped by the
/// server, and the clock it stamps ticks with.
pub mod service {
    pub use crate::service::{
        backfill_missing, coins, now_ms, start, stop, MarketChannels, MarketService,
    };
}

/// The offline price walk a demo and the tests run on.
pub mod simulator {
    pub use crate::simulator::{backfill, profile, Simulator, SOURCE};
}

/// A user's watchlist, for seeding.
pub mod watchlist {
    pub use crate::repo::watchlist::{add, Added};
}
