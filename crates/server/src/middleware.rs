//! Request-wide behaviour of the API: the caller's language, and the promise
//! that every /api response is an envelope, even a 404, 405, 413 or panic.

use crate::error::ApiError;
use crate::lang;
use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use onyx_core::ErrorCode;

pub async fn api_envelope(req: Request, next: Next) -> Response {
    let language = lang::from_headers(req.headers());
    lang::scope(language, async move {
        let response = next.run(req).await;
        let status = response.status();
        if status == StatusCode::OK || status == StatusCode::SWITCHING_PROTOCOLS {
            return response;
        }
        let is_json = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json"));
        if is_json || status.is_redirection() || status == StatusCode::NOT_MODIFIED {
            return response;
        }
        let code = match status {
            StatusCode::NOT_FOUND | StatusCode::METHOD_NOT_ALLOWED => ErrorCode::NotFound,
            StatusCode::PAYLOAD_TOO_LARGE => ErrorCode::BodyTooLarge,
            StatusCode::TOO_MANY_REQUESTS => ErrorCode::RateLimited,
            s if s.is_client_error() => ErrorCode::BadRequest,
            _ => ErrorCode::Internal,
        };
        let mut err = ApiError::new(code);
        if code == ErrorCode::BadRequest {
            err = err.with("detail", status.canonical_reason().unwrap_or("bad request"));
        }
        if code == ErrorCode::RateLimited {
            err = err.with("seconds", 1);
        }
        err.into_response()
    })
    .await
}

/// A panic in a handler becomes a logged 500, which `api_envelope` turns
/// into the "system error" envelope.
pub fn panic_to_500(cause: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let text = cause
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| cause.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default();
    tracing::error!(panic = %text, "handler panicked");
    StatusCode::INTERNAL_SERVER_ERROR.into_response()
}
