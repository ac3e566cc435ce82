//! Queries over the wallet's tables and the ledger's postings.

pub mod deposits;
pub mod wallet_records;
pub mod withdrawals;
