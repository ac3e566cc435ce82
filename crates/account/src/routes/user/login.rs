//! Signing in and out, and the remembered device (spec section 4,
//! automatic login).

use super::security::RecoveryType;
use super::{
    device, no_store, remember_cookie, remember_token, AccountType, LoginChallengeReply, SaToken,
};
use crate::sign_in::{self, Proof};
use axum::extract::FromRef;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Reply, SUCCESS};
use onyx_http::extract::{ApiJson, ClientIp};
use onyx_platform::notify::Channel;
use onyx_platform::Context;
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
        .routes(routes!(login_challenge))
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
    /// While the account is slowed (`-1019`): the code `sendUnlockCode`
    /// sent to the bound email or phone.
    #[serde(default)]
    pub code: Option<String>,
    /// Where that code went (`email` or `phone`); the bound email, else
    /// the bound phone, when absent.
    #[serde(default)]
    pub code_type: Option<RecoveryType>,
    /// While the account is slowed (`-1026`): a challenge from
    /// `loginChallenge` ...
    #[serde(default)]
    pub challenge: Option<String>,
    /// ... and the decimal nonce that solves it.
    #[serde(default)]
    pub nonce: Option<String>,
}

/// Signs in. Wrong account and wrong password give the same answer, and
/// an account that does not exist is counted and paused like one that
/// does. Five wrong passwords for one account from one address pause that
/// address for that account (`-1017`, doubling each time). Fifty from all
/// addresses in a day slow the account itself for a day after the last
/// failure: the password is then checked only with a proof, the `code`
/// sent to the bound email or phone (`-1019` asks for it) or, for an
/// account with neither, a solved `challenge` (`-1026`; `-1027` for a
/// used, expired or unsolved one), and every failure pauses its address.
/// A wrong password with a good proof still counts as a failure.
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
    let identifier = match body.kind {
        AccountType::Account => &body.username,
        AccountType::Email => &body.email,
        AccountType::Phone => &body.phone,
    };
    let signed = sign_in::sign_in(
        &state,
        &device(ip, &headers),
        body.kind,
        identifier.as_deref().unwrap_or(""),
        &body.password,
        body.remember,
        Proof {
            code: body.code.as_deref(),
            code_channel: body.code_type.map(|t| match t {
                RecoveryType::Email => Channel::Email,
                RecoveryType::Phone => Channel::Sms,
            }),
            challenge: body.challenge.as_deref(),
            nonce: body.nonce.as_deref(),
        },
    )
    .await;
    match signed {
        Ok(s) => {
            let answer = match &s.remember {
                Some(t) => remember_cookie(&state.config, &headers, Some(t)),
                None => no_store(),
            };
            (answer, ok(SaToken { satoken: s.session }))
        }
        Err(e) => (no_store(), Err(e.into())),
    }
}

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct LoginChallengeBody {
    /// How the account is named, as in `login`.
    #[serde(rename = "type")]
    pub kind: AccountType,
    pub username: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
}

/// A challenge for signing in to the named account once, asked for after
/// `login` answered `-1026`. Counts against the address's sign-in limit;
/// issued for any name, so it tells nothing about the account.
#[utoipa::path(post, path = "/api/user/loginChallenge", tag = "user",
    request_body = LoginChallengeBody,
    responses((status = 200, body = Envelope<LoginChallengeReply>)))]
async fn login_challenge(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<LoginChallengeBody>,
) -> Reply<LoginChallengeReply> {
    let identifier = match body.kind {
        AccountType::Account => &body.username,
        AccountType::Email => &body.email,
        AccountType::Phone => &body.phone,
    };
    let issued =
        sign_in::challenge(&state, ip, body.kind, identifier.as_deref().unwrap_or("")).await?;
    ok(issued.into())
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
    match sign_in::restore(&state, &device(ip, &headers), &token).await {
        Ok((satoken, remember)) => (
            remember_cookie(&state.config, &headers, Some(&remember)),
            ok(Some(SaToken { satoken })),
        ),
        Err(e) => (
            remember_cookie(&state.config, &headers, None),
            Err(e.into()),
        ),
    }
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
    let token = remember_token(&headers);
    let result = sign_in::sign_out(&state, me.id(), me.session_id, token.as_deref()).await;
    match result {
        Ok(()) => (remember_cookie(&state.config, &headers, None), ok(None)),
        Err(e) => (HeaderMap::new(), Err(e.into())),
    }
}
