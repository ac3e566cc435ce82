//! The rules of an earn order, pure: which UTC days it accrues, what a
//! day's interest is, what an early redemption costs. `onyx verify`, the
//! accrual sweep and the tests all answer from here.
//!
//! A day is a UTC calendar day numbered from the Unix epoch. An order
//! subscribed during day `s` accrues from day `s + 1` (00:00 UTC after
//! subscription) for `days` days: days `start ..= start + days - 1`; day
//! `d`'s interest falls due at 00:00 UTC of day `d + 1`, and the order
//! matures at 00:00 UTC of `end = start + days`. Every day counts the same
//! (`/ 365` for an APR, a leap year included), as the venues do.

use onyx_kernel::money::{Amount, LEDGER_DP};
use rust_decimal::Decimal;

pub const DAY_MS: i64 = 86_400_000;
/// Days an APR is spread over.
const DAYS_PER_YEAR: i64 = 365;

/// The UTC day `ms` falls on (days before 1970 are negative).
pub fn day_of(ms: i64) -> i64 {
    ms.div_euclid(DAY_MS)
}

/// 00:00 UTC of `day`, in ms; `None` beyond the representable.
pub fn start_of(day: i64) -> Option<i64> {
    day.checked_mul(DAY_MS)
}

/// The days an order accrues: `start` (inclusive) to `end` (exclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    pub start: i64,
    pub end: i64,
}

impl Term {
    /// The term of an order subscribed at `subscribed_ms` for `days` days.
    pub fn from_subscription(subscribed_ms: i64, days: i64) -> Option<Term> {
        if days <= 0 {
            return None;
        }
        let start = day_of(subscribed_ms).checked_add(1)?;
        Some(Term {
            start,
            end: start.checked_add(days)?,
        })
    }

    /// A renewal: the next term of the same length, from the old end.
    pub fn renewed(&self) -> Option<Term> {
        let days = self.end.checked_sub(self.start)?;
        Some(Term {
            start: self.end,
            end: self.end.checked_add(days)?,
        })
    }

    pub fn days(&self) -> i64 {
        self.end.saturating_sub(self.start)
    }

    /// The last day whose interest is due at `now_ms`: the day before
    /// today, no later than the term's last day; `None` before any is due.
    pub fn due_through(&self, now_ms: i64) -> Option<i64> {
        let last = day_of(now_ms).checked_sub(1)?.min(self.end.checked_sub(1)?);
        (last >= self.start).then_some(last)
    }

    /// Whether the order has matured at `now_ms`.
    pub fn matured(&self, now_ms: i64) -> bool {
        day_of(now_ms) >= self.end
    }
}

fn ledger(value: Decimal) -> Option<Amount> {
    Amount::from_decimal(
        value.round_dp_with_strategy(LEDGER_DP, rust_decimal::RoundingStrategy::ToZero),
    )
    .ok()
}

/// One day's interest at an APR in percent: `principal × apr / 100 / 365`,
/// rounded down to the ledger's 8 decimals.
pub fn daily_at_apr(principal: Amount, apr_percent: Decimal) -> Option<Amount> {
    if apr_percent.is_sign_negative() {
        return None;
    }
    let yearly = principal.as_decimal().checked_mul(apr_percent)?;
    ledger(yearly.checked_div(Decimal::from(100 * DAYS_PER_YEAR))?)
}

/// One day's interest at a daily rate in percent: `principal × rate / 100`,
/// rounded down to 8 decimals.
pub fn daily_at_rate(principal: Amount, daily_percent: Decimal) -> Option<Amount> {
    if daily_percent.is_sign_negative() {
        return None;
    }
    ledger(
        principal
            .as_decimal()
            .checked_mul(daily_percent)?
            .checked_div(Decimal::ONE_HUNDRED)?,
    )
}

/// An APR's daily rate in percent, to 8 decimals (what a card shows).
pub fn daily_percent_of_apr(apr_percent: Decimal) -> Decimal {
    apr_percent
        .checked_div(Decimal::from(DAYS_PER_YEAR))
        .unwrap_or_default()
        .round_dp(8)
        .normalize()
}

