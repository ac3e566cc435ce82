//! Maintenance margin by notional brackets ("tax brackets"): a position's
//! maintenance margin is `notional × rate − cum` with the rate of the
//! bracket its notional falls in, and `cum_n = floor_n × (rate_n −
//! rate_(n−1)) + cum_(n−1)`, so the margin is continuous where a position
//! crosses from one bracket into the next. Each bracket also caps the
//! leverage a position of that size may use.

use rust_decimal::Decimal;

/// One bracket: notionals in `[floor, cap)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tier {
    pub floor: Decimal,
    pub cap: Decimal,
    pub max_leverage: u32,
    /// Maintenance margin rate (0.004 = 0.4 %).
    pub rate: Decimal,
    /// The bracket's maintenance amount, from the recurrence.
    pub cum: Decimal,
}

/// A contract's brackets, lowest first, contiguous from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Brackets {
    tiers: Vec<Tier>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BracketError {
    #[error("no bracket")]
    Empty,
    #[error("bracket {0} does not start where the one before ends (the first at 0)")]
    Gap(usize),
    #[error("bracket {0} ends at or below its start")]
    EmptyRange(usize),
    #[error("bracket {0}: rates must be in (0, 1) and not fall from one bracket to the next")]
    Rate(usize),
    #[error("bracket {0}: leverage must be at least 1 and not rise from one bracket to the next")]
    Leverage(usize),
    #[error("bracket {0}: out of range")]
    Overflow(usize),
}

impl Brackets {
    /// Brackets from `(floor, cap, max leverage, rate)` rows, each `cum`
    /// computed by the recurrence.
    pub fn new(rows: &[(Decimal, Decimal, u32, Decimal)]) -> Result<Brackets, BracketError> {
        if rows.is_empty() {
            return Err(BracketError::Empty);
        }
        let mut tiers: Vec<Tier> = Vec::with_capacity(rows.len());
        for (i, &(floor, cap, max_leverage, rate)) in rows.iter().enumerate() {
            let prev = i.checked_sub(1).and_then(|p| tiers.get(p));
            let expected_floor = prev.map(|p| p.cap).unwrap_or(Decimal::ZERO);
            if floor != expected_floor {
                return Err(BracketError::Gap(i));
            }
            if cap <= floor {
                return Err(BracketError::EmptyRange(i));
            }
            if rate <= Decimal::ZERO || rate >= Decimal::ONE || prev.is_some_and(|p| rate < p.rate)
            {
                return Err(BracketError::Rate(i));
            }
            if max_leverage == 0 || prev.is_some_and(|p| max_leverage > p.max_leverage) {
                return Err(BracketError::Leverage(i));
            }
            let cum = match prev {
                None => Decimal::ZERO,
                Some(p) => rate
                    .checked_sub(p.rate)
                    .and_then(|step| floor.checked_mul(step))
                    .and_then(|add| add.checked_add(p.cum))
                    .ok_or(BracketError::Overflow(i))?,
            };
            tiers.push(Tier {
                floor,
                cap,
                max_leverage,
                rate,
                cum,
            });
        }
        Ok(Brackets { tiers })
    }

    pub fn tiers(&self) -> &[Tier] {
        &self.tiers
    }

    /// The bracket `notional` falls in; `None` beyond the last cap (a
    /// position that large is not allowed at all).
    pub fn tier(&self, notional: Decimal) -> Option<&Tier> {
        self.tiers
            .iter()
            .find(|t| t.floor <= notional.abs() && notional.abs() < t.cap)
    }

    /// Maintenance margin of a position of `notional` (its absolute value).
    pub fn maintenance(&self, notional: Decimal) -> Option<Decimal> {
        let t = self.tier(notional)?;
        notional.abs().checked_mul(t.rate)?.checked_sub(t.cum)
    }

    /// The highest leverage a position of `notional` may use.
    pub fn max_leverage(&self, notional: Decimal) -> Option<u32> {
        self.tier(notional).map(|t| t.max_leverage)
    }

