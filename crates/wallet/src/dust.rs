//! Dust: a coin balance in the spot wallet too small for any spot sell of
//! its pair (below the pair's lot, `orderMin`, `sellMin` and `minSell`),
//! which "sell 100 %" can therefore never clear. The user may convert all
//! of it into USDT at once, as Binance's "convert small balances" does,
//! through the flash exchange's own path: the index price less the pair's
//! spread (the exchange's fee rule), rounded down, each coin one recorded
//! exchange against the house with balanced postings.
//!
//! The flash exchange's 1 USDT minimum does not apply (dust is smaller by
//! nature); a coin whose dust is worth nothing at USDT's scale, or that has
//! no fresh price, is left as it is. Everything runs in one ledger
//! transaction behind the ledger's gate, reading the balances inside it,
//! so two converts racing pay once: the second finds no dust left.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

use crate::exchange::{exchange_coins, execute, ExchangeCoin, ExchangeView};
use crate::quotes::{self, Quote, USDT_SCALE};
use crate::{usdt_price, Idempotency, WalletContext, USDT};
use onyx_kernel::ledger::{AccountId, Wallet};
use onyx_kernel::money::{exact_add, Amount};
use onyx_kernel::{Failure, Outcome};
use onyx_market::api::catalogue::{self, ON};
use onyx_market::api::spot_pair;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// One coin's dust.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dust {
    /// Upper-case asset.
    pub coin: String,
    /// The whole available spot balance of the coin.
    pub amount: Decimal,
    /// The smallest quantity a spot sell of the pair takes: why this is dust.
    pub sell_min: Decimal,
    /// What converting it now would pay in USDT; None without a fresh
    /// price or when it is worth nothing at USDT's scale (it stays).
    pub usdt: Option<Decimal>,
}

/// What a conversion did: one exchange per coin converted (the flash
/// exchange's records) and the USDT paid in all. Empty when there was no
/// convertible dust (a second, racing convert). Stored as the idempotent
/// answer.
#[derive(Serialize, Deserialize, Debug)]
pub struct Converted {
    pub exchanges: Vec<ExchangeView>,
    pub total_usdt: Decimal,
}

/// The smallest quantity a spot sell of `pair` takes; None for a pair
/// whose precision is out of range (nothing is dust there).
fn sell_min(pair: &spot_pair::Model) -> Option<Decimal> {
    let dp = u32::try_from(pair.coin_precision)
        .ok()
        .filter(|dp| *dp <= 18)?;
    let lot = Decimal::new(1, dp);
    Some(
        lot.max(pair.order_min.get())
            .max(pair.sell_min.get())
            .max(pair.min_sell.get()),
    )
}

/// Whether `available` is dust under a sell minimum of `min`.
pub(crate) fn is_dust(available: Decimal, min: Decimal) -> bool {
    available > Decimal::ZERO && available < min
}

/// A quote of `coin` into USDT at the index less the spread, without the
/// flash exchange's minimum; None without a fresh price.
fn dust_quote(ctx: &WalletContext, user_id: i64, coin: &ExchangeCoin) -> Option<Quote> {
    let raw_price = usdt_price(ctx, &coin.asset).filter(|p| *p > Decimal::ZERO)?;
    let price = quotes::quoted_price(raw_price, coin.spread)?;
    Some(Quote {
        id: String::new(),
        user_id,
        from: coin.asset.clone(),
        to: USDT.into(),
        price,
        spread: coin.spread,
        raw_price,
        min_amount: Decimal::new(1, coin.scale),
        from_scale: coin.scale,
        to_scale: USDT_SCALE,
        expires_at_ms: 0,
    })
}

/// The exchange coins other than USDT with their pair's sell minimum.
async fn dust_rules(ctx: &WalletContext) -> Outcome<Vec<(ExchangeCoin, Decimal)>> {
    let pairs = catalogue::spot_pairs(&ctx.db).await?;
    let mut mins: HashMap<String, Decimal> = HashMap::new();
    for p in pairs.iter().filter(|p| p.enable == ON) {
        if let Some(min) = sell_min(p) {
            mins.entry(crate::asset(&p.coin)).or_insert(min);
        }
    }
    Ok(exchange_coins(ctx)
        .await?
        .into_iter()
        .filter(|c| c.asset != USDT)
        .filter_map(|c| mins.get(&c.asset).copied().map(|m| (c, m)))
        .collect())
}

/// What `amount` of dust pays at `quote`, or None when nothing.
fn pays(quote: &Quote, amount: Decimal) -> Option<Decimal> {
    quotes::exchange_amounts(quote, amount)
        .ok()
        .map(|x| x.to_amount)
}

/// The user's dust as of the committed balances.
pub async fn list(ctx: &WalletContext, user_id: i64) -> Outcome<Vec<Dust>> {
    let balances = onyx_store::ledger::user_balances(&ctx.db, user_id).await?;
    let user = u64::try_from(user_id).map_err(Failure::internal)?;
    let mut items = Vec::new();
    for (coin, min) in dust_rules(ctx).await? {
        let account = AccountId::user(user, Wallet::Spot, &coin.asset);
        let available = balances
            .iter()
            .find(|b| b.account == account)
            .map_or(Decimal::ZERO, |b| b.available);
        if !is_dust(available, min) {
            continue;
        }
        let usdt = dust_quote(ctx, user_id, &coin).and_then(|q| pays(&q, available));
        items.push(Dust {
            coin: coin.asset,
            amount: available,
            sell_min: min,
            usdt,
        });
    }
    Ok(items)
}

/// Converts every convertible dust balance of the user into USDT, in one
/// ledger transaction. Idempotent under a key.
pub async fn convert(ctx: &WalletContext, user_id: i64, key: Option<String>) -> Outcome<Converted> {
    let rules = dust_rules(ctx).await?;
    let idem = Idempotency::new(key, user_id, "asset.convertDust", &());
    let mut txn = ctx.ledger.begin().await?;
    if let Some(stored) = idem.replay(&mut txn).await? {
        return serde_json::from_value(stored).map_err(Failure::internal);
    }
    let user = u64::try_from(user_id).map_err(Failure::internal)?;
    let now = ctx.clock.now();
    let mut exchanges = Vec::new();
    let mut total = Decimal::ZERO;
    for (coin, min) in rules {
        // Read inside the gate: a racing convert has already moved it.
        let account = AccountId::user(user, Wallet::Spot, &coin.asset);
        let (available, _) = txn.balance(&account).await?;
        if !is_dust(available, min) {
            continue;
        }
        let Some(quote) = dust_quote(ctx, user_id, &coin) else {
            continue;
        };
        if pays(&quote, available).is_none() {
            continue;
        }
        let amount = Amount::from_decimal(available).map_err(Failure::internal)?;
        let view = execute(&mut txn, user_id, &quote, amount, now).await?;
        let paid: Decimal = view.to_amount.parse().map_err(Failure::internal)?;
        total = exact_add(total, paid).ok_or_else(|| Failure::internal("dust total overflow"))?;
        exchanges.push(view);
    }
    let done = Converted {
        exchanges,
        total_usdt: total.normalize(),
    };
    idem.remember(&mut txn, &done).await?;
    txn.commit().await?;
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn dec(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn dust_is_a_positive_balance_below_the_sell_minimum() {
        assert!(is_dust(dec("0.000099"), dec("0.0001")));
        assert!(!is_dust(dec("0.0001"), dec("0.0001")));
        assert!(!is_dust(dec("0.0009"), dec("0.0001")));
        assert!(!is_dust(Decimal::ZERO, dec("0.0001")));
    }
}
