//! The depth of a spot book (`/api/market/depth`) and its latest trades
//! (`/api/market/trades`): the spot service's books and tape, under the
//! market's path. Both are public, as on every exchange.

use crate::{levels, SpotContext};
use axum::extract::{FromRef, State};
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::ApiQuery;
use onyx_market::api::spot_symbol;
use onyx_platform::Context;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub const DEPTH_LIMIT_DEFAULT: u64 = 20;
pub const DEPTH_LIMIT_MAX: u64 = 100;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    SpotContext: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(depth))
        .routes(routes!(trades))
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

/// Top `limit` levels of each side of a spot pair's book; a known pair with
/// no book yet is an empty book at `seq` 0.
#[utoipa::path(get, path = "/api/market/depth", tag = "market", params(DepthQuery),
    responses((status = 200, body = Envelope<Depth>,
        description = "the book's top levels; code -4 for an unknown symbol or a limit outside 1..=100")))]
async fn depth(State(spot): State<SpotContext>, ApiQuery(q): ApiQuery<DepthQuery>) -> Reply<Depth> {
    let symbol = spot_symbol(&q.symbol).ok_or_else(|| ApiError::invalid("symbol"))?;
    let limit = q.limit.unwrap_or(DEPTH_LIMIT_DEFAULT);
    if limit == 0 || limit > DEPTH_LIMIT_MAX {
        return Err(ApiError::invalid("limit"));
    }
    if !spot.spot.pair_known(&spot.db, &symbol).await? {
        return Err(ApiError::invalid("symbol"));
    }
    let book = spot.spot.depth(&symbol, limit as usize);
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

pub const TRADES_LIMIT_DEFAULT: u64 = 30;
pub const TRADES_LIMIT_MAX: u64 = 100;

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct TradesQuery {
    /// Spot pair, `btcusdt` (or `btc`).
    pub symbol: String,
    /// How many, default 30, 1 to 100.
    pub limit: Option<u64>,
    /// Only trades older than this trade id: the last `id` of a page asks
    /// for the next one.
    pub before: Option<i64>,
}

/// One trade of the public tape: no order or user is named.
#[derive(Serialize, ToSchema, Debug)]
pub struct PublicTrade {
    pub id: i64,
    pub price: String,
    /// Base amount.
    pub vol: String,
    /// The taker's side, `buy` or `sell`.
    pub side: String,
    /// Milliseconds since the epoch.
    pub ts: i64,
}

/// The latest trades of a spot pair (every user's, naming none), newest
/// first, paged by `before`; the socket's TRADE frames (origin `spot`)
/// continue it live.
#[utoipa::path(get, path = "/api/market/trades", tag = "market", params(TradesQuery),
    responses((status = 200, body = Envelope<Vec<PublicTrade>>,
        description = "newest first; code -4 for an unknown symbol or a limit outside 1..=100")))]
async fn trades(
    State(spot): State<SpotContext>,
    ApiQuery(q): ApiQuery<TradesQuery>,
) -> Reply<Vec<PublicTrade>> {
    let symbol = spot_symbol(&q.symbol).ok_or_else(|| ApiError::invalid("symbol"))?;
    let limit = q.limit.unwrap_or(TRADES_LIMIT_DEFAULT);
    if limit == 0 || limit > TRADES_LIMIT_MAX {
        return Err(ApiError::invalid("limit"));
    }
    if !spot.spot.pair_known(&spot.db, &symbol).await? {
        return Err(ApiError::invalid("symbol"));
    }
    let rows = crate::repo::recent_trades(&spot.db, &symbol, q.before, limit).await?;
    ok(rows
        .into_iter()
        .map(|t| PublicTrade {
            id: t.id,
            // Stored normalised by the pair task, as the socket writes it.
            price: t.price.to_string(),
            vol: t.qty.to_string(),
            side: t.taker_side.into(),
            ts: t.created_at.timestamp_millis(),
        })
        .collect())
}
