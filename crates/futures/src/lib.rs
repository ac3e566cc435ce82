//! USDT-margined perpetual futures with the house as dealer. This crate
//! starts with its rules ([`rules`]): pure functions of their arguments
//! for maintenance-margin brackets, liquidation and bankruptcy prices,
//! profit and loss, and funding, the same ones every screen, sweep and
//! `onyx verify` will use. Binance USDⓈ-M is the model where the product
//! is silent (decision 0023).
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
