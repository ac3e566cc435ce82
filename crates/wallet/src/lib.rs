//! The wallet: deposits (the spec's `recharge`), withdrawals, transfers
//! between a user's own accounts, the flash exchange (`texchange`), the
//! financial records, and the audit report. Every balance change goes
//! through the ledger gate (`onyx_store::ledger`) in one transaction with
//! its idempotency record. Other crates use it through [`api`] alone.
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
pub(crate) mod audit_report;
pub(crate) mod deposit_networks;
pub(crate) mod deposit_reviews;
pub(crate) mod deposit_rules;
pub(crate) mod deposits;
pub(crate) mod dust;
pub(crate) mod entity;
pub(crate) mod exchange;
pub(crate) mod holds;
pub mod migration;
pub(crate) mod postings;
pub(crate) mod quotes;
pub(crate) mod repo;
pub mod routes;
pub(crate) mod transfers;
pub(crate) mod withdraw;
pub(crate) mod withdrawal_reviews;
pub(crate) mod withdrawal_rules;
pub(crate) mod withdrawals;

pub use onyx_platform::amounts::{
    asset, parse_amount, parse_amount_with, parse_number, usdt_price, USDT,
};
pub use onyx_platform::Idempotency;

use onyx_platform::Context;
use quotes::QuoteBook;
use std::ops::Deref;
use std::sync::Arc;

/// What the wallet runs on: the platform context and the flash-exchange
/// quotes in force (in memory; see `quotes`).
#[derive(Clone)]
pub struct WalletContext {
    pub ctx: Context,
    pub quotes: Arc<QuoteBook>,
}

impl Deref for WalletContext {
    type Target = Context;
    fn deref(&self) -> &Context {
        &self.ctx
    }
}
