//! Operators on the market catalogue: list, add and edit coins and the
//! spot, futures and option pairs. Every write carries a reason and is
//! audited in the transaction of the change (old and new rows). Bodies are
//! patches: on create, absent fields take the defaults below; on update,
//! absent fields keep their value. The whole resulting row is validated
//! before anything is written.
//!
//! A coin added here is in `catalogue::enabled_coins` at once; the market
//! service prices it after it next reloads its coin list.

use super::catalogue::{CoinItem, ContractPair, OptionPair, SpotPair};
use crate::entity::{coin, contract_pair, option_pair, spot_pair};
use crate::repo::catalogue;
use axum::extract::FromRef;
use axum::extract::{Path, State};
use chrono::{DateTime, Utc};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::{ApiError, ApiResult};
use onyx_http::extract::ApiJson;
use onyx_kernel::ErrorCode;
use onyx_platform::audit;
use onyx_platform::Context;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{DatabaseTransaction, TransactionTrait};
use serde::Deserialize;
use serde_json::json;
use std::str::FromStr;
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

/// Market whose coins keep their case (spec section 3).
const MARKET_MT5: &str = "mt5";
const PRECISION_MAX: i32 = 18;
const LEVERAGE_MAX: u32 = 1000;
const LEVERAGE_OPTIONS_MAX: usize = 20;

// ---- validation -------------------------------------------------------

/// A non-negative plain decimal string (`"0.001"`; no sign, exponent or
/// spaces inside), normalised (`"0.0010"` -> `"0.001"`).
fn decimal(field: &'static str, raw: &str) -> ApiResult<String> {
    exact(field, raw).map(|d| d.to_string())
}

/// `decimal`'s value, as a decimal column stores it.
fn exact(field: &'static str, raw: &str) -> ApiResult<DecimalText> {
    let s = raw.trim();
    let (whole, fraction) = s.split_once('.').unwrap_or((s, "0"));
    let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) {
        return Err(ApiError::invalid(field));
    }
    let d = Decimal::from_str(s).map_err(|_| ApiError::invalid(field))?;
    debug_assert!(!d.is_sign_negative() || d.is_zero());
    Ok(DecimalText::from(d.normalize()))
}

/// The patch's value for a decimal column if it has one, else the
/// column's current value.
fn patched(
    field: &'static str,
    patch: &Option<String>,
    current: DecimalText,
) -> ApiResult<DecimalText> {
    match patch {
        Some(raw) => exact(field, raw),
        None => Ok(current),
    }
}

fn positive(field: &'static str, value: DecimalText) -> ApiResult<DecimalText> {
    if value.get() <= Decimal::ZERO {
        return Err(ApiError::invalid(field));
    }
    Ok(value)
}

fn not_above(field: &'static str, low: DecimalText, high: DecimalText) -> ApiResult<()> {
    if low <= high {
        Ok(())
    } else {
        Err(ApiError::invalid(field))
    }
}

fn flag(field: &'static str, v: i32) -> ApiResult<i32> {
    if v == 0 || v == 1 {
        Ok(v)
    } else {
        Err(ApiError::invalid(field))
    }
}

fn in_range(field: &'static str, v: i32, low: i32, high: i32) -> ApiResult<i32> {
    if (low..=high).contains(&v) {
        Ok(v)
    } else {
        Err(ApiError::invalid(field))
    }
}

/// ASCII letters and digits, `len_min..=32` long.
fn word(field: &'static str, raw: &str, len_min: usize) -> ApiResult<String> {
    let s = raw.trim();
    let ok = (len_min..=32).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric());
    if ok {
        Ok(s.to_string())
    } else {
        Err(ApiError::invalid(field))
    }
}

/// A pair symbol: lower-case letters and digits, e.g. `btcusdt`.
fn symbol(field: &'static str, raw: &str) -> ApiResult<String> {
    let s = word(field, raw, 2)?;
    if s.bytes().any(|b| b.is_ascii_uppercase()) {
        return Err(ApiError::invalid(field));
    }
    Ok(s)
}

/// Display text: 1..=32 characters, no control characters.
fn label(field: &'static str, raw: &str) -> ApiResult<String> {
    let s = raw.trim();
    let ok = (1..=32).contains(&s.chars().count()) && !s.chars().any(char::is_control);
    if ok {
        Ok(s.to_string())
    } else {
        Err(ApiError::invalid(field))
    }
}

