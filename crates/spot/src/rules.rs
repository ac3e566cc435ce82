//! Spot order rules and fill settlement, pure. [`PairRules`] comes from the
//! pair's `currencyList` row; [`validate`] turns a user's decimal order into
//! the engine's integer ticks and lots (or says which rule it breaks), and
//! [`settle`] turns one engine fill into the exact amounts the ledger moves.
//!
//! Units: a price has `price_dp` decimals (`basePrecision`), a quantity
//! `qty_dp` decimals (`coinPrecision`); one tick is `10^-price_dp` quote, one
//! lot `10^-qty_dp` base. A fill of `q` lots at `p` ticks moves exactly
//! `q * 10^-qty_dp` base and `p * q * 10^-(price_dp + qty_dp)` quote, so
//! matching never rounds. Only fees round: each side pays `feeRate` of what
//! it receives, rounded up to [`FEE_DP`] decimals, in the platform's favour
//! by less than one unit of that scale.

#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable
    )
)]

use crate::orderbook::{Price, Qty, Side, TimeInForce};
use onyx_kernel::money::VALUE_LIMIT;
use rust_decimal::{Decimal, RoundingStrategy};

/// Decimals of a fee; finer than any pair's precision.
pub const FEE_DP: u32 = onyx_kernel::money::LEDGER_DP;
/// Largest price or quantity in ticks or lots the engine is given.
pub const UNITS_MAX: u64 = crate::orderbook::UNITS_MAX;
/// Most decimals a quote amount may have (`price_dp + qty_dp`): what a
/// decimal holds. A pair configured finer trades nothing.
pub const QUOTE_DP_MAX: u32 = 28;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairRules {
    /// `BTC/USDT`-style symbol as stored.
    pub symbol: String,
    /// Upper-case base and quote assets, e.g. BTC and USDT.
    pub base: String,
    pub quote: String,
    pub price_dp: u32,
    pub qty_dp: u32,
    /// Smallest and largest quantity of any order (`orderMin`, `orderMax`).
    pub order_min: Decimal,
    pub order_max: Decimal,
    /// Largest quantity of a buy (`buyMax`).
    pub buy_max: Decimal,
    /// Smallest quantity of a sell (the larger of `sellMin` and `minSell`).
    pub sell_min: Decimal,
    pub fee_rate: Decimal,
    pub limited_buy: bool,
    pub limited_sell: bool,
    pub market_buy: bool,
    pub market_sell: bool,
    /// `enable` and `isDeal`: the pair trades at all.
    pub trading: bool,
}

/// A user's order as decimals, before validation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrderInput {
    Limit {
        price: Decimal,
        qty: Decimal,
        tif: TimeInForce,
    },
    MarketQty {
        qty: Decimal,
    },
    /// A market buy spending `quote`.
    MarketQuote {
        quote: Decimal,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpotRefusal {
    #[error("the pair is not trading")]
    PairClosed,
    #[error("this order type is closed on the pair")]
    TypeClosed,
    #[error("a market sell cannot be sized by quote")]
    QuoteSell,
    #[error("price must be positive")]
    PriceInvalid,
    #[error("at most {dp} decimals in the price")]
    PriceTooPrecise { dp: u32 },
    #[error("quantity must be positive")]
    QtyInvalid,
    #[error("at most {dp} decimals in the quantity")]
    QtyTooPrecise { dp: u32 },
    #[error("at least {min}")]
    BelowMinimum { min: Decimal },
    #[error("at most {max}")]
    AboveMaximum { max: Decimal },
    /// A price, a quantity or what they cost is beyond what the engine and
    /// the ledger carry exactly.
    #[error("the amount is too large")]
    TooLarge,
}

/// An amount the pair cannot express exactly: more than [`VALUE_LIMIT`],
/// or more digits than a decimal holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("amount too large")]
pub struct TooLarge;

impl From<TooLarge> for SpotRefusal {
    fn from(_: TooLarge) -> SpotRefusal {
        SpotRefusal::TooLarge
    }
}

/// An order in engine units, with what must be frozen for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineOrder {
    Limit {
        price: Price,
        qty: Qty,
        tif: TimeInForce,
    },
    MarketQty {
        qty: Qty,
    },
    /// Quote in tick-lots (price ticks x lots).
    MarketQuote {
        quote: u128,
    },
}

