//! Market data calls: candle history, 24 h tickers and spot order-book depth.

use crate::{coin_of_symbol, is_stale, symbol_of_coin, Candle, IndexPrice, Interval, Stats24h};
use axum::extract::FromRef;
use axum::extract::State;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::ApiQuery;
use onyx_platform::Context;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub const KLINE_LIMIT_DEFAULT: u64 = 500;
pub const KLINE_LIMIT_MAX: u64 = 1500;
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(kline))
        .routes(routes!(ticker))
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
fn known_coin(state: &Context, symbol: &str, known: &[String]) -> Result<String, ApiError> {
    coin_of_symbol(symbol)
        .filter(|c| known.contains(c) || state.prices.get(c).is_some())
        .ok_or_else(|| ApiError::invalid("symbol"))
}

async fn priced_coins(state: &Context) -> Result<Vec<String>, ApiError> {
    Ok(crate::service::coins(&state.db).await?)
}

/// Candle history of one coin, oldest first; `endTime` pages backwards.
#[utoipa::path(get, path = "/api/market/kline", tag = "market", params(KlineQuery),
    responses((status = 200, body = Envelope<Vec<KlineBar>>,
        description = "candles oldest first; code -4 for an unknown symbol or interval")))]
async fn kline(
    State(state): State<Context>,
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
    let rows = crate::candle_store::page(&state.db, &coin, interval, q.end_time, limit).await?;
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

fn ticker_of(state: &Context, coin: &str, now: i64) -> Ticker {
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
    State(state): State<Context>,
    ApiQuery(q): ApiQuery<TickerQuery>,
) -> Reply<serde_json::Value> {
    let coins = priced_coins(&state).await?;
    let now = state.now_ms();
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
