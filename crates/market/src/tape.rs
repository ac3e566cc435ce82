//! The price tape: at most one index tick per coin per second (the last
//! tick of that second), kept for settlements and for anyone recomputing
//! them. A second is written once it has ended and never changes after:
//! a tick that arrives for a second already closed is left out, so what a
//! settlement read is what `onyx verify` reads later.

use crate::tape_store::StoredTick;
use crate::Tick;
use rust_decimal::Decimal;
use std::collections::BTreeMap;

/// One second of one coin: its last tick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TapeEntry {
    pub coin: String,
    /// Unix seconds.
    pub second: i64,
    pub price: Decimal,
    /// The tick's own time (within `second`).
    pub ts_ms: i64,
    pub source: &'static str,
}

/// The seconds still open, per coin, and the first second not yet closed.
#[derive(Debug)]
pub struct Tape {
    open: BTreeMap<(String, i64), TapeEntry>,
    /// Every second before this one is closed.
    closed_before: i64,
}

/// How old the closing tick may be, at a close time, to settle on.
pub const CLOSING_TICK_AGE_MAX_MS: i64 = 2_000;

/// The tick something closing at `close_ms` settles on (a fixed-payout
/// order, a funding run), given the tape's last tick at or before it:
/// `None` (void) when there is none, when it is older than
/// [`CLOSING_TICK_AGE_MAX_MS`] at the close, or when it is not at or before
/// the close after all.
pub fn closing_tick(close_ms: i64, last_at_or_before: Option<&StoredTick>) -> Option<&StoredTick> {
    let tick = last_at_or_before?;
    let age = close_ms.checked_sub(tick.ts_ms)?;
    (0..=CLOSING_TICK_AGE_MAX_MS).contains(&age).then_some(tick)
}

pub fn second_of(ts_ms: i64) -> i64 {
    ts_ms.div_euclid(1000)
}

impl Tape {
    /// A tape starting at `now_ms`: the seconds before it are closed (no
    /// feed sends ticks from before it started).
    pub fn new(now_ms: i64) -> Tape {
        Tape {
            open: BTreeMap::new(),
            closed_before: second_of(now_ms),
        }
    }

    /// Keeps `tick` if it is the latest of its second so far; a tick of a
    /// closed second is left out. True when kept.
    pub fn record(&mut self, tick: &Tick) -> bool {
        let second = second_of(tick.ts_ms);
        if second < self.closed_before {
            return false;
        }
        let slot = self.open.entry((tick.coin.clone(), second));
        match slot {
            std::collections::btree_map::Entry::Occupied(mut e) if e.get().ts_ms <= tick.ts_ms => {
                let entry = e.get_mut();
                entry.price = tick.price;
                entry.ts_ms = tick.ts_ms;
                entry.source = tick.source;
                true
            }
            std::collections::btree_map::Entry::Occupied(_) => false,
            std::collections::btree_map::Entry::Vacant(e) => {
                e.insert(TapeEntry {
                    coin: tick.coin.clone(),
                    second,
                    price: tick.price,
                    ts_ms: tick.ts_ms,
                    source: tick.source,
                });
                true
            }
        }
    }

    /// Closes every second that ended by `now_ms` and returns their entries
    /// (by coin, then second).
    pub fn close(&mut self, now_ms: i64) -> Vec<TapeEntry> {
        let now = second_of(now_ms);
        if now <= self.closed_before {
            return Vec::new();
        }
        self.closed_before = now;
        let (closed, open): (BTreeMap<_, _>, BTreeMap<_, _>) = std::mem::take(&mut self.open)
            .into_iter()
            .partition(|((_, second), _)| *second < now);
        self.open = open;
        closed.into_values().collect()
    }

    /// Puts back entries that could not be written, to go out with the
    /// next close (their seconds stay closed to new ticks).
    pub fn restore(&mut self, entries: Vec<TapeEntry>) {
        for e in entries {
            self.open.entry((e.coin.clone(), e.second)).or_insert(e);
        }
    }

    /// Milliseconds before which every second is closed.
    pub fn closed_before_ms(&self) -> i64 {
        self.closed_before.saturating_mul(1000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn tick(coin: &str, ts_ms: i64, price: &str) -> Tick {
        Tick {
            coin: coin.into(),
            price: Decimal::from_str(price).unwrap(),
            quantity: Decimal::ONE,
            ts_ms,
            source: "test",
        }
    }

    #[test]
    fn only_a_recent_tick_at_or_before_the_close_settles() {
        let stored = |ts_ms| StoredTick {
            coin: "btc".into(),
            second: second_of(ts_ms),
            price: Decimal::ONE,
            ts_ms,
            source: "test".into(),
        };
        let close = 1_000_000;
        let at = |ts_ms| closing_tick(close, Some(&stored(ts_ms))).map(|t| t.ts_ms);
        assert_eq!(at(close), Some(close));
        assert_eq!(at(close - 2_000), Some(close - 2_000));
        assert_eq!(at(close - 2_001), None, "too old");
        assert_eq!(at(close + 1), None, "after the close");
        assert_eq!(closing_tick(close, None), None, "no tick at all");
    }

    #[test]
    fn each_second_keeps_its_last_tick_and_closes_once_it_ended() {
        let mut tape = Tape::new(10_000);
        assert!(tape.record(&tick("btc", 10_100, "1")));
        assert!(tape.record(&tick("btc", 10_900, "3")));
        assert!(
            !tape.record(&tick("btc", 10_500, "2")),
            "older than the second's last"
        );
        assert!(tape.record(&tick("eth", 10_200, "7")));
        assert!(tape.record(&tick("btc", 11_050, "4")));
        assert_eq!(tape.close(10_999), vec![], "second 10 has not ended");
        let closed = tape.close(11_000);
        let seen: Vec<(&str, i64, String)> = closed
            .iter()
            .map(|e| (e.coin.as_str(), e.ts_ms, e.price.to_string()))
            .collect();
        assert_eq!(
            seen,
            vec![("btc", 10_900, "3".into()), ("eth", 10_200, "7".into())]
        );
        assert_eq!(tape.closed_before_ms(), 11_000);
        assert!(
            !tape.record(&tick("btc", 10_950, "9")),
            "second 10 is closed"
        );
        let closed = tape.close(12_000);
        assert_eq!(closed.len(), 1);
        assert_eq!((closed[0].second, closed[0].ts_ms), (11, 11_050));
    }

    #[test]
    fn seconds_before_the_start_are_closed_and_unwritten_ones_come_back() {
        let mut tape = Tape::new(20_500);
        assert!(!tape.record(&tick("btc", 19_999, "1")));
        assert!(tape.record(&tick("btc", 20_600, "2")));
        let closed = tape.close(21_000);
        assert_eq!(closed.len(), 1);
        tape.restore(closed.clone());
        assert!(!tape.record(&tick("btc", 20_700, "3")), "still closed");
        assert_eq!(tape.close(22_000), closed, "written with the next close");
    }
}
