//! The user's balances per wallet with their USDT value, transfers between
//! the user's own wallets, and the coin list of the flash exchange.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

use crate::exchange::exchange_coins;
use crate::quotes::USDT_SCALE;
use crate::transfers::{self, TransferRequest, TransferResult};
use crate::WalletContext;
use crate::{asset, usdt_price, USDT};
use axum::extract::FromRef;
use axum::extract::State;
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::extract::ApiJson;
use onyx_http::IdempotencyKey;
use onyx_kernel::ledger::Wallet;
use onyx_market::api::catalogue;
use onyx_platform::Context;
use onyx_store::ledger::user_balances;
use rust_decimal::{Decimal, RoundingStrategy};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    WalletContext: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(asset_balance))
        .routes(routes!(transfer_funds))
        .routes(routes!(get_app_currency_list))
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AssetBalance {
    /// Sum of the wallets' `totalUsdt`.
    pub total_usdt: String,
    pub wallets: Vec<WalletBalance>,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct WalletBalance {
    /// `spot`, `contract` or `finance`.
    pub wallet: String,
    /// Sum of the rows' `usdtValue`; an unpriced coin counts 0.
    pub total_usdt: String,
    pub assets: Vec<AssetRow>,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AssetRow {
    pub coin: String,
    pub available: String,
    pub frozen: String,
    pub total: String,
    /// USDT per coin at the fresh index price; null without one.
    pub usdt_price: Option<String>,
    /// `total * usdtPrice`, cut to 6 decimals; null without a price.
    pub usdt_value: Option<String>,
}

/// Every wallet of the user. Spot lists USDT and every enabled catalogue
/// coin (zero rows included); contract and finance list USDT and the coins
/// held there. A held coin is always listed, even one no longer enabled,
/// so no balance is ever hidden.
#[utoipa::path(post, path = "/api/asset/assetBalance", tag = "asset",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<AssetBalance>)))]
async fn asset_balance(State(state): State<WalletContext>, me: CurrentUser) -> Reply<AssetBalance> {
    let enabled: Vec<String> = catalogue::enabled_coins(&state.db)
        .await?
        .iter()
        .map(|c| asset(c))
        .collect();
    let mut held: BTreeMap<(Wallet, String), (Decimal, Decimal)> = BTreeMap::new();
    for b in user_balances(&state.db, me.id()).await? {
        if let onyx_kernel::ledger::Owner::User { wallet, .. } = b.account.owner {
            held.insert((wallet, b.account.asset), (b.available, b.frozen));
        }
    }
    let mut wallets = Vec::new();
    let mut grand_total = Decimal::ZERO;
    for wallet in Wallet::ALL {
        let mut coins: Vec<String> = vec![USDT.to_string()];
        if wallet == Wallet::Spot {
            coins.extend(enabled.iter().cloned());
        }
        for ((w, coin), (available, frozen)) in &held {
            let nonzero = !available.is_zero() || !frozen.is_zero();
            if *w == wallet && (nonzero || wallet == Wallet::Spot) {
                coins.push(coin.clone());
            }
        }
        let mut seen = std::collections::HashSet::new();
        coins.retain(|c| seen.insert(c.clone()));

        let mut total = Decimal::ZERO;
        let mut assets = Vec::with_capacity(coins.len());
        for coin in coins {
            let (available, frozen) = held
                .get(&(wallet, coin.clone()))
                .copied()
                .unwrap_or_default();
            // Display only, and the ledger keeps each balance exact: a sum
            // beyond the decimal range saturates rather than fail the page.
            let sum = available.saturating_add(frozen);
            let price = usdt_price(&state, &coin);
            let value = price.map(|p| {
                sum.saturating_mul(p)
                    .round_dp_with_strategy(USDT_SCALE, RoundingStrategy::ToZero)
            });
            total = total.saturating_add(value.unwrap_or_default());
            assets.push(AssetRow {
                coin,
                available: available.normalize().to_string(),
                frozen: frozen.normalize().to_string(),
                total: sum.normalize().to_string(),
                usdt_price: price.map(|p| p.normalize().to_string()),
                usdt_value: value.map(|v| v.normalize().to_string()),
            });
        }
        grand_total = grand_total.saturating_add(total);
        wallets.push(WalletBalance {
            wallet: wallet.as_str().to_string(),
            total_usdt: total.normalize().to_string(),
            assets,
        });
    }
    ok(AssetBalance {
        total_usdt: grand_total.normalize().to_string(),
        wallets,
    })
}

/// Moves available funds between two of the user's wallets. Any held coin
/// may move, enabled or not: a user must always be able to reach their
/// money. Idempotent.
#[utoipa::path(post, path = "/api/asset/transferFunds", tag = "asset",
    request_body = TransferRequest, security(("satoken" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "retry key")),
    responses((status = 200, body = Envelope<TransferResult>,
        description = "-4040 same wallet, -4041 unknown wallet, -4001 shortfall, -11 not a plain decimal, -4003 more than 8 decimals, -4005 too large")))]
async fn transfer_funds(
    State(state): State<WalletContext>,
    me: CurrentUser,
    key: IdempotencyKey,
    ApiJson(req): ApiJson<TransferRequest>,
) -> Reply<TransferResult> {
    ok(transfers::transfer(&state, me.id(), key.0, &req).await?)
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct CurrencyItem {
    pub coin: String,
    pub name: String,
    pub logo: String,
    /// Decimals an exchanged amount of this coin may carry.
    pub scale: u32,
    /// Null without a fresh index price.
    pub usdt_price: Option<String>,
}

/// The coins of the flash exchange: USDT and every enabled catalogue coin
/// with an enabled spot pair.
#[utoipa::path(post, path = "/api/common/getAppCurrencyList", tag = "common",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<Vec<CurrencyItem>>)))]
async fn get_app_currency_list(
    State(state): State<WalletContext>,
    _me: CurrentUser,
) -> Reply<Vec<CurrencyItem>> {
    let coins = exchange_coins(&state).await?;
    ok(coins
        .into_iter()
        .map(|c| CurrencyItem {
            usdt_price: usdt_price(&state, &c.asset).map(|p| p.normalize().to_string()),
            name: c.asset.clone(),
            coin: c.asset,
            logo: c.logo,
            scale: c.scale,
        })
        .collect())
}
