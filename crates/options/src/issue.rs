//! Clock-aligned issues, with nothing to look up: issue `n` of a period of
//! `p` seconds spans `[n × p, (n + 1) × p)` seconds since the Unix epoch,
//! and entry to it closes `cutoff` seconds before its end. Every server and
//! client computes the same issue from the same clock.

/// One issue of a period. Times are epoch milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Issue {
    pub no: i64,
    pub start_ms: i64,
    pub end_ms: i64,
    /// Entry closes here.
    pub cutoff_ms: i64,
}

impl Issue {
    /// The issue running at `now_ms`; `None` for a period or cutoff no
    /// issue can have (the cutoff must be shorter than the period).
    pub fn at(now_ms: i64, period_seconds: i32, cutoff_seconds: i32) -> Option<Issue> {
        if period_seconds <= 0 || cutoff_seconds < 0 || cutoff_seconds >= period_seconds {
            return None;
        }
        let len = i64::from(period_seconds).checked_mul(1000)?;
        let no = now_ms.checked_div_euclid(len)?;
        let start_ms = no.checked_mul(len)?;
        let end_ms = start_ms.checked_add(len)?;
        let cutoff_ms = end_ms.checked_sub(i64::from(cutoff_seconds).checked_mul(1000)?)?;
        Some(Issue {
            no,
            start_ms,
            end_ms,
            cutoff_ms,
        })
    }

    /// Whether an order accepted at `now_ms` enters this issue.
    pub fn open_at(&self, now_ms: i64) -> bool {
        (self.start_ms..self.cutoff_ms).contains(&now_ms)
    }

    /// Whole seconds from `now_ms` until the next issue starts (rounded
    /// up), for "entry closed, next in N s".
    pub fn seconds_to_next(&self, now_ms: i64) -> i64 {
        let left = self.end_ms.saturating_sub(now_ms).max(0);
        left.saturating_add(999) / 1000
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issues_tile_the_clock_and_close_for_entry_at_the_cutoff() {
        // 2026-11-25 00:01:07.250 UTC on a 60 s period with a 5 s cutoff.
        let now = 1_764_028_867_250;
        let i = Issue::at(now, 60, 5).unwrap();
        assert_eq!(i.start_ms % 60_000, 0);
        assert!(i.start_ms <= now && now < i.end_ms);
        assert_eq!(i.end_ms - i.start_ms, 60_000);
        assert_eq!(i.cutoff_ms, i.end_ms - 5_000);
        assert_eq!(i.no, now / 60_000);
        assert!(i.open_at(i.start_ms));
        assert!(i.open_at(i.cutoff_ms - 1));
        assert!(!i.open_at(i.cutoff_ms), "entry closed at the cutoff");
        assert!(!i.open_at(i.end_ms));
        // The next issue starts where this one ends.
        let next = Issue::at(i.end_ms, 60, 5).unwrap();
        assert_eq!((next.no, next.start_ms), (i.no + 1, i.end_ms));
        assert_eq!(i.seconds_to_next(i.end_ms - 4_001), 5);
        assert_eq!(i.seconds_to_next(i.end_ms - 1), 1);
    }

    #[test]
    fn a_cutoff_as_long_as_the_period_has_no_issue() {
        assert_eq!(Issue::at(0, 60, 60), None);
        assert_eq!(Issue::at(0, 0, 0), None);
        assert_eq!(Issue::at(0, 60, -1), None);
        assert!(Issue::at(0, 60, 0).is_some());
    }
}
