//! The signed-in user's watchlist (spec: getUserCoin, the "Optional" tab).
//! Coins are checked against the catalogue; adding twice changes nothing.

use super::catalogue::{listed_coin, CoinQuery};
use crate::entity::coin::CoinStatus;
use crate::repo::catalogue;
use crate::repo::watchlist::{self, Added, MAX_ENTRIES};
use axum::extract::FromRef;
use axum::extract::State;
use chrono::{DateTime, Utc};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::ApiQuery;
use onyx_kernel::ErrorCode;
use onyx_platform::Context;
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(get_user_coin))
        .routes(routes!(add))
        .routes(routes!(remove))
}

/// One watched coin.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct WatchedCoin {
    pub coin: String,
    pub symbol: String,
    pub show_symbol: String,
    pub create_time: DateTime<Utc>,
}

/// The user's watched coins, oldest first. A coin an operator has since
/// disabled is left out (and comes back if it is enabled again).
#[utoipa::path(get, path = "/api/userCoin/getUserCoin", tag = "userCoin",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<Vec<WatchedCoin>>)))]
async fn get_user_coin(State(state): State<Context>, me: CurrentUser) -> Reply<Vec<WatchedCoin>> {
    let coins: HashMap<String, _> = catalogue::coins(&state.db)
        .await?
        .into_iter()
        .filter(|c| c.status == CoinStatus::On)
        .map(|c| (c.coin.clone(), c))
        .collect();
    let list = watchlist::list(&state.db, me.id())
        .await?
        .into_iter()
        .filter_map(|e| {
            coins.get(&e.coin).map(|c| WatchedCoin {
                coin: c.coin.clone(),
                symbol: c.symbol.clone(),
                show_symbol: c.show_symbol.clone(),
                create_time: e.created_at,
            })
        })
        .collect();
    ok(list)
}

/// Adds an enabled catalogue coin. Already watched: success, no change.
/// Unknown or disabled coin: UnknownCoin; 200 coins already: WatchlistFull.
#[utoipa::path(post, path = "/api/userCoin/add", tag = "userCoin",
    params(CoinQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<bool>, description = "true when newly added")))]
async fn add(
    State(state): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<CoinQuery>,
) -> Reply<bool> {
    let coin = listed_coin(&state, &q.coin).await?;
    match watchlist::add(&state.db, me.id(), &coin.coin, state.clock.now()).await? {
        Added::Added => ok(true),
        Added::AlreadyThere => ok(false),
        Added::Full => Err(ApiError::new(ErrorCode::WatchlistFull).with("max", MAX_ENTRIES)),
    }
}

/// Removes a coin. Not on the list: success, no change, as long as the coin
/// is a catalogue coin (UnknownCoin otherwise).
#[utoipa::path(post, path = "/api/userCoin/remove", tag = "userCoin",
    params(CoinQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<bool>, description = "true when it was on the list")))]
async fn remove(
    State(state): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<CoinQuery>,
) -> Reply<bool> {
    // A watched coin can be removed even after an operator disabled it.
    let stored = match catalogue::find_coin(&state.db, q.coin.trim()).await? {
        Some(c) => c.coin,
        None => return Err(ApiError::new(ErrorCode::UnknownCoin).with("coin", q.coin.trim())),
    };
    ok(watchlist::remove(&state.db, me.id(), &stored).await?)
}
