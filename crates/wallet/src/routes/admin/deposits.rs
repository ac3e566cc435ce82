//! Deposit review and bonus rules. Confirming a claim is the only way a
//! deposit reaches a balance: in one ledger transaction the claim turns
//! `confirmed`, the amount moves from `external` to the user's spot wallet,
//! a matching bonus moves from `rewards`, the user gets a message and the
//! audit row is written, or none of it happens.
//!
//! Several users may claim one transfer (see `routes::recharge`): each
//! claim lists the others as `conflictsWith`, and a transfer is credited
//! once. The ledger transaction re-reads the transfer's claims under the
//! gate, and a partial unique index on confirmed claims backs it up.

use crate::deposit_reviews::*;
use crate::repo::deposits;
use crate::repo::deposits::DepositStatus;
use crate::WalletContext;
use axum::extract::FromRef;
use axum::extract::{Path, State};
use onyx_http::admin::status_filter;
use onyx_http::admin::{page, sort_or, ReasonBody};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_kernel::ErrorCode;
use onyx_platform::Context;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    WalletContext: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(queue))
        .routes(routes!(detail))
        .routes(routes!(confirm_call))
        .routes(routes!(reject_call))
        .routes(routes!(list_rules, create_rule))
        .routes(routes!(update_rule))
}

/// Claims in one status: pending oldest first (the queue), others newest
/// first, unless `orderBy` says otherwise.
#[utoipa::path(get, path = "/api/admin/deposits", tag = "admin", params(DepositQuery),
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<AdminDeposit>>)))]
async fn queue(
    State(state): State<WalletContext>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<DepositQuery>,
) -> Reply<Page<AdminDeposit>> {
    me.require(Permission::ReviewFunds)?;
    let status = status_filter(&q.status, DepositStatus::parse)?.unwrap_or(DepositStatus::Pending);
    let order = sort_or(&q.order_by, &q.order, deposits::queue_order(status))?;
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) =
        deposits::review_page(&state.db, status, q.user_id, order, index, size).await?;
    ok(Page {
        rows: with_rivals(&state.db, rows).await?,
        total,
    })
}

/// One claim, with the other users' claims of the same transfer.
#[utoipa::path(get, path = "/api/admin/deposits/{id}", tag = "admin",
    params(("id" = i64, Path)), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<AdminDeposit>)))]
async fn detail(
    State(state): State<WalletContext>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
) -> Reply<AdminDeposit> {
    me.require(Permission::ReviewFunds)?;
    let row = deposits::find(&state.db, id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    ok(one_with_rivals(&state.db, row).await?)
}

/// Credits a pending claim (and its bonus); the user is told.
#[utoipa::path(post, path = "/api/admin/deposits/{id}/confirm", tag = "admin",
    params(("id" = i64, Path)), request_body = ReasonBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<AdminDeposit>)))]
async fn confirm_call(
    State(state): State<WalletContext>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> Reply<AdminDeposit> {
    me.require(Permission::ReviewFunds)?;
    ok(confirm(&state, &me.admin, id, &body.reason).await?)
}

/// Rejects a pending claim; the user sees the reason.
#[utoipa::path(post, path = "/api/admin/deposits/{id}/reject", tag = "admin",
    params(("id" = i64, Path)), request_body = ReasonBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<AdminDeposit>)))]
async fn reject_call(
    State(state): State<WalletContext>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> Reply<AdminDeposit> {
    me.require(Permission::ReviewFunds)?;
    ok(reject(&state, &me.admin, id, &body.reason).await?)
}

/// Every rule, enabled or not.
#[utoipa::path(get, path = "/api/admin/depositBonusRules", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<RuleView>>)))]
async fn list_rules(State(state): State<WalletContext>, me: CurrentAdmin) -> Reply<Vec<RuleView>> {
    me.require(Permission::ReviewFunds)?;
    let rules = deposits::rules(&state.db).await?;
    ok(rules.into_iter().map(RuleView::from).collect())
}

/// Adds a rule.
#[utoipa::path(post, path = "/api/admin/depositBonusRules", tag = "admin",
    request_body = RuleBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<RuleView>)))]
async fn create_rule(
    State(state): State<WalletContext>,
    me: CurrentAdmin,
    ApiJson(body): ApiJson<RuleBody>,
) -> Reply<RuleView> {
    me.require(Permission::ReviewFunds)?;
    ok(crate::deposit_reviews::create_rule(&state, &me.actor(), &body).await?)
}

/// Replaces a rule's fields.
#[utoipa::path(put, path = "/api/admin/depositBonusRules/{id}", tag = "admin",
    params(("id" = i64, Path)), request_body = RuleBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<RuleView>)))]
async fn update_rule(
    State(state): State<WalletContext>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<RuleBody>,
) -> Reply<RuleView> {
    me.require(Permission::ReviewFunds)?;
    ok(crate::deposit_reviews::update_rule(&state, &me.actor(), id, &body).await?)
}
