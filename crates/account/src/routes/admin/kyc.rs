//! The KYC review queue, the review itself (the outcome and its reason go
//! to the user's message centre) and operator access to uploaded files
//! through signed links (KYC documents, deposit screenshots).

use super::users::KycRow;
use crate::repo::reviews::{self, KYC_APPROVED, KYC_PENDING, KYC_REJECTED};
use axum::extract::FromRef;
use axum::extract::{Path, State};
use onyx_content::repo::messages;
use onyx_http::admin::{page, ReasonBody};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::error::{ApiError, ApiResult};
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_kernel::{i18n, ErrorCode};
use onyx_platform::audit;
use onyx_platform::notice;
use onyx_platform::Context;
use sea_orm::TransactionTrait;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(queue))
        .routes(routes!(approve))
        .routes(routes!(reject))
}

/// A document of a submission: the file id and the operator call that
/// mints a link to view it.
#[derive(Serialize, ToSchema, Debug, Clone)]
pub struct FileRef {
    pub id: String,
    /// `/api/admin/file/{id}/link` (send `adminToken`); its `url` opens the
    /// file for five minutes.
    pub url: String,
}

/// The file id from what the submission stored: a bare id or the user-side
/// URL `/api/common/file/{id}`.
pub fn file_ref(stored: Option<&str>) -> Option<FileRef> {
    let stored = stored?.trim();
    let id = stored
        .split('?')
        .next()
        .unwrap_or("")
        .rsplit('/')
        .next()
        .unwrap_or("");
    if id.is_empty() {
        return None;
    }
    Some(FileRef {
        id: id.to_string(),
        url: format!("/api/admin/file/{id}/link"),
    })
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
pub struct KycQuery {
    /// `pending` (default), `approved` or `rejected`.
    pub status: Option<String>,
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

/// Submissions in one status, oldest first (the queue order).
#[utoipa::path(get, path = "/api/admin/kyc", tag = "admin", params(KycQuery),
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<KycRow>>)))]
async fn queue(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<KycQuery>,
) -> Reply<Page<KycRow>> {
    me.require(Permission::ReviewKyc)?;
    let status = onyx_http::admin::filter(&q.status).unwrap_or(KYC_PENDING);
    if ![KYC_PENDING, KYC_APPROVED, KYC_REJECTED].contains(&status) {
        return Err(ApiError::invalid("status"));
    }
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) = reviews::kyc_page(&state.db, status, index, size).await?;
    ok(Page {
        rows: rows.into_iter().map(KycRow::from).collect(),
        total,
    })
}

/// Approves a pending submission; the reason is sent to the user.
#[utoipa::path(post, path = "/api/admin/kyc/{id}/approve", tag = "admin",
    params(("id" = i64, Path)), request_body = ReasonBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn approve(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> Reply<()> {
    review(&state, &me, id, KYC_APPROVED, &body.reason).await?;
    ok(())
}

/// Rejects a pending submission; the reason is sent to the user.
#[utoipa::path(post, path = "/api/admin/kyc/{id}/reject", tag = "admin",
    params(("id" = i64, Path)), request_body = ReasonBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn reject(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> Reply<()> {
    review(&state, &me, id, KYC_REJECTED, &body.reason).await?;
    ok(())
}

async fn review(
    state: &Context,
    me: &CurrentAdmin,
    id: i64,
    outcome: &str,
    raw_reason: &str,
) -> ApiResult<()> {
    me.require(Permission::ReviewKyc)?;
    let reason = audit::reason(raw_reason)?;
    let submission = reviews::find_kyc(&state.db, id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    if submission.status != KYC_PENDING {
        return Err(ErrorCode::InvalidState.into());
    }
    let lang = notice::user_lang(&state.db, submission.user_id).await?;
    let (title, content) = review_message(lang, submission.tier, outcome, reason);
    let txn = state.db.begin().await?;
    // Conditional on still pending: a concurrent review loses here.
    if !reviews::review_kyc(&txn, id, outcome, reason, me.admin.id).await? {
        return Err(ErrorCode::InvalidState.into());
    }
    messages::create(&txn, submission.user_id, &title, &content).await?;
    let action = if outcome == KYC_APPROVED {
        "kyc.approve"
    } else {
        "kyc.reject"
    };
    let detail = json!({"userId": submission.user_id, "tier": submission.tier,
        "status": {"old": submission.status, "new": outcome}});
    audit::record(
        &txn,
        &me.actor(),
        action,
        &format!("kyc:{id}"),
        reason,
        detail,
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

/// The message-centre text of a review, in the language the user
/// registered with. The reason is operator text, so it is escaped into the
/// HTML body.
fn review_message(lang: &str, tier: i32, outcome: &str, reason: &str) -> (String, String) {
    let level_key = if tier == 2 {
        "kyc_level_advanced"
    } else {
        "kyc_level_primary"
    };
    let level = i18n::message(lang, level_key, &[]);
    let (title_key, body_key) = if outcome == KYC_APPROVED {
        ("kyc_approved_title", "kyc_approved_body")
    } else {
        ("kyc_rejected_title", "kyc_rejected_body")
    };
    let title = i18n::message(lang, title_key, &[("level", level.clone())]);
    let body = i18n::message(
        lang,
        body_key,
        &[("level", level), ("reason", reason.to_string())],
    );
    (title, notice::paragraph(&body))
}
