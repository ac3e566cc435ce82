//! The depth of a spot book (`/api/market/depth`): the spot service's
//! books, under the market's path.

use crate::{levels, SpotContext};
use axum::extract::{FromRef, State};
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::ApiQuery;
use onyx_market::spot_symbol;
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
    OpenApiRouter::new().routes(routes!(depth))
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
