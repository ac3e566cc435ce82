//! Signing in and out, and the remembered device (spec section 4,
//! automatic login).

use super::{
    flag, login_setting, no_store, remember_cookie, remember_token, start_session, AccountType,
    SaToken,
};
use axum::extract::FromRef;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use chrono::Utc;
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Reply, SUCCESS};
use onyx_http::error::{ApiError, ApiResult};
use onyx_http::extract::{ApiJson, ClientIp};
use onyx_kernel::identity;
use onyx_kernel::ErrorCode;
use onyx_platform::credentials::{token_hash, verify_or_dummy};
use onyx_platform::limits::Action;
use onyx_platform::lockout::{self, Attempt, Scope};
use onyx_platform::Context;
use onyx_store::entity::user;
use onyx_store::repo::{sessions, users};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(auto_login))
        .routes(routes!(login_out))
}

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct LoginBody {
    #[serde(rename = "type")]
    pub kind: AccountType,
    pub username: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub password: String,
    /// Also remember this device (httpOnly `onyx_remember` cookie).
    #[serde(default)]
    pub remember: bool,
}

/// Signs in. Wrong account and wrong password give the same answer, and
/// an account that does not exist is counted and paused like one that
/// does. Five wrong passwords for one account from one address pause that
/// address for that account (`-1017`, doubling each time); fifty from all
/// addresses in a day lock the account itself (`-1016`) until its owner
/// unlocks it with a code (`sendUnlockCode`, `unlock`) or a day passes.
#[utoipa::path(post, path = "/api/user/login", tag = "user", request_body = LoginBody,
    responses((status = 200, body = Envelope<SaToken>,
        description = "with `remember`, also sets the `onyx_remember` cookie; \
            `Cache-Control: no-store`")))]
async fn login(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<LoginBody>,
) -> (HeaderMap, Reply<SaToken>) {
    match sign_in(&state, ip, &headers, &body).await {
        Ok((satoken, remember)) => {
            let answer = match remember {
                Some(t) => remember_cookie(&state.config, &headers, Some(&t)),
                None => no_store(),
            };
            (answer, ok(SaToken { satoken }))
        }
        Err(e) => (no_store(), Err(e)),
    }
}

/// The session token and, when asked for, the remembered-device token.
async fn sign_in(
    state: &Context,
    ip: std::net::IpAddr,
    headers: &HeaderMap,
    body: &LoginBody,
) -> ApiResult<(String, Option<String>)> {
    state.limiter.check(Action::LoginIp, ip)?;
    let setting = login_setting(state).await?;
    if !flag(&setting, body.kind.open_flag()) {
        return Err(ErrorCode::LoginTypeClosed.into());
    }
    let (user, subject) = find_account(state, body).await?;
    let mut attempt = Attempt::sign_in(Scope::User, subject, ip);
    attempt.refuse_if_locked(&state.db).await?;
    let hash = user.as_ref().map(|u| u.password_hash.as_str());
    let verified = verify_or_dummy(hash, &body.password).await?;
    let Some(user) = user.filter(|_| verified) else {
        return Err(attempt
            .failed(&state.db, ErrorCode::LoginFailed)
            .await?
            .into());
    };
    attempt.succeeded(&state.db).await?;
    if user.status != users::STATUS_ACTIVE {
        return Err(ErrorCode::AccountFrozen.into());
    }
    let satoken = start_session(state, user.id, sessions::KIND_SESSION, ip, headers).await?;
    let remember = if body.remember {
        Some(start_session(state, user.id, sessions::KIND_REMEMBER, ip, headers).await?)
    } else {
        None
    };
    tracing::info!(user_id = user.id, remember = body.remember, "signed in");
    Ok((satoken, remember))
}

