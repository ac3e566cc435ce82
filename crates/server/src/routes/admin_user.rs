//! The operator's user page beyond the account itself (which
//! `GET /api/admin/users/{id}` gives): balances with their holds, ledger
//! postings, trading in every product, sessions, messages and the audit
//! entries about the user. They read several products, so they are wired
//! here. Money and trading need `ReviewFunds`, as deposits and
//! withdrawals do; sessions and messages `ReadUsers`; the audit entries
//! `ReadAudit`. A user that does not exist is NotFound.

use crate::state::AppState;
use crate::user_audit;
use crate::user_money::{self, UserBalances, UserPosting};
use crate::user_trading::{
    self, ContractOrders, ContractProduct, UserContractOrder, UserFuturesPosition, UserSpotOrder,
};
use axum::extract::{Path, State};
use chrono::{DateTime, Utc};
use onyx_account::api::AuditRow;
use onyx_content::api::messages::in_lang;
use onyx_http::admin::{filter, page, sort};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::ApiQuery;
use onyx_http::lang;
use onyx_kernel::ErrorCode;
use onyx_store::entity::session::SessionState;
use onyx_store::repo::audit::{self, AuditFilter, AuditSort};
use onyx_store::repo::{admin_queries, sessions};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

mod orders;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(orders::router())
        .routes(routes!(balances))
        .routes(routes!(postings))
        .routes(routes!(spot_orders))
        .routes(routes!(futures_positions))
        .routes(routes!(contract_orders))
        .routes(routes!(user_sessions))
        .routes(routes!(messages))
        .routes(routes!(audit_entries))
}

/// NotFound unless the user exists (checked after the permission, so an
/// operator who may not look learns nothing about who exists).
async fn existing(state: &AppState, id: i64) -> Result<(), ApiError> {
    admin_queries::find_user(&state.db, id)
        .await?
        .map(|_| ())
        .ok_or_else(|| ErrorCode::NotFound.into())
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PagedQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// Sort key: a field of the rows, one of those the call's
    /// description names (default: its own order).
    pub order_by: Option<String>,
    /// `asc` or `desc`.
    pub order: Option<String>,
}

/// A trading list's query: paging, open or done, and a sort.
#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SortedTradingQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// `open` (the default) or `closed` (done: filled, cancelled,
    /// settled, liquidated).
    pub state: Option<String>,
    /// Sort key: a field of the rows, one of those the call's
    /// description names (default: its own order).
    pub order_by: Option<String>,
    /// `asc` or `desc`.
    pub order: Option<String>,
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ContractOrdersQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// `open` (the default) or `closed` (settled).
    pub state: Option<String>,
    /// `secondContracts` or `options`.
    pub product: String,
    /// Sort key: a field of the rows, one of those the call's
    /// description names (default: its own order).
    pub order_by: Option<String>,
    /// `asc` or `desc`.
    pub order: Option<String>,
}

fn state_of(v: &Option<String>) -> Result<user_trading::State, ApiError> {
    match filter(v) {
        None => Ok(user_trading::State::Open),
        Some(s) => user_trading::State::parse(s).ok_or_else(|| ApiError::invalid("state")),
    }
}

/// Rows to skip and the page size, for the products that page by offset.
fn skip(page_num: Option<u64>, page_size: Option<u64>) -> (u64, u64) {
    let (index, size) = page(page_num, page_size);
    (index.saturating_mul(size), size)
}

/// Every ledger account of the user (wallet, asset, available, frozen,
/// and what the products' holds on it add up to) and those holds by kind.
#[utoipa::path(get, path = "/api/admin/users/{id}/balances", tag = "admin",
    params(("id" = i64, Path)), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<UserBalances>)))]
async fn balances(
    State(state): State<AppState>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
) -> Reply<UserBalances> {
    me.require(Permission::ReviewFunds)?;
    existing(&state, id).await?;
    ok(user_money::balances(&state.db, id).await?)
}

/// The user's ledger postings, each with its direction from the user's
/// side: newest first, or by `orderBy` `id`, `createTime`, `kind`,
/// `asset` or `amount`.
#[utoipa::path(get, path = "/api/admin/users/{id}/postings", tag = "admin",
    params(("id" = i64, Path), PagedQuery), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<UserPosting>>)))]
