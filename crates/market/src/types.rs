//! Market values. Prices and volumes are exact decimals (strings in JSON).

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

/// The price settlements use, with where and when it was observed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexPrice {
    #[serde(with = "rust_decimal::serde::str")]
    pub price: Decimal,
    pub source: &'static str,
    pub ts_ms: i64,
    /// No tick for longer than the stale limit: nothing may settle on it.
    pub stale: bool,
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

/// Rolling 24-hour statistics per coin, named as the client reads them
/// (spec section 3 "Price info per coin").
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats24h {
    #[serde(with = "rust_decimal::serde::str")]
    pub close: Decimal,
    /// Price 24 hours ago.
    #[serde(with = "rust_decimal::serde::str")]
    pub open_price: Decimal,
    /// close - openPrice.
    #[serde(with = "rust_decimal::serde::str")]
    pub change: Decimal,
    /// change / openPrice * 100, two decimals, truncated.
    #[serde(with = "rust_decimal::serde::str")]
    pub price_change_percent: Decimal,
    /// Base volume over 24 h.
    #[serde(with = "rust_decimal::serde::str")]
    pub volume: Decimal,
    /// Quote (USDT) volume over 24 h.
    #[serde(with = "rust_decimal::serde::str")]
    pub volume2: Decimal,
    /// Same as `volume2`, the field some screens read.
    #[serde(with = "rust_decimal::serde::str")]
    pub volume24: Decimal,
    #[serde(with = "rust_decimal::serde::str")]
    pub high24: Decimal,
    #[serde(with = "rust_decimal::serde::str")]
    pub low24: Decimal,
    #[serde(with = "rust_decimal::serde::str")]
    pub high: Decimal,
    #[serde(with = "rust_decimal::serde::str")]
    pub low: Decimal,
}
