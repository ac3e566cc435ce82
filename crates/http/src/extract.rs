//! Extractors whose rejections become coded envelopes instead of axum's
//! plain-text 4xx bodies.

use crate::error::{ApiError, InputRejection};
use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;
use onyx_platform::Context;
use std::net::{IpAddr, SocketAddr};

/// JSON body; bad JSON, wrong types and missing fields are coded failures.
#[derive(axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(InputRejection))]
pub struct ApiJson<T>(pub T);

/// Query string; wrong types and missing fields are coded failures.
#[derive(axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(InputRejection))]
pub struct ApiQuery<T>(pub T);

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
