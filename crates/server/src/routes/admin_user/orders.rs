//! The user page's earn orders (finance and staking) and futures orders,
//! beside the orders and positions of `admin_user`: trading, so they need
//! `ReviewFunds`; a user that does not exist is NotFound.

use super::{existing, skip, state_of, SortedTradingQuery};
use crate::state::AppState;
use crate::user_orders::{
    self, EarnKind, EarnOrderSort, FuturesOrderSort, UserEarnOrder, UserFuturesOrder,
};
use axum::extract::{Path, State};
use onyx_http::admin::{filter, sort};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::ApiQuery;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(earn_orders))
        .routes(routes!(futures_orders))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct EarnOrdersQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// `open` (the default: earning) or `closed` (settled at maturity or
    /// redeemed early).
    pub state: Option<String>,
    /// `finance` or `staking`; both when absent.
    pub kind: Option<String>,
    /// Sort key: a field of the rows, one of those the call's
    /// description names (default: its own order).
    pub order_by: Option<String>,
    /// `asc` or `desc`.
    pub order: Option<String>,
}

/// The user's earn orders, finance subscriptions and staking, newest
/// first unless `orderBy` names `id`, `kind`, `coin`, `amount`, `days`,
/// `reserved`, `accrued`, `status` (as stored: earning, settled,
/// redeemed), `createTimeMs` or `endTimeMs`.
#[utoipa::path(get, path = "/api/admin/users/{id}/earn-orders", tag = "admin",
    params(("id" = i64, Path), EarnOrdersQuery), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<UserEarnOrder>>)))]
async fn earn_orders(
    State(state): State<AppState>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiQuery(q): ApiQuery<EarnOrdersQuery>,
) -> Reply<Page<UserEarnOrder>> {
    me.require(Permission::ReviewFunds)?;
    let which = state_of(&q.state)?;
    let kind = match filter(&q.kind) {
        None => None,
        Some(k) => Some(EarnKind::parse(k).ok_or_else(|| ApiError::invalid("kind"))?),
    };
    let order = sort::<EarnOrderSort>(&q.order_by, &q.order)?;
    existing(&state, id).await?;
    let (offset, size) = skip(q.page_num, q.page_size);
    let lang = onyx_http::lang::current();
    let (rows, total) =
        user_orders::earn_orders(&state.db, id, kind, which, order, lang, offset, size).await?;
    ok(Page { rows, total })
}

/// The user's futures orders, market and limit, newest first unless
/// `orderBy` names `id`, `symbol`, `side`, `kind`, `leverage`, `qty`,
/// `margin`, `fee`, `status`, `createTimeMs` or `updateTimeMs`: `open`
/// lists the limit orders still waiting (their margin and fee frozen),
/// `closed` those filled or cancelled.
#[utoipa::path(get, path = "/api/admin/users/{id}/futures-orders", tag = "admin",
    params(("id" = i64, Path), SortedTradingQuery), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<UserFuturesOrder>>)))]
async fn futures_orders(
    State(state): State<AppState>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiQuery(q): ApiQuery<SortedTradingQuery>,
) -> Reply<Page<UserFuturesOrder>> {
    me.require(Permission::ReviewFunds)?;
    let which = state_of(&q.state)?;
    let order = sort::<FuturesOrderSort>(&q.order_by, &q.order)?;
    existing(&state, id).await?;
    let (offset, size) = skip(q.page_num, q.page_size);
    let (rows, total) =
        user_orders::futures_orders(&state.db, id, which, order, offset, size).await?;
    ok(Page { rows, total })
}
