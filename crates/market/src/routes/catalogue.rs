//! The market catalogue as users see it: the coin-list call (coins, spot,
//! futures and option pairs with live prices), the sortable market list and
//! the per-coin 24 h volume. Live figures come from `state.prices`; a coin
//! the market service has not priced yet reads `"0"`.

use crate::entity::coin::CoinStatus;
use crate::entity::{coin, contract_pair, option_pair, spot_pair};
use crate::repo::catalogue::{self, ON};
use crate::Snapshot;
use axum::extract::FromRef;
use axum::extract::State;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::{ApiError, ApiResult};
use onyx_http::extract::ApiQuery;
use onyx_kernel::ErrorCode;
use onyx_platform::Context;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(get_coin_list))
        .routes(routes!(symbol_list))
        .routes(routes!(get_mt5_amount))
}

/// Live last price (index price) and 24 h open of a coin, `0` when the
/// market has no figure for it yet.
pub(crate) struct Live {
    pub amount: Decimal,
    pub open: Decimal,
}

pub(crate) fn live(market: &Snapshot, coin: &str) -> Live {
    let key = coin.to_lowercase();
    let view = market.get(&key).unwrap_or_default();
    Live {
        amount: view.index.map(|i| i.price).unwrap_or_default(),
        open: view.stats.open_price,
    }
}

/// A coin-list entry (spec section 3, coinList).
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct CoinItem {
    pub id: i64,
    /// Lower-case coin, e.g. `btc`; a `mt5` market coin keeps its case.
    pub coin: String,
    /// e.g. `btcusdt`.
    pub symbol: String,
    /// e.g. `BTC/USDT`.
    pub show_symbol: String,
    /// Price 24 hours ago, decimal string; `"0"` before the first price.
    pub open: String,
    /// Last (index) price, decimal string; `"0"` before the first price.
    pub amount: String,
    pub logo: String,
    pub sort: i32,
    /// 1 enabled, 0 disabled.
    pub status: i32,
    /// 1 shown, 0 hidden.
    pub show_flag: i32,
    /// 2: the client shows `showSymbol` instead of `symbol`.
    pub customize_flag: i32,
    /// e.g. `spot`; `mt5` keeps the coin's case.
    pub market: String,
    /// 3: the client looks up the coin's 24 h volume (getMt5Amount).
    pub coin_type: i32,
}

impl CoinItem {
    pub(crate) fn new(c: coin::Model, market: &Snapshot) -> CoinItem {
        let live = live(market, &c.coin);
        CoinItem {
            id: c.id,
            open: live.open.to_string(),
            amount: live.amount.to_string(),
            coin: c.coin,
            symbol: c.symbol,
            show_symbol: c.show_symbol,
            logo: c.logo,
            sort: c.sort,
            status: c.status.number(),
            show_flag: c.show_flag,
            customize_flag: c.customize_flag,
            market: c.market,
            coin_type: c.coin_type,
        }
    }
}

/// A spot pair (spec section 3, currencyList). Decimals are strings; flags
/// are 1 (on) or 0 (off).
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct SpotPair {
    pub id: i64,
    pub coin: String,
    pub symbol: String,
    pub order_min: String,
    pub order_max: String,
    pub buy_max: String,
    pub sell_min: String,
    pub min_sell: String,
    pub fee_rate: String,
    /// Decimals of the quote (USDT) side.
    pub base_precision: i32,
    /// Decimals of the coin quantity (DOGE 0).
    pub coin_precision: i32,
    pub limited_buy: i32,
    pub limited_sell: i32,
    pub market_buy: i32,
    pub market_sell: i32,
    pub enable: i32,
    pub is_deal: i32,
    pub is_show: i32,
    pub sort: i32,
}

impl From<spot_pair::Model> for SpotPair {
    fn from(p: spot_pair::Model) -> SpotPair {
        SpotPair {
            id: p.id,
            coin: p.coin,
            symbol: p.symbol,
            order_min: p.order_min.to_string(),
            order_max: p.order_max.to_string(),
            buy_max: p.buy_max.to_string(),
            sell_min: p.sell_min.to_string(),
            min_sell: p.min_sell.to_string(),
            fee_rate: p.fee_rate.to_string(),
            base_precision: p.base_precision,
            coin_precision: p.coin_precision,
            limited_buy: p.limited_buy,
            limited_sell: p.limited_sell,
            market_buy: p.market_buy,
            market_sell: p.market_sell,
            enable: p.enable,
            is_deal: p.is_deal,
            is_show: p.is_show,
            sort: p.sort,
        }
    }
}