/// A staking product's published daily rates: each applies from its day
/// (00:00 UTC) until the next entry's day.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Schedule {
    /// (from day, daily rate in percent), in day order.
    entries: Vec<(i64, Decimal)>,
}

impl Schedule {
    pub fn new(mut entries: Vec<(i64, Decimal)>) -> Schedule {
        entries.sort_by_key(|(day, _)| *day);
        entries.dedup_by_key(|(day, _)| *day);
        Schedule { entries }
    }

    pub fn entries(&self) -> &[(i64, Decimal)] {
        &self.entries
    }

    /// The rate in force on `day`; `None` before the first entry.
    pub fn rate_on(&self, day: i64) -> Option<Decimal> {
        self.entries
            .iter()
            .rev()
            .find(|(from, _)| *from <= day)
            .map(|(_, rate)| *rate)
    }

    /// The lowest and highest rate in force on `from_day` or later.
    pub fn range_from(&self, from_day: i64) -> Option<(Decimal, Decimal)> {
        let mut rates: Vec<Decimal> = self.rate_on(from_day).into_iter().collect();
        rates.extend(
            self.entries
                .iter()
                .filter(|(d, _)| *d > from_day)
                .map(|(_, r)| *r),
        );
        let min = rates.iter().min().copied()?;
        let max = rates.iter().max().copied()?;
        Some((min, max))
    }
}

/// How an order's interest is worked out, day by day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rate {
    /// Fixed for the term at subscription (finance).
    Apr(Decimal),
    /// The product's published schedule (staking).
    Daily(Schedule),
}

impl Rate {
    /// The daily rate (percent) day `day` accrues at, as recorded on the
    /// accrual: the APR's share for a finance order.
    pub fn percent_on(&self, day: i64) -> Option<Decimal> {
        match self {
            Rate::Apr(apr) => Some(*apr),
            Rate::Daily(s) => s.rate_on(day),
        }
    }

    /// Day `day`'s interest on `principal`.
    pub fn interest_on(&self, principal: Amount, day: i64) -> Option<Amount> {
        match self {
            Rate::Apr(apr) => daily_at_apr(principal, *apr),
            Rate::Daily(s) => daily_at_rate(principal, s.rate_on(day)?),
        }
    }

    /// The whole term's interest at the rates known now.
    pub fn over(&self, principal: Amount, term: &Term) -> Option<Amount> {
        (term.start..term.end).try_fold(Amount::ZERO, |sum, day| {
            sum.checked_add(self.interest_on(principal, day)?)
        })
    }
}

/// What an early redemption costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EarlyRule {
    /// Not before maturity.
    None,
    /// Interest already accrued (paid or held) comes out of the principal.
    Forfeit,
    /// A published fraction of the principal.
    Penalty(Decimal),
}

impl EarlyRule {
    pub fn name(&self) -> &'static str {
        match self {
            EarlyRule::None => "none",
            EarlyRule::Forfeit => "forfeit",
            EarlyRule::Penalty(_) => "penalty",
        }
    }
}

/// An early redemption: what the user gets back and what returns to the
/// finance house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Redemption {
    /// Principal kept by the house (the penalty rule), rounded up.
    pub penalty: Amount,
    /// Interest given back (the forfeit rule): first the held interest,
    /// then the paid interest out of the principal.
    pub forfeited: Amount,
    /// Principal plus held interest, less both.
    pub receive: Amount,
}

