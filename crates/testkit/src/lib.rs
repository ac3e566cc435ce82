//! What the integration tests of every crate share: `TestApp` (a fresh
//! Onyx on SQLite, or on a PostgreSQL database of its own when
//! `ONYX_TEST_DATABASE_URL` names one), calls as the web app makes them,
//! and helpers that set up users, operators, funds and sockets.

pub mod accounts;
pub mod admin_common;
pub mod common;
pub mod fixed_payout;
pub mod fund_reviews;
pub mod futures_bench;
pub mod settlement_bench;
pub mod socket;
pub mod tape;
pub mod wallet;
pub mod wallet_calls;

pub use common::{q, Reply, TestApp};
