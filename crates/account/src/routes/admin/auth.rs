//! The operator realm: sign-in under the lockout (per name and address,
//! see `lockout`) with a one-time code when the operator has TOTP enabled,
//! sessions in `admin_sessions` (header `adminToken`, 12 h), the caller's
//! own profile (`/api/admin/me`), and, in the submodules, the second
//! factor (`totp`) and the operator's own sessions (`sessions`).

mod sessions;
mod totp;

use crate::operator_security;
use crate::routes::user::{no_store, LoginChallengeReply};
use axum::body::Bytes;
use axum::extract::FromRef;
use axum::extract::State;
use axum::http::HeaderMap;
use chrono::Duration;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::extract::read_optional_json;
use onyx_http::extract::{ApiJson, ClientIp};
use onyx_kernel::ErrorCode;
use onyx_platform::limits::Action;
use onyx_platform::lockout::{self, Attempt, Scope};
use onyx_platform::Context;
use onyx_store::entity::admin::{self, AdminStatus};
use onyx_store::repo::{admin_queries, admins};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub const SESSION_HOURS: i64 = 12;

pub use onyx_http::auth::{
    role_allows, role_requires_totp, CurrentAdmin, EnrollingAdmin, Permission, ROLE_COMPLIANCE,
    ROLE_OWNER, ROLE_SUPPORT,
};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(operator_login_challenge))
        .routes(routes!(logout))
        .routes(routes!(me))
        .merge(totp::router())
        .merge(sessions::router())
}

#[derive(Deserialize, ToSchema, Debug)]
#[schema(as = OperatorLoginBody)]
#[serde(rename_all = "camelCase")]
pub struct LoginBody {
    pub username: String,
    pub password: String,
    /// The 6-digit code from the authenticator app, or a recovery code,
    /// when the operator has TOTP enabled (ignored otherwise).
    #[serde(default)]
    pub code: Option<String>,
    /// While the operator is slowed and has no TOTP (`-1026`): a
    /// challenge from `/api/admin/loginChallenge` ...
    #[serde(default)]
    pub challenge: Option<String>,
    /// ... and the decimal nonce that solves it.
    #[serde(default)]
    pub nonce: Option<String>,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct LoginReply {
    pub admin_token: String,
    pub role: String,
    pub username: String,
    /// Sign-in asks this operator for a code.
    pub totp_enabled: bool,
    /// The role must have TOTP and it is not enabled yet: this session may
    /// only read `/api/admin/me`, enrol, confirm and sign out until it is.
    pub totp_required: bool,
}

/// Operator sign-in. 10 attempts a minute per IP. Five wrong passwords for
/// one name from one address pause that address for that name (`-1017`,
/// doubling each time; the operator elsewhere signs in as usual). An
/// unknown name is counted and timed like a real one. With TOTP enabled,
/// the right password without `code` answers `-2006` (not counted: the
/// console then asks for the code); a wrong, replayed or spent code
/// answers `-2007` and is counted like a wrong password. Fifty failures
/// from all addresses in a day slow the operator for a day after the
/// last one (never lock: decision 0011): an operator with TOTP then
/// needs `code` before the password is checked (`-2006` without it, a
/// wrong code counted), one without TOTP (and an unknown name) a solved
/// `challenge` (`-1026`, `-1027`); every failure pauses its address.
#[utoipa::path(post, path = "/api/admin/login", tag = "admin", request_body = LoginBody,
    responses((status = 200, body = Envelope<LoginReply>,
        description = "`Cache-Control: no-store`: the answer carries a token")))]
async fn login(
    State(state): State<Context>,
    ip: ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<LoginBody>,
) -> (HeaderMap, Reply<LoginReply>) {
    (no_store(), sign_in(&state, ip, &headers, &body).await)
}

#[derive(Deserialize, ToSchema, Debug)]
pub struct AdminLoginChallengeBody {
    pub username: String,
}

/// A challenge for one sign-in as the named operator, asked for after
/// `login` answered `-1026`. Counts against the address's operator
/// sign-in limit; issued for any name, so it tells nothing.
#[utoipa::path(post, path = "/api/admin/loginChallenge", tag = "admin",
    request_body = AdminLoginChallengeBody,
    responses((status = 200, body = Envelope<LoginChallengeReply>)))]
async fn operator_login_challenge(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<AdminLoginChallengeBody>,
) -> Reply<LoginChallengeReply> {
    state.limiter.check(Action::AdminLoginIp, ip)?;
    let name = body.username.trim();
    let (_, subject) = operator_named(&state.db, name).await?;
    let issued = lockout::issue_challenge(&state, Scope::Operator, &subject).await?;
    ok(issued.into())
}

/// The operator named `name`, if any, and the subject its sign-in
/// failures and challenges count under (the name's own when it names no
/// operator, so answers never tell which exist).
async fn operator_named(
    db: &onyx_store::Db,
    name: &str,
) -> Result<(Option<admin::Model>, String), sea_orm::DbErr> {
    let admin = admins::find_by_username(db, name).await?;
    let subject = match &admin {
        Some(a) => lockout::account_subject(Scope::Operator, a.id),
        None => lockout::unknown_subject("name", name),
    };
    Ok((admin, subject))
}

