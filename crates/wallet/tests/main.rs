//! The wallet through the whole application: balances and transfers,
//! deposits, withdrawals, the flash exchange, records and audits, and the
//! races on one balance (SQLite, or PostgreSQL with
//! `ONYX_TEST_DATABASE_URL`).

mod assets;
mod deposits;
mod dust;
mod exchange;
mod ledger_smoke;
mod ledger_writer;
mod race;
mod race_transfers;
mod withdrawals;