/// A futures pair (spec section 3, contractList).
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct ContractPair {
    pub id: i64,
    pub symbol: String,
    pub show_symbol: String,
    pub coin: String,
    pub base_coin: String,
    /// Comma-separated leverage options, e.g. `5,10,20,50,100`.
    pub leverage: String,
    pub min_share: String,
    pub max_share: String,
    /// Coins per share, e.g. `0.0001` for BTC.
    pub share_number: String,
    pub open_fee: String,
    pub close_fee: String,
    pub usdt_rate: String,
    pub interval_hour: i32,
    pub enable: i32,
    pub sort: i32,
    /// Live last price; `"0"` before the first price.
    pub amount: String,
    /// Price 24 hours ago; `"0"` before the first price.
    pub open: String,
}

impl ContractPair {
    pub(crate) fn new(p: contract_pair::Model, market: &Snapshot) -> ContractPair {
        let live = live(market, &p.coin);
        ContractPair {
            id: p.id,
            symbol: p.symbol,
            show_symbol: p.show_symbol,
            coin: p.coin,
            base_coin: p.base_coin,
            leverage: p.leverage,
            min_share: p.min_share.to_string(),
            max_share: p.max_share.to_string(),
            share_number: p.share_number.to_string(),
            open_fee: p.open_fee.to_string(),
            close_fee: p.close_fee.to_string(),
            usdt_rate: p.usdt_rate.to_string(),
            interval_hour: p.interval_hour,
            enable: p.enable,
            sort: p.sort,
            amount: live.amount.to_string(),
            open: live.open.to_string(),
        }
    }
}

/// An option (second-contract) pair (spec section 3, optionList).
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct OptionPair {
    pub id: i64,
    pub coin: String,
    pub symbol: String,
    pub show_symbol: String,
    pub fee_type: i32,
    pub fee_value: String,
    pub sort: i32,
    pub status: i32,
    /// Live last price; `"0"` before the first price.
    pub amount: String,
    /// Price 24 hours ago; `"0"` before the first price.
    pub open: String,
}

impl OptionPair {
    pub(crate) fn new(p: option_pair::Model, market: &Snapshot) -> OptionPair {
        let live = live(market, &p.coin);
        OptionPair {
            id: p.id,
            coin: p.coin,
            symbol: p.symbol,
            show_symbol: p.show_symbol,
            fee_type: p.fee_type,
            fee_value: p.fee_value.to_string(),
            sort: p.sort,
            status: p.status,
            amount: live.amount.to_string(),
            open: live.open.to_string(),
        }
    }
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct CoinList {
    pub coin_list: Vec<CoinItem>,
    pub currency_list: Vec<SpotPair>,
    pub contract_list: Vec<ContractPair>,
    pub option_list: Vec<OptionPair>,
}

/// The coins and pairs users may see, in sort order: coins enabled and
/// shown, pairs enabled (spot: and shown) whose coin is enabled.
#[utoipa::path(get, path = "/api/common/getCoinList", tag = "common",
    responses((status = 200, body = Envelope<CoinList>)))]
async fn get_coin_list(State(state): State<Context>) -> Reply<CoinList> {
    let db = &state.db;
    let coins = catalogue::coins(db).await?;
    let enabled: HashSet<String> = coins
        .iter()
        .filter(|c| c.status == CoinStatus::On)
        .map(|c| c.coin.to_lowercase())
        .collect();
    let listed = |coin: &str| enabled.contains(&coin.to_lowercase());
    let market = &state.prices;
    ok(CoinList {
        currency_list: catalogue::spot_pairs(db)
            .await?
            .into_iter()
            .filter(|p| p.enable == ON && p.is_show == ON && listed(&p.coin))
            .map(SpotPair::from)
            .collect(),
        contract_list: catalogue::contract_pairs(db)
            .await?
            .into_iter()
            .filter(|p| p.enable == ON && listed(&p.coin))
            .map(|p| ContractPair::new(p, market))
            .collect(),
        option_list: catalogue::option_pairs(db)
            .await?
            .into_iter()
            .filter(|p| p.status == ON && listed(&p.coin))
            .map(|p| OptionPair::new(p, market))
            .collect(),
        coin_list: coins
            .into_iter()
            .filter(|c| c.status == CoinStatus::On && c.show_flag == ON)
            .map(|c| CoinItem::new(c, market))
            .collect(),
    })
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SymbolListQuery {
    /// `asc` (default) or `desc`; `true`/`false` and `ascending`/`descending`
    /// are accepted too.
    pub is_asc: Option<String>,
    /// `sort` (default), `amount`, `change`, `priceChangePercent`, `volume`.
    pub order_by_column: Option<String>,
}

/// A market-list row: the coin with its live 24 h figures.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct SymbolItem {
    pub coin: String,
    pub symbol: String,
    pub show_symbol: String,
    pub logo: String,
    pub sort: i32,
    pub customize_flag: i32,
    pub market: String,
    pub coin_type: i32,
    /// Last (index) price.
    pub amount: String,
    /// Price 24 hours ago.
    pub open: String,
    /// amount - open over 24 h.
    pub change: String,
    /// Percent change over 24 h, two decimals.
    pub price_change_percent: String,
    /// Base volume over 24 h.
    pub volume: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SymbolOrder {
    Sort,
    Amount,
    Change,
    Volume,
}

fn symbol_order(q: &SymbolListQuery) -> ApiResult<(SymbolOrder, bool)> {
    let column = match q.order_by_column.as_deref().map(str::trim) {
        None | Some("") | Some("sort") => SymbolOrder::Sort,
        Some("amount") | Some("close") | Some("price") => SymbolOrder::Amount,
        Some("change") | Some("priceChangePercent") => SymbolOrder::Change,
        Some("volume") => SymbolOrder::Volume,
        Some(_) => return Err(ApiError::invalid("orderByColumn")),
    };
    let ascending = match q.is_asc.as_deref().map(str::trim) {
        None | Some("") => true,
        Some(v) if ["asc", "ascending", "true", "1"].contains(&v) => true,
        Some(v) if ["desc", "descending", "false", "0"].contains(&v) => false,
        Some(_) => return Err(ApiError::invalid("isAsc")),
    };
    Ok((column, ascending))
}

/// The enabled, shown coins with live price, 24 h change and volume, sorted
/// by `orderByColumn` (ties by catalogue order). An unknown column or
/// direction is refused with InvalidField.
#[utoipa::path(get, path = "/api/symbolmanage/list", tag = "common",
    params(SymbolListQuery),
    responses((status = 200, body = Envelope<Vec<SymbolItem>>)))]
