//! Market values. Prices and volumes are exact decimals (strings in JSON).
//! The index price and 24-hour statistics every product reads live in
//! `onyx_platform::prices`.

use rust_decimal::Decimal;
use serde::Serialize;

/// One trade print from a feed: `coin` is the lower-case base coin
/// ("btc"), quoted in USDT.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tick {
    pub coin: String,
    #[serde(with = "rust_decimal::serde::str")]
    pub price: Decimal,
    /// Base-coin quantity traded at `price`.
    #[serde(with = "rust_decimal::serde::str")]
    pub quantity: Decimal,
    pub ts_ms: i64,
    /// Where the print came from: "simulator", "binance", ...
    pub source: &'static str,
}

/// One OHLCV bar. `open_time_ms` is the bucket start (UTC).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Candle {
    pub open_time_ms: i64,
    #[serde(with = "rust_decimal::serde::str")]
    pub open: Decimal,
    #[serde(with = "rust_decimal::serde::str")]
    pub high: Decimal,
    #[serde(with = "rust_decimal::serde::str")]
    pub low: Decimal,
    #[serde(with = "rust_decimal::serde::str")]
    pub close: Decimal,
    /// Base-coin volume.
    #[serde(with = "rust_decimal::serde::str")]
    pub volume: Decimal,
    /// Quote (USDT) volume.
    #[serde(with = "rust_decimal::serde::str")]
    pub quote_volume: Decimal,
}
