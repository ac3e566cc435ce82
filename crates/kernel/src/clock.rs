//! Time as services see it. Production reads the system clock; tests and
//! replays hand in a clock they move themselves, so a rule that depends on
//! "now" (an expiry, a settlement time, a day boundary) is tested at the
//! instant it matters instead of by sleeping.

use chrono::{DateTime, Duration, Utc};
use std::sync::atomic::{AtomicI64, Ordering};

pub trait Clock: Send + Sync + 'static {
    fn now(&self) -> DateTime<Utc>;

    /// Milliseconds since the Unix epoch.
    fn now_ms(&self) -> i64 {
        self.now().timestamp_millis()
    }
}

/// The system clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that stands still until told to move.
#[derive(Debug)]
pub struct ManualClock {
    ms: AtomicI64,
}

impl ManualClock {
    pub fn at(time: DateTime<Utc>) -> ManualClock {
        ManualClock {
            ms: AtomicI64::new(time.timestamp_millis()),
        }
    }

    pub fn advance(&self, by: Duration) {
        self.ms.fetch_add(by.num_milliseconds(), Ordering::SeqCst);
    }

    pub fn set(&self, time: DateTime<Utc>) {
        self.ms.store(time.timestamp_millis(), Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        DateTime::from_timestamp_millis(self.ms.load(Ordering::SeqCst)).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_told() {
        let start = DateTime::from_timestamp(1_700_000_000, 0).unwrap();
        let clock = ManualClock::at(start);
        assert_eq!(clock.now(), start);
        clock.advance(Duration::seconds(90));
        assert_eq!(clock.now_ms(), start.timestamp_millis() + 90_000);
    }
}
