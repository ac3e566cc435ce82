//! The operator's own sessions: the list (with where each was opened),
//! ending one, and signing out everywhere else. Another operator's
//! session is not found, never ended.

use super::CurrentAdmin;
use crate::operator_security;
use axum::extract::{FromRef, Path, State};
use chrono::{DateTime, Utc};
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_platform::Context;
use onyx_store::repo::admin_queries;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(revoke))
        .routes(routes!(revoke_others))
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct SessionRow {
    pub id: i64,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// The session this request came with.
    pub current: bool,
    /// The address it was opened from ("" for sessions older than the
    /// column).
    pub ip: String,
    pub user_agent: String,
}

#[derive(Serialize, ToSchema, Debug)]
pub struct Revoked {
    /// Sessions ended.
    pub revoked: u64,
}

/// The caller's live sessions, newest first.
#[utoipa::path(get, path = "/api/admin/sessions", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<SessionRow>>)))]
async fn list(State(state): State<Context>, me: CurrentAdmin) -> Reply<Vec<SessionRow>> {
    let rows = admin_queries::live_sessions_of(&state.db, me.admin.id, state.clock.now()).await?;
    ok(rows
        .into_iter()
        .map(|s| SessionRow {
            current: s.id == me.session_id,
            id: s.id,
            created_at: s.created_at,
            expires_at: s.expires_at,
            ip: s.ip,
            user_agent: s.user_agent,
        })
        .collect())
}

/// Ends one of the caller's sessions (`-6` for any id that is not
/// theirs). Audited (`operator.session_revoke`).
#[utoipa::path(delete, path = "/api/admin/sessions/{id}", tag = "admin",
    params(("id" = i64, Path)), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn revoke(State(state): State<Context>, me: CurrentAdmin, Path(id): Path<i64>) -> Reply<()> {
    operator_security::revoke_session(&state, &me.actor(), me.admin.id, id).await?;
    ok(())
}

/// Signs the caller out everywhere but this session. Audited
/// (`operator.sessions_revoke_others`).
#[utoipa::path(post, path = "/api/admin/sessions/revoke-others", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Revoked>)))]
async fn revoke_others(State(state): State<Context>, me: CurrentAdmin) -> Reply<Revoked> {
    let revoked =
        operator_security::revoke_other_sessions(&state, &me.actor(), me.admin.id, me.session_id)
            .await?;
    ok(Revoked { revoked })
}
