//! The money type. Amounts are exact decimals, carried in JSON as strings.
//! What the user receives rounds down and what the user pays rounds up, so
//! rounding never creates money.

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// Largest number of fractional digits an amount may carry (satoshi-level
/// precision for BTC is 8; ERC-20 tokens go to 18).
pub const SCALE_MAX: u32 = 18;

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
}

impl Amount {
    pub const ZERO: Amount = Amount(Decimal::ZERO);

    /// Parses a plain decimal string ("12", "0.5"). Exponents, signs other
    /// than a leading '-' and surrounding spaces are refused: money input is
    /// never guessed at.
    pub fn parse(text: &str) -> Result<Amount, AmountError> {
        let plain = !text.is_empty()
            && text
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == '-')
            && text.chars().filter(|c| *c == '.').count() <= 1
            && !text[1.min(text.len())..].contains('-');
        if !plain {
            return Err(AmountError::NotANumber);
        }
        let value = Decimal::from_str(text).map_err(|_| AmountError::NotANumber)?;
        Amount::from_decimal(value)
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

    pub fn checked_add(self, other: Amount) -> Option<Amount> {
        self.0.checked_add(other.0).map(Amount)
    }

    /// `None` when the result would be negative: a balance never goes below zero.
    pub fn checked_sub(self, other: Amount) -> Option<Amount> {
        let out = self.0.checked_sub(other.0)?;
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
    fn serializes_as_a_string_and_refuses_json_numbers() {
        let a = Amount::parse("12.5").unwrap();
        assert_eq!(serde_json::to_string(&a).unwrap(), "\"12.5\"");
        assert!(serde_json::from_str::<Amount>("12.5").is_err());
        assert_eq!(serde_json::from_str::<Amount>("\"12.5\"").unwrap(), a);
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
        fn string_round_trip_is_exact(units in 0u64..u64::MAX / 2, scale in 0u32..18) {
            let a = Amount::from_decimal(Decimal::new(units as i64, scale)).unwrap();
            let back: Amount = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
            prop_assert_eq!(a, back);
        }
    }
}
