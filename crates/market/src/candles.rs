//! Candles built from ticks: open is the first price of the bucket, close
//! the last, high/low the extremes, volume the base quantity and quote
//! volume the sum of price * quantity. Buckets come from
//! `Interval::bucket_start` (UTC, weeks from Monday).

use crate::types::{Candle, Tick};
use crate::Interval;
use rust_decimal::Decimal;
use std::collections::VecDeque;

/// 1m candles kept for the 24 h statistics (one day plus the current one).
pub const MINUTES_KEPT: usize = 24 * 60 + 1;

impl Candle {
    /// A new bucket opened by one trade.
    pub fn opened_by(open_time_ms: i64, tick: &Tick) -> Candle {
        Candle {
            open_time_ms,
            open: tick.price,
            high: tick.price,
            low: tick.price,
            close: tick.price,
            volume: tick.quantity,
            quote_volume: tick.price * tick.quantity,
        }
    }

    /// Folds a later trade of the same bucket in.
    pub fn absorb(&mut self, tick: &Tick) {
        self.high = self.high.max(tick.price);
        self.low = self.low.min(tick.price);
        self.close = tick.price;
        self.volume += tick.quantity;
        self.quote_volume += tick.price * tick.quantity;
    }
}

/// Aggregates ticks (in time order) into candles of one interval, oldest
/// first. Ticks older than the current bucket are ignored, like the book:
/// the tests' reference for what the book builds tick by tick.
#[cfg(test)]
pub fn aggregate(ticks: &[Tick], interval: Interval) -> Vec<Candle> {
    let mut out: Vec<Candle> = Vec::new();
    for t in ticks {
        let start = interval.bucket_start(t.ts_ms);
        match out.last_mut() {
            Some(c) if c.open_time_ms == start => c.absorb(t),
            Some(c) if c.open_time_ms > start => {}
            _ => out.push(Candle::opened_by(start, t)),
        }
    }
    out
}

/// One coin's current candle per interval, the recent 1m history, and which
/// candles changed since the last write.
#[derive(Debug, Default, Clone)]
pub struct CandleBook {
    current: [Option<Candle>; 8],
    dirty: [bool; 8],
    /// Candles whose bucket closed before they were written.
    closed: Vec<(Interval, Candle)>,
    minutes: VecDeque<Candle>,
}

fn slot(interval: Interval) -> usize {
    Interval::ALL
        .iter()
        .position(|i| *i == interval)
        .expect("every interval is in ALL")
}

impl CandleBook {
    /// A book resuming from stored candles: the latest candle of each
    /// interval (kept only if it is still the current bucket at `now_ms`)
    /// and the recent 1m candles, oldest first.
    pub fn resume(
        latest: Vec<(Interval, Candle)>,
        minutes: Vec<Candle>,
        now_ms: i64,
    ) -> CandleBook {
        let mut book = CandleBook::default();
        for (interval, candle) in latest {
            if candle.open_time_ms == interval.bucket_start(now_ms) {
                book.current[slot(interval)] = Some(candle);
            }
        }
        book.minutes = minutes.into_iter().collect();
        book.trim_minutes();
        book
    }

    /// Applies one trade to every interval. Returns false (and changes
    /// nothing) for a trade older than the current 1m bucket.
    pub fn apply(&mut self, tick: &Tick) -> bool {
        if tick.price <= Decimal::ZERO || tick.quantity < Decimal::ZERO {
            return false;
        }
        if let Some(c) = &self.current[0] {
            if Interval::M1.bucket_start(tick.ts_ms) < c.open_time_ms {
                return false;
            }
        }
        for interval in Interval::ALL {
            let s = slot(interval);
            let start = interval.bucket_start(tick.ts_ms);
            match &mut self.current[s] {
                Some(c) if c.open_time_ms == start => c.absorb(tick),
                Some(c) if c.open_time_ms > start => continue,
                cur => {
                    let previous = cur.replace(Candle::opened_by(start, tick));
                    if let (Some(previous), true) = (previous, self.dirty[s]) {
                        self.closed.push((interval, previous));
                    }
                }
            }
            self.dirty[s] = true;
        }
        let m1 = self.current[0].clone().expect("1m candle just set");
        match self.minutes.back_mut() {
            Some(last) if last.open_time_ms == m1.open_time_ms => *last = m1,
            _ => self.minutes.push_back(m1),
        }
        self.trim_minutes();
        true
    }

    fn trim_minutes(&mut self) {
        while self.minutes.len() > MINUTES_KEPT {
            self.minutes.pop_front();
        }
    }

    pub fn current(&self, interval: Interval) -> Option<&Candle> {
        self.current[slot(interval)].as_ref()
    }

    /// The recent 1m candles, oldest first (including the current one).
    pub fn minutes(&self) -> &VecDeque<Candle> {
        &self.minutes
    }

    /// Candles changed since the last call (to be written), including
    /// buckets that closed in between.
    pub fn take_dirty(&mut self) -> Vec<(Interval, Candle)> {
        let mut out = std::mem::take(&mut self.closed);
        for interval in Interval::ALL {
            let s = slot(interval);
            if std::mem::take(&mut self.dirty[s]) {
                if let Some(c) = &self.current[s] {
                    out.push((interval, c.clone()));
                }
            }
        }
        out
    }

    /// Puts candles back as unwritten (after a failed write); the current
    /// ones are simply marked dirty again.
    pub fn restore_dirty(&mut self, candles: Vec<(Interval, Candle)>) {
        for (interval, candle) in candles {
            let s = slot(interval);
            match &self.current[s] {
                Some(c) if c.open_time_ms == candle.open_time_ms => self.dirty[s] = true,
                _ => self.closed.push((interval, candle)),
            }
        }
    }
}
