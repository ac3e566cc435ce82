//! The wallet's tables: deposit claims, addresses and bonus rules,
//! withdrawals, flash exchanges.

pub mod deposit;
pub mod deposit_address;
pub mod deposit_bonus_rule;
pub mod deposit_index;
pub mod exchange;
pub mod withdrawal;
