//! Options ("flash options"): fixed-payout up/down orders on a coin's
//! index in clock-aligned issues, the house as counterparty. Issue `n` of a
//! period spans `[n × period, (n + 1) × period)` since the Unix epoch;
//! entry closes a published cutoff before its end. Each order's strike is
//! the coin's last tick on the price tape at acceptance, and every order
//! of an issue settles on the tape's tick at the issue's end by the same
//! rules as second contracts (`onyx_fixed_payout::rules`), so anyone
//! can recompute it. A fee on the stake is taken at acceptance and comes
//! back only when the order is void.
//!
//! Every module here is on a money path: arithmetic is checked and nothing
//! unwraps, outside tests.
#![cfg_attr(not(test), deny(clippy::arithmetic_side_effects, clippy::panic))]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod api;
pub(crate) mod entity;
pub(crate) mod fees;
pub(crate) mod holds;
pub(crate) mod house;
pub(crate) mod issue;
pub mod migration;
pub(crate) mod orders;
pub(crate) mod period_editing;
pub(crate) mod product;
pub(crate) mod repo;
pub mod routes;
pub(crate) mod settlement;
pub(crate) mod verify;
pub(crate) mod views;
