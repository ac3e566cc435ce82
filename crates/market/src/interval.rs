//! Candle intervals and the UTC bucket a moment falls in.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Interval {
    #[serde(rename = "1m")]
    M1,
    #[serde(rename = "5m")]
    M5,
    #[serde(rename = "15m")]
    M15,
    #[serde(rename = "30m")]
    M30,
    #[serde(rename = "1h")]
    H1,
    #[serde(rename = "4h")]
    H4,
    #[serde(rename = "1d")]
    D1,
    #[serde(rename = "1w")]
    W1,
}

const MINUTE_MS: i64 = 60_000;
/// 1970-01-01 was a Thursday; weekly candles start on Monday 00:00 UTC.
const MONDAY_OFFSET_MS: i64 = 4 * 24 * 60 * MINUTE_MS;

impl Interval {
    pub const ALL: [Interval; 8] = [
        Interval::M1,
        Interval::M5,
        Interval::M15,
        Interval::M30,
        Interval::H1,
        Interval::H4,
        Interval::D1,
        Interval::W1,
    ];

    pub fn parse(text: &str) -> Option<Interval> {
        Interval::ALL.into_iter().find(|i| i.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Interval::M1 => "1m",
            Interval::M5 => "5m",
            Interval::M15 => "15m",
            Interval::M30 => "30m",
            Interval::H1 => "1h",
            Interval::H4 => "4h",
            Interval::D1 => "1d",
            Interval::W1 => "1w",
        }
    }

    pub fn duration_ms(self) -> i64 {
        MINUTE_MS
            * match self {
                Interval::M1 => 1,
                Interval::M5 => 5,
                Interval::M15 => 15,
                Interval::M30 => 30,
                Interval::H1 => 60,
                Interval::H4 => 240,
                Interval::D1 => 1440,
                Interval::W1 => 10080,
            }
    }

    /// Start of the bucket holding `ts_ms` (UTC; weeks start on Monday).
    pub fn bucket_start(self, ts_ms: i64) -> i64 {
        let d = self.duration_ms();
        let shift = if self == Interval::W1 {
            MONDAY_OFFSET_MS
        } else {
            0
        };
        (ts_ms - shift).div_euclid(d) * d + shift
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for i in Interval::ALL {
            assert_eq!(Interval::parse(i.as_str()), Some(i));
        }
        assert_eq!(Interval::parse("2m"), None);
    }

    #[test]
    fn buckets_align_to_utc_and_weeks_to_monday() {
        // 2026-11-22T10:17:42Z is a Sunday.
        let t = 1_795_342_662_000;
        assert_eq!(Interval::M1.bucket_start(t), 1_795_342_620_000);
        assert_eq!(Interval::M15.bucket_start(t), 1_795_342_500_000); // 10:15
        assert_eq!(Interval::H4.bucket_start(t), 1_795_334_400_000); // 08:00
        assert_eq!(Interval::D1.bucket_start(t), 1_795_305_600_000); // 00:00
        assert_eq!(Interval::W1.bucket_start(t), 1_794_787_200_000); // Monday 2026-11-16
        for i in Interval::ALL {
            let b = i.bucket_start(t);
            assert!(b <= t && t < b + i.duration_ms());
        }
    }
}
