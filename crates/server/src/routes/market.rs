//! Market data calls: candle history, 24 h tickers and spot order-book depth.

use crate::envelope::{ok, Envelope, Reply};
use crate::error::ApiError;
use crate::extract::ApiQuery;
use crate::market_service::now_ms;
use crate::state::AppState;
use axum::extract::State;
use onyx_market::{
    coin_of_symbol, is_stale, symbol_of_coin, Candle, IndexPrice, Interval, Stats24h,
};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub const KLINE_LIMIT_DEFAULT: u64 = 500;
pub const KLINE_LIMIT_MAX: u64 = 1500;
pub const DEPTH_LIMIT_DEFAULT: u64 = 20;
pub const DEPTH_LIMIT_MAX: u64 = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(kline))
        .routes(routes!(ticker))
        .routes(routes!(depth))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct KlineQuery {
    /// `btcusdt` or `btc`.
    pub symbol: String,
    /// 1m 5m 15m 30m 1h 4h 1d 1w.
    pub interval: String,
    /// Candles to return, default 500, at most 1500.
    pub limit: Option<u64>,
    /// Only candles opening before this time (ms): pages backwards.
    pub end_time: Option<i64>,
}

/// One candle; prices and volumes are decimal strings.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KlineBar {
    /// Bucket start, ms since the epoch (UTC; weeks start on Monday).
    pub open_time_ms: i64,
    pub open: String,
    pub high: String,
    pub low: String,
    pub close: String,
    /// Base-coin volume.
    pub volume: String,
    /// Quote (USDT) volume.
    pub quote_volume: String,
}

impl From<Candle> for KlineBar {
    fn from(c: Candle) -> KlineBar {
        KlineBar {
            open_time_ms: c.open_time_ms,
            open: c.open.to_string(),
            high: c.high.to_string(),
            low: c.low.to_string(),
            close: c.close.to_string(),
            volume: c.volume.normalize().to_string(),
            quote_volume: c.quote_volume.normalize().to_string(),
        }
    }
}

/// A priced coin, or the coded "invalid symbol" failure.
fn known_coin(state: &AppState, symbol: &str, known: &[String]) -> Result<String, ApiError> {
    coin_of_symbol(symbol)
        .filter(|c| known.contains(c) || state.prices.get(c).is_some())
        .ok_or_else(|| ApiError::invalid("symbol"))
}

async fn priced_coins(state: &AppState) -> Result<Vec<String>, ApiError> {
    Ok(crate::market_service::coins(&state.db).await?)
}

/// Candle history of one coin, oldest first; `endTime` pages backwards.
#[utoipa::path(get, path = "/api/market/kline", tag = "market", params(KlineQuery),
    responses((status = 200, body = Envelope<Vec<KlineBar>>,
        description = "candles oldest first; code -4 for an unknown symbol or interval")))]
async fn kline(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<KlineQuery>,
) -> Reply<Vec<KlineBar>> {
    let coins = priced_coins(&state).await?;
    let coin = known_coin(&state, &q.symbol, &coins)?;
    let interval =
        Interval::parse(q.interval.trim()).ok_or_else(|| ApiError::invalid("interval"))?;
    let limit = q.limit.unwrap_or(KLINE_LIMIT_DEFAULT);
    if limit == 0 || limit > KLINE_LIMIT_MAX {
        return Err(ApiError::invalid("limit"));
    }
    let rows =
        onyx_market::candle_store::page(&state.db, &coin, interval, q.end_time, limit).await?;
    ok(rows.into_iter().map(KlineBar::from).collect())
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct TickerQuery {
    /// `btcusdt` or `btc`; absent for every coin.
    pub symbol: Option<String>,
}

/// A coin's 24 h statistics with its index price.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ticker {
    pub coin: String,
    pub symbol: String,
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub stats: Stats24h,
    /// Latest tick (price, source, tsMs, stale); null before the first.
    #[schema(value_type = Option<Object>)]
    pub index: Option<IndexPrice>,
    /// No tick for longer than `--stale-seconds` (or none yet).
    pub stale: bool,
}

fn ticker_of(state: &AppState, coin: &str, now: i64) -> Ticker {
    let view = state.prices.get(coin).unwrap_or_default();
    let stale_ms = state.config.stale_seconds as i64 * 1000;
    let index = view.index.map(|mut i| {
        i.stale = i.stale || is_stale(i.ts_ms, now, stale_ms);
        i
    });
    Ticker {
        coin: coin.to_string(),
        symbol: symbol_of_coin(coin),
        stats: view.stats,
        stale: index.as_ref().is_none_or(|i| i.stale),
        index,
    }
}

