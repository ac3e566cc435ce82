//! The market: price feeds (the offline simulator and an exchange's public
//! stream), index prices with staleness, candles and 24-hour statistics, the
//! live snapshot the API and the socket read, the catalogue of coins and
//! pairs, and each user's watchlist.
//!
//! Other crates use it through [`api`] alone. Inside, `service` is the one
//! writer of prices and candles; `repo` holds the catalogue and watchlist
//! queries; [`routes`] the `/api/market`, catalogue, watchlist and operator
//! catalogue calls.

pub mod api;
pub(crate) mod binance;
pub(crate) mod candle_entity;
pub(crate) mod candle_store;
pub(crate) mod candles;
pub(crate) mod catalogue_editing;
pub(crate) mod catalogue_rules;
pub(crate) mod entity;
pub(crate) mod frames;
pub(crate) mod interval;
pub mod migration;
pub(crate) mod repo;
pub mod routes;
pub(crate) mod service;
pub(crate) mod simulator;
pub(crate) mod stats;
pub(crate) mod tape;
pub(crate) mod tape_entity;
pub(crate) mod tape_store;
pub(crate) mod types;

pub(crate) mod symbols;

#[cfg(test)]
mod binance_replay_tests;
#[cfg(test)]
mod candles_tests;

pub(crate) use interval::Interval;
pub(crate) use onyx_platform::prices::{is_stale, CoinView, IndexPrice, Snapshot, Stats24h};
pub(crate) use symbols::{coin_of_symbol, symbol_of_coin, DEFAULT_COINS};
pub(crate) use types::{Candle, Tick};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_map_to_coins() {
        assert_eq!(coin_of_symbol("BTCUSDT").as_deref(), Some("btc"));
        assert_eq!(coin_of_symbol("btc/usdt").as_deref(), Some("btc"));
        assert_eq!(coin_of_symbol("eth").as_deref(), Some("eth"));
        assert_eq!(coin_of_symbol("usdt"), None);
        assert_eq!(coin_of_symbol("b tc"), None);
        assert_eq!(symbol_of_coin("btc"), "btcusdt");
        assert!(!is_stale(1_000, 11_000, 10_000));
        assert!(is_stale(1_000, 11_001, 10_000));
    }
}
