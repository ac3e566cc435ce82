//! The money type and the one parser for every number the API takes.
//! Amounts are exact decimals, carried in JSON as strings. What the user
//! receives rounds down and what the user pays rounds up, so rounding never
//! creates money.
//!
//! [`parse_decimal`] reads an amount or a price as typed: plain digits with
//! at most one point, nothing else (no sign, exponent, `_` or space), at
//! most [`NUMBER_TEXT_MAX`] characters, at most [`WHOLE_DIGITS_MAX`] whole
//! digits, and no more fractional digits than the caller allows, counted on
//! the text. The value is built digit by digit, so it is exact or refused:
//! rust_decimal never gets the chance to round it.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable
    )
)]

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// Largest number of fractional digits an amount may carry (satoshi-level
/// precision for BTC is 8; ERC-20 tokens go to 18).
pub const SCALE_MAX: u32 = 18;

/// Fractional digits of what the ledger books for any asset on the user's
/// behalf: fees (`spot::FEE_DP`), deposits (`deposit::SCALE_MAX`), flash
/// exchanges of a coin. What a user moves between their own wallets may be
/// as fine as this and no finer, whatever the asset: there is no finer
/// per-asset precision in the catalogue to follow (a spot pair's
/// `coinPrecision` is its order step, not the coin's).
pub const LEDGER_DP: u32 = 8;

/// Longest number text the API reads: 20 whole digits, a point and 18
/// decimals fit; anything longer is noise or an attack.
pub const NUMBER_TEXT_MAX: usize = 40;

/// Most whole digits an amount or price from the API may have: it is below
/// 10^20. With the ledger's 8 decimals that is 28 significant digits, which
/// rust_decimal holds exactly, and sums of many such values stay far inside
/// its range (about 7.9e28), so no sum of user amounts can overflow it.
pub const WHOLE_DIGITS_MAX: usize = 20;

/// 10^20: every amount or price the API accepts, and every product the
/// core derives from them for one order, is below this.
pub const VALUE_LIMIT: Decimal = Decimal::from_parts(0x6310_0000, 0x6BC7_5E2D, 0x5, false, 0);

/// Why a number from the API is refused. The caller names the field and
/// the precision in its own error code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    /// Not a plain decimal: empty, too long, a sign, an exponent, `_`, a
    /// space, a second point, a point without digits on both sides.
    #[error("not a plain decimal number")]
    Format,
    /// More significant fractional digits than the caller allows.
    #[error("too many fractional digits")]
    TooPrecise,
    /// More than [`WHOLE_DIGITS_MAX`] whole digits, or more significant
    /// digits than an exact decimal holds.
    #[error("too large")]
    TooLarge,
}

/// A non-negative number as typed, exact, with at most `dp_max` significant
/// fractional digits (trailing zeros do not count: "1.50" is 1.5). Zero is
/// accepted; a caller that needs a positive number says so in its own code.
pub fn parse_decimal(text: &str, dp_max: u32) -> Result<Decimal, NumberError> {
    if text.is_empty() || text.len() > NUMBER_TEXT_MAX {
        return Err(NumberError::Format);
    }
    let (whole, fraction) = scan(text)?;
    if whole.len() > WHOLE_DIGITS_MAX {
        return Err(NumberError::TooLarge);
    }
    if fraction.len() > dp_max as usize {
        return Err(NumberError::TooPrecise);
    }
    exact(whole, fraction).ok_or(NumberError::TooLarge)
}

/// The significant digits of a plain decimal: the whole part without its
/// leading zeros and the fraction without its trailing zeros.
fn scan(text: &str) -> Result<(&str, &str), NumberError> {
    let (whole, fraction) = match text.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (text, None),
    };
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || fraction.is_some_and(|f| !digits(f)) {
        return Err(NumberError::Format);
    }
    Ok((
        whole.trim_start_matches('0'),
        fraction.unwrap_or("").trim_end_matches('0'),
    ))
}

