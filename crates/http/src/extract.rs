//! Extractors whose rejections become coded envelopes instead of axum's
//! plain-text 4xx bodies.

use crate::error::{unreadable, ApiError, InputRejection};
use crate::lenient::Lenient;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRef, FromRequest, FromRequestParts, Request};
use axum::http::{header, request::Parts};
use onyx_kernel::ErrorCode;
use onyx_platform::Context;
use serde::de::DeserializeOwned;
use std::net::{IpAddr, SocketAddr};

/// JSON body. Bad JSON is `MalformedJson`; a missing field is
/// `MissingField` and a value the call cannot take `BadRequest`, each
/// naming the field in the caller's language. A field read as text also
/// takes an exact JSON number (see [`crate::lenient`]).
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = InputRejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, InputRejection> {
        if !is_json(req.headers()) {
            return Err(InputRejection(
                ApiError::new(ErrorCode::MalformedJson)
                    .with("detail", "Content-Type: application/json"),
            ));
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|_| InputRejection(ApiError::new(ErrorCode::BodyTooLarge)))?;
        read_json(&bytes).map(ApiJson).map_err(InputRejection)
    }
}

/// Reads a JSON body the way [`ApiJson`] does.
pub fn read_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| {
        // Where the text broke, as numbers only: the words would be
        // serde's English.
        ApiError::new(ErrorCode::MalformedJson)
            .with("detail", format!("{}:{}", e.line(), e.column()))
    })?;
    serde_path_to_error::deserialize(Lenient(value)).map_err(unreadable)
}

/// An optional JSON body: none (or only whitespace) is `T::default()`,
/// anything else is read as [`ApiJson`] reads a body.
pub fn read_optional_json<T: DeserializeOwned + Default>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    read_json(bytes)
}

fn is_json(headers: &axum::http::HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Query string; a missing field is `MissingField` and a value the call
/// cannot take (text for a number, a negative page) `BadRequest`, each
/// naming the field.
pub struct ApiQuery<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = InputRejection;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, InputRejection> {
        read_query(parts.uri.query().unwrap_or(""))
            .map(ApiQuery)
            .map_err(InputRejection)
    }
}

/// Reads a query string the way [`ApiQuery`] does.
pub fn read_query<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    // No field means a NUL, and PostgreSQL cannot compare or store one.
    if let Some((name, _)) = form_urlencoded::parse(query.as_bytes())
        .find(|(name, value)| name.contains('\0') || value.contains('\0'))
    {
        return Err(ApiError::bad_request(name.replace('\0', "")));
    }
    let pairs = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
    serde_path_to_error::deserialize(pairs).map_err(unreadable)
}

/// The caller's address, for rate limits and the audit trail. Behind a
/// trusted proxy (`--trust-proxy`) the last X-Forwarded-For entry: the
/// one that proxy appended itself. Earlier entries come from the client,
/// which could name any address to dodge a per-address limit.
#[derive(Clone, Copy, Debug)]
pub struct ClientIp(pub IpAddr);

impl<S> FromRequestParts<S> for ClientIp
where
    S: Send + Sync,
    Context: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let trust_proxy = Context::from_ref(state).config.trust_proxy;
        if trust_proxy {
            let forwarded = parts
                .headers
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.rsplit(',').next())
                .and_then(|v| v.trim().parse().ok());
            if let Some(ip) = forwarded {
                return Ok(ClientIp(ip));
            }
        }
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip())
            .unwrap_or(IpAddr::from([127, 0, 0, 1]));
        Ok(ClientIp(peer))
    }
}

/// The User-Agent, trimmed, for the session list.
pub fn user_agent(parts: &Parts) -> String {
    parts
        .headers
        .get("user-agent")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .chars()
        .take(200)
        .collect()
}
