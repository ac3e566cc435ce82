//! The market: price feeds (the offline simulator and an exchange's public
//! stream), index prices with staleness, candles and 24-hour statistics, the
//! live snapshot the API and the socket read, the catalogue of coins and
//! pairs, and each user's watchlist.
//!
//! [`service`] is the one writer of prices and candles; [`repo`] holds the
//! catalogue and watchlist queries; [`routes`] the `/api/market`,
//! catalogue, watchlist and operator catalogue calls.

pub mod binance;
pub mod candle_entity;
pub mod candle_store;
pub mod candles;
pub mod entity;
pub mod frames;
pub mod interval;
pub mod migration;
pub mod repo;
pub mod routes;
pub mod service;
pub mod simulator;
pub mod stats;
pub mod tape;
pub mod tape_entity;
pub mod tape_store;
pub mod types;

pub use interval::Interval;
pub use onyx_platform::prices::{is_stale, CoinView, IndexPrice, Snapshot, Stats24h};
pub use types::{Candle, Tick};

/// Coins quoted when the catalogue has none to offer (lower-case).
pub const DEFAULT_COINS: [&str; 8] = ["btc", "eth", "trx", "xrp", "doge", "ltc", "bnb", "sol"];

/// The coin of a symbol: "btcusdt", "BTCUSDT", "btc/usdt" or "btc" -> "btc".
pub fn coin_of_symbol(symbol: &str) -> Option<String> {
    let s = symbol
        .trim()
        .to_ascii_lowercase()
        .replace(['/', '-', '_'], "");
    let coin = s.strip_suffix("usdt").unwrap_or(&s);
    let valid =
        !coin.is_empty() && coin.len() <= 20 && coin.bytes().all(|b| b.is_ascii_alphanumeric());
    valid.then(|| coin.to_string())
}

/// The pair symbol the client uses for a coin: "btc" -> "btcusdt".
pub fn symbol_of_coin(coin: &str) -> String {
    format!("{coin}usdt")
}

/// The spot pair symbol a client names (`btcusdt`, `BTC/USDT` or `btc`), as
/// the catalogue and the spot service spell it (`btcusdt`); `None` when it
/// cannot be a symbol at all.
pub fn spot_symbol(symbol: &str) -> Option<String> {
    coin_of_symbol(symbol).map(|c| symbol_of_coin(&c))
}

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
