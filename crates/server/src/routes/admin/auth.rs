//! The operator realm: sign-in under the lockout (per name and address,
//! see `lockout`), sessions in `admin_sessions` (header `adminToken`,
//! 12 h), and the role check.

use crate::envelope::{ok, Envelope, Reply};
use crate::error::{ApiError, ApiResult};
use crate::extract::{ApiJson, ClientIp};
use crate::limits::Action;
use crate::lockout::{self, Attempt, Scope};
use crate::routes::user::no_store;
use crate::state::AppState;
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use chrono::{Duration, Utc};
use onyx_kernel::ErrorCode;
use onyx_store::entity::admin;
use onyx_store::repo::{admin_queries, admins};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub const SESSION_HOURS: i64 = 12;

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

/// Operator sign-in. 10 attempts a minute per IP. Five wrong passwords for
/// one name from one address pause that address for that name (`-1017`,
/// doubling each time; the operator elsewhere signs in as usual); fifty
/// from all addresses in a day lock the operator for an hour (`-1012`). An
/// unknown name is counted and timed like a real one.
#[utoipa::path(post, path = "/api/admin/login", tag = "admin", request_body = LoginBody,
    responses((status = 200, body = Envelope<LoginReply>,
        description = "`Cache-Control: no-store`: the answer carries a token")))]
async fn login(
    State(state): State<AppState>,
    ip: ClientIp,
    ApiJson(body): ApiJson<LoginBody>,
) -> (HeaderMap, Reply<LoginReply>) {
    (no_store(), sign_in(&state, ip, &body).await)
}

async fn sign_in(state: &AppState, ClientIp(ip): ClientIp, body: &LoginBody) -> Reply<LoginReply> {
    state.limiter.check(Action::AdminLoginIp, ip)?;
    let db = &state.db;
    let name = body.username.trim();
    let admin = admins::find_by_username(db, name).await?;
    let subject = match &admin {
        Some(a) => lockout::account_subject(Scope::Operator, a.id),
        None => lockout::unknown_subject("name", name),
    };
    let mut attempt = Attempt::sign_in(Scope::Operator, subject, ip);
    attempt.refuse_if_locked(db).await?;
    let hash = admin.as_ref().map(|a| a.password_hash.as_str());
    let verified = crate::auth::verify_or_dummy(hash, &body.password).await?;
    let Some(admin) = admin.filter(|_| verified) else {
        return Err(attempt.failed(db, ErrorCode::AdminLoginFailed).await?);
    };
    attempt.succeeded(db).await?;
    if admin.status != "active" {
        return Err(ErrorCode::AdminLoginFailed.into());
    }
    let (token, hash) = crate::auth::new_token();
    let expires = Utc::now() + Duration::hours(SESSION_HOURS);
    admin_queries::create_session(db, admin.id, &hash, expires).await?;
    ok(LoginReply {
        admin_token: token,
        role: admin.role,
        username: admin.username,
    })
}

/// Ends this operator session.
#[utoipa::path(post, path = "/api/admin/logout", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn logout(State(state): State<AppState>, me: CurrentAdmin) -> Reply<()> {
    admin_queries::delete_session(&state.db, me.session_id).await?;
    ok(())
}
