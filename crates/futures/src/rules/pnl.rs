//! Profit and loss at a price, the return on margin and the margin ratio.

use super::Side;
use rust_decimal::Decimal;

/// What a position of `qty` opened at `entry` gains (or, negative, loses)
/// at `price`.
pub fn unrealised(side: Side, qty: Decimal, entry: Decimal, price: Decimal) -> Option<Decimal> {
    price
        .checked_sub(entry)?
        .checked_mul(qty)?
        .checked_mul(side.sign())
}

/// `pnl / initial margin`, as a fraction (0.25 = 25 %).
pub fn roe(pnl: Decimal, initial_margin: Decimal) -> Option<Decimal> {
    if initial_margin <= Decimal::ZERO {
        return None;
    }
    pnl.checked_div(initial_margin)
}

/// `maintenance / (margin + pnl)`: liquidation comes at 1. `None` when the
/// equity is gone (the position is past liquidation).
pub fn margin_ratio(maintenance: Decimal, margin: Decimal, pnl: Decimal) -> Option<Decimal> {
    let equity = margin.checked_add(pnl)?;
    if equity <= Decimal::ZERO {
        return None;
    }
    maintenance.checked_div(equity)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64) -> Decimal {
        Decimal::from(n)
    }

    #[test]
    fn a_long_gains_as_the_price_rises_and_a_short_as_it_falls() {
        assert_eq!(unrealised(Side::Long, d(2), d(100), d(110)), Some(d(20)));
        assert_eq!(unrealised(Side::Short, d(2), d(100), d(110)), Some(d(-20)));
        assert_eq!(unrealised(Side::Short, d(2), d(100), d(90)), Some(d(20)));
        assert_eq!(roe(d(20), d(80)), Some(Decimal::new(25, 2)));
        assert_eq!(roe(d(20), d(0)), None);
        assert_eq!(margin_ratio(d(10), d(30), d(-20)), Some(d(1)));
        assert_eq!(margin_ratio(d(10), d(30), d(-30)), None);
    }
}