/// Redeeming now an order holding `principal` with `held` interest not yet
/// paid and `paid` interest already paid out. `None` when the rule allows
/// no early redemption.
pub fn redeem(
    principal: Amount,
    held: Amount,
    paid: Amount,
    rule: EarlyRule,
) -> Option<Redemption> {
    let total = principal.checked_add(held)?;
    match rule {
        EarlyRule::None => None,
        EarlyRule::Forfeit => {
            let forfeited = held.checked_add(paid)?.min(total);
            Some(Redemption {
                penalty: Amount::ZERO,
                forfeited,
                receive: total.checked_sub(forfeited)?,
            })
        }
        EarlyRule::Penalty(fraction) => {
            if fraction.is_sign_negative() || fraction > Decimal::ONE {
                return None;
            }
            let raw = principal.as_decimal().checked_mul(fraction)?;
            let penalty = Amount::from_decimal(raw)
                .ok()?
                .round_up(LEDGER_DP)
                .min(principal);
            Some(Redemption {
                penalty,
                forfeited: Amount::ZERO,
                receive: total.checked_sub(penalty)?,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Utc};
    use proptest::prelude::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }
    fn a(s: &str) -> Amount {
        Amount::parse(s).unwrap()
    }
    fn ms(y: i32, mo: u32, day: u32, h: u32, mi: u32, s: u32) -> i64 {
        Utc.with_ymd_and_hms(y, mo, day, h, mi, s)
            .unwrap()
            .timestamp_millis()
    }
    fn day(y: i32, mo: u32, dd: u32) -> i64 {
        day_of(ms(y, mo, dd, 0, 0, 0))
    }

    #[test]
    fn a_term_starts_at_the_next_utc_midnight_and_runs_its_days() {
        // (subscribed at, days, first accrual day, maturity day)
        let table = [
            (
                ms(2026, 11, 25, 10, 0, 0),
                7,
                day(2026, 11, 26),
                day(2026, 12, 3),
            ),
            (
                ms(2026, 11, 25, 0, 0, 0),
                7,
                day(2026, 11, 26),
                day(2026, 12, 3),
            ),
            // One second before midnight: that second earns nothing.
            (
                ms(2026, 11, 25, 23, 59, 59),
                1,
                day(2026, 11, 26),
                day(2026, 11, 27),
            ),
            // A 30-day term across 29 February 2028 still runs 30 days.
            (
                ms(2028, 2, 15, 12, 0, 0),
                30,
                day(2028, 2, 16),
                day(2028, 3, 17),
            ),
            (
                ms(2026, 12, 31, 18, 0, 0),
                90,
                day(2027, 1, 1),
                day(2027, 4, 1),
            ),
        ];
        for (at, days, start, end) in table {
            let t = Term::from_subscription(at, days).unwrap();
            assert_eq!((t.start, t.end), (start, end), "subscribed at {at}");
            assert_eq!(t.days(), days);
        }
        assert_eq!(Term::from_subscription(0, 0), None);
    }

    #[test]
    fn interest_falls_due_day_by_day_and_stops_at_maturity() {
        let t = Term::from_subscription(ms(2026, 11, 25, 23, 59, 59), 3).unwrap();
        // The day of subscription and the first day itself: nothing due.
        assert_eq!(t.due_through(ms(2026, 11, 25, 23, 59, 59)), None);
        assert_eq!(t.due_through(ms(2026, 11, 26, 23, 59, 59)), None);
        assert_eq!(t.due_through(ms(2026, 11, 27, 0, 0, 0)), Some(t.start));
        assert_eq!(t.due_through(ms(2026, 11, 28, 12, 0, 0)), Some(t.start + 1));
        assert!(!t.matured(ms(2026, 11, 28, 23, 59, 59)));
        assert!(t.matured(ms(2026, 11, 29, 0, 0, 0)));
        // Long after maturity: the last day, never beyond.
        assert_eq!(t.due_through(ms(2027, 6, 1, 0, 0, 0)), Some(t.end - 1));
        let renewed = t.renewed().unwrap();
        assert_eq!((renewed.start, renewed.days()), (t.end, 3));
    }

    #[test]
    fn daily_interest_rounds_down_to_eight_decimals() {
        // (principal, APR %, one day)
        let table = [
            ("100", "5", "0.01369863"),     // 0.013698630136...
            ("1000", "10.9", "0.29863013"), // 0.298630136...
            ("365", "1", "0.01"),
            ("0.00000001", "100", "0"),
            ("50000", "0", "0"),
        ];
        for (p, apr, want) in table {
            assert_eq!(
                daily_at_apr(a(p), d(apr)).unwrap(),
                a(want),
                "{p} at {apr}%"
            );
        }
        assert_eq!(daily_at_rate(a("1000"), d("0.05")).unwrap(), a("0.5"));
        assert_eq!(
            daily_at_rate(a("333.33"), d("0.013")).unwrap(),
            a("0.04333290")
        );
        assert_eq!(daily_at_apr(a("1"), d("-1")), None);
        assert_eq!(daily_percent_of_apr(d("3.65")), d("0.01"));
    }

    #[test]
    fn a_term_earns_its_days_at_the_rate_in_force_each_day() {
        let t = Term {
            start: 100,
            end: 107,
        };
        let apr = Rate::Apr(d("5"));
        assert_eq!(apr.over(a("100"), &t).unwrap(), a("0.09589041")); // 7 × 0.01369863
        let s = Schedule::new(vec![(90, d("0.1")), (104, d("0.2")), (200, d("0.3"))]);
        assert_eq!(s.rate_on(89), None);
        assert_eq!(s.rate_on(103), Some(d("0.1")));
        assert_eq!(s.rate_on(104), Some(d("0.2")));
        // 4 days at 0.1 % and 3 at 0.2 % of 1000.
        assert_eq!(Rate::Daily(s.clone()).over(a("1000"), &t).unwrap(), a("10"));
        assert_eq!(s.range_from(100), Some((d("0.1"), d("0.3"))));
        assert_eq!(s.range_from(250), Some((d("0.3"), d("0.3"))));
        assert_eq!(Rate::Daily(Schedule::default()).over(a("1"), &t), None);
    }

    #[test]
    fn early_redemption_by_rule() {
        // Forfeit: the held interest and then the paid interest come back.
        let r = redeem(a("100"), a("0.5"), a("0.3"), EarlyRule::Forfeit).unwrap();
        assert_eq!(
            (r.penalty, r.forfeited, r.receive),
            (a("0"), a("0.8"), a("99.7"))
        );
        // Penalty: a share of the principal, rounded up; held interest kept.
        let r = redeem(
            a("100.00000001"),
            a("1"),
            a("0"),
            EarlyRule::Penalty(d("0.05")),
        )
        .unwrap();
        assert_eq!((r.penalty, r.receive), (a("5.00000001"), a("96")));
        assert_eq!(redeem(a("1"), a("0"), a("0"), EarlyRule::None), None);
        assert_eq!(
            redeem(a("1"), a("0"), a("0"), EarlyRule::Penalty(d("1.5"))),
            None
        );
    }

    proptest! {
        /// Whatever the amounts, a redemption gives out no more than the
        /// order holds, and what it keeps plus what it gives is exactly that.
        #[test]
        fn a_redemption_splits_what_the_order_holds(
            p in 1u64..10_000_000_000_000, held in 0u64..1_000_000_000, paid in 0u64..1_000_000_000,
            bp in 0u32..=10_000, forfeit in any::<bool>(),
        ) {
            let units = |u: u64| Amount::from_decimal(Decimal::new(u as i64, 8)).unwrap();
            let (p, held, paid) = (units(p), units(held), units(paid));
            let rule = if forfeit { EarlyRule::Forfeit } else { EarlyRule::Penalty(Decimal::new(bp.into(), 4)) };
            let r = redeem(p, held, paid, rule).unwrap();
            let total = p.checked_add(held).unwrap();
            prop_assert_eq!(
                r.receive.checked_add(r.penalty).unwrap().checked_add(r.forfeited).unwrap(),
                total
            );
        }

        /// A term's interest is the sum of its days, each rounded down, so
        /// it is never more than the unrounded `principal × apr × days / 36500`.
        #[test]
        fn a_term_never_pays_more_than_the_exact_rate(
            p in 1u64..10_000_000_000_000, apr_bp in 0u32..5_000, days in 1i64..400,
        ) {
            let principal = Amount::from_decimal(Decimal::new(p as i64, 8)).unwrap();
            let apr = Decimal::new(apr_bp.into(), 2);
            let t = Term { start: 0, end: days };
            let paid = Rate::Apr(apr).over(principal, &t).unwrap().as_decimal();
            let exact = principal.as_decimal() * apr * Decimal::from(days) / Decimal::from(36_500);
            prop_assert!(paid <= exact);
            prop_assert!(exact - paid < Decimal::new(days, 8));
        }
    }
}