/// Checks every pair rule and converts to engine units. What an accepted
/// order costs ([`freeze_for`]) and every fill of it ([`settle`]) is then
/// below [`VALUE_LIMIT`]: a limit's price times its quantity is checked
/// here, and a fill never costs more than the resting order it meets.
pub fn validate(
    rules: &PairRules,
    side: Side,
    input: &OrderInput,
) -> Result<EngineOrder, SpotRefusal> {
    let quote_dp = quote_dp(rules).ok_or(SpotRefusal::PairClosed)?;
    if !rules.trading {
        return Err(SpotRefusal::PairClosed);
    }
    let open = match (input, side) {
        (OrderInput::Limit { .. }, Side::Buy) => rules.limited_buy,
        (OrderInput::Limit { .. }, Side::Sell) => rules.limited_sell,
        (_, Side::Buy) => rules.market_buy,
        (_, Side::Sell) => rules.market_sell,
    };
    if !open {
        return Err(SpotRefusal::TypeClosed);
    }
    match *input {
        OrderInput::Limit { price, qty, tif } => {
            let price = units(price, rules.price_dp).map_err(|e| {
                e.or(
                    SpotRefusal::PriceInvalid,
                    SpotRefusal::PriceTooPrecise { dp: rules.price_dp },
                )
            })?;
            let qty_units = check_qty(rules, side, qty)?;
            quote_amount(rules, price, qty_units)?;
            Ok(EngineOrder::Limit {
                price,
                qty: qty_units,
                tif,
            })
        }
        OrderInput::MarketQty { qty } => Ok(EngineOrder::MarketQty {
            qty: check_qty(rules, side, qty)?,
        }),
        OrderInput::MarketQuote { quote } => {
            if side == Side::Sell {
                return Err(SpotRefusal::QuoteSell);
            }
            let quote = units(quote, quote_dp).map_err(|e| {
                e.or(
                    SpotRefusal::QtyInvalid,
                    SpotRefusal::QtyTooPrecise { dp: quote_dp },
                )
            })?;
            let quote = u128::from(quote);
            quote_of_units(rules, quote)?;
            Ok(EngineOrder::MarketQuote { quote })
        }
    }
}

/// Decimals of a quote amount, if the pair's precision allows one.
fn quote_dp(rules: &PairRules) -> Option<u32> {
    rules
        .price_dp
        .checked_add(rules.qty_dp)
        .filter(|dp| *dp <= QUOTE_DP_MAX)
}

fn check_qty(rules: &PairRules, side: Side, qty: Decimal) -> Result<Qty, SpotRefusal> {
    let lots = units(qty, rules.qty_dp).map_err(|e| {
        e.or(
            SpotRefusal::QtyInvalid,
            SpotRefusal::QtyTooPrecise { dp: rules.qty_dp },
        )
    })?;
    let min = match side {
        Side::Buy => rules.order_min,
        Side::Sell => rules.order_min.max(rules.sell_min),
    };
    let max = match side {
        Side::Buy => rules.order_max.min(rules.buy_max),
        Side::Sell => rules.order_max,
    };
    if qty < min {
        return Err(SpotRefusal::BelowMinimum {
            min: min.normalize(),
        });
    }
    if qty > max {
        return Err(SpotRefusal::AboveMaximum {
            max: max.normalize(),
        });
    }
    Ok(lots)
}

enum UnitError {
    NotPositive,
    TooPrecise,
    TooLarge,
}

impl UnitError {
    fn or(self, not_positive: SpotRefusal, too_precise: SpotRefusal) -> SpotRefusal {
        match self {
            UnitError::NotPositive => not_positive,
            UnitError::TooPrecise => too_precise,
            UnitError::TooLarge => SpotRefusal::TooLarge,
        }
    }
}

/// `value` as an integer count of `10^-dp` units, at most [`UNITS_MAX`].
fn units(value: Decimal, dp: u32) -> Result<u64, UnitError> {
    if value <= Decimal::ZERO {
        return Err(UnitError::NotPositive);
    }
    if value.normalize().scale() > dp {
        return Err(UnitError::TooPrecise);
    }
    let scaled = pow10(dp)
        .and_then(|p| value.checked_mul(p))
        .ok_or(UnitError::TooLarge)?;
    let n: u64 = scaled.trunc().try_into().map_err(|_| UnitError::TooLarge)?;
    if n > UNITS_MAX {
        return Err(UnitError::TooLarge);
    }
    // Positive with at most `dp` decimals: at least one unit.
    debug_assert!(n > 0);
    Ok(n)
}

/// 10^dp, for dp up to 28.
fn pow10(dp: u32) -> Option<Decimal> {
    Decimal::try_from_i128_with_scale(10i128.checked_pow(dp)?, 0).ok()
}

/// `n` units of `10^-dp` as a decimal below [`VALUE_LIMIT`].
fn decimal_of(n: u128, dp: u32) -> Result<Decimal, TooLarge> {
    let n = i128::try_from(n).map_err(|_| TooLarge)?;
    Decimal::try_from_i128_with_scale(n, dp)
        .ok()
        .filter(|d| *d < VALUE_LIMIT)
        .ok_or(TooLarge)
}