/// `whole.fraction` as a decimal built from its digits, or `None` when it
/// has more significant digits than a decimal holds.
fn exact(whole: &str, fraction: &str) -> Option<Decimal> {
    let scale = u32::try_from(fraction.len()).ok()?;
    let mut mantissa: i128 = 0;
    for c in whole.chars().chain(fraction.chars()) {
        let digit = i128::from(c.to_digit(10)?);
        mantissa = mantissa.checked_mul(10)?.checked_add(digit)?;
    }
    Decimal::try_from_i128_with_scale(mantissa, scale).ok()
}

/// `a + b`, exactly or not at all. rust_decimal does not fail a sum that
/// outgrows its 96 bits while it can drop decimals instead: it rounds.
/// Whether it did is checked on the parts that cannot round: the two
/// fractions (each below 1, so their sum fits) and the two whole parts
/// (integers: exact or overflowing).
pub fn exact_add(a: Decimal, b: Decimal) -> Option<Decimal> {
    let sum = a.checked_add(b)?;
    let fraction = a.fract().checked_add(b.fract())?;
    let whole = a
        .trunc()
        .checked_add(b.trunc())?
        .checked_add(fraction.trunc())?;
    // `sum - whole` is below 2 in size, so it is computed exactly.
    (sum.checked_sub(whole)? == fraction.fract()).then_some(sum)
}

/// `a - b`, exactly or not at all (see [`exact_add`]).
pub fn exact_sub(a: Decimal, b: Decimal) -> Option<Decimal> {
    let difference = a.checked_sub(b)?;
    let fraction = a.fract().checked_sub(b.fract())?;
    let whole = a
        .trunc()
        .checked_sub(b.trunc())?
        .checked_add(fraction.trunc())?;
    (difference.checked_sub(whole)? == fraction.fract()).then_some(difference)
}

/// `a * b`, exactly or not at all: rust_decimal rounds a product whose
/// digits do not fit, to the nearest, which could round up what a user
/// receives. Conservative: a product that fits only once its trailing
/// zeros are dropped is refused too (only past 28 significant digits).
pub fn exact_mul(a: Decimal, b: Decimal) -> Option<Decimal> {
    if a.is_zero() || b.is_zero() {
        return Some(Decimal::ZERO);
    }
    let product = a.checked_mul(b)?;
    let needed = a.normalize().scale().checked_add(b.normalize().scale())?;
    (product.scale() >= needed).then_some(product)
}

/// A non-negative exact amount of some asset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Amount(Decimal);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AmountError {
    #[error("not a decimal number")]
    NotANumber,
    #[error("negative amount")]
    Negative,
    #[error("more than {SCALE_MAX} fractional digits")]
    TooPrecise,
    #[error("more significant digits than an exact decimal holds")]
    TooLarge,
}

impl Amount {
    pub const ZERO: Amount = Amount(Decimal::ZERO);
    /// The largest amount: what a sum beyond the decimal range saturates to.
    pub const MAX: Amount = Amount(Decimal::MAX);

    /// Parses a plain decimal string ("12", "0.5") exactly: the shape of
    /// [`parse_decimal`] without its API bounds on length and whole digits,
    /// since stored amounts and settings pass through here too.
    pub fn parse(text: &str) -> Result<Amount, AmountError> {
        let (whole, fraction) = scan(text).map_err(|_| AmountError::NotANumber)?;
        if fraction.len() > SCALE_MAX as usize {
            return Err(AmountError::TooPrecise);
        }
        Amount::from_decimal(exact(whole, fraction).ok_or(AmountError::TooLarge)?)
    }

    pub fn from_decimal(value: Decimal) -> Result<Amount, AmountError> {
        if value.is_sign_negative() && !value.is_zero() {
            return Err(AmountError::Negative);
        }
        if value.scale() > SCALE_MAX {
            return Err(AmountError::TooPrecise);
        }
        Ok(Amount(value.normalize()))
    }

    pub fn from_units(units: u64) -> Amount {
        Amount(Decimal::from(units))
    }

