//! Operators on the market catalogue: list, add and edit coins and the
//! spot, futures and option pairs. Every write carries a reason and is
//! audited in the transaction of the change (old and new rows), in
//! `catalogue_editing`. Bodies are patches: on create, absent fields take
//! the kind's defaults; on update, absent fields keep their value. The
//! whole resulting row is validated (`catalogue_rules`) before anything is
//! written.
//!
//! A coin added here is in `catalogue::enabled_coins` at once; the market
//! service prices it after it next reloads its coin list.

use super::catalogue::{CoinItem, ContractPair, OptionPair, SpotPair};
use crate::catalogue_editing as editing;
use crate::catalogue_rules::{
    flag, in_range, label, leverage, not_above, patched, positive, symbol, word, MARKET_MT5,
    PRECISION_MAX,
};
use crate::entity::coin::CoinStatus;
use crate::entity::{coin, contract_pair, option_pair, spot_pair};
use crate::repo::catalogue;
use axum::extract::FromRef;
use axum::extract::{Path, State};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::extract::ApiJson;
use onyx_kernel::{Failure, Outcome};
use onyx_platform::Context;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(list_coins, create_coin))
        .routes(routes!(update_coin))
        .routes(routes!(list_spot, create_spot))
        .routes(routes!(update_spot))
        .routes(routes!(list_contract, create_contract))
        .routes(routes!(update_contract))
        .routes(routes!(list_option, create_option))
        .routes(routes!(update_option))
}

/// The catalogue is product configuration: the settings permission (owner).
const PERMISSION: Permission = Permission::EditSettings;

// ---- coins --------------------------------------------------------------

/// A coin-list entry to add, or the fields of one to change.
#[derive(Deserialize, ToSchema, Debug, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct CoinPatch {
    /// Required on create, fixed afterwards. Letters and digits; lower-cased
    /// unless `market` is `mt5`.
    pub coin: Option<String>,
    /// Default `<coin>usdt`.
    pub symbol: Option<String>,
    /// Default `<COIN>/USDT`.
    pub show_symbol: Option<String>,
    pub logo: Option<String>,
    /// Default: after the last coin.
    pub sort: Option<i32>,
    /// 1 (default) enabled, 0 disabled.
    pub status: Option<i32>,
    /// 1 (default) shown, 0 hidden.
    pub show_flag: Option<i32>,
    /// 0..=2; 2 (default) shows `showSymbol`.
    pub customize_flag: Option<i32>,
    /// Default `spot`.
    pub market: Option<String>,
    /// 0..=3; default 1.
    pub coin_type: Option<i32>,
    pub reason: String,
}

fn apply_coin(mut row: coin::Model, p: &CoinPatch) -> Outcome<coin::Model> {
    if let Some(v) = &p.market {
        row.market = word("market", v, 1)?.to_lowercase();
    }
    if let Some(v) = &p.coin {
        row.coin = word("coin", v, 1)?;
    }
    if row.market != MARKET_MT5 {
        row.coin = row.coin.to_lowercase();
    }
    if let Some(v) = &p.symbol {
        row.symbol = word("symbol", v, 2)?;
    }
    if row.market != MARKET_MT5 {
        row.symbol = symbol("symbol", &row.symbol)?;
    }
    if let Some(v) = &p.show_symbol {
        row.show_symbol = label("showSymbol", v)?;
    }
    if let Some(v) = &p.logo {
        if v.len() > 500 || v.chars().any(char::is_control) {
            return Err(Failure::invalid("logo"));
        }
        row.logo = v.trim().to_string();
    }
    if let Some(v) = p.sort {
        row.sort = in_range("sort", v, 0, 1_000_000)?;
    }
    if let Some(v) = p.status {
        row.status = CoinStatus::parse(v).ok_or(Failure::invalid("status"))?;
    }
    row.show_flag = flag("showFlag", p.show_flag.unwrap_or(row.show_flag))?;
    row.customize_flag = in_range(
        "customizeFlag",
        p.customize_flag.unwrap_or(row.customize_flag),
        0,
        2,
    )?;
    row.coin_type = in_range("coinType", p.coin_type.unwrap_or(row.coin_type), 0, 3)?;
    Ok(row)
}

/// Every coin-list entry, enabled or not, with live prices.
#[utoipa::path(get, path = "/api/admin/catalogue/coins", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<CoinItem>>)))]
async fn list_coins(State(state): State<Context>, me: CurrentAdmin) -> Reply<Vec<CoinItem>> {
    me.require(PERMISSION)?;
    let rows = catalogue::coins(&state.db).await?;
    ok(rows
        .into_iter()
        .map(|c| CoinItem::new(c, &state.prices))
        .collect())
}

