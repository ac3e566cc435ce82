//! The account area (`/api/user`): registration, sign-in and the remembered
//! device, unlocking a locked account, profile, passwords, email/phone
//! binding with codes, identity verification and withdrawal addresses.

use crate::sign_in::Device;
use axum::extract::FromRef;
use axum::http::{header, HeaderMap, HeaderValue};
use onyx_http::error::{ApiError, ApiResult};
use onyx_platform::config::Config;
use onyx_platform::Context;
use serde::Serialize;
use std::net::IpAddr;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

pub mod binding;
pub mod info;
pub mod kyc;
pub mod login;
pub mod register;
pub mod rules;
pub mod security;
pub mod unlock;
pub mod withdraw_address;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .merge(register::router())
        .merge(rules::router())
        .merge(login::router())
        .merge(info::router())
        .merge(security::router())
        .merge(unlock::router())
        .merge(binding::router())
        .merge(kyc::router())
        .merge(withdraw_address::router())
}

/// A new session token; the client sends it back in the `satoken` header.
#[derive(Serialize, ToSchema, Debug)]
pub struct SaToken {
    pub satoken: String,
}

/// A sign-in challenge, for a user or an operator: find a decimal `nonce` such that
/// SHA-256(`challenge` + ":" + `nonce`) starts with `difficulty` zero bits.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct LoginChallengeReply {
    /// 64 hex characters.
    pub challenge: String,
    /// Leading zero bits the hash must have.
    pub difficulty: u32,
    /// Seconds the challenge may be used for.
    pub expires_in: i64,
}

impl From<onyx_platform::lockout::Challenge> for LoginChallengeReply {
    fn from(c: onyx_platform::lockout::Challenge) -> Self {
        LoginChallengeReply {
            challenge: c.challenge,
            difficulty: c.difficulty,
            expires_in: c.expires_in_seconds,
        }
    }
}

pub use crate::sign_in::AccountType;

/// The "remember this device" cookie; scoped to `/api/user`, where
/// autoLogin and loginOut read it.
pub const REMEMBER_COOKIE: &str = "onyx_remember";

/// The device a request comes from: its address and user agent.
pub(crate) fn device(ip: IpAddr, headers: &HeaderMap) -> Device {
    Device {
        ip,
        user_agent: headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string(),
    }
}

/// The remembered-device token from the request's cookies.
pub(crate) fn remember_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == REMEMBER_COOKIE)
        .map(|(_, value)| value.trim().to_string())
        .filter(|v| !v.is_empty())
}

/// `Set-Cookie` for a remembered device; `None` clears it. `Secure` with
/// `--secure-cookies`, and whenever the request came over https.
pub(crate) fn remember_cookie(
    config: &Config,
    request: &HeaderMap,
    token: Option<&str>,
) -> HeaderMap {
    let max_age = match token {
        Some(_) => config.remember_days * 24 * 3600,
        None => 0,
    };
    let secure = if config.secure_cookies || came_over_https(config, request) {
        "; Secure"
    } else {
        ""
    };
    let cookie = format!(
        "{REMEMBER_COOKIE}={}; HttpOnly; SameSite=Lax; Path=/api/user; Max-Age={max_age}{secure}",
        token.unwrap_or("")
    );
    let mut headers = no_store();
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        headers.insert(header::SET_COOKIE, v);
    }
    headers
}

/// True when the client reached us over https. The server itself speaks
/// plain http, so only a proxy can say so (`X-Forwarded-Proto`), and only
/// a proxy we trust (`--trust-proxy`, as for the client address).
pub(crate) fn came_over_https(config: &Config, request: &HeaderMap) -> bool {
    config.trust_proxy
        && request
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"))
}

/// `Cache-Control: no-store`, for every answer that carries a token: no
/// cache between here and the browser (or the browser's own) keeps it.
pub(crate) fn no_store() -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers
}

/// Non-empty trimmed text of an optional input, or MissingField.
pub(crate) fn required<'a>(value: &'a Option<String>, field: &'static str) -> ApiResult<&'a str> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| ApiError::missing(field))
}
