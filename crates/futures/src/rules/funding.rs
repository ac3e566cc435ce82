//! Funding in a dealer model. With the house on the other side of every
//! position there is no order book to take a premium from, so the rate
//! leans against the open-interest skew instead (decision 0023):
//!
//! `F = clamp(I + k × (OI_long − OI_short) / max(OI_long + OI_short, OI_floor), −cap, +cap)`
//!
//! per interval, with `I` 0.01 % per 8 h as Binance's interest part. A
//! position pays `mark × size × F` when it is long and `F` is positive,
//! and receives it when short (and the reverse for a negative rate).

use super::Side;
use rust_decimal::Decimal;

/// A contract's published funding terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FundingTerms {
    /// The interest part per interval (0.0001 = 0.01 %).
    pub interest: Decimal,
    /// How far the skew moves the rate.
    pub skew_factor: Decimal,
    /// The rate's bound either way per interval.
    pub cap: Decimal,
    /// Open interest (notional) below which the skew is damped: the
    /// divisor is at least this, so a thin book cannot swing the rate.
    pub oi_floor: Decimal,
}

/// The rate for the interval from the open interest (notional) either way.
pub fn rate(terms: &FundingTerms, oi_long: Decimal, oi_short: Decimal) -> Option<Decimal> {
    let total = oi_long.checked_add(oi_short)?.max(terms.oi_floor);
    let skew = if total.is_zero() {
        Decimal::ZERO
    } else {
        oi_long.checked_sub(oi_short)?.checked_div(total)?
    };
    let raw = terms
        .interest
        .checked_add(terms.skew_factor.checked_mul(skew)?)?;
    // `clamp` panics on a negative bound: a negative cap has no rate.
    if terms.cap.is_sign_negative() {
        return None;
    }
    let floor = Decimal::ZERO.checked_sub(terms.cap)?;
    // Published to 8 decimals, as Binance's `fundingRate`: a skew quotient
    // has no finite decimal.
    Some(raw.clamp(floor, terms.cap).round_dp(RATE_DP))
}

/// Decimals of a published funding rate.
pub const RATE_DP: u32 = 8;

/// What moves for a payment of `owed` (positive: the position pays, at most
/// its `margin`, rounded up to the ledger's unit; negative: it receives,
/// rounded down): never more precise than the ledger, so any product of
/// size, mark and rate can be posted.
pub fn payment_amount(owed: Decimal, margin: Decimal, ledger_dp: u32) -> Option<Decimal> {
    use rust_decimal::RoundingStrategy::{AwayFromZero, ToZero};
    if owed.is_sign_positive() {
        Some(
            owed.round_dp_with_strategy(ledger_dp, AwayFromZero)
                .min(margin.max(Decimal::ZERO)),
        )
    } else {
        Some(owed.abs().round_dp_with_strategy(ledger_dp, ToZero))
    }
}

/// What the position pays (positive) or receives (negative) at `rate`.
pub fn payment(side: Side, qty: Decimal, mark: Decimal, rate: Decimal) -> Option<Decimal> {
    mark.checked_mul(qty)?
        .checked_mul(rate)?
        .checked_mul(side.sign())
}

/// The next funding time after `now_ms`: the next multiple of the interval
/// counted from 00:00 UTC (00:00, 08:00, 16:00 for 8 h).
pub fn next_funding_ms(now_ms: i64, interval_hours: u32) -> Option<i64> {
    let interval = i64::from(interval_hours).checked_mul(3_600_000)?;
    if interval <= 0 {
        return None;
    }
    now_ms
        .checked_div_euclid(interval)?
        .checked_add(1)?
        .checked_mul(interval)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skewed_rate_is_published_to_eight_decimals_and_any_payment_fits_the_ledger() {
        let terms = FundingTerms {
            interest: Decimal::new(1, 4),
            skew_factor: Decimal::new(5, 4),
            cap: Decimal::new(3, 3),
            oi_floor: Decimal::from(1_000),
        };
        // 2,000 long against 1,000 short: a skew of 1/3.
        let r = rate(&terms, Decimal::from(2_000), Decimal::from(1_000)).unwrap();
        assert_eq!(r, Decimal::new(26_667, 8));
        let owed = payment(
            Side::Long,
            Decimal::new(123_456_789, 8),
            Decimal::new(6_543_210_987_654, 8),
            r,
        )
        .unwrap();
        let paid = payment_amount(owed, Decimal::from(1_000), 8).unwrap();
        assert!(paid.scale() <= 8 && paid >= owed && paid - owed < Decimal::new(1, 8));
        let received = payment_amount(-owed, Decimal::from(1_000), 8).unwrap();
        assert!(received <= owed && owed - received < Decimal::new(1, 8));
        // Never more than the margin.
        assert_eq!(
            payment_amount(owed, Decimal::new(5, 1), 8),
            Some(Decimal::new(5, 1))
        );
    }
    use std::str::FromStr;

    fn d(text: &str) -> Decimal {
        Decimal::from_str(text).unwrap()
    }

    fn terms() -> FundingTerms {
        FundingTerms {
            interest: d("0.0001"),
            skew_factor: d("0.001"),
            cap: d("0.003"),
            oi_floor: d("1000000"),
        }
    }

    #[test]
    fn the_rate_leans_against_the_skew_within_its_cap() {
        let t = terms();
        // Balanced, or nothing open: the interest part alone.
        assert_eq!(rate(&t, d("5000000"), d("5000000")), Some(d("0.0001")));
        assert_eq!(rate(&t, d("0"), d("0")), Some(d("0.0001")));
        // All long: 0.0001 + 0.001 × 1.
        assert_eq!(rate(&t, d("2000000"), d("0")), Some(d("0.0011")));
        // All short on a thin book: damped by the floor.
        assert_eq!(rate(&t, d("0"), d("100000")), Some(d("0.0000")));
        let steep = FundingTerms {
            skew_factor: d("0.01"),
            ..t
        };
        assert_eq!(
            rate(&steep, d("2000000"), d("0")),
            Some(d("0.003")),
            "capped"
        );
        assert_eq!(rate(&steep, d("0"), d("2000000")), Some(d("-0.003")));
        let broken = FundingTerms {
            cap: d("-0.001"),
            ..t
        };
        assert_eq!(rate(&broken, d("1"), d("0")), None);
    }

    #[test]
    fn binances_worked_payments() {
        // 1 BTC at a mark of 60,000: 0.01 % → longs pay 6, 0.3 % → 180.
        assert_eq!(
            payment(Side::Long, d("1"), d("60000"), d("0.0001")).map(|p| p.normalize()),
            Some(d("6"))
        );
        assert_eq!(
            payment(Side::Long, d("1"), d("60000"), d("0.003")).map(|p| p.normalize()),
            Some(d("180"))
        );
        assert_eq!(
            payment(Side::Short, d("1"), d("60000"), d("0.0001")).map(|p| p.normalize()),
            Some(d("-6"))
        );
    }

    #[test]
    fn funding_comes_at_00_08_and_16_utc() {
        let day = 1_764_028_800_000; // 2025-11-25 00:00 UTC
        assert_eq!(next_funding_ms(day, 8), Some(day + 8 * 3_600_000));
        assert_eq!(next_funding_ms(day - 1, 8), Some(day));
        assert_eq!(
            next_funding_ms(day + 9 * 3_600_000, 8),
            Some(day + 16 * 3_600_000)
        );
        assert_eq!(next_funding_ms(day, 0), None);
    }
}
