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

pub(crate) mod accrual;
pub mod api;
pub(crate) mod catalogue;
pub(crate) mod demo;
pub(crate) mod entity;
pub(crate) mod holds;
pub(crate) mod house;
pub mod migration;
pub(crate) mod operator;
pub(crate) mod orders;
pub(crate) mod postings;
pub(crate) mod repo;
pub mod routes;
pub(crate) mod rules;
pub(crate) mod verify;
pub(crate) mod views;