/// The account named by the identifier of the login type (a malformed
/// identifier names none), and the subject its failures count under:
/// the account's, or the identifier's own when it names no account.
async fn find_account(
    state: &Context,
    body: &LoginBody,
) -> ApiResult<(Option<user::Model>, String)> {
    let (field, kind) = match body.kind {
        AccountType::Account => (&body.username, "account"),
        AccountType::Email => (&body.email, "email"),
        AccountType::Phone => (&body.phone, "phone"),
    };
    let raw = field.as_deref().unwrap_or("");
    let db = &state.db;
    let parsed = match body.kind {
        AccountType::Account => identity::parse_username(raw),
        AccountType::Email => identity::parse_email(raw),
        AccountType::Phone => identity::parse_phone(raw),
    };
    let user = match (&parsed, body.kind) {
        (Err(_), _) => None,
        (Ok(name), AccountType::Account) => users::find_by_username(db, name).await?,
        (Ok(email), AccountType::Email) => users::find_by_email(db, email).await?,
        (Ok(phone), AccountType::Phone) => users::find_by_phone(db, phone).await?,
    };
    let subject = match (&user, parsed) {
        (Some(u), _) => lockout::account_subject(Scope::User, u.id),
        (None, Ok(normal)) => lockout::unknown_subject(kind, &normal),
        (None, Err(_)) => lockout::unknown_subject(kind, raw),
    };
    Ok((user, subject))
}

/// Signs in from the remembered-device cookie, and replaces the cookie
/// (rotation: a stolen copy stops working once the owner comes back).
#[utoipa::path(post, path = "/api/user/autoLogin", tag = "user",
    responses((status = 200, body = Envelope<Option<SaToken>>,
        description = "without the cookie: code 200, msg \"\", data null; \
            `Cache-Control: no-store`")))]
async fn auto_login(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
) -> (HeaderMap, Reply<Option<SaToken>>) {
    let Some(token) = remember_token(&headers) else {
        let nothing = Envelope {
            code: SUCCESS,
            msg: String::new(),
            data: None,
        };
        return (no_store(), Ok(Json(nothing)));
    };
    match restore(&state, ip, &headers, &token).await {
        Ok((satoken, remember)) => (
            remember_cookie(&state.config, &headers, Some(&remember)),
            ok(Some(SaToken { satoken })),
        ),
        Err(e) => (remember_cookie(&state.config, &headers, None), Err(e)),
    }
}

async fn restore(
    state: &Context,
    ip: std::net::IpAddr,
    headers: &HeaderMap,
    token: &str,
) -> ApiResult<(String, String)> {
    let found = sessions::find_live(
        &state.db,
        &token_hash(token),
        sessions::KIND_REMEMBER,
        Utc::now(),
    )
    .await?;
    let (old, user) = found.ok_or(ErrorCode::RememberExpired)?;
    sessions::delete(&state.db, old.id).await?;
    if user.status != users::STATUS_ACTIVE {
        return Err(ErrorCode::AccountFrozen.into());
    }
    let remember = start_session(state, user.id, sessions::KIND_REMEMBER, ip, headers).await?;
    let satoken = start_session(state, user.id, sessions::KIND_SESSION, ip, headers).await?;
    Ok((satoken, remember))
}

/// Ends this session and forgets this device.
#[utoipa::path(post, path = "/api/user/loginOut", tag = "user",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn login_out(
    State(state): State<Context>,
    me: CurrentUser,
    headers: HeaderMap,
) -> (HeaderMap, Reply<Option<String>>) {
    let result: Result<(), ApiError> = async {
        sessions::delete(&state.db, me.session_id).await?;
        if let Some(token) = remember_token(&headers) {
            let found = sessions::find_live(
                &state.db,
                &token_hash(&token),
                sessions::KIND_REMEMBER,
                Utc::now(),
            )
            .await?;
            if let Some((remembered, _)) = found.filter(|(s, _)| s.user_id == me.id()) {
                sessions::delete(&state.db, remembered.id).await?;
            }
        }
        Ok(())
    }
    .await;
    match result {
        Ok(()) => (remember_cookie(&state.config, &headers, None), ok(None)),
        Err(e) => (HeaderMap::new(), Err(e)),
    }
}