    /// The same rates and leverages with every floor and cap multiplied by
    /// `factor` (a smaller contract's brackets from BTCUSDT's).
    pub fn scaled(&self, factor: Decimal) -> Result<Brackets, BracketError> {
        let rows: Option<Vec<_>> = self
            .tiers
            .iter()
            .map(|t| {
                Some((
                    t.floor.checked_mul(factor)?,
                    t.cap.checked_mul(factor)?,
                    t.max_leverage,
                    t.rate,
                ))
            })
            .collect();
        Brackets::new(&rows.ok_or(BracketError::Overflow(0))?)
    }

    /// Binance's BTCUSDT brackets (venue anchors §1.3), the default every
    /// contract's are scaled from.
    pub fn btcusdt() -> Brackets {
        let m = |n: i64| Decimal::from(n);
        let r = |per_ten_thousand: i64| Decimal::new(per_ten_thousand, 4);
        let rows = [
            (m(0), m(300_000), 150, r(40)),
            (m(300_000), m(800_000), 100, r(50)),
            (m(800_000), m(3_000_000), 75, r(65)),
            (m(3_000_000), m(12_000_000), 50, r(100)),
            (m(12_000_000), m(70_000_000), 25, r(200)),
            (m(70_000_000), m(100_000_000), 20, r(250)),
            (m(100_000_000), m(230_000_000), 10, r(500)),
            (m(230_000_000), m(480_000_000), 5, r(1000)),
            (m(480_000_000), m(600_000_000), 4, r(1250)),
            (m(600_000_000), m(800_000_000), 3, r(1500)),
            (m(800_000_000), m(1_200_000_000), 2, r(2500)),
            (m(1_200_000_000), m(1_800_000_000), 1, r(5000)),
        ];
        match Brackets::new(&rows) {
            Ok(b) => b,
            // The table above is valid; a test checks it.
            Err(_) => Brackets { tiers: Vec::new() },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64) -> Decimal {
        Decimal::from(n)
    }

    #[test]
    fn the_recurrence_gives_binances_published_maintenance_amounts() {
        let b = Brackets::btcusdt();
        let cums: Vec<Decimal> = b.tiers().iter().map(|t| t.cum.normalize()).collect();
        let published = [
            0i64,
            300,
            1_500,
            12_000,
            132_000,
            482_000,
            2_982_000,
            14_482_000,
            26_482_000,
            41_482_000,
            121_482_000,
            421_482_000,
        ];
        assert_eq!(cums, published.map(d).to_vec());
    }

    #[test]
    fn maintenance_is_continuous_across_a_bracket_boundary() {
        let b = Brackets::btcusdt();
        for t in &b.tiers()[1..] {
            let at = b.maintenance(t.floor).unwrap();
            let below = b.maintenance(t.floor - Decimal::new(1, 8)).unwrap();
            assert!(
                (at - below).abs() < Decimal::new(1, 6),
                "{t:?}: {below} -> {at}"
            );
        }
        assert_eq!(b.maintenance(d(60_000)), Some(d(240)));
        assert_eq!(b.maintenance(d(6_000_000)), Some(d(48_000)));
        assert_eq!(b.max_leverage(d(6_000_000)), Some(50));
        assert_eq!(b.tier(d(1_800_000_000)), None, "beyond the last cap");
    }

    #[test]
    fn malformed_brackets_are_refused() {
        let r = Decimal::new(4, 3);
        assert_eq!(
            Brackets::new(&[(d(1), d(10), 10, r)]),
            Err(BracketError::Gap(0))
        );
        assert_eq!(
            Brackets::new(&[(d(0), d(10), 10, r), (d(11), d(20), 5, r)]),
            Err(BracketError::Gap(1))
        );
        assert_eq!(
            Brackets::new(&[(d(0), d(10), 10, r), (d(10), d(20), 5, Decimal::new(3, 3))]),
            Err(BracketError::Rate(1))
        );
        assert_eq!(
            Brackets::new(&[(d(0), d(10), 10, r), (d(10), d(20), 20, r)]),
            Err(BracketError::Leverage(1))
        );
    }

    #[test]
    fn scaled_brackets_keep_their_rates() {
        let b = Brackets::btcusdt().scaled(Decimal::new(1, 1)).unwrap();
        assert_eq!(b.tiers()[0].cap, d(30_000));
        assert_eq!(b.tiers()[1].cum.normalize(), d(30));
        assert_eq!(b.tiers()[1].rate, Decimal::new(50, 4));
    }
}
