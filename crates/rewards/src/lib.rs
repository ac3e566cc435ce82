//! Rewards: the referral tree and its rebates (a referred user's trading
//! fees shared with their inviters at three levels, out of the fees
//! account, in batches), the agent area that shows them, and the welfare
//! centre (tasks measured from real events and a daily sign-in, each
//! reward paid once from the rewards account).
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

pub mod agent;
pub mod demo;
pub mod entity;
pub mod migration;
pub mod rebates;
pub mod routes;
pub mod rules;
pub mod tree;
pub mod welfare;
pub mod welfare_condition;
pub mod welfare_editing;
