//! The fee on an option's stake, from its pair's `feeType` and `feeValue`:
//! 0 none, 1 `feeValue` percent of the stake, 2 `feeValue` USDT per order.
//! A percentage is rounded up to the ledger's precision: the user is
//! never charged a fraction the rule did not compute, and never less.

use onyx_kernel::money::{exact_mul, Amount, LEDGER_DP};
use rust_decimal::Decimal;

pub const NONE: i32 = 0;
pub const PERCENT: i32 = 1;
pub const FIXED: i32 = 2;

/// The fee on `stake`; `None` for an unknown type or a negative value.
pub fn fee(stake: Amount, fee_type: i32, fee_value: Decimal) -> Option<Amount> {
    if fee_value.is_sign_negative() && !fee_value.is_zero() {
        return None;
    }
    match fee_type {
        NONE => Some(Amount::ZERO),
        PERCENT => {
            let share = fee_value.checked_div(Decimal::ONE_HUNDRED)?;
            let exact = exact_mul(stake.as_decimal(), share)?;
            Some(Amount::from_decimal(exact).ok()?.round_up(LEDGER_DP))
        }
        FIXED => Amount::from_decimal(fee_value).ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn a(text: &str) -> Amount {
        Amount::parse(text).unwrap()
    }

    fn d(text: &str) -> Decimal {
        Decimal::from_str(text).unwrap()
    }

    #[test]
    fn each_fee_type_charges_as_published() {
        assert_eq!(fee(a("100"), PERCENT, d("1")), Some(a("1")));
        assert_eq!(fee(a("12.5"), PERCENT, d("1")), Some(a("0.125")));
        assert_eq!(
            fee(a("0.00000001"), PERCENT, d("1")),
            Some(a("0.00000001")),
            "rounded up"
        );
        assert_eq!(fee(a("100"), FIXED, d("0.5")), Some(a("0.5")));
        assert_eq!(fee(a("100"), NONE, d("7")), Some(a("0")));
        assert_eq!(fee(a("100"), 3, d("1")), None);
        assert_eq!(fee(a("100"), PERCENT, d("-1")), None);
    }
}