/// 24 h statistics and index price of one coin (an object), or of every
/// priced coin (a list) when `symbol` is absent.
#[utoipa::path(get, path = "/api/market/ticker", tag = "market", params(TickerQuery),
    responses((status = 200, body = Envelope<Ticker>,
        description = "one ticker, or a list without symbol; code -4 for an unknown symbol")))]
async fn ticker(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<TickerQuery>,
) -> Reply<serde_json::Value> {
    let coins = priced_coins(&state).await?;
    let now = now_ms();
    let value = match q.symbol.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(symbol) => {
            let coin = known_coin(&state, symbol, &coins)?;
            serde_json::to_value(ticker_of(&state, &coin, now))
        }
        None => {
            let mut all = coins;
            for (coin, _) in state.prices.all() {
                if !all.contains(&coin) {
                    all.push(coin);
                }
            }
            serde_json::to_value(
                all.iter()
                    .map(|c| ticker_of(&state, c, now))
                    .collect::<Vec<_>>(),
            )
        }
    };
    ok(value.map_err(ApiError::internal)?)
}

/// The spot pair symbol a client names (`btcusdt`, `BTC/USDT` or `btc`), as
/// the catalogue and the spot service spell it (`btcusdt`); `None` when it
/// cannot be a symbol at all.
pub fn spot_symbol(symbol: &str) -> Option<String> {
    coin_of_symbol(symbol).map(|c| symbol_of_coin(&c))
}

/// True for a symbol (as [`spot_symbol`] spells it) with a book in the spot
/// service or a row in the catalogue's spot pairs, enabled or not (a
/// disabled pair may still have resting orders).
pub async fn spot_pair_known(state: &AppState, symbol: &str) -> Result<bool, sea_orm::DbErr> {
    if state.spot.depth(symbol, 0).is_some() {
        return Ok(true);
    }
    Ok(onyx_store::repo::catalogue::spot_pairs(&state.db)
        .await?
        .iter()
        .any(|p| p.symbol.eq_ignore_ascii_case(symbol)))
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct DepthQuery {
    /// Spot pair, `btcusdt` (or `btc`).
    pub symbol: String,
    /// Levels per side, default 20, 1 to 100.
    pub limit: Option<u64>,
}

/// The top of a spot order book, best first, as of `seq`: a client applies
/// the socket's DEPTH deltas whose `prevSeq` is this `seq` onwards.
#[derive(Serialize, ToSchema, Debug)]
pub struct Depth {
    pub symbol: String,
    /// Sequence number the levels are current at; 0 for a book that has
    /// never changed.
    pub seq: u64,
    /// `[price, amount]` pairs, highest price first.
    #[schema(value_type = Vec<Vec<String>>)]
    pub bids: Vec<[String; 2]>,
    /// `[price, amount]` pairs, lowest price first.
    #[schema(value_type = Vec<Vec<String>>)]
    pub asks: Vec<[String; 2]>,
}

/// Levels as `[price, amount]` decimal strings.
pub fn levels(side: &[(Decimal, Decimal)]) -> Vec<[String; 2]> {
    side.iter()
        .map(|(p, a)| [p.normalize().to_string(), a.normalize().to_string()])
        .collect()
}

/// Top `limit` levels of each side of a spot pair's book; a known pair with
/// no book yet is an empty book at `seq` 0.
#[utoipa::path(get, path = "/api/market/depth", tag = "market", params(DepthQuery),
    responses((status = 200, body = Envelope<Depth>,
        description = "the book's top levels; code -4 for an unknown symbol or a limit outside 1..=100")))]
async fn depth(State(state): State<AppState>, ApiQuery(q): ApiQuery<DepthQuery>) -> Reply<Depth> {
    let symbol = spot_symbol(&q.symbol).ok_or_else(|| ApiError::invalid("symbol"))?;
    let limit = q.limit.unwrap_or(DEPTH_LIMIT_DEFAULT);
    if limit == 0 || limit > DEPTH_LIMIT_MAX {
        return Err(ApiError::invalid("limit"));
    }
    if !spot_pair_known(&state, &symbol).await? {
        return Err(ApiError::invalid("symbol"));
    }
    let book = state.spot.depth(&symbol, limit as usize);
    ok(match book {
        Some(b) => Depth {
            symbol,
            seq: b.seq,
            bids: levels(&b.bids),
            asks: levels(&b.asks),
        },
        None => Depth {
            symbol,
            seq: 0,
            bids: Vec::new(),
            asks: Vec::new(),
        },
    })
}