    pub fn as_decimal(&self) -> Decimal {
        self.0
    }

    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }

    /// Rounds toward zero to `scale` digits: for amounts the user receives.
    pub fn round_down(self, scale: u32) -> Amount {
        Amount(
            self.0
                .round_dp_with_strategy(scale, RoundingStrategy::ToZero)
                .normalize(),
        )
    }

    /// Rounds away from zero to `scale` digits: for amounts the user pays.
    pub fn round_up(self, scale: u32) -> Amount {
        Amount(
            self.0
                .round_dp_with_strategy(scale, RoundingStrategy::AwayFromZero)
                .normalize(),
        )
    }

    /// `None` when the sum cannot be exact.
    pub fn checked_add(self, other: Amount) -> Option<Amount> {
        exact_add(self.0, other.0).map(Amount)
    }

    /// `None` when the result would be negative: a balance never goes below zero.
    pub fn checked_sub(self, other: Amount) -> Option<Amount> {
        let out = exact_sub(self.0, other.0)?;
        (!out.is_sign_negative() || out.is_zero()).then_some(Amount(out.normalize()))
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.normalize())
    }
}

impl FromStr for Amount {
    type Err = AmountError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Amount::parse(s)
    }
}

impl Serialize for Amount {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Amount {
    /// Accepts only strings: a JSON number may already have lost precision
    /// in the sender's float parser.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Amount::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_plain_decimals_and_refuses_the_rest() {
        assert_eq!(Amount::parse("80").unwrap().to_string(), "80");
        assert_eq!(Amount::parse("0.100").unwrap().to_string(), "0.1");
        for bad in ["", "1e5", " 1", "1.2.3", "-1", "abc", "1-2", "+1"] {
            assert!(Amount::parse(bad).is_err(), "{bad:?} should be refused");
        }
        assert_eq!(
            Amount::parse("0.0000000000000000001"),
            Err(AmountError::TooPrecise)
        );
    }

    #[test]
    fn the_api_parser_takes_plain_decimals_only() {
        let ok = |t: &str, dp| parse_decimal(t, dp).unwrap().to_string();
        assert_eq!(ok("12", 0), "12");
        assert_eq!(ok("0.5", 1), "0.5");
        assert_eq!(
            ok("007.250", 2),
            "7.25",
            "leading and trailing zeros are not digits"
        );
        assert_eq!(ok("0", 0), "0");
        assert_eq!(
            ok("99999999999999999999.99999999", 8),
            "99999999999999999999.99999999"
        );
        for bad in [
            "", " 1", "1 ", "1 0", "+1", "-1", "1e3", "1E3", "1_0", "0x10", "1.", ".5", "1.2.3",
            "١", "½", "NaN", "inf", "1,5", "\u{0}",
        ] {
            assert_eq!(parse_decimal(bad, 8), Err(NumberError::Format), "{bad:?}");
        }
        let long = format!("1.{}", "0".repeat(NUMBER_TEXT_MAX - 1));
        assert_eq!(parse_decimal(&long, 8), Err(NumberError::Format));
    }

    #[test]
    fn precision_is_counted_on_the_text_and_size_is_bounded() {
        let thirty = format!("1.{}1", "0".repeat(29));
        assert_eq!(parse_decimal(&thirty, 18), Err(NumberError::TooPrecise));
        assert_eq!(parse_decimal("0.123", 2), Err(NumberError::TooPrecise));
        assert_eq!(
            parse_decimal("79228162514264337593543950335", 8),
            Err(NumberError::TooLarge)
        );
        assert_eq!(
            parse_decimal("100000000000000000000", 8),
            Err(NumberError::TooLarge),
            "21 whole digits"
        );
        // 20 whole and 18 fractional digits are more than a decimal holds
        // exactly: refused, never rounded.
        let wide = format!("{}.{}", "9".repeat(20), "1".repeat(18));
        assert_eq!(parse_decimal(&wide, 18), Err(NumberError::TooLarge));
        assert!(parse_decimal("99999999999999999999", 0).unwrap() < VALUE_LIMIT);
        assert_eq!(VALUE_LIMIT, Decimal::from(10u128.pow(20)));
    }

