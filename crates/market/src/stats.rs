//! Rolling 24-hour statistics from 1m candles.

use crate::types::Candle;
use crate::Interval;
use onyx_platform::prices::Stats24h;
use rust_decimal::{Decimal, RoundingStrategy};

pub const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// Statistics over the 1m candles (oldest first) of the 24 hours ending at
/// `now_ms`: the window is the current 1m bucket and the 1439 before it.
/// openPrice is the open of the window's first candle; priceChangePercent
/// is truncated toward zero to two decimals.
pub fn compute<'a>(minutes: impl IntoIterator<Item = &'a Candle>, now_ms: i64) -> Stats24h {
    let from = Interval::M1.bucket_start(now_ms) - DAY_MS + Interval::M1.duration_ms();
    let mut s = Stats24h::default();
    let mut first = true;
    for c in minutes
        .into_iter()
        .filter(|c| c.open_time_ms >= from && c.open_time_ms <= now_ms)
    {
        if first {
            s.open_price = c.open;
            s.high = c.high;
            s.low = c.low;
            first = false;
        }
        s.high = s.high.max(c.high);
        s.low = s.low.min(c.low);
        s.close = c.close;
        s.volume += c.volume;
        s.volume2 += c.quote_volume;
    }
    s.change = s.close - s.open_price;
    s.price_change_percent = if s.open_price.is_zero() {
        Decimal::ZERO
    } else {
        (s.change * Decimal::ONE_HUNDRED / s.open_price)
            .round_dp_with_strategy(2, RoundingStrategy::ToZero)
    };
    s.volume = s.volume.normalize();
    s.volume2 = s.volume2.normalize();
    s.volume24 = s.volume2;
    s.high24 = s.high;
    s.low24 = s.low;
    s
}