/// Comma-separated, strictly increasing positive integers: `5,10,20`.
fn leverage(raw: &str) -> ApiResult<String> {
    let bad = || ApiError::invalid("leverage");
    let mut out: Vec<u32> = Vec::new();
    for part in raw.split(',') {
        let n: u32 = part.trim().parse().map_err(|_| bad())?;
        if n == 0 || n > LEVERAGE_MAX || out.last().is_some_and(|&last| last >= n) {
            return Err(bad());
        }
        out.push(n);
    }
    if out.is_empty() || out.len() > LEVERAGE_OPTIONS_MAX {
        return Err(bad());
    }
    Ok(out.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
}

fn duplicate(field: &'static str, value: &str) -> ApiError {
    ApiError::new(ErrorCode::CatalogueDuplicate)
        .with("field", field)
        .with("value", value)
}

/// The catalogue coin a pair refers to, in its stored spelling.
async fn pair_coin(txn: &DatabaseTransaction, raw: &str) -> ApiResult<String> {
    match catalogue::find_coin(txn, raw.trim()).await? {
        Some(c) => Ok(c.coin),
        None => Err(ApiError::new(ErrorCode::UnknownCoin).with("coin", raw.trim())),
    }
}

fn default_symbol(coin: &str) -> String {
    format!("{}usdt", coin.to_lowercase())
}

fn default_show_symbol(coin: &str) -> String {
    format!("{}/USDT", coin.to_uppercase())
}

/// Records the operator's change at `now` (the context's clock).
#[allow(clippy::too_many_arguments)]
async fn audited<T: serde::Serialize>(
    txn: &DatabaseTransaction,
    now: DateTime<Utc>,
    me: &CurrentAdmin,
    action: &str,
    target: String,
    reason: &str,
    old: Option<&T>,
    new: &T,
) -> ApiResult<()> {
    let detail = json!({"old": old, "new": new});
    Ok(audit::record(txn, now, &me.actor(), action, &target, reason, detail).await?)
}

fn not_found() -> ApiError {
    ErrorCode::NotFound.into()
}

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

fn apply_coin(mut row: coin::Model, p: &CoinPatch) -> ApiResult<coin::Model> {
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
            return Err(ApiError::invalid("logo"));
        }
        row.logo = v.trim().to_string();
    }
    if let Some(v) = p.sort {
        row.sort = in_range("sort", v, 0, 1_000_000)?;
    }
    row.status = flag("status", p.status.unwrap_or(row.status))?;
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
    let reason = audit::reason(&p.reason)?;
    let name = p.coin.as_deref().ok_or(ApiError::missing("coin"))?;
    let txn = state.db.begin().await?;
    let existing = catalogue::coins(&txn).await?;
    let draft = coin::Model {
        id: 0,
        coin: name.to_string(),
        symbol: default_symbol(name),
        show_symbol: default_show_symbol(name),
        logo: String::new(),
        sort: existing.iter().map(|c| c.sort).max().unwrap_or(0) + 1,
        status: catalogue::ON,
        show_flag: catalogue::ON,
        customize_flag: 2,
        market: "spot".into(),
        coin_type: 1,
    };
    let row = apply_coin(draft, &p)?;
    for c in &existing {
        if c.coin.eq_ignore_ascii_case(&row.coin) {
            return Err(duplicate("coin", &row.coin));
        }
        if c.symbol.eq_ignore_ascii_case(&row.symbol) {
            return Err(duplicate("symbol", &row.symbol));
        }
    }
    let row = catalogue::insert_coin(&txn, row).await?;
    let target = format!("coin:{}", row.id);
    audited::<coin::Model>(
        &txn,
        state.clock.now(),
        &me,
        "catalogue.coin_create",
        target,
        reason,
        None,
        &row,
    )
    .await?;
    txn.commit().await?;
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
    let reason = audit::reason(&p.reason)?;
    let txn = state.db.begin().await?;
    let old = catalogue::find_coin_by_id(&txn, id)
        .await?
        .ok_or_else(not_found)?;
    let row = apply_coin(old.clone(), &p)?;
    if !row.coin.eq_ignore_ascii_case(&old.coin) {
        return Err(ApiError::invalid("coin"));
    }
    for c in catalogue::coins(&txn).await? {
        if c.id != id && c.symbol.eq_ignore_ascii_case(&row.symbol) {
            return Err(duplicate("symbol", &row.symbol));
        }
    }
    let row = catalogue::update_coin(&txn, row).await?;
    let target = format!("coin:{id}");
    audited(
        &txn,
        state.clock.now(),
        &me,
        "catalogue.coin_update",
        target,
        reason,
        Some(&old),
        &row,
    )
    .await?;
    txn.commit().await?;
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