    #[test]
    fn serializes_as_a_string_and_refuses_json_numbers() {
        let a = Amount::parse("12.5").unwrap();
        assert_eq!(serde_json::to_string(&a).unwrap(), "\"12.5\"");
        assert!(serde_json::from_str::<Amount>("12.5").is_err());
        assert_eq!(serde_json::from_str::<Amount>("\"12.5\"").unwrap(), a);
    }

    #[test]
    fn a_sum_that_would_round_is_refused() {
        let d = |t: &str| parse_decimal(t, 8).unwrap();
        let big = Decimal::from(10u128.pow(21));
        assert_eq!(exact_add(big, d("0.00000001")), None);
        assert_eq!(exact_sub(big, d("0.00000001")), None);
        assert_eq!(
            exact_add(d("99999999999999999999"), d("0.00000001")),
            Some(d("99999999999999999999.00000001"))
        );
        assert_eq!(exact_add(d("1.5"), d("2.25")), Some(d("3.75")));
        assert_eq!(exact_add(Decimal::MAX, Decimal::ONE), None);
        // A zero with decimals is still zero: rust_decimal hands back the
        // other term as it is.
        // Exact although it needs fewer decimals than its terms: kept.
        let big = |t: &str| parse_decimal(t, 9).unwrap();
        assert_eq!(
            exact_add(
                big("78999999899999999999.210000001"),
                big("21000000099999999999.789999999")
            ),
            Some(big("99999999999999999999"))
        );
        assert_eq!(
            exact_add(Decimal::new(-5, 0), big("0.3")),
            Some(Decimal::new(-47, 1))
        );
        assert_eq!(exact_sub(big("0.3"), big("5")), Some(Decimal::new(-47, 1)));
        let zero = Decimal::new(0, 8);
        assert_eq!(exact_add(zero, d("176.4")), Some(d("176.4")));
        assert_eq!(
            exact_sub(d("176.4"), d("176.40")).map(|z| z.is_zero()),
            Some(true)
        );
    }

    #[test]
    fn a_product_that_would_round_is_refused() {
        let d = |t: &str| parse_decimal(t, 12).unwrap();
        assert_eq!(exact_mul(d("1.5"), d("0.25")), Some(d("0.375")));
        assert_eq!(exact_mul(d("2.50"), d("2")), Some(d("5")));
        let wide = d("12345678.12345678");
        assert_eq!(exact_mul(wide, d("60000.123456789012")), None);
        assert_eq!(exact_mul(Decimal::MAX, d("2")), None);
    }

    #[test]
    fn subtraction_never_goes_negative() {
        let a = Amount::parse("1").unwrap();
        let b = Amount::parse("1.01").unwrap();
        assert_eq!(a.checked_sub(b), None);
        assert_eq!(b.checked_sub(a).unwrap().to_string(), "0.01");
    }

    proptest! {
        #[test]
        fn rounding_brackets_the_exact_value(units in 0u64..1_000_000_000_000, scale in 0u32..10, cut in 0u32..8) {
            let exact = Amount::from_decimal(Decimal::new(units as i64, scale)).unwrap();
            let down = exact.round_down(cut);
            let up = exact.round_up(cut);
            prop_assert!(down <= exact && exact <= up);
            prop_assert!(up.as_decimal() - down.as_decimal() <= Decimal::new(1, cut));
        }

        #[test]
        fn an_accepted_number_is_exactly_its_text(whole in 0u64..u64::MAX, frac in 0u64..100_000_000, dp in 0u32..9) {
            let text = format!("{whole}.{frac:08}");
            match parse_decimal(&text, dp) {
                Ok(d) => {
                    let expected = format!("{whole}.{frac:08}").trim_end_matches('0').trim_end_matches('.').to_string();
                    prop_assert_eq!(d.normalize().to_string(), expected);
                }
                Err(e) => prop_assert_eq!(e, NumberError::TooPrecise),
            }
        }

        #[test]
        fn string_round_trip_is_exact(units in 0u64..u64::MAX / 2, scale in 0u32..18) {
            let a = Amount::from_decimal(Decimal::new(units as i64, scale)).unwrap();
            let back: Amount = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
            prop_assert_eq!(a, back);
        }
    }
}
