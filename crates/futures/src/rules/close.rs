//! Where the money of a close (or a liquidation) goes, from the margin it
//! releases, its realised profit and its fee. A loss comes out of the
//! released margin first; what the margin cannot cover (a price that
//! gapped past bankruptcy) the insurance fund pays the house, never the
//! user's other money. The fee comes out of what the close leaves the
//! user, and only that. What the user receives is rounded down to the
//! ledger's precision, what the user gives up rounded up.

use onyx_kernel::money::{Amount, LEDGER_DP};
use rust_decimal::Decimal;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CloseSplit {
    /// Out of the frozen margin to the house (the loss it covers).
    pub margin_to_house: Amount,
    /// Out of the frozen margin back to the user's available balance.
    pub margin_back: Amount,
    /// From the house to the user: the profit.
    pub profit: Amount,
    /// From the insurance fund to the house: the loss beyond the margin.
    pub shortfall: Amount,
    /// From the user to the fee's receiver.
    pub fee: Amount,
}

impl CloseSplit {
    /// What the user ends with from the close: margin back plus profit
    /// less the fee (what the tests hold the split to).
    #[cfg(test)]
    pub fn user_gets(&self) -> Option<Decimal> {
        self.margin_back
            .as_decimal()
            .checked_add(self.profit.as_decimal())?
            .checked_sub(self.fee.as_decimal())
    }
}

/// Splits a close that releases `margin` with profit `pnl` (negative: a
/// loss) and a fee of `fee` (≥ 0).
pub fn split(margin: Amount, pnl: Decimal, fee: Decimal) -> Option<CloseSplit> {
    let (profit, loss) = if pnl.is_sign_positive() {
        (
            Amount::from_decimal(pnl).ok()?.round_down(LEDGER_DP),
            Amount::ZERO,
        )
    } else {
        (
            Amount::ZERO,
            Amount::from_decimal(pnl.abs()).ok()?.round_up(LEDGER_DP),
        )
    };
    let margin_to_house = loss.min(margin);
    let shortfall = loss.checked_sub(margin_to_house)?;
    let margin_back = margin.checked_sub(margin_to_house)?;
    let fee = Amount::from_decimal(fee).ok()?.round_up(LEDGER_DP);
    let fee = fee.min(margin_back.checked_add(profit)?);
    Some(CloseSplit {
        margin_to_house,
        margin_back,
        profit,
        shortfall,
        fee,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::str::FromStr;

    fn a(text: &str) -> Amount {
        Amount::parse(text).unwrap()
    }

    fn d(text: &str) -> Decimal {
        Decimal::from_str(text).unwrap()
    }

    #[test]
    fn profit_loss_and_a_gap_past_bankruptcy() {
        // A profit: the margin back, the profit from the house, the fee.
        let s = split(a("3000"), d("500"), d("30")).unwrap();
        assert_eq!(
            (s.margin_back, s.profit, s.fee),
            (a("3000"), a("500"), a("30"))
        );
        assert_eq!(s.user_gets(), Some(d("3470")));
        // A loss within the margin.
        let s = split(a("3000"), d("-1000"), d("29")).unwrap();
        assert_eq!(
            (s.margin_to_house, s.margin_back, s.fee),
            (a("1000"), a("2000"), a("29"))
        );
        // Past bankruptcy: the margin to the house, the insurance fund
        // covers the rest, no fee is left to take.
        let s = split(a("3000"), d("-3200"), d("29")).unwrap();
        assert_eq!(
            (s.margin_to_house, s.shortfall, s.margin_back, s.fee),
            (a("3000"), a("200"), a("0"), a("0"))
        );
        // Fractions: a profit rounds down, a loss and a fee up.
        let s = split(a("1"), d("0.000000019"), d("0.000000011")).unwrap();
        assert_eq!((s.profit, s.fee), (a("0.00000001"), a("0.00000002")));
        let s = split(a("1"), d("-0.000000011"), d("0")).unwrap();
        assert_eq!(s.margin_to_house, a("0.00000002"));
    }

    proptest! {
        /// Every unit of the margin goes somewhere, the fee never exceeds
        /// what the close leaves the user, and the user never pays more
        /// than the margin.
        #[test]
        fn the_margin_is_accounted_for(
            margin_units in 1u64..10_000_000_000_000,
            pnl_units in -20_000_000_000_000i64..20_000_000_000_000,
            fee_units in 0u64..100_000_000_000,
        ) {
            let margin = Amount::from_decimal(Decimal::new(margin_units as i64, 8)).unwrap();
            let s = split(margin, Decimal::new(pnl_units, 9), Decimal::new(fee_units as i64, 9)).unwrap();
            prop_assert_eq!(s.margin_to_house.checked_add(s.margin_back), Some(margin));
            prop_assert!(s.fee.as_decimal() <= s.margin_back.as_decimal() + s.profit.as_decimal());
            prop_assert!(s.user_gets().unwrap() >= Decimal::ZERO);
            prop_assert!(s.profit.is_zero() || s.margin_to_house.is_zero());
        }
    }
}
