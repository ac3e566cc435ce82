//! The operators' deposit and withdrawal queues.

pub mod deposits;
pub mod withdrawals;