/// The User-Agent, bounded, for the session list.
fn user_agent(headers: &HeaderMap) -> String {
    headers
        .get(axum::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .chars()
        .take(200)
        .collect()
}

async fn sign_in(
    state: &Context,
    ClientIp(ip): ClientIp,
    headers: &HeaderMap,
    body: &LoginBody,
) -> Reply<LoginReply> {
    state.limiter.check(Action::AdminLoginIp, ip)?;
    let db = &state.db;
    let name = body.username.trim();
    let (admin, subject) = operator_named(db, name).await?;
    let mut attempt = Attempt::sign_in(Scope::Operator, subject, ip);
    attempt.refuse_if_locked(state).await?;
    // While slowed the proof comes first, so guesses without it never
    // reach the password; the code is checked again below only when the
    // account is not slowed.
    let mut code_taken = false;
    if attempt.slowed() {
        match admin.as_ref().filter(|a| a.totp_enabled()) {
            Some(with_totp) => {
                let code = body.code.as_deref().map(str::trim).unwrap_or("");
                if code.is_empty() {
                    return Err(ErrorCode::AdminTotpRequired.into());
                }
                if !operator_security::take_code(state, with_totp, code).await? {
                    return Err(attempt
                        .failed(state, ErrorCode::AdminTotpInvalid)
                        .await?
                        .into());
                }
                code_taken = true;
            }
            None => {
                attempt
                    .take_challenge(state, body.challenge.as_deref(), body.nonce.as_deref())
                    .await?
            }
        }
    }
    let hash = admin.as_ref().map(|a| a.password_hash.as_str());
    let verified = onyx_platform::credentials::verify_or_dummy(hash, &body.password).await?;
    let Some(admin) = admin.filter(|_| verified) else {
        return Err(attempt
            .failed(state, ErrorCode::AdminLoginFailed)
            .await?
            .into());
    };
    if admin.status != AdminStatus::Active {
        attempt.succeeded(db).await?;
        return Err(ErrorCode::AdminLoginFailed.into());
    }
    if admin.totp_enabled() && !code_taken {
        // The failures from this address are cleared only once the code
        // is right too: clearing them on the password alone would let a
        // guesser holding the password reset the count between codes.
        let code = body.code.as_deref().map(str::trim).unwrap_or("");
        if code.is_empty() {
            return Err(ErrorCode::AdminTotpRequired.into());
        }
        if !operator_security::take_code(state, &admin, code).await? {
            return Err(attempt
                .failed(state, ErrorCode::AdminTotpInvalid)
                .await?
                .into());
        }
    }
    attempt.succeeded(db).await?;
    let (token, hash) = onyx_platform::credentials::new_token();
    let now = state.clock.now();
    let expires = now + Duration::hours(SESSION_HOURS);
    admin_queries::create_session(
        db,
        admin_queries::NewAdminSession {
            admin_id: admin.id,
            token_hash: &hash,
            expires_at: expires,
            ip: &ip.to_string(),
            user_agent: &user_agent(headers),
            now,
        },
    )
    .await?;
    ok(LoginReply {
        totp_enabled: admin.totp_enabled(),
        totp_required: totp_required(&admin),
        admin_token: token,
        role: admin.role,
        username: admin.username,
    })
}

fn totp_required(admin: &admin::Model) -> bool {
    role_requires_totp(&admin.role) && !admin.totp_enabled()
}

#[derive(Deserialize, ToSchema, Debug, Default)]
pub struct SignOutBody {
    /// Why, for the audit log; optional here (signing out of one's own
    /// session needs no justification): "signed out by the operator"
    /// when absent or blank. 500 characters at most.
    #[serde(default)]
    pub reason: Option<String>,
}

/// Ends this operator session. Audited (`operator.sign_out` on
/// `admin_session:{id}`). The body is optional: none, `{}` or
/// `{reason}`.
#[utoipa::path(post, path = "/api/admin/logout", tag = "admin",
    request_body(content = Option<SignOutBody>), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn logout(State(state): State<Context>, me: EnrollingAdmin, body: Bytes) -> Reply<()> {
    let body: SignOutBody = read_optional_json(&body)?;
    operator_security::sign_out(&state, &me.actor(), me.session_id, body.reason.as_deref()).await?;
    ok(())
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct MeReply {
    pub id: i64,
    pub username: String,
    /// `owner`, `support` or `compliance`.
    pub role: String,
    pub totp_enabled: bool,
    /// The role must have TOTP and it is not enabled yet (see login).
    pub totp_required: bool,
    /// Recovery codes not used yet (0 without TOTP).
    pub recovery_codes_left: u64,
    /// What the role may do: `readUsers`, `freezeUsers`, `reviewKyc`,
    /// `editSettings`, `editContent`, `sendMessages`, `readOutbox`,
    /// `readAudit`, `reviewFunds`.
    pub permissions: Vec<String>,
}

/// The signed-in operator: role, second-factor state and what the role
/// may do (the console shows only what the operator can use). Open to an
/// owner's session before enrolment.
#[utoipa::path(get, path = "/api/admin/me", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<MeReply>)))]
async fn me(State(state): State<Context>, me: EnrollingAdmin) -> Reply<MeReply> {
    let admin = &me.admin;
    let recovery_codes_left = if admin.totp_enabled() {
        admins::recovery_codes_left(&state.db, admin.id).await?
    } else {
        0
    };
    ok(MeReply {
        id: admin.id,
        username: admin.username.clone(),
        role: admin.role.clone(),
        totp_enabled: admin.totp_enabled(),
        totp_required: totp_required(admin),
        recovery_codes_left,
        permissions: Permission::granted_to(&admin.role)
            .into_iter()
            .map(|p| p.name().to_string())
            .collect(),
    })
}
