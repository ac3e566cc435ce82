//! Earn: finance subscriptions (fixed terms at a published APR) and
//! staking ("livecoin": a term at the daily rates published for each day).
//! The principal is held in the user's finance wallet; interest is paid by
//! the finance house from the operator's own funds, set aside at
//! subscription; every day's interest is a ledger posting with the rate it
//! used, so `onyx verify` recomputes it.
//!
//! Every module here is on a money path: arithmetic is checked and nothing
//! unwraps, outside tests.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

pub mod accrual;
pub mod catalogue;
pub mod demo;
pub mod entity;
pub mod holds;
pub mod house;
pub mod migration;
pub mod operator;
pub mod orders;
pub mod postings;
pub mod repo;
pub mod routes;
pub mod rules;
pub mod verify;
pub mod views;
