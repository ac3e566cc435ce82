//! The flash exchange: a quote at the index price less the spread, then an
//! exchange against the house at exactly the quoted price. See
//! `wallet::quotes` for how prices, spreads and minimums are set, and for
//! the checked arithmetic of an execution.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

use crate::entity::exchange;
use crate::postings;
use crate::quotes::{self, ExchangeRefusal, Quote, COIN_SCALE, USDT_SCALE};
use crate::repo::wallet_records::{self, NewExchange};
use crate::WalletContext;
use crate::{asset, parse_amount, usdt_price, Idempotency, USDT};
use chrono::{DateTime, TimeZone, Utc};
use onyx_kernel::ledger::PostingRef;
use onyx_kernel::money::Amount;
use onyx_kernel::ErrorCode;
use onyx_kernel::{Failure, Outcome};
use onyx_market::api::catalogue::{self, ON};
use onyx_market::api::coin::CoinStatus;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// A coin of the flash exchange.
#[derive(Clone, Debug)]
pub struct ExchangeCoin {
    /// Upper-case asset.
    pub asset: String,
    pub logo: String,
    /// Decimals an exchanged amount of this coin may carry.
    pub scale: u32,
    /// The spot pair's fee rate; zero for USDT.
    pub spread: Decimal,
}

/// USDT, then every enabled catalogue coin with an enabled spot pair (the
/// pair supplies the spread), in catalogue order.
pub(crate) async fn exchange_coins(state: &WalletContext) -> Outcome<Vec<ExchangeCoin>> {
    let pairs = catalogue::spot_pairs(&state.db).await?;
    let mut out = vec![ExchangeCoin {
        asset: USDT.into(),
        logo: String::new(),
        scale: USDT_SCALE,
        spread: Decimal::ZERO,
    }];
    for c in catalogue::coins(&state.db).await? {
        if c.status != CoinStatus::On {
            continue;
        }
        let Some(pair) = pairs
            .iter()
            .find(|p| p.enable == ON && p.coin.eq_ignore_ascii_case(&c.coin))
        else {
            continue;
        };
        let spread = pair.fee_rate.get();
        let asset = asset(&c.coin);
        if asset == USDT || spread.is_sign_negative() || spread >= Decimal::ONE {
            continue;
        }
        out.push(ExchangeCoin {
            asset,
            logo: c.logo,
            scale: COIN_SCALE,
            spread,
        });
    }
    Ok(out)
}

fn find_coin(coins: &[ExchangeCoin], raw: &str) -> Outcome<ExchangeCoin> {
    let wanted = asset(raw);
    coins
        .iter()
        .find(|c| c.asset == wanted)
        .cloned()
        .ok_or_else(|| Failure::new(ErrorCode::UnknownCoin).with("coin", raw.trim()))
}

/// Both coins of a pair, checked: distinct and exchangeable.
async fn pair(
    state: &WalletContext,
    from: &str,
    to: &str,
) -> Outcome<(ExchangeCoin, ExchangeCoin)> {
    if asset(from) == asset(to) {
        return Err(Failure::new(ErrorCode::ExchangeSameCoin));
    }
    let coins = exchange_coins(state).await?;
    Ok((find_coin(&coins, from)?, find_coin(&coins, to)?))
}

/// USDT prices of both coins, fresh, or ExchangeUnavailable.
fn fresh_prices(state: &WalletContext, from: &str, to: &str) -> Outcome<(Decimal, Decimal)> {
    match (usdt_price(state, from), usdt_price(state, to)) {
        (Some(f), Some(t)) if f > Decimal::ZERO && t > Decimal::ZERO => Ok((f, t)),
        _ => Err(Failure::new(ErrorCode::ExchangeUnavailable)),
    }
}

/// `ms` as a time; one out of range is `otherwise`.
fn time(ms: i64, otherwise: DateTime<Utc>) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(ms).single().unwrap_or(otherwise)
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct CurrencyQuery {
    /// `from,to`, e.g. `usdt,btc`.
    pub currency: String,
}

/// A price the user may exchange at until `expiresAt`.
#[derive(Serialize, ToSchema, Debug)]
#[schema(as = ExchangeQuoteView)]
#[serde(rename_all = "camelCase")]
pub struct QuoteView {
    pub quote_id: String,
    pub from: String,
    pub to: String,
    /// `to` per one `from`, after the spread.
    pub price: String,
    /// The spread deducted, as a rate (`0.001` = 0.1 %).
    pub spread: String,
    /// Smallest `from` amount accepted.
    pub min_amount: String,
    pub expires_at: DateTime<Utc>,
}

#[derive(Deserialize, Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct ExchangeRequest {
    pub from: String,
    pub to: String,
    /// Decimal string of `from`, at most the coin's scale.
    pub amount: String,
    pub quote_id: String,
}

/// An executed exchange. `fee` is the spread's value, in `feeCoin` (the
/// `to` coin): what the user would have received more at the index price.
#[derive(Serialize, Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct ExchangeView {
    pub id: i64,
    pub from_coin: String,
    pub to_coin: String,
    pub from_amount: String,
    pub to_amount: String,
    pub price: String,
    pub fee: String,
    pub fee_coin: String,
    pub create_time: DateTime<Utc>,
}

