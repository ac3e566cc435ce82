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

use crate::error::ApiError;
use crate::state::AppState;
use onyx_kernel::money::{parse_decimal, Amount, NumberError};
use onyx_kernel::ErrorCode;
use rust_decimal::Decimal;

pub use onyx_http::IdempotencyKey;
pub use onyx_platform::Idempotency;

/// The stable coin every valuation is expressed in.
pub const USDT: &str = "USDT";

/// Milliseconds since the epoch, for posting timestamps.
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// A coin as the ledger names its asset: upper case ("usdt" -> "USDT").
pub fn asset(coin: &str) -> String {
    coin.trim().to_ascii_uppercase()
}

/// A number from user input through the one strict parser
/// (`onyx_kernel::money::parse_decimal`): not a plain decimal is
/// `NumberFormat` naming `field`, more than `dp` decimals (counted on the
/// text) is the caller's own precision error, 10^20 or more is
/// `AmountTooLarge`. Zero passes; positivity is the caller's rule.
pub fn parse_number(
    field: &'static str,
    text: &str,
    dp: u32,
    too_precise: impl FnOnce() -> ApiError,
) -> Result<Decimal, ApiError> {
    parse_decimal(text, dp).map_err(|e| match e {
        NumberError::Format => ApiError::new(ErrorCode::NumberFormat).with("field", field),
        NumberError::TooPrecise => too_precise(),
        NumberError::TooLarge => ApiError::new(ErrorCode::AmountTooLarge),
    })
}

/// A positive amount from user input with at most `scale_dp` decimals
/// (`AmountTooPrecise` naming them); zero is `AmountInvalid`. The shape
/// and size rules are [`parse_number`]'s.
pub fn parse_amount(text: &str, scale_dp: u32) -> Result<Amount, ApiError> {
    parse_amount_with(text, scale_dp, || {
        ApiError::new(ErrorCode::AmountTooPrecise).with("scale", scale_dp)
    })
}

/// [`parse_amount`] with the caller's own precision error.
pub fn parse_amount_with(
    text: &str,
    scale_dp: u32,
    too_precise: impl FnOnce() -> ApiError,
) -> Result<Amount, ApiError> {
    let value = parse_number("amount", text, scale_dp, too_precise)?;
    if value.is_zero() {
        return Err(ApiError::new(ErrorCode::AmountInvalid));
    }
    // Non-negative by construction; more decimals than the ledger's scale
    // only from a caller asking for them.
    Amount::from_decimal(value)
        .map_err(|_| ApiError::new(ErrorCode::AmountTooPrecise).with("scale", scale_dp))
}

/// USDT per one unit of `coin` at the fresh index price; 1 for USDT;
/// `None` when there is no fresh price (nothing is valued on a stale one).
pub fn usdt_price(state: &AppState, coin: &str) -> Option<Decimal> {
    let upper = asset(coin);
    if upper == USDT {
        return Some(Decimal::ONE);
    }
    let stale_ms = i64::try_from(state.config.stale_seconds)
        .unwrap_or(i64::MAX)
        .saturating_mul(1000);
    state
        .prices
        .fresh_index(&upper.to_ascii_lowercase(), now_ms(), stale_ms)
        .map(|i| i.price)
}
