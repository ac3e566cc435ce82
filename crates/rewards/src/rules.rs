//! Referral rebates, pure: the shares of one fee the inviters at levels
//! 1, 2 and 3 receive, from FINANCIAL_REBATE_SETTING.

use onyx_kernel::money::{Amount, LEDGER_DP};
use rust_decimal::Decimal;
use serde_json::Value;
use std::str::FromStr;

pub const LEVELS: usize = 3;

/// Percent of a fee per level, when rebates are switched on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratios(pub [Decimal; LEVELS]);

impl Ratios {
    /// The setting's ratios; `None` when switched off. A ratio that is not
    /// a number from 0 to 100, or ratios adding up to more than 100, make
    /// the setting unusable: nothing is paid rather than too much.
    pub fn from_setting(setting: &Value) -> Option<Ratios> {
        if setting.get("isOpen").and_then(Value::as_bool) != Some(true) {
            return None;
        }
        let ratio = |name: &str| -> Option<Decimal> {
            let v = match setting.get(name)? {
                Value::String(s) => Decimal::from_str(s.trim()).ok()?,
                Value::Number(n) => Decimal::from_str(&n.to_string()).ok()?,
                _ => return None,
            };
            (v >= Decimal::ZERO && v <= Decimal::ONE_HUNDRED).then_some(v)
        };
        let r = [ratio("oneRatio")?, ratio("twoRatio")?, ratio("threeRatio")?];
        let total = r.iter().try_fold(Decimal::ZERO, |a, b| a.checked_add(*b))?;
        (total <= Decimal::ONE_HUNDRED).then_some(Ratios(r))
    }

    /// The rebate at `level` (1-based) of `fee`, rounded down to 8 decimals.
    pub fn share(&self, level: usize, fee: Amount) -> Option<Amount> {
        let ratio = self.0.get(level.checked_sub(1)?)?;
        let raw = fee
            .as_decimal()
            .checked_mul(*ratio)?
            .checked_div(Decimal::ONE_HUNDRED)?;
        Amount::from_decimal(
            raw.round_dp_with_strategy(LEDGER_DP, rust_decimal::RoundingStrategy::ToZero),
        )
        .ok()
    }
}

/// An account shown to its inviter: enough to recognise, not to read.
pub fn mask(account: &str) -> String {
    let chars: Vec<char> = account.chars().collect();
    match chars.len() {
        0 => String::new(),
        1..=3 => format!("{}***", chars[0]),
        n => {
            let head: String = chars[..2].iter().collect();
            let tail: String = chars[n.saturating_sub(2)..].iter().collect();
            format!("{head}***{tail}")
        }
    }
}

/// The band a member's trading volume (USDT) falls in, as the agent sees it.
pub fn volume_band(volume: Decimal) -> &'static str {
    if volume <= Decimal::ZERO {
        "0"
    } else if volume < Decimal::from(1_000) {
        "<1K"
    } else if volume < Decimal::from(10_000) {
        "1K-10K"
    } else if volume < Decimal::from(100_000) {
        "10K-100K"
    } else {
        ">=100K"
    }
}

/// Days in the sign-in calendar; the eighth consecutive day starts it again.
pub const CALENDAR_DAYS: i64 = 7;

/// The sign-in streak on `today` from the UTC days signed in (any order):
/// the consecutive days ending today, or ending yesterday when today is
/// not signed yet; and whether today is.
pub fn streak(days: &[i64], today: i64) -> (i64, bool) {
    let signed_today = days.contains(&today);
    let mut at = if signed_today {
        today
    } else {
        today.saturating_sub(1)
    };
    let mut n = 0i64;
    while days.contains(&at) {
        n = n.saturating_add(1);
        at = at.saturating_sub(1);
    }
    (n, signed_today)
}

/// Which calendar day (1..=7) a sign-in after `streak` consecutive days is.
pub fn calendar_day(streak: i64) -> i64 {
    streak.rem_euclid(CALENDAR_DAYS).saturating_add(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn ratios_follow_the_setting_and_refuse_nonsense() {
        let on = json!({"isOpen": true, "oneRatio": "10", "twoRatio": "5", "threeRatio": 2.5});
        let r = Ratios::from_setting(&on).unwrap();
        assert_eq!(r.0, [d("10"), d("5"), d("2.5")]);
        let fee = Amount::parse("0.0004").unwrap();
        assert_eq!(r.share(1, fee).unwrap(), Amount::parse("0.00004").unwrap());
        assert_eq!(
            r.share(3, Amount::parse("0.00000039").unwrap()).unwrap(),
            Amount::parse("0").unwrap()
        );
        assert_eq!(r.share(4, fee), None);
        assert_eq!(
            Ratios::from_setting(
                &json!({"isOpen": false, "oneRatio": "1", "twoRatio": "1", "threeRatio": "1"})
            ),
            None
        );
        assert_eq!(
            Ratios::from_setting(
                &json!({"isOpen": true, "oneRatio": "60", "twoRatio": "30", "threeRatio": "11"})
            ),
            None
        );
        assert_eq!(
            Ratios::from_setting(
                &json!({"isOpen": true, "oneRatio": "-1", "twoRatio": "0", "threeRatio": "0"})
            ),
            None
        );
        assert_eq!(
            Ratios::from_setting(
                &json!({"isOpen": true, "oneRatio": "x", "twoRatio": "0", "threeRatio": "0"})
            ),
            None
        );
    }

    #[test]
    fn accounts_are_masked_and_volumes_banded() {
        assert_eq!(mask("alice@example.com"), "al***om");
        assert_eq!(mask("bob"), "b***");
        assert_eq!(mask(""), "");
        assert_eq!(volume_band(d("0")), "0");
        assert_eq!(volume_band(d("999.99")), "<1K");
        assert_eq!(volume_band(d("1000")), "1K-10K");
        assert_eq!(volume_band(d("250000")), ">=100K");
    }

    #[test]
    fn a_streak_counts_consecutive_days_and_the_calendar_wraps() {
        assert_eq!(streak(&[], 100), (0, false));
        assert_eq!(
            streak(&[99, 98, 96], 100),
            (2, false),
            "yesterday and the day before"
        );
        assert_eq!(streak(&[100, 99, 98], 100), (3, true));
        assert_eq!(streak(&[98, 97], 100), (0, false), "a missed day breaks it");
        assert_eq!(calendar_day(0), 1);
        assert_eq!(calendar_day(6), 7);
        assert_eq!(calendar_day(7), 1);
    }

    proptest! {
        /// The three shares never add up to more than the fee.
        #[test]
        fn shares_never_exceed_the_fee(units in 1u64..1_000_000_000_000, a in 0u32..=50, b in 0u32..=30, c in 0u32..=20) {
            let r = Ratios([Decimal::from(a), Decimal::from(b), Decimal::from(c)]);
            let fee = Amount::from_decimal(Decimal::new(units as i64, 8)).unwrap();
            let total = (1..=3).map(|l| r.share(l, fee).unwrap().as_decimal()).sum::<Decimal>();
            prop_assert!(total <= fee.as_decimal());
        }
    }
}