/// Adds a coin to the coin list (`coin` and `reason` required). It is
/// priced once the market service reloads its coin list.
#[utoipa::path(post, path = "/api/admin/catalogue/coins", tag = "admin",
    request_body = CoinPatch, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<CoinItem>)))]
async fn create_coin(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiJson(p): ApiJson<CoinPatch>,
) -> Reply<CoinItem> {
    me.require(PERMISSION)?;
    let coin = p.coin.as_deref();
    let row: coin::Model =
        editing::create(&state, &me.actor(), &p.reason, coin, |r| apply_coin(r, &p)).await?;
    ok(CoinItem::new(row, &state.prices))
}

/// Changes a coin-list entry; `coin` itself cannot change.
#[utoipa::path(put, path = "/api/admin/catalogue/coins/{id}", tag = "admin",
    params(("id" = i64, Path)), request_body = CoinPatch, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<CoinItem>)))]
async fn update_coin(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(p): ApiJson<CoinPatch>,
) -> Reply<CoinItem> {
    me.require(PERMISSION)?;
    let coin = p.coin.as_deref();
    let row: coin::Model = editing::update(&state, &me.actor(), id, &p.reason, coin, |r| {
        apply_coin(r, &p)
    })
    .await?;
    ok(CoinItem::new(row, &state.prices))
}

// ---- spot pairs ---------------------------------------------------------

/// A spot pair to add (`coin` required), or the fields of one to change.
/// Decimals are non-negative decimal strings; flags 0 or 1.
#[derive(Deserialize, ToSchema, Debug, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct SpotPatch {
    pub coin: Option<String>,
    /// Default `<coin>usdt`.
    pub symbol: Option<String>,
    pub order_min: Option<String>,
    pub order_max: Option<String>,
    pub buy_max: Option<String>,
    pub sell_min: Option<String>,
    pub min_sell: Option<String>,
    pub fee_rate: Option<String>,
    /// 0..=18.
    pub base_precision: Option<i32>,
    /// 0..=18.
    pub coin_precision: Option<i32>,
    pub limited_buy: Option<i32>,
    pub limited_sell: Option<i32>,
    pub market_buy: Option<i32>,
    pub market_sell: Option<i32>,
    pub enable: Option<i32>,
    pub is_deal: Option<i32>,
    pub is_show: Option<i32>,
    pub sort: Option<i32>,
    pub reason: String,
}

fn apply_spot(mut r: spot_pair::Model, p: &SpotPatch) -> Outcome<spot_pair::Model> {
    let dec = patched;
    if let Some(v) = &p.symbol {
        r.symbol = symbol("symbol", v)?;
    }
    r.order_min = dec("orderMin", &p.order_min, r.order_min)?;
    r.order_max = dec("orderMax", &p.order_max, r.order_max)?;
    r.buy_max = dec("buyMax", &p.buy_max, r.buy_max)?;
    r.sell_min = dec("sellMin", &p.sell_min, r.sell_min)?;
    r.min_sell = dec("minSell", &p.min_sell, r.min_sell)?;
    r.fee_rate = dec("feeRate", &p.fee_rate, r.fee_rate)?;
    not_above("orderMin", r.order_min, r.order_max)?;
    let precision =
        |field, v: Option<i32>, current| in_range(field, v.unwrap_or(current), 0, PRECISION_MAX);
    r.base_precision = precision("basePrecision", p.base_precision, r.base_precision)?;
    r.coin_precision = precision("coinPrecision", p.coin_precision, r.coin_precision)?;
    r.limited_buy = flag("limitedBuy", p.limited_buy.unwrap_or(r.limited_buy))?;
    r.limited_sell = flag("limitedSell", p.limited_sell.unwrap_or(r.limited_sell))?;
    r.market_buy = flag("marketBuy", p.market_buy.unwrap_or(r.market_buy))?;
    r.market_sell = flag("marketSell", p.market_sell.unwrap_or(r.market_sell))?;
    r.enable = flag("enable", p.enable.unwrap_or(r.enable))?;
    r.is_deal = flag("isDeal", p.is_deal.unwrap_or(r.is_deal))?;
    r.is_show = flag("isShow", p.is_show.unwrap_or(r.is_show))?;
    r.sort = in_range("sort", p.sort.unwrap_or(r.sort), 0, 1_000_000)?;
    Ok(r)
}

