//! USDT-margined perpetual futures with the house as dealer. The rules
//! (`rules`) are pure functions every screen, sweep and check uses; the
//! positions (`positions`) fill at the price tape's recorded index with
//! a published spread, their margin frozen in the user's contract wallet,
//! profit and loss against `house_futures`; the liquidation sweep
//! (`liquidation`) closes what the mark says must go. Binance USDⓈ-M is
//! the model where the product is silent (decision 0023).
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

pub mod api;
pub(crate) mod batch;
pub(crate) mod contract;
pub(crate) mod entity;
pub(crate) mod funding;
pub(crate) mod holds;
pub(crate) mod liquidation;
pub mod migration;
pub(crate) mod mirror;
pub(crate) mod operator;
pub(crate) mod orders;
pub(crate) mod positions;
pub(crate) mod postings;
pub(crate) mod repo;
pub(crate) mod risk;
pub mod routes;
pub(crate) mod rules;
pub(crate) mod stops;
pub(crate) mod verify;
pub(crate) mod views;
