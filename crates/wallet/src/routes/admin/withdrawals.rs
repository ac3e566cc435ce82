//! The withdrawal review queue and its two outcomes. Approving pays out
//! what was frozen at submit (net amount to `external`, fees to `fees`);
//! rejecting unfreezes it. Either runs in one ledger transaction with the
//! status change, the user's message and the audit row, and re-reads the
//! status inside it, so a request is decided once.

use crate::repo::withdrawals::{self, WithdrawalSort, WithdrawalStatus};
use crate::withdrawal_reviews::*;
use crate::WalletContext;
use axum::extract::FromRef;
use axum::extract::{Path, State};
use onyx_http::admin::status_filter;
use onyx_http::admin::{page, sort};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_platform::audit;
use onyx_platform::Context;
use utoipa_axum::{router::OpenApiRouter, routes};

/// Longest transaction hash accepted; real ones are 64 to 66 characters.
const TX_HASH_CHARS_MAX: usize = 128;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    WalletContext: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(queue))
        .routes(routes!(approve))
        .routes(routes!(reject))
}

/// Withdrawals in one status, oldest first (the queue order) unless
/// `orderBy` says otherwise.
#[utoipa::path(get, path = "/api/admin/withdrawals", tag = "admin", params(QueueQuery),
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<AdminWithdrawal>>)))]
async fn queue(
    State(state): State<WalletContext>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<QueueQuery>,
) -> Reply<Page<AdminWithdrawal>> {
    me.require(Permission::ReviewFunds)?;
    let status =
        status_filter(&q.status, WithdrawalStatus::parse)?.unwrap_or(WithdrawalStatus::Pending);
    let order = sort::<WithdrawalSort>(&q.order_by, &q.order)?;
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) =
        withdrawals::page_by_status(&state.db, status, q.user_id, order, index, size).await?;
    ok(Page {
        rows: rows.into_iter().map(AdminWithdrawal::from).collect(),
        total,
    })
}

/// Approves a pending withdrawal: the net amount goes to `external`, the
/// fees to `fees`; the user is told with the transaction hash.
#[utoipa::path(post, path = "/api/admin/withdrawals/{id}/approve", tag = "admin",
    params(("id" = i64, Path)), request_body = ApproveBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<AdminWithdrawal>)))]
async fn approve(
    State(state): State<WalletContext>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ApproveBody>,
) -> Reply<AdminWithdrawal> {
    me.require(Permission::ReviewFunds)?;
    let reason = audit::reason(&body.reason)?;
    let tx_hash = body.tx_hash.trim();
    if tx_hash.is_empty() {
        return Err(ApiError::missing("txHash"));
    }
    let shaped = tx_hash.chars().count() <= TX_HASH_CHARS_MAX
        && tx_hash.chars().all(|c| c.is_ascii_graphic());
    if !shaped {
        return Err(ApiError::invalid("txHash"));
    }
    ok(decide(&state, &me.admin, id, Decision::Approve { tx_hash }, reason).await?)
}

/// Rejects a pending withdrawal: everything frozen for it is available
/// again, and the user sees the reason.
#[utoipa::path(post, path = "/api/admin/withdrawals/{id}/reject", tag = "admin",
    params(("id" = i64, Path)), request_body = RejectBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<AdminWithdrawal>)))]
async fn reject(
    State(state): State<WalletContext>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<RejectBody>,
) -> Reply<AdminWithdrawal> {
    me.require(Permission::ReviewFunds)?;
    let reason = audit::reason(&body.reason)?;
    ok(decide(&state, &me.admin, id, Decision::Reject, reason).await?)
}