/// Every spot pair, enabled or not.
#[utoipa::path(get, path = "/api/admin/catalogue/spot-pairs", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<SpotPair>>)))]
async fn list_spot(State(state): State<Context>, me: CurrentAdmin) -> Reply<Vec<SpotPair>> {
    me.require(PERMISSION)?;
    let rows = catalogue::spot_pairs(&state.db).await?;
    ok(rows.into_iter().map(SpotPair::from).collect())
}

/// Adds a spot pair for a catalogue coin.
#[utoipa::path(post, path = "/api/admin/catalogue/spot-pairs", tag = "admin",
    request_body = SpotPatch, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<SpotPair>)))]
async fn create_spot(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiJson(p): ApiJson<SpotPatch>,
) -> Reply<SpotPair> {
    me.require(PERMISSION)?;
    let coin = p.coin.as_deref();
    let row: spot_pair::Model =
        editing::create(&state, &me.actor(), &p.reason, coin, |r| apply_spot(r, &p)).await?;
    ok(row.into())
}

/// Changes a spot pair.
#[utoipa::path(put, path = "/api/admin/catalogue/spot-pairs/{id}", tag = "admin",
    params(("id" = i64, Path)), request_body = SpotPatch, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<SpotPair>)))]
async fn update_spot(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(p): ApiJson<SpotPatch>,
) -> Reply<SpotPair> {
    me.require(PERMISSION)?;
    let coin = p.coin.as_deref();
    let row: spot_pair::Model = editing::update(&state, &me.actor(), id, &p.reason, coin, |r| {
        apply_spot(r, &p)
    })
    .await?;
    ok(row.into())
}

// ---- futures pairs ------------------------------------------------------

/// A futures pair to add (`coin` required), or the fields of one to change.
#[derive(Deserialize, ToSchema, Debug, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct ContractPatch {
    pub coin: Option<String>,
    /// Default `<coin>usdt`.
    pub symbol: Option<String>,
    /// Default `<COIN>/USDT`.
    pub show_symbol: Option<String>,
    /// Default `usdt`.
    pub base_coin: Option<String>,
    /// Strictly increasing positive integers, e.g. `5,10,20`.
    pub leverage: Option<String>,
    pub min_share: Option<String>,
    pub max_share: Option<String>,
    /// Coins per share, above zero.
    pub share_number: Option<String>,
    pub open_fee: Option<String>,
    pub close_fee: Option<String>,
    pub usdt_rate: Option<String>,
    /// 1..=720.
    pub interval_hour: Option<i32>,
    pub enable: Option<i32>,
    pub sort: Option<i32>,
    pub reason: String,
}

fn apply_contract(mut r: contract_pair::Model, p: &ContractPatch) -> Outcome<contract_pair::Model> {
    let dec = patched;
    if let Some(v) = &p.symbol {
        r.symbol = symbol("symbol", v)?;
    }
    if let Some(v) = &p.show_symbol {
        r.show_symbol = label("showSymbol", v)?;
    }
    if let Some(v) = &p.base_coin {
        r.base_coin = word("baseCoin", v, 1)?.to_lowercase();
    }
    r.leverage = leverage(p.leverage.as_deref().unwrap_or(&r.leverage))?;
    r.min_share = dec("minShare", &p.min_share, r.min_share)?;
    r.max_share = dec("maxShare", &p.max_share, r.max_share)?;
    not_above("minShare", r.min_share, r.max_share)?;
    r.share_number = positive(
        "shareNumber",
        dec("shareNumber", &p.share_number, r.share_number)?,
    )?;
    r.open_fee = dec("openFee", &p.open_fee, r.open_fee)?;
    r.close_fee = dec("closeFee", &p.close_fee, r.close_fee)?;
    r.usdt_rate = positive("usdtRate", dec("usdtRate", &p.usdt_rate, r.usdt_rate)?)?;
    r.interval_hour = in_range(
        "intervalHour",
        p.interval_hour.unwrap_or(r.interval_hour),
        1,
        720,
    )?;
    r.enable = flag("enable", p.enable.unwrap_or(r.enable))?;
    r.sort = in_range("sort", p.sort.unwrap_or(r.sort), 0, 1_000_000)?;
    Ok(r)
}

/// Every futures pair, enabled or not, with live prices.
#[utoipa::path(get, path = "/api/admin/catalogue/contract-pairs", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<ContractPair>>)))]
async fn list_contract(State(state): State<Context>, me: CurrentAdmin) -> Reply<Vec<ContractPair>> {
    me.require(PERMISSION)?;
    let rows = catalogue::contract_pairs(&state.db).await?;
    ok(rows
        .into_iter()
        .map(|r| ContractPair::new(r, &state.prices))
        .collect())
}

