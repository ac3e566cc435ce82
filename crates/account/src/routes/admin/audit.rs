//! Reading the audit log.

use axum::extract::FromRef;
use axum::extract::State;
use chrono::{DateTime, Utc};
use onyx_http::admin::{filter, page};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::extract::ApiQuery;
use onyx_platform::Context;
use onyx_store::repo::audit;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(list))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AuditQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// Exact action, e.g. `user.freeze`.
    pub action: Option<String>,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AuditRow {
    pub id: i64,
    pub actor_kind: String,
    pub actor_id: Option<i64>,
    pub actor_name: String,
    pub action: String,
    pub target: String,
    pub reason: String,
    #[schema(value_type = Object)]
    pub detail: Value,
    pub create_time: DateTime<Utc>,
}

/// The audit log, newest first.
#[utoipa::path(get, path = "/api/admin/audit", tag = "admin", params(AuditQuery),
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<AuditRow>>)))]
async fn list(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<AuditQuery>,
) -> Reply<Page<AuditRow>> {
    me.require(Permission::ReadAudit)?;
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) = audit::page(&state.db, filter(&q.action), index, size).await?;
    ok(Page {
        rows: rows
            .into_iter()
            .map(|a| AuditRow {
                detail: serde_json::from_str(&a.detail).unwrap_or(Value::String(a.detail)),
                id: a.id,
                actor_kind: a.actor_kind,
                actor_id: a.actor_id,
                actor_name: a.actor_name,
                action: a.action,
                target: a.target,
                reason: a.reason,
                create_time: a.created_at,
            })
            .collect(),
        total,
    })
}
