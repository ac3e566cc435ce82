//! Spot trading: one task per pair owns its order book (`orderbook`), fed by a bounded channel; results are committed through the
//! ledger gate in batches before anything is acknowledged or published. A
//! supervisor keeps each task serving through panics (`supervisor`).
//! Other crates use it through [`api`] alone.
//!
//! Every module here is on a money path: arithmetic is checked and nothing
//! unwraps, outside tests (the lints below hold the whole tree to it).
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
mod batch_writes;
pub(crate) mod entity;
pub(crate) mod events;
pub(crate) mod frames;
pub(crate) mod holds;
pub(crate) mod maker;
pub mod migration;
pub(crate) mod orderbook;
pub(crate) mod pair;
mod recovery;
pub(crate) mod repo;
pub mod routes;
pub(crate) mod rules;
pub(crate) mod service;
#[cfg(test)]
mod supervision_tests;
pub(crate) mod supervisor;

pub(crate) use service::*;

use onyx_platform::Context;
use std::ops::Deref;
use std::sync::Arc;

/// What the spot product runs on: the platform context and its own running
/// service (the pair tasks).
#[derive(Clone)]
pub struct SpotContext {
    pub ctx: Context,
    pub spot: Arc<SpotService>,
}

impl Deref for SpotContext {
    type Target = Context;
    fn deref(&self) -> &Context {
        &self.ctx
    }
}