async fn symbol_list(
    State(state): State<Context>,
    ApiQuery(q): ApiQuery<SymbolListQuery>,
) -> Reply<Vec<SymbolItem>> {
    let (column, ascending) = symbol_order(&q)?;
    let mut rows: Vec<(Decimal, SymbolItem)> = catalogue::coins(&state.db)
        .await?
        .into_iter()
        .filter(|c| c.status == CoinStatus::On && c.show_flag == ON)
        .map(|c| {
            let key = c.coin.to_lowercase();
            let view = state.prices.get(&key).unwrap_or_default();
            let amount = view.index.map(|i| i.price).unwrap_or_default();
            let stats = view.stats;
            let by = match column {
                SymbolOrder::Sort => Decimal::from(c.sort),
                SymbolOrder::Amount => amount,
                SymbolOrder::Change => stats.price_change_percent,
                SymbolOrder::Volume => stats.volume,
            };
            let item = SymbolItem {
                coin: c.coin,
                symbol: c.symbol,
                show_symbol: c.show_symbol,
                logo: c.logo,
                sort: c.sort,
                customize_flag: c.customize_flag,
                market: c.market,
                coin_type: c.coin_type,
                amount: amount.to_string(),
                open: stats.open_price.to_string(),
                change: stats.change.to_string(),
                price_change_percent: stats.price_change_percent.to_string(),
                volume: stats.volume.to_string(),
            };
            (by, item)
        })
        .collect();
    // Stable sort: equal keys keep the catalogue order.
    rows.sort_by(|a, b| {
        let o = a.0.cmp(&b.0);
        if ascending {
            o
        } else {
            o.reverse()
        }
    });
    ok(rows.into_iter().map(|(_, item)| item).collect())
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct CoinQuery {
    /// The coin, e.g. `btc` (any case).
    pub coin: String,
}

/// An enabled catalogue coin, or UnknownCoin.
pub(crate) async fn listed_coin(state: &Context, raw: &str) -> ApiResult<coin::Model> {
    let name = raw.trim();
    let unknown = || ApiError::new(ErrorCode::UnknownCoin).with("coin", name);
    if name.is_empty() || name.len() > 32 {
        return Err(unknown());
    }
    match catalogue::find_coin(&state.db, name).await? {
        Some(c) if c.status == CoinStatus::On => Ok(c),
        _ => Err(unknown()),
    }
}

/// The coin's 24 h base volume from the live feed, as a decimal string
/// (`"0"` before the first trade). Unknown or disabled coin: UnknownCoin.
#[utoipa::path(post, path = "/api/common/getMt5Amount", tag = "common",
    params(CoinQuery),
    responses((status = 200, body = Envelope<String>, description = "24 h volume")))]
async fn get_mt5_amount(
    State(state): State<Context>,
    ApiQuery(q): ApiQuery<CoinQuery>,
) -> Reply<String> {
    let c = listed_coin(&state, &q.coin).await?;
    let volume = state
        .prices
        .stats(&c.coin.to_lowercase())
        .map(|s| s.volume)
        .unwrap_or_default();
    ok(volume.to_string())
}