/// Base amount of `lots`.
pub fn base_amount(rules: &PairRules, lots: Qty) -> Result<Decimal, TooLarge> {
    decimal_of(u128::from(lots), rules.qty_dp)
}

/// Quote amount of `lots` at `ticks` (exact).
pub fn quote_amount(rules: &PairRules, ticks: Price, lots: Qty) -> Result<Decimal, TooLarge> {
    let tick_lots = u128::from(ticks)
        .checked_mul(u128::from(lots))
        .ok_or(TooLarge)?;
    quote_of_units(rules, tick_lots)
}

/// Quote amount of engine tick-lots.
pub fn quote_of_units(rules: &PairRules, tick_lots: u128) -> Result<Decimal, TooLarge> {
    decimal_of(tick_lots, quote_dp(rules).ok_or(TooLarge)?)
}

/// Price of `ticks` as a decimal.
pub fn price_of(rules: &PairRules, ticks: Price) -> Result<Decimal, TooLarge> {
    decimal_of(u128::from(ticks), rules.price_dp)
}

/// What must be frozen to place an order that rests or takes, in the asset
/// the order spends: a buy spends quote, a sell spends base. A market buy by
/// quantity is frozen by the caller from the book's actual cost.
pub fn freeze_for(
    rules: &PairRules,
    side: Side,
    order: &EngineOrder,
) -> Result<Option<Decimal>, TooLarge> {
    Ok(match (side, order) {
        (Side::Buy, EngineOrder::Limit { price, qty, .. }) => {
            Some(quote_amount(rules, *price, *qty)?)
        }
        (Side::Buy, EngineOrder::MarketQuote { quote }) => Some(quote_of_units(rules, *quote)?),
        (Side::Buy, EngineOrder::MarketQty { .. }) => None,
        (Side::Sell, EngineOrder::Limit { qty, .. } | EngineOrder::MarketQty { qty }) => {
            Some(base_amount(rules, *qty)?)
        }
        (Side::Sell, EngineOrder::MarketQuote { .. }) => None,
    })
}

/// The amounts of one fill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// Base from the seller's frozen to the buyer.
    pub base: Decimal,
    /// Quote from the buyer's frozen to the seller.
    pub quote: Decimal,
    /// Taken from the base the buyer receives.
    pub buyer_fee: Decimal,
    /// Taken from the quote the seller receives.
    pub seller_fee: Decimal,
}