async fn postings(
    State(state): State<AppState>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiQuery(q): ApiQuery<PagedQuery>,
) -> Reply<Page<UserPosting>> {
    me.require(Permission::ReviewFunds)?;
    existing(&state, id).await?;
    let order = sort(&q.order_by, &q.order)?;
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) = user_money::postings(&state.db, id, order, index, size).await?;
    ok(Page { rows, total })
}

/// The user's spot orders: newest first, or by `orderBy` `id`, `symbol`,
/// `side`, `price`, `qty`, `status` or `createTime`.
#[utoipa::path(get, path = "/api/admin/users/{id}/spot-orders", tag = "admin",
    params(("id" = i64, Path), SortedTradingQuery), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<UserSpotOrder>>)))]
async fn spot_orders(
    State(state): State<AppState>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiQuery(q): ApiQuery<SortedTradingQuery>,
) -> Reply<Page<UserSpotOrder>> {
    me.require(Permission::ReviewFunds)?;
    let which = state_of(&q.state)?;
    let order = sort(&q.order_by, &q.order)?;
    existing(&state, id).await?;
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) = user_trading::spot_orders(&state.db, id, which, order, index, size).await?;
    ok(Page { rows, total })
}

/// The user's futures positions (copied ones included, marked by their
/// portfolio): newest first, or by `orderBy` `id`, `symbol`, `side`,
/// `qty`, `entryPrice`, `margin`, `status` or `openTimeMs`.
#[utoipa::path(get, path = "/api/admin/users/{id}/futures-positions", tag = "admin",
    params(("id" = i64, Path), SortedTradingQuery), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<UserFuturesPosition>>)))]
async fn futures_positions(
    State(state): State<AppState>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiQuery(q): ApiQuery<SortedTradingQuery>,
) -> Reply<Page<UserFuturesPosition>> {
    me.require(Permission::ReviewFunds)?;
    let which = state_of(&q.state)?;
    let order = sort(&q.order_by, &q.order)?;
    existing(&state, id).await?;
    let (offset, size) = skip(q.page_num, q.page_size);
    let (rows, total) =
        user_trading::futures_positions(&state.db, id, which, order, offset, size).await?;
    ok(Page { rows, total })
}

/// The user's second-contract or option orders: newest first, or by
/// `orderBy` `id`, `symbol`, `stake`, `outcome`, `openTimeMs` or
/// `closeTimeMs`.
#[utoipa::path(get, path = "/api/admin/users/{id}/contract-orders", tag = "admin",
    params(("id" = i64, Path), ContractOrdersQuery), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<UserContractOrder>>)))]
async fn contract_orders(
    State(state): State<AppState>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiQuery(q): ApiQuery<ContractOrdersQuery>,
) -> Reply<Page<UserContractOrder>> {
    me.require(Permission::ReviewFunds)?;
    let which = state_of(&q.state)?;
    let product =
        ContractProduct::parse(q.product.trim()).ok_or_else(|| ApiError::invalid("product"))?;
    let orders = match product {
        ContractProduct::SecondContracts => {
            ContractOrders::SecondContracts(sort(&q.order_by, &q.order)?)
        }
        ContractProduct::Options => ContractOrders::Options(sort(&q.order_by, &q.order)?),
    };
    existing(&state, id).await?;
    let (offset, size) = skip(q.page_num, q.page_size);
    let (rows, total) =
        user_trading::contract_orders(&state.db, id, orders, which, offset, size).await?;
    ok(Page { rows, total })
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct UserSessionRow {
    pub id: i64,
    /// `session` (a sign-in) or `remember` (a remembered device).
    pub kind: String,
    pub ip: String,
    pub user_agent: String,
    pub create_time: DateTime<Utc>,
    pub expire_time: DateTime<Utc>,
    /// The last request that came with it, to the minute (written at most
    /// once a minute); null when none has since sign-in (a remembered
    /// device is only ever spent, so its own stays null).
    pub last_seen_time: Option<DateTime<Utc>>,
    /// `active`, `expired` (ran out) or `ended` (see `endReason`).
    pub state: String,
    /// `state` is `active`.
    pub active: bool,
    /// When it was ended, for an ended session.
    pub end_time: Option<DateTime<Utc>>,
    /// Why it was ended: `signed_out`, `password_changed`,
    /// `password_reset` (with a code), `frozen`, `replaced` (a
    /// remembered device spent on signing in and replaced by a new one),
    /// or `remember_reused` (a spent remembered-device token presented
    /// again ended every token and session issued from it).
    pub end_reason: Option<String>,
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserSessionsQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// `all` (the default: live, expired and ended) or `active`.
    pub state: Option<String>,
}

/// The user's sessions and remembered devices, newest first: live,
/// expired and ended ones (kept with when and why they ended), or the
/// active ones only.
#[utoipa::path(get, path = "/api/admin/users/{id}/sessions", tag = "admin",
    params(("id" = i64, Path), UserSessionsQuery), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<UserSessionRow>>)))]
