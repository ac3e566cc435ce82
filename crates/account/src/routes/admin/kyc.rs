//! The KYC review queue, the review itself (the outcome and its reason go
//! to the user's message centre) and operator access to uploaded files
//! through signed links (KYC documents, deposit screenshots).

use super::users::KycRow;
use crate::entity::kyc_submission::KycStatus;
use crate::kyc_reviews;
use crate::repo::reviews::{self, KycSort};
use axum::extract::FromRef;
use axum::extract::{Path, State};
use onyx_http::admin::{page, sort, ReasonBody};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_platform::Context;
use serde::{Deserialize, Serialize};
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
#[into_params(parameter_in = Query)]
pub struct KycQuery {
    /// `pending` (default), `approved` or `rejected`.
    pub status: Option<String>,
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// Sort key: `id`, `userId`, `tier`, `realName`, `country`, `createTime`, `reviewedAt` (default `createTime` asc, the queue order).
    pub order_by: Option<String>,
    /// `asc` or `desc`.
    pub order: Option<String>,
}

/// Submissions in one status, oldest first (the queue order) unless
/// `orderBy` says otherwise.
#[utoipa::path(get, path = "/api/admin/kyc", tag = "admin", params(KycQuery),
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<KycRow>>)))]
async fn queue(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<KycQuery>,
) -> Reply<Page<KycRow>> {
    me.require(Permission::ReviewKyc)?;
    let status =
        onyx_http::admin::status_filter(&q.status, KycStatus::parse)?.unwrap_or(KycStatus::Pending);
    let order = sort::<KycSort>(&q.order_by, &q.order)?;
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) = reviews::kyc_page(&state.db, status, order, index, size).await?;
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
    me.require(Permission::ReviewKyc)?;
    kyc_reviews::review(&state, &me.actor(), id, KycStatus::Approved, &body.reason).await?;
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
    me.require(Permission::ReviewKyc)?;
    kyc_reviews::review(&state, &me.actor(), id, KycStatus::Rejected, &body.reason).await?;
    ok(())
}
