//! The operator realm: sign-in under the lockout (per name and address,
//! see `lockout`), sessions in `admin_sessions` (header `adminToken`,
//! 12 h), and the role check.

use crate::routes::user::no_store;
use axum::extract::FromRef;
use axum::extract::State;
use axum::http::HeaderMap;
use chrono::{Duration, Utc};
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::extract::{ApiJson, ClientIp};
use onyx_kernel::ErrorCode;
use onyx_platform::limits::Action;
use onyx_platform::lockout::{self, Attempt, Scope};
use onyx_platform::Context;
use onyx_store::repo::{admin_queries, admins};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub const SESSION_HOURS: i64 = 12;

pub use onyx_http::auth::{
    role_allows, CurrentAdmin, Permission, ROLE_COMPLIANCE, ROLE_OWNER, ROLE_SUPPORT,
};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
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
    State(state): State<Context>,
    ip: ClientIp,
    ApiJson(body): ApiJson<LoginBody>,
) -> (HeaderMap, Reply<LoginReply>) {
    (no_store(), sign_in(&state, ip, &body).await)
}

async fn sign_in(state: &Context, ClientIp(ip): ClientIp, body: &LoginBody) -> Reply<LoginReply> {
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
    let verified = onyx_platform::credentials::verify_or_dummy(hash, &body.password).await?;
    let Some(admin) = admin.filter(|_| verified) else {
        return Err(attempt
            .failed(db, ErrorCode::AdminLoginFailed)
            .await?
            .into());
    };
    attempt.succeeded(db).await?;
    if admin.status != onyx_store::entity::admin::AdminStatus::Active {
        return Err(ErrorCode::AdminLoginFailed.into());
    }
    let (token, hash) = onyx_platform::credentials::new_token();
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
async fn logout(State(state): State<Context>, me: CurrentAdmin) -> Reply<()> {
    admin_queries::delete_session(&state.db, me.session_id).await?;
    ok(())
}