fn apply_spot(mut r: spot_pair::Model, p: &SpotPatch) -> ApiResult<spot_pair::Model> {
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
    let reason = audit::reason(&p.reason)?;
    let name = p.coin.as_deref().ok_or(ApiError::missing("coin"))?;
    let txn = state.db.begin().await?;
    let coin = pair_coin(&txn, name).await?;
    let existing = catalogue::spot_pairs(&txn).await?;
    let draft = spot_pair::Model {
        id: 0,
        symbol: default_symbol(&coin),
        coin,
        order_min: Decimal::new(1, 5).into(),
        order_max: Decimal::from(1_000_000).into(),
        buy_max: Decimal::from(1_000_000).into(),
        sell_min: Decimal::new(1, 5).into(),
        min_sell: Decimal::new(1, 5).into(),
        fee_rate: Decimal::new(1, 3).into(),
        base_precision: 4,
        coin_precision: 4,
        limited_buy: 1,
        limited_sell: 1,
        market_buy: 1,
        market_sell: 1,
        enable: 1,
        is_deal: 1,
        is_show: 1,
        sort: existing.iter().map(|r| r.sort).max().unwrap_or(0) + 1,
    };
    let row = apply_spot(draft, &p)?;
    if existing.iter().any(|r| r.symbol == row.symbol) {
        return Err(duplicate("symbol", &row.symbol));
    }
    let row = catalogue::insert_spot_pair(&txn, row).await?;
    let target = format!("spot_pair:{}", row.id);
    audited::<spot_pair::Model>(
        &txn,
        state.clock.now(),
        &me,
        "catalogue.spot_create",
        target,
        reason,
        None,
        &row,
    )
    .await?;
    txn.commit().await?;
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
    let reason = audit::reason(&p.reason)?;
    let txn = state.db.begin().await?;
    let old = catalogue::find_spot_pair(&txn, id)
        .await?
        .ok_or_else(not_found)?;
    let mut row = apply_spot(old.clone(), &p)?;
    if let Some(name) = &p.coin {
        row.coin = pair_coin(&txn, name).await?;
    }
    let existing = catalogue::spot_pairs(&txn).await?;
    if existing
        .iter()
        .any(|r| r.id != id && r.symbol == row.symbol)
    {
        return Err(duplicate("symbol", &row.symbol));
    }
    let row = catalogue::update_spot_pair(&txn, row).await?;
    let target = format!("spot_pair:{id}");
    audited(
        &txn,
        state.clock.now(),
        &me,
        "catalogue.spot_update",
        target,
        reason,
        Some(&old),
        &row,
    )
    .await?;
    txn.commit().await?;
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

fn apply_contract(
    mut r: contract_pair::Model,
    p: &ContractPatch,
) -> ApiResult<contract_pair::Model> {
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
    let reason = audit::reason(&p.reason)?;
    let name = p.coin.as_deref().ok_or(ApiError::missing("coin"))?;
    let txn = state.db.begin().await?;
    let coin = pair_coin(&txn, name).await?;
    let existing = catalogue::contract_pairs(&txn).await?;
    let draft = contract_pair::Model {
        id: 0,
        symbol: default_symbol(&coin),
        show_symbol: default_show_symbol(&coin),
        base_coin: "usdt".into(),
        coin,
        leverage: "5,10,20".into(),
        min_share: Decimal::ONE.into(),
        max_share: Decimal::from(10_000).into(),
        share_number: Decimal::ONE.into(),
        open_fee: Decimal::new(1, 3).into(),
        close_fee: Decimal::new(1, 3).into(),
        usdt_rate: Decimal::ONE.into(),
        interval_hour: 8,
        enable: 1,
        sort: existing.iter().map(|r| r.sort).max().unwrap_or(0) + 1,
    };
    let row = apply_contract(draft, &p)?;
    if let Some(v) = &p.base_coin {
        catalogue::listed_asset(&txn, "baseCoin", v).await?;
    }
    if existing.iter().any(|r| r.symbol == row.symbol) {
        return Err(duplicate("symbol", &row.symbol));
    }
    let row = catalogue::insert_contract_pair(&txn, row).await?;
    let target = format!("contract_pair:{}", row.id);
    audited::<contract_pair::Model>(
        &txn,
        state.clock.now(),
        &me,
        "catalogue.contract_create",
        target,
        reason,
        None,
        &row,
    )
    .await?;
    txn.commit().await?;
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
    let reason = audit::reason(&p.reason)?;
    let txn = state.db.begin().await?;
    let old = catalogue::find_contract_pair(&txn, id)
        .await?
        .ok_or_else(not_found)?;
    let mut row = apply_contract(old.clone(), &p)?;
    if let Some(v) = p
        .base_coin
        .as_deref()
        .filter(|v| !v.trim().eq_ignore_ascii_case(&old.base_coin))
    {
        catalogue::listed_asset(&txn, "baseCoin", v).await?;
    }
    if let Some(name) = &p.coin {
        row.coin = pair_coin(&txn, name).await?;
    }
    let existing = catalogue::contract_pairs(&txn).await?;
    if existing
        .iter()
        .any(|r| r.id != id && r.symbol == row.symbol)
    {
        return Err(duplicate("symbol", &row.symbol));
    }
    let row = catalogue::update_contract_pair(&txn, row).await?;
    let target = format!("contract_pair:{id}");
    audited(
        &txn,
        state.clock.now(),
        &me,
        "catalogue.contract_update",
        target,
        reason,
        Some(&old),
        &row,
    )
    .await?;
    txn.commit().await?;
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

fn apply_option(mut r: option_pair::Model, p: &OptionPatch) -> ApiResult<option_pair::Model> {
    if let Some(v) = &p.symbol {
        r.symbol = symbol("symbol", v)?;
    }
    if let Some(v) = &p.show_symbol {
        r.show_symbol = label("showSymbol", v)?;
    }
    r.fee_type = in_range("feeType", p.fee_type.unwrap_or(r.fee_type), 0, 2)?;
    r.fee_value = decimal("feeValue", p.fee_value.as_deref().unwrap_or(&r.fee_value))?;
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
    let reason = audit::reason(&p.reason)?;
    let name = p.coin.as_deref().ok_or(ApiError::missing("coin"))?;
    let txn = state.db.begin().await?;
    let coin = pair_coin(&txn, name).await?;
    let existing = catalogue::option_pairs(&txn).await?;
    let draft = option_pair::Model {
        id: 0,
        symbol: default_symbol(&coin),
        show_symbol: default_show_symbol(&coin),
        coin,
        fee_type: 1,
        fee_value: "1".into(),
        sort: existing.iter().map(|r| r.sort).max().unwrap_or(0) + 1,
        status: 1,
    };
    let row = apply_option(draft, &p)?;
    if existing.iter().any(|r| r.symbol == row.symbol) {
        return Err(duplicate("symbol", &row.symbol));
    }
    let row = catalogue::insert_option_pair(&txn, row).await?;
    let target = format!("option_pair:{}", row.id);
    audited::<option_pair::Model>(
        &txn,
        state.clock.now(),
        &me,
        "catalogue.option_create",
        target,
        reason,
        None,
        &row,
    )
    .await?;
    txn.commit().await?;
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
    let reason = audit::reason(&p.reason)?;
    let txn = state.db.begin().await?;
    let old = catalogue::find_option_pair(&txn, id)
        .await?
        .ok_or_else(not_found)?;
    let mut row = apply_option(old.clone(), &p)?;
    if let Some(name) = &p.coin {
        row.coin = pair_coin(&txn, name).await?;
    }
    let existing = catalogue::option_pairs(&txn).await?;
    if existing
        .iter()
        .any(|r| r.id != id && r.symbol == row.symbol)
    {
        return Err(duplicate("symbol", &row.symbol));
    }
    let row = catalogue::update_option_pair(&txn, row).await?;
    let target = format!("option_pair:{id}");
    audited(
        &txn,
        state.clock.now(),
        &me,
        "catalogue.option_update",
        target,
        reason,
        Some(&old),
        &row,
    )
    .await?;
    txn.commit().await?;
    ok(OptionPair::new(row, &state.prices))
}
