//! Signing in and out, and the remembered device (spec section 4,
//! automatic login).

use super::{
    flag, login_setting, remember_cookie, remember_token, start_session, verify_under_lockout,
    AccountType, SaToken,
};
use crate::auth::{hash_password, token_hash, verify_password, CurrentUser};
use crate::envelope::{ok, Envelope, Reply, SUCCESS};
use crate::error::{ApiError, ApiResult};
use crate::extract::{ApiJson, ClientIp};
use crate::limits::Action;
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use chrono::Utc;
use onyx_core::identity;
use onyx_core::ErrorCode;
use onyx_store::entity::user;
use onyx_store::repo::{sessions, users};
use serde::Deserialize;
use tokio::sync::OnceCell;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
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

/// Signs in. Wrong account and wrong password give the same answer.
#[utoipa::path(post, path = "/api/user/login", tag = "user", request_body = LoginBody,
    responses((status = 200, body = Envelope<SaToken>,
        description = "with `remember`, also sets the `onyx_remember` cookie")))]
async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<LoginBody>,
) -> (HeaderMap, Reply<SaToken>) {
    match sign_in(&state, ip, &headers, &body).await {
        Ok((satoken, remember)) => {
            let cookie = remember
                .map(|t| remember_cookie(&state.config, Some(&t)))
                .unwrap_or_default();
            (cookie, ok(SaToken { satoken }))
        }
        Err(e) => (HeaderMap::new(), Err(e)),
    }
}

/// The session token and, when asked for, the remembered-device token.
async fn sign_in(
    state: &AppState,
    ip: std::net::IpAddr,
    headers: &HeaderMap,
    body: &LoginBody,
) -> ApiResult<(String, Option<String>)> {
    state.limiter.check(Action::LoginIp, ip)?;
    let setting = login_setting(state).await?;
    if !flag(&setting, body.kind.open_flag()) {
        return Err(ErrorCode::LoginTypeClosed.into());
    }
    let Some(user) = find_account(state, body).await? else {
        // Spend the same argon2 time as for a real account, so response
        // time does not tell which accounts exist.
        verify_password(dummy_hash().await?, &body.password).await?;
        return Err(ErrorCode::LoginFailed.into());
    };
    verify_under_lockout(
        state,
        &user,
        &user.password_hash,
        &body.password,
        ErrorCode::LoginFailed,
    )
    .await?;
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

/// The account named by the identifier of the login type; a malformed
/// identifier names no account.
async fn find_account(state: &AppState, body: &LoginBody) -> ApiResult<Option<user::Model>> {
    let field = match body.kind {
        AccountType::Account => &body.username,
        AccountType::Email => &body.email,
        AccountType::Phone => &body.phone,
    };
    let raw = field.as_deref().unwrap_or("");
    let db = &state.db;
    Ok(match body.kind {
        AccountType::Account => match identity::parse_username(raw) {
            Ok(name) => users::find_by_username(db, &name).await?,
            Err(_) => None,
        },
        AccountType::Email => match identity::parse_email(raw) {
            Ok(email) => users::find_by_email(db, &email).await?,
            Err(_) => None,
        },
        AccountType::Phone => match identity::parse_phone(raw) {
            Ok(phone) => users::find_by_phone(db, &phone).await?,
            Err(_) => None,
        },
    })
}

async fn dummy_hash() -> ApiResult<&'static str> {
    static DUMMY: OnceCell<String> = OnceCell::const_new();
    DUMMY
        .get_or_try_init(|| hash_password("no-such-account-0"))
        .await
        .map(String::as_str)
}

/// Signs in from the remembered-device cookie, and replaces the cookie
/// (rotation: a stolen copy stops working once the owner comes back).
#[utoipa::path(post, path = "/api/user/autoLogin", tag = "user",
    responses((status = 200, body = Envelope<Option<SaToken>>,
        description = "without the cookie: code 200, msg \"\", data null")))]
async fn auto_login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
) -> (HeaderMap, Reply<Option<SaToken>>) {
    let Some(token) = remember_token(&headers) else {
        let nothing = Envelope {
            code: SUCCESS,
            msg: String::new(),
            data: None,
        };
        return (HeaderMap::new(), Ok(Json(nothing)));
    };
    match restore(&state, ip, &headers, &token).await {
        Ok((satoken, remember)) => (
            remember_cookie(&state.config, Some(&remember)),
            ok(Some(SaToken { satoken })),
        ),
        Err(e) => (remember_cookie(&state.config, None), Err(e)),
    }
}

async fn restore(
    state: &AppState,
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
    State(state): State<AppState>,
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
        Ok(()) => (remember_cookie(&state.config, None), ok(None)),
        Err(e) => (HeaderMap::new(), Err(e)),
    }
}
