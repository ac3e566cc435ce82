//! The operator's own sessions: the live ones (with where each was opened
//! and when it was last used), a page of past ones (ended, with why, or
//! expired), ending one, and signing out everywhere else, each of the two
//! with a reason for the audit log (`-2004` when blank, and nothing
//! ends). Another operator's session is not found, never ended.

use super::CurrentAdmin;
use crate::operator_security;
use axum::extract::{FromRef, Path, State};
use chrono::{DateTime, Utc};
use onyx_http::admin::{page, ReasonBody};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_platform::Context;
use onyx_store::entity::admin_session;
use onyx_store::repo::admin_queries;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(history))
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
    /// The last request that came with it, to the minute (written at most
    /// once a minute); null when none has since sign-in.
    pub last_seen_at: Option<DateTime<Utc>>,
    /// `active`, `expired` or `ended`.
    pub state: String,
    /// When it was ended, for an ended session.
    pub ended_at: Option<DateTime<Utc>>,
    /// Why it was ended: `signed_out`, `signed_out_everywhere` (everywhere
    /// but another session), `revoked` (ended from another session),
    /// `totp_reset` (`onyx operator reset-totp`).
    pub end_reason: Option<String>,
}

impl SessionRow {
    fn of(s: admin_session::Model, current: i64, now: DateTime<Utc>) -> SessionRow {
        SessionRow {
            current: s.id == current,
            state: s.state(now).into(),
            id: s.id,
            created_at: s.created_at,
            expires_at: s.expires_at,
            ip: s.ip,
            user_agent: s.user_agent,
            last_seen_at: s.last_seen_at,
            ended_at: s.ended_at,
            end_reason: s.end_reason.map(String::from),
        }
    }
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// From 1 (the default).
    pub page_num: Option<u64>,
    /// 1 to 100, 10 by default.
    pub page_size: Option<u64>,
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
    let now = state.clock.now();
    let rows = admin_queries::live_sessions_of(&state.db, me.admin.id, now).await?;
    ok(rows
        .into_iter()
        .map(|s| SessionRow::of(s, me.session_id, now))
        .collect())
}

/// The caller's past sessions, ended (with why) or expired, newest
/// first.
#[utoipa::path(get, path = "/api/admin/sessions/history", tag = "admin",
    params(HistoryQuery), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<SessionRow>>)))]
async fn history(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<HistoryQuery>,
) -> Reply<Page<SessionRow>> {
    let now = state.clock.now();
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) =
        admin_queries::past_sessions_of(&state.db, me.admin.id, now, index, size).await?;
    ok(Page {
        rows: rows
            .into_iter()
            .map(|s| SessionRow::of(s, me.session_id, now))
            .collect(),
        total,
    })
}

/// Ends one of the caller's sessions (`-6` for any id that is not
/// theirs). Audited (`operator.session_revoke` on `admin_session:{id}`).
#[utoipa::path(delete, path = "/api/admin/sessions/{id}", tag = "admin",
    params(("id" = i64, Path)), request_body = ReasonBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn revoke(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> Reply<()> {
    operator_security::revoke_session(&state, &me.actor(), me.admin.id, id, &body.reason).await?;
    ok(())
}

/// Signs the caller out everywhere but this session. Audited
/// (`operator.sessions_revoke_others` on `admin:{id}`).
#[utoipa::path(post, path = "/api/admin/sessions/revoke-others", tag = "admin",
    request_body = ReasonBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Revoked>)))]
async fn revoke_others(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiJson(body): ApiJson<ReasonBody>,
) -> Reply<Revoked> {
    let revoked = operator_security::revoke_other_sessions(
        &state,
        &me.actor(),
        me.admin.id,
        me.session_id,
        &body.reason,
    )
    .await?;
    ok(Revoked { revoked })
}