impl From<exchange::Model> for ExchangeView {
    fn from(e: exchange::Model) -> ExchangeView {
        ExchangeView {
            id: e.id,
            from_coin: e.from_coin,
            to_coin: e.to_coin,
            from_amount: e.from_amount.to_string(),
            to_amount: e.to_amount.to_string(),
            price: e.price.to_string(),
            fee: e.fee.to_string(),
            fee_coin: e.fee_coin,
            create_time: e.created_at,
        }
    }
}

pub(crate) async fn execute(
    txn: &mut onyx_store::ledger::LedgerTxn,
    user_id: i64,
    quote: &Quote,
    amount: Amount,
    now: DateTime<Utc>,
) -> Outcome<ExchangeView> {
    let exchanged = quotes::exchange_amounts(quote, amount.as_decimal()).map_err(|r| match r {
        ExchangeRefusal::BelowMinimum => Failure::new(ErrorCode::ExchangeBelowMinimum)
            .with("min", quote.min_amount.normalize())
            .with("coin", &quote.from),
        ExchangeRefusal::TooLarge => Failure::new(ErrorCode::AmountTooLarge),
    })?;
    let to_amount = Amount::from_decimal(exchanged.to_amount).map_err(Failure::internal)?;
    let fee = exchanged.fee;

    let row = wallet_records::insert_exchange(
        txn.conn(),
        NewExchange {
            user_id,
            from_coin: &quote.from,
            to_coin: &quote.to,
            from_amount: amount.as_decimal().normalize().into(),
            to_amount: to_amount.as_decimal().normalize().into(),
            price: quote.price.normalize().into(),
            fee: fee.normalize().into(),
            fee_coin: &quote.to,
            now,
        },
    )
    .await?;
    let reference = PostingRef::Exchange(row.id);
    let user = u64::try_from(user_id).map_err(Failure::internal)?;
    let legs = postings::exchange(
        user,
        (&quote.from, amount),
        (&quote.to, to_amount),
        &reference,
        now.timestamp_millis(),
    );
    txn.post(&reference, legs).await?;
    Ok(ExchangeView::from(row))
}

/// Quotes `from` to `to` (`currency` is `from,to`) for 15 s: the price after
/// the spread, bound to the user and single use.
pub async fn quote(ctx: &WalletContext, user_id: i64, currency: &str) -> Outcome<QuoteView> {
    let mut parts = currency.split(',');
    let (Some(from), Some(to), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(Failure::invalid("currency"));
    };
    if from.trim().is_empty() || to.trim().is_empty() {
        return Err(Failure::invalid("currency"));
    }
    let (from, to) = pair(ctx, from, to).await?;
    let (from_usdt, to_usdt) = fresh_prices(ctx, &from.asset, &to.asset)?;
    let unavailable = || Failure::new(ErrorCode::ExchangeUnavailable);
    let raw_price = from_usdt.checked_div(to_usdt).ok_or_else(unavailable)?;
    let spread = from.spread.max(to.spread);
    let price = quotes::quoted_price(raw_price, spread).ok_or_else(unavailable)?;
    let min_amount = quotes::min_amount(from_usdt, from.scale).ok_or_else(unavailable)?;
    if price.is_zero() {
        return Err(unavailable());
    }
    let quote = ctx.quotes.issue(Quote {
        id: String::new(),
        user_id,
        from: from.asset,
        to: to.asset,
        price,
        spread,
        raw_price,
        min_amount,
        from_scale: from.scale,
        to_scale: to.scale,
        expires_at_ms: 0,
    });
    Ok(QuoteView {
        quote_id: quote.id,
        from: quote.from,
        to: quote.to,
        price: quote.price.normalize().to_string(),
        spread: quote.spread.normalize().to_string(),
        min_amount: quote.min_amount.normalize().to_string(),
        expires_at: time(quote.expires_at_ms, ctx.clock.now()),
    })
}

/// Exchanges `amount` of `from` (spot wallet) for `to` at the quote's
/// price, against the house. The quote is single use: it is taken before
/// the ledger moves and put back if the exchange fails. Idempotent.
pub async fn exchange(
    ctx: &WalletContext,
    user_id: i64,
    key: Option<String>,
    req: &ExchangeRequest,
) -> Outcome<ExchangeView> {
    let (from, to) = pair(ctx, &req.from, &req.to).await?;
    let amount = parse_amount(&req.amount, from.scale)?;
    let idem = Idempotency::new(key, user_id, "texchange.currencyExchange", req);
    let mut txn = ctx.ledger.begin().await?;
    if let Some(stored) = idem.replay(&mut txn).await? {
        return serde_json::from_value(stored).map_err(Failure::internal);
    }
    fresh_prices(ctx, &from.asset, &to.asset)?;
    let quote = ctx
        .quotes
        .take(req.quote_id.trim(), user_id, &from.asset, &to.asset)
        .map_err(|_| Failure::new(ErrorCode::ExchangeQuoteExpired))?;
    let executed = async {
        let view = execute(&mut txn, user_id, &quote, amount, ctx.clock.now()).await?;
        idem.remember(&mut txn, &view).await?;
        txn.commit().await?;
        Ok::<_, Failure>(view)
    }
    .await;
    if executed.is_err() {
        ctx.quotes.restore(quote);
    }
    executed
}
