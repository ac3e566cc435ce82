//! What every wallet call shares: the ledger gate, idempotency, amount
//! parsing, valuation at the index price, and the mapping of ledger refusals
//! to coded errors.

pub mod audit_report;
pub mod idempotency;
pub mod quotes;
pub mod withdraw;

use crate::error::ApiError;
use crate::state::AppState;
use onyx_core::ledger::LedgerError;
use onyx_core::money::Amount;
use onyx_core::ErrorCode;
use onyx_store::ledger::PostError;
use rust_decimal::Decimal;

pub use idempotency::{Idempotency, IdempotencyKey};

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

/// A positive decimal amount from user input, at most `scale_dp` decimals.
pub fn parse_amount(text: &str, scale_dp: u32) -> Result<Amount, ApiError> {
    let amount = Amount::parse(text.trim()).map_err(|_| ApiError::new(ErrorCode::AmountInvalid))?;
    if amount.is_zero() {
        return Err(ApiError::new(ErrorCode::AmountInvalid));
    }
    if amount.as_decimal().normalize().scale() > scale_dp {
        return Err(ApiError::new(ErrorCode::AmountTooPrecise).with("scale", scale_dp));
    }
    Ok(amount)
}

/// USDT per one unit of `coin` at the fresh index price; 1 for USDT;
/// `None` when there is no fresh price (nothing is valued on a stale one).
pub fn usdt_price(state: &AppState, coin: &str) -> Option<Decimal> {
    let upper = asset(coin);
    if upper == USDT {
        return Some(Decimal::ONE);
    }
    let stale_ms = state.config.stale_seconds as i64 * 1000;
    state
        .market
        .fresh_index(&upper.to_ascii_lowercase(), now_ms(), stale_ms)
        .map(|i| i.price)
}

/// A ledger refusal as the user sees it. Only a shortfall is the user's
/// doing; any other refusal means a handler built a wrong transaction.
pub fn post_error(e: PostError) -> ApiError {
    match e {
        PostError::Ledger(LedgerError::InsufficientAvailable { side, balance, .. }) => {
            ApiError::new(ErrorCode::InsufficientBalance)
                .with("available", balance.normalize())
                .with("coin", side.account.asset)
        }
        PostError::Ledger(other) => ApiError::internal(format!("ledger refused: {other}")),
        PostError::Db(e) => e.into(),
    }
}

impl From<PostError> for ApiError {
    fn from(e: PostError) -> ApiError {
        post_error(e)
    }
}
