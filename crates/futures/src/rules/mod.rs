//! The futures rules, with nothing to look up.

pub mod brackets;
pub mod close;
pub mod funding;
pub mod liquidation;
pub mod pnl;

/// Which way a position is exposed (the spec's `type`: 0 long, 1 short).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Long,
    Short,
}

impl Side {
    /// +1 for a long, −1 for a short: the sign a price move's gain takes.
    pub fn sign(self) -> rust_decimal::Decimal {
        match self {
            Side::Long => rust_decimal::Decimal::ONE,
            Side::Short => rust_decimal::Decimal::NEGATIVE_ONE,
        }
    }

    /// The spec's `type`: 0 long, 1 short.
    pub fn from_type(code: i32) -> Option<Side> {
        match code {
            0 => Some(Side::Long),
            1 => Some(Side::Short),
            _ => None,
        }
    }
}
