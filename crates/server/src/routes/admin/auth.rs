//! The operator realm: sign-in with its own lockout, sessions in
//! `admin_sessions` (header `adminToken`, 12 h), and the role check.

use crate::envelope::{ok, Envelope, Reply};
use crate::error::{ApiError, ApiResult};
use crate::extract::{ApiJson, ClientIp};
use crate::limits::Action;
use crate::state::AppState;
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use chrono::{Duration, Utc};
use onyx_core::ErrorCode;
use onyx_store::entity::admin;
use onyx_store::repo::{admin_queries, admins};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub const SESSION_HOURS: i64 = 12;
/// Wrong passwords in a row that lock the operator account.
pub const FAILURES_MAX: i32 = 5;
pub const LOCK_MINUTES: i64 = 15;

pub const ROLE_OWNER: &str = "owner";
pub const ROLE_SUPPORT: &str = "support";
pub const ROLE_COMPLIANCE: &str = "compliance";

/// What an operator call needs; roles grant sets of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permission {
    ReadUsers,
    FreezeUsers,
    ReviewKyc,
    EditSettings,
    EditContent,
    SendMessages,
    ReadOutbox,
    ReadAudit,
    /// Confirm or reject deposit claims, approve or reject withdrawals,
    /// edit deposit bonus rules: money leaves or enters the platform.
    ReviewFunds,
}

/// `owner` may do everything; `support` reads users, writes messages and
/// reads the outbox; `compliance` reads users, reviews KYC and freezes.
pub fn role_allows(role: &str, p: Permission) -> bool {
    use Permission::*;
    match role {
        ROLE_OWNER => true,
        ROLE_SUPPORT => matches!(p, ReadUsers | SendMessages | ReadOutbox),
        ROLE_COMPLIANCE => matches!(p, ReadUsers | FreezeUsers | ReviewKyc),
        _ => false,
    }
}

/// The signed-in operator of this request.
#[derive(Clone, Debug)]
pub struct CurrentAdmin {
    pub admin: admin::Model,
    pub session_id: i64,
}

impl CurrentAdmin {
    /// Refuses with Forbidden unless the operator's role grants `p`.
    pub fn require(&self, p: Permission) -> ApiResult<()> {
        if role_allows(&self.admin.role, p) {
            Ok(())
        } else {
            Err(ErrorCode::Forbidden.into())
        }
    }
}

/// The `adminToken` header, and only the header: a token in a URL would
/// sit in logs and browser history (files are opened by signed links).
fn admin_token(parts: &Parts) -> Option<String> {
    parts
        .headers
        .get("admintoken")
        .and_then(|v| v.to_str().ok())
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
}

impl FromRequestParts<AppState> for CurrentAdmin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = admin_token(parts).ok_or(ErrorCode::TokenMissing)?;
        let found = admin_queries::find_live_session(
            &state.db,
            &crate::auth::token_hash(&token),
            Utc::now(),
        )
        .await?;
        let (session, admin) = found.ok_or(ErrorCode::TokenInvalid)?;
        if admin.status != "active" {
            return Err(ErrorCode::TokenInvalid.into());
        }
        Ok(CurrentAdmin {
            admin,
            session_id: session.id,
        })
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(logout))
}

#[derive(Deserialize, ToSchema, Debug)]
pub struct LoginBody {
    pub username: String,
    pub password: String,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct LoginReply {
    pub admin_token: String,
    pub role: String,
    pub username: String,
}

/// Operator sign-in. 10 attempts a minute per IP; 5 wrong passwords in a
/// row lock the operator for 15 minutes.
#[utoipa::path(post, path = "/api/admin/login", tag = "admin", request_body = LoginBody,
    responses((status = 200, body = Envelope<LoginReply>)))]
async fn login(
    State(state): State<AppState>,
    ip: ClientIp,
    ApiJson(body): ApiJson<LoginBody>,
) -> Reply<LoginReply> {
    state.limiter.check(Action::AdminLoginIp, ip.0)?;
    let db = &state.db;
    let now = Utc::now();
    let Some(admin) = admins::find_by_username(db, body.username.trim()).await? else {
        return Err(ErrorCode::AdminLoginFailed.into());
    };
    if let Some(until) = admin.locked_until.filter(|u| *u > now) {
        return Err(locked(until - now));
    }
    if admin.status != "active" {
        return Err(ErrorCode::AdminLoginFailed.into());
    }
    if !crate::auth::verify_password(&admin.password_hash, &body.password).await? {
        let failures = admin.failed_logins + 1;
        if failures >= FAILURES_MAX {
            let until = now + Duration::minutes(LOCK_MINUTES);
            admin_queries::set_login_failures(db, admin.id, 0, Some(until)).await?;
            tracing::warn!(
                operator = admin.username,
                "operator locked after failed sign-ins"
            );
            return Err(locked(until - now));
        }
        admin_queries::set_login_failures(db, admin.id, failures, None).await?;
        return Err(ErrorCode::AdminLoginFailed.into());
    }
    if admin.failed_logins != 0 || admin.locked_until.is_some() {
        admin_queries::set_login_failures(db, admin.id, 0, None).await?;
    }
    let (token, hash) = crate::auth::new_token();
    admin_queries::create_session(db, admin.id, &hash, now + Duration::hours(SESSION_HOURS))
        .await?;
    ok(LoginReply {
        admin_token: token,
        role: admin.role,
        username: admin.username,
    })
}

fn locked(left: Duration) -> ApiError {
    let minutes = (left.num_seconds() + 59) / 60;
    ApiError::new(ErrorCode::AccountLocked).with("minutes", minutes.max(1))
}

/// Ends this operator session.
#[utoipa::path(post, path = "/api/admin/logout", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn logout(State(state): State<AppState>, me: CurrentAdmin) -> Reply<()> {
    admin_queries::delete_session(&state.db, me.session_id).await?;
    ok(())
}
