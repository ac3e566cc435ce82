//! Market data: price feeds (the offline simulator and an exchange's public
//! stream), index prices with staleness, candles and 24-hour statistics, and
//! the live snapshot the API and the socket read.

pub mod interval;
pub mod snapshot;
pub mod types;

pub use interval::Interval;
pub use snapshot::Snapshot;
pub use types::{Candle, IndexPrice, Stats24h, Tick};
