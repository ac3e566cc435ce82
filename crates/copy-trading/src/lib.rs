//! Copy trading ("floworder"): lead traders approved by an operator,
//! followers copying their futures positions. The engine (`engine`) is
//! told by futures inside the transaction of every lead change, so each
//! copy opens, closes and moves margin in the lead's commit at the lead's
//! price; what cannot be copied is recorded with its reason. A copy's
//! close pays the lead a share of the follower's net realised profit above
//! its high-water mark (`rules::settle`), through the ledger.
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
pub(crate) mod demo;
pub(crate) mod engine;
pub(crate) mod entity;
pub(crate) mod follows;
pub mod migration;
pub(crate) mod postings;
pub(crate) mod repo;
pub mod routes;
pub(crate) mod rules;
pub(crate) mod settings;
pub(crate) mod skips;
pub(crate) mod stats;
pub(crate) mod traders;
pub(crate) mod verify;

/// Installs the engine as the futures mirror of `ctx` (and its clones).
pub fn install(ctx: &onyx_platform::Context) {
    onyx_futures::api::mirror::install(ctx, std::sync::Arc::new(engine::CopyEngine));
}