async fn user_sessions(
    State(state): State<AppState>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiQuery(q): ApiQuery<UserSessionsQuery>,
) -> Reply<Page<UserSessionRow>> {
    me.require(Permission::ReadUsers)?;
    let listing = match filter(&q.state) {
        None | Some("all") => sessions::Listing::All,
        Some("active") => sessions::Listing::Active,
        Some(_) => return Err(ApiError::invalid("state")),
    };
    existing(&state, id).await?;
    let (index, size) = page(q.page_num, q.page_size);
    let now = state.clock.now();
    let (rows, total) = sessions::page_for_user(&state.db, id, listing, now, index, size).await?;
    ok(Page {
        rows: rows
            .into_iter()
            .map(|s| {
                let session_state = s.state(now);
                UserSessionRow {
                    state: session_state.into(),
                    active: session_state == SessionState::Active,
                    id: s.id,
                    kind: s.kind.into(),
                    ip: s.ip,
                    user_agent: s.user_agent,
                    create_time: s.created_at,
                    expire_time: s.expires_at,
                    last_seen_time: s.last_seen_at,
                    end_time: s.ended_at,
                    end_reason: s.end_reason.map(String::from),
                }
            })
            .collect(),
        total,
    })
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct UserMessageRow {
    pub id: i64,
    pub title: String,
    /// The start of the content as plain text.
    pub summary: String,
    pub read_time: Option<DateTime<Utc>>,
    pub create_time: DateTime<Utc>,
}

/// The messages in the user's message centre (from operators and from
/// the platform's notices): newest first, or by `orderBy` `id`, `title`,
/// `createTime` or `readTime`.
#[utoipa::path(get, path = "/api/admin/users/{id}/messages", tag = "admin",
    params(("id" = i64, Path), PagedQuery), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<UserMessageRow>>)))]
async fn messages(
    State(state): State<AppState>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiQuery(q): ApiQuery<PagedQuery>,
) -> Reply<Page<UserMessageRow>> {
    me.require(Permission::ReadUsers)?;
    existing(&state, id).await?;
    let order = sort(&q.order_by, &q.order)?;
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) =
        onyx_content::api::messages::page_for_user(&state.db, id, order, index, size).await?;
    ok(Page {
        rows: rows
            .into_iter()
            .map(|m| UserMessageRow {
                // A message the server wrote in every language reads in
                // the operator's.
                summary: onyx_content::api::summary(&in_lang(&m.content, lang::current())),
                id: m.id,
                title: in_lang(&m.title, lang::current()),
                read_time: m.read_at,
                create_time: m.created_at,
            })
            .collect(),
        total,
    })
}

/// Audit entries about the user: those on the user (`user:<id>`: freeze,
/// unfreeze, messages) and the reviews of their verifications, deposit
/// claims and withdrawals (each review's newest `REVIEWS_PER_KIND_MAX`);
/// newest first, or by `orderBy` `id`, `createTime`, `action`,
/// `actorName` or `target`.
#[utoipa::path(get, path = "/api/admin/users/{id}/audit", tag = "admin",
    params(("id" = i64, Path), PagedQuery), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<AuditRow>>)))]
async fn audit_entries(
    State(state): State<AppState>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiQuery(q): ApiQuery<PagedQuery>,
) -> Reply<Page<AuditRow>> {
    me.require(Permission::ReadAudit)?;
    let order = sort::<AuditSort>(&q.order_by, &q.order)?;
    existing(&state, id).await?;
    let filter = AuditFilter {
        targets: user_audit::targets(&state.db, id).await?,
        ..AuditFilter::default()
    };
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) = audit::page(&state.db, &filter, order, index, size).await?;
    ok(Page {
        rows: rows.into_iter().map(AuditRow::from).collect(),
        total,
    })
}