/// The exact amounts of `lots` traded at `ticks`. `TooLarge` only for a
/// fill no validated order can produce (a resting order stored before the
/// bounds, a pair whose precision was widened).
pub fn settle(rules: &PairRules, ticks: Price, lots: Qty) -> Result<Settlement, TooLarge> {
    let base = base_amount(rules, lots)?;
    let quote = quote_amount(rules, ticks, lots)?;
    let fee = |amount: Decimal| -> Result<Decimal, TooLarge> {
        let raw = amount.checked_mul(rules.fee_rate).ok_or(TooLarge)?;
        Ok(raw
            .round_dp_with_strategy(FEE_DP, RoundingStrategy::AwayFromZero)
            .min(amount))
    };
    let settlement = Settlement {
        buyer_fee: fee(base)?,
        seller_fee: fee(quote)?,
        base,
        quote,
    };
    debug_assert!(
        settlement.buyer_fee <= settlement.base && settlement.seller_fee <= settlement.quote
    );
    Ok(settlement)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    fn btc() -> PairRules {
        PairRules {
            symbol: "btc/usdt".into(),
            base: "BTC".into(),
            quote: "USDT".into(),
            price_dp: 2,
            qty_dp: 4,
            order_min: d("0.0001"),
            order_max: d("100"),
            buy_max: d("50"),
            sell_min: d("0.001"),
            fee_rate: d("0.001"),
            limited_buy: true,
            limited_sell: true,
            market_buy: true,
            market_sell: false,
            trading: true,
        }
    }

    fn limit(price: &str, qty: &str) -> OrderInput {
        OrderInput::Limit {
            price: d(price),
            qty: d(qty),
            tif: TimeInForce::Gtc,
        }
    }

    #[test]
    fn a_valid_limit_becomes_ticks_and_lots() {
        assert_eq!(
            validate(&btc(), Side::Buy, &limit("65000.25", "0.0125")),
            Ok(EngineOrder::Limit {
                price: 6_500_025,
                qty: 125,
                tif: TimeInForce::Gtc
            })
        );
    }

    #[test]
    fn each_rule_refuses_with_its_reason() {
        let r = btc();
        assert_eq!(
            validate(&r, Side::Buy, &limit("65000.255", "1")),
            Err(SpotRefusal::PriceTooPrecise { dp: 2 })
        );
        assert_eq!(
            validate(&r, Side::Buy, &limit("0", "1")),
            Err(SpotRefusal::PriceInvalid)
        );
        assert_eq!(
            validate(&r, Side::Buy, &limit("1", "0.00001")),
            Err(SpotRefusal::QtyTooPrecise { dp: 4 })
        );
        assert_eq!(
            validate(&r, Side::Buy, &limit("1", "-1")),
            Err(SpotRefusal::QtyInvalid)
        );
        assert_eq!(
            validate(&r, Side::Buy, &limit("1", "51")),
            Err(SpotRefusal::AboveMaximum { max: d("50") })
        );
        assert!(
            validate(&r, Side::Sell, &limit("1", "51")).is_ok(),
            "buyMax binds buys only"
        );
        assert_eq!(
            validate(&r, Side::Sell, &limit("1", "0.0005")),
            Err(SpotRefusal::BelowMinimum { min: d("0.001") })
        );
        assert_eq!(
            validate(&r, Side::Sell, &OrderInput::MarketQty { qty: d("1") }),
            Err(SpotRefusal::TypeClosed)
        );
        let closed = PairRules {
            trading: false,
            ..btc()
        };
        assert_eq!(
            validate(&closed, Side::Buy, &limit("1", "1")),
            Err(SpotRefusal::PairClosed)
        );
        let open_sell = PairRules {
            market_sell: true,
            ..btc()
        };
        assert_eq!(
            validate(
                &open_sell,
                Side::Sell,
                &OrderInput::MarketQuote { quote: d("10") }
            ),
            Err(SpotRefusal::QuoteSell)
        );
    }

    #[test]
    fn extreme_numbers_are_refused_as_too_large_never_a_panic() {
        let r = PairRules {
            order_max: Decimal::MAX,
            buy_max: Decimal::MAX,
            ..btc()
        };
        let max = "79228162514264337593543950335";
        for (price, qty) in [
            (max, "1"),
            ("1", max),
            (max, max),
            ("10000000000000000000000000", "1"),
            ("90071992547409.93", "1"),
        ] {
            for side in [Side::Buy, Side::Sell] {
                assert_eq!(
                    validate(&r, side, &limit(price, qty)),
                    Err(SpotRefusal::TooLarge),
                    "{price} x {qty}"
                );
            }
        }
        // Each within the engine's units, the product above the value limit.
        assert_eq!(
            validate(&r, Side::Buy, &limit("90000000000", "90000000000")),
            Err(SpotRefusal::TooLarge)
        );
        assert_eq!(
            validate(&r, Side::Buy, &OrderInput::MarketQuote { quote: d(max) }),
            Err(SpotRefusal::TooLarge)
        );
        assert_eq!(settle(&r, UNITS_MAX, UNITS_MAX), Err(TooLarge));
        assert_eq!(quote_of_units(&r, u128::MAX), Err(TooLarge));
        let fine = PairRules {
            price_dp: 18,
            qty_dp: 18,
            ..btc()
        };
        assert_eq!(
            validate(&fine, Side::Buy, &limit("1", "1")),
            Err(SpotRefusal::PairClosed),
            "a quote with 36 decimals cannot be expressed"
        );
        assert_eq!(base_amount(&fine, 1), Ok(d("0.000000000000000001")));
        assert_eq!(quote_amount(&fine, 1, 1), Err(TooLarge));
    }

    #[test]
    fn fees_round_up_by_less_than_one_unit() {
        // 0.0001 BTC at 65000.01: quote 6.500001, fee 0.006500001 -> 0.00650001.
        let s = settle(&btc(), 6_500_001, 1).unwrap();
        assert_eq!(s.base, d("0.0001"));
        assert_eq!(s.quote, d("6.500001"));
        assert_eq!(s.seller_fee, d("0.00650001"));
        assert_eq!(s.buyer_fee, d("0.0000001"));
    }

    proptest! {
        #[test]
        fn a_fill_is_exact_and_fees_round_up_by_less_than_one_unit(ticks in 1u64..100_000_000, lots in 1u64..1_000_000) {
            let r = btc();
            let s = settle(&r, ticks, lots).unwrap();
            let unit = Decimal::new(1, FEE_DP);
            prop_assert!(s.buyer_fee >= s.base * r.fee_rate && s.buyer_fee - s.base * r.fee_rate < unit);
            prop_assert!(s.seller_fee >= s.quote * r.fee_rate && s.seller_fee - s.quote * r.fee_rate < unit);
            prop_assert_eq!(s.quote, price_of(&r, ticks).unwrap() * s.base);
        }
    }
}
