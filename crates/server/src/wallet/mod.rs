//! What every wallet call shares: the ledger gate, idempotency, amount
//! parsing, valuation at the index price, and the mapping of ledger refusals
//! to coded errors.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

pub mod audit_report;
pub mod quotes;
pub mod withdraw;

pub use onyx_http::IdempotencyKey;
pub use onyx_platform::amounts::{
    asset, now_ms, parse_amount, parse_amount_with, parse_number, usdt_price, USDT,
};
pub use onyx_platform::Idempotency;
