//! USDT-margined perpetual futures with the house as dealer. The rules
//! ([`rules`]) are pure functions every screen, sweep and check uses; the
//! positions ([`positions`]) fill at the price tape's recorded index with
//! a published spread, their margin frozen in the user's contract wallet,
//! profit and loss against `house_futures`; the liquidation sweep
//! ([`liquidation`]) closes what the mark says must go. Binance USDⓈ-M is
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

pub mod batch;
pub mod contract;
pub mod entity;
pub mod funding;
pub mod holds;
pub mod liquidation;
pub mod migration;
pub mod mirror;
pub mod operator;
pub mod orders;
pub mod positions;
pub mod postings;
pub mod repo;
pub mod risk;
pub mod routes;
pub mod rules;
pub mod stops;
pub mod verify;
pub mod views;
