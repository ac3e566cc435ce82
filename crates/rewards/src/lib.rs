//! Rewards: the referral tree and its rebates (a referred user's trading
//! fees shared with their inviters at three levels, out of the fees
//! account, in batches), the agent area that shows them, and the welfare
//! centre (tasks measured from real events and a daily sign-in, each
//! reward paid once from the rewards account).
//!
//! Other crates use it through [`api`] alone.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

pub(crate) mod agent;
pub mod api;
pub(crate) mod demo;
pub(crate) mod entity;
pub mod migration;
pub(crate) mod rebates;
pub mod routes;
pub(crate) mod rules;
pub(crate) mod tree;
pub(crate) mod welfare;
pub(crate) mod welfare_condition;
pub(crate) mod welfare_editing;
