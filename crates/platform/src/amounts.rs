//! Amounts as every money call reads them: the one strict parser with its
//! coded refusals, asset names as the ledger spells them, and valuation in
//! USDT at a fresh index price.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

use crate::Context;
use onyx_kernel::money::{parse_decimal, Amount, NumberError};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use rust_decimal::Decimal;

/// The stable coin every valuation is expressed in.
pub const USDT: &str = "USDT";

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
    too_precise: impl FnOnce() -> Failure,
) -> Outcome<Decimal> {
    parse_decimal(text, dp).map_err(|e| match e {
        NumberError::Format => Failure::new(ErrorCode::NumberFormat).with("field", field),
        NumberError::TooPrecise => too_precise(),
        NumberError::TooLarge => Failure::new(ErrorCode::AmountTooLarge),
    })
}

/// A positive amount from user input with at most `scale_dp` decimals
/// (`AmountTooPrecise` naming them); zero is `AmountInvalid`. The shape
/// and size rules are [`parse_number`]'s.
pub fn parse_amount(text: &str, scale_dp: u32) -> Outcome<Amount> {
    parse_amount_with(text, scale_dp, || {
        Failure::new(ErrorCode::AmountTooPrecise).with("scale", scale_dp)
    })
}

/// [`parse_amount`] with the caller's own precision error.
pub fn parse_amount_with(
    text: &str,
    scale_dp: u32,
    too_precise: impl FnOnce() -> Failure,
) -> Outcome<Amount> {
    let value = parse_number("amount", text, scale_dp, too_precise)?;
    if value.is_zero() {
        return Err(Failure::new(ErrorCode::AmountInvalid));
    }
    // Non-negative by construction; more decimals than the ledger's scale
    // only from a caller asking for them.
    Amount::from_decimal(value)
        .map_err(|_| Failure::new(ErrorCode::AmountTooPrecise).with("scale", scale_dp))
}

/// USDT per one unit of `coin` at the fresh index price; 1 for USDT;
/// `None` when there is no fresh price (nothing is valued on a stale one).
pub fn usdt_price(ctx: &Context, coin: &str) -> Option<Decimal> {
    let upper = asset(coin);
    if upper == USDT {
        return Some(Decimal::ONE);
    }
    ctx.prices
        .fresh_index(&upper.to_ascii_lowercase(), ctx.now_ms(), ctx.stale_ms())
        .map(|i| i.price)
}
