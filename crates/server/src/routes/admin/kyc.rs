//! The KYC review queue, the review itself (the outcome and its reason go
//! to the user's message centre) and operator access to the documents.

use super::auth::{CurrentAdmin, Permission};
use super::notice;
use super::users::KycRow;
use super::{page, ReasonBody};
use crate::audit;
use crate::envelope::{ok, Envelope, Page, Reply};
use crate::error::{ApiError, ApiResult};
use crate::extract::{ApiJson, ApiQuery};
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use onyx_core::{i18n, ErrorCode};
use onyx_store::repo::admin_queries::{self, KYC_APPROVED, KYC_PENDING, KYC_REJECTED};
use onyx_store::repo::messages;
use sea_orm::TransactionTrait;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(queue))
        .routes(routes!(approve))
        .routes(routes!(reject))
        .routes(routes!(file))
}

/// A document of a submission: the file id and the operator URL to view it.
#[derive(Serialize, ToSchema, Debug, Clone)]
pub struct FileRef {
    pub id: String,
    /// `/api/admin/file/{id}` (send `adminToken`, or add `?adminToken=`).
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
        url: format!("/api/admin/file/{id}"),
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
    State(state): State<AppState>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<KycQuery>,
) -> Reply<Page<KycRow>> {
    me.require(Permission::ReviewKyc)?;
    let status = super::filter(&q.status).unwrap_or(KYC_PENDING);
    if ![KYC_PENDING, KYC_APPROVED, KYC_REJECTED].contains(&status) {
        return Err(ApiError::invalid("status"));
    }
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) = admin_queries::kyc_page(&state.db, status, index, size).await?;
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
    State(state): State<AppState>,
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
    State(state): State<AppState>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> Reply<()> {
    review(&state, &me, id, KYC_REJECTED, &body.reason).await?;
    ok(())
}

async fn review(
    state: &AppState,
    me: &CurrentAdmin,
    id: i64,
    outcome: &str,
    raw_reason: &str,
) -> ApiResult<()> {
    me.require(Permission::ReviewKyc)?;
    let reason = audit::reason(raw_reason)?;
    let submission = admin_queries::find_kyc(&state.db, id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    if submission.status != KYC_PENDING {
        return Err(ErrorCode::InvalidState.into());
    }
    let lang = notice::user_lang(&state.db, submission.user_id).await?;
    let (title, content) = review_message(lang, submission.tier, outcome, reason);
    let txn = state.db.begin().await?;
    // Conditional on still pending: a concurrent review loses here.
    if !admin_queries::review_kyc(&txn, id, outcome, reason, me.admin.id).await? {
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
    audit::record(&txn, me, action, &format!("kyc:{id}"), reason, detail).await?;
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

/// A stored upload (KYC documents), for operators who review KYC.
#[utoipa::path(get, path = "/api/admin/file/{id}", tag = "admin",
    params(("id" = String, Path)), security(("adminToken" = [])),
    responses((status = 200, content_type = "application/octet-stream",
        description = "the file; failures are envelopes")))]
async fn file(
    State(state): State<AppState>,
    me: CurrentAdmin,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    me.require(Permission::ReviewKyc)?;
    let f = admin_queries::find_file(&state.db, &id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    let relative = std::path::Path::new(&f.storage_key);
    // storage_key is relative to {data_dir}/uploads; anything that could
    // climb out of it is treated as missing.
    let safe = relative
        .components()
        .all(|c| matches!(c, std::path::Component::Normal(_)));
    if !safe {
        return Err(ErrorCode::NotFound.into());
    }
    let path = state.config.db.data_dir.join("uploads").join(relative);
    let bytes = match tokio::fs::read(&path).await {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(ErrorCode::NotFound.into())
        }
        Err(e) => {
            return Err(ApiError::internal(format!(
                "reading {}: {e}",
                path.display()
            )))
        }
    };
    Ok((
        [
            (header::CONTENT_TYPE, f.mime),
            (header::CACHE_CONTROL, "private, no-store".to_string()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
            (header::CONTENT_DISPOSITION, "inline".to_string()),
        ],
        bytes,
    )
        .into_response())
}
