//! Second contracts: fixed-payout up/down contracts on a coin's index over
//! a fixed period, the house as counterparty. No code path here or anywhere
//! sets a result or a price: the open price is the index at acceptance, the
//! close price the recorded tick at the close, and [`rules`] decides the rest
//! from those two alone, so anyone can recompute a settlement.
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

pub mod rules;