/// Adds a futures pair for a catalogue coin.
#[utoipa::path(post, path = "/api/admin/catalogue/contract-pairs", tag = "admin",
    request_body = ContractPatch, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<ContractPair>)))]
async fn create_contract(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiJson(p): ApiJson<ContractPatch>,
) -> Reply<ContractPair> {
    me.require(PERMISSION)?;
    let coin = p.coin.as_deref();
    let row: contract_pair::Model = editing::create(&state, &me.actor(), &p.reason, coin, |r| {
        apply_contract(r, &p)
    })
    .await?;
    ok(ContractPair::new(row, &state.prices))
}

/// Changes a futures pair.
#[utoipa::path(put, path = "/api/admin/catalogue/contract-pairs/{id}", tag = "admin",
    params(("id" = i64, Path)), request_body = ContractPatch, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<ContractPair>)))]
async fn update_contract(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(p): ApiJson<ContractPatch>,
) -> Reply<ContractPair> {
    me.require(PERMISSION)?;
    let coin = p.coin.as_deref();
    let row: contract_pair::Model =
        editing::update(&state, &me.actor(), id, &p.reason, coin, |r| {
            apply_contract(r, &p)
        })
        .await?;
    ok(ContractPair::new(row, &state.prices))
}

// ---- option pairs -------------------------------------------------------

/// An option pair to add (`coin` required), or the fields of one to change.
#[derive(Deserialize, ToSchema, Debug, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct OptionPatch {
    pub coin: Option<String>,
    /// Default `<coin>usdt`.
    pub symbol: Option<String>,
    /// Default `<COIN>/USDT`.
    pub show_symbol: Option<String>,
    /// 0..=2; default 1.
    pub fee_type: Option<i32>,
    /// Non-negative decimal string; default `1`.
    pub fee_value: Option<String>,
    pub sort: Option<i32>,
    /// 1 enabled, 0 disabled.
    pub status: Option<i32>,
    pub reason: String,
}

fn apply_option(mut r: option_pair::Model, p: &OptionPatch) -> Outcome<option_pair::Model> {
    if let Some(v) = &p.symbol {
        r.symbol = symbol("symbol", v)?;
    }
    if let Some(v) = &p.show_symbol {
        r.show_symbol = label("showSymbol", v)?;
    }
    r.fee_type = in_range("feeType", p.fee_type.unwrap_or(r.fee_type), 0, 2)?;
    r.fee_value = patched("feeValue", &p.fee_value, r.fee_value)?;
    r.sort = in_range("sort", p.sort.unwrap_or(r.sort), 0, 1_000_000)?;
    r.status = flag("status", p.status.unwrap_or(r.status))?;
    Ok(r)
}

/// Every option pair, enabled or not, with live prices.
#[utoipa::path(get, path = "/api/admin/catalogue/option-pairs", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<OptionPair>>)))]
async fn list_option(State(state): State<Context>, me: CurrentAdmin) -> Reply<Vec<OptionPair>> {
    me.require(PERMISSION)?;
    let rows = catalogue::option_pairs(&state.db).await?;
    ok(rows
        .into_iter()
        .map(|r| OptionPair::new(r, &state.prices))
        .collect())
}

/// Adds an option pair for a catalogue coin.
#[utoipa::path(post, path = "/api/admin/catalogue/option-pairs", tag = "admin",
    request_body = OptionPatch, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<OptionPair>)))]
async fn create_option(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiJson(p): ApiJson<OptionPatch>,
) -> Reply<OptionPair> {
    me.require(PERMISSION)?;
    let coin = p.coin.as_deref();
    let row: option_pair::Model = editing::create(&state, &me.actor(), &p.reason, coin, |r| {
        apply_option(r, &p)
    })
    .await?;
    ok(OptionPair::new(row, &state.prices))
}

/// Changes an option pair.
#[utoipa::path(put, path = "/api/admin/catalogue/option-pairs/{id}", tag = "admin",
    params(("id" = i64, Path)), request_body = OptionPatch, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<OptionPair>)))]
async fn update_option(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(p): ApiJson<OptionPatch>,
) -> Reply<OptionPair> {
    me.require(PERMISSION)?;
    let coin = p.coin.as_deref();
    let row: option_pair::Model = editing::update(&state, &me.actor(), id, &p.reason, coin, |r| {
        apply_option(r, &p)
    })
    .await?;
    ok(OptionPair::new(row, &state.prices))
}
