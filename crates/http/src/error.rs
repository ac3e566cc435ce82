//! The one place a failure becomes a response: the `{code, msg, data}`
//! envelope in the caller's language. An internal failure is logged here
//! with its cause chain (on the request's span: route, request id, user)
//! and reaches the client only as its code and "system error".

use crate::envelope::Envelope;
use crate::lang;
use axum::response::{IntoResponse, Response};
use axum::Json;
use onyx_kernel::{ErrorCode, Failure};
use std::ops::{Deref, DerefMut};

/// A [`Failure`] on its way out of a handler. It reads like the failure
/// it carries (`e.code`, `e.message(lang)`).
pub struct ApiError(pub Failure);

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(code: ErrorCode) -> ApiError {
        ApiError(Failure::new(code))
    }

    /// Fills the `{name}` placeholder of the message.
    pub fn with(self, name: &'static str, value: impl ToString) -> ApiError {
        ApiError(self.0.with(name, value))
    }

    pub fn bad_request(detail: impl ToString) -> ApiError {
        ApiError(Failure::bad_request(detail))
    }

    pub fn invalid(field: &'static str) -> ApiError {
        ApiError(Failure::invalid(field))
    }

    pub fn missing(field: &'static str) -> ApiError {
        ApiError(Failure::missing(field))
    }

    /// A failure on our side; `cause` goes to the log only.
    pub fn internal(cause: impl std::fmt::Display) -> ApiError {
        ApiError(Failure::internal(cause))
    }

    pub fn into_failure(self) -> Failure {
        self.0
    }
}

impl Deref for ApiError {
    type Target = Failure;
    fn deref(&self) -> &Failure {
        &self.0
    }
}

impl DerefMut for ApiError {
    fn deref_mut(&mut self) -> &mut Failure {
        &mut self.0
    }
}

impl std::fmt::Debug for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Whatever converts into a failure (a failure, a code, a ledger refusal,
/// a library error: see [`Failure`]) converts into an `ApiError`.
impl<E: Into<Failure>> From<E> for ApiError {
    fn from(e: E) -> ApiError {
        ApiError(e.into())
    }
}

/// Why a JSON body or a query string was not taken: bad input, never
/// "system error" (the extractors' rejection type).
pub struct InputRejection(pub ApiError);

impl IntoResponse for InputRejection {
    fn into_response(self) -> Response {
        self.0.into_response()
    }
}

/// A body or query that parsed but does not fit the call: the field it
/// failed on, in the caller's language. serde's own words (English, and
/// about Rust types) go to the log only.
pub fn unreadable<E: std::fmt::Display>(e: serde_path_to_error::Error<E>) -> ApiError {
    let text = e.inner().to_string();
    let path = e.path().to_string();
    let quoted = |s: &str| s.split('`').nth(1).map(str::to_string);
    if let Some(missing) = text.split("missing field").nth(1).and_then(quoted) {
        let field = if path == "." {
            missing
        } else {
            format!("{path}.{missing}")
        };
        return ApiError::new(ErrorCode::MissingField).with("field", field);
    }
    tracing::info!(field = %path, cause = %text, "input refused");
    let field = if path == "." {
        "body".to_string()
    } else {
        path
    };
    ApiError::bad_request(field)
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let failure = self.0;
        if let Some(cause) = failure.cause_chain() {
            if failure.is_internal() {
                tracing::error!(code = failure.code.code(), %cause, "internal error");
            } else {
                tracing::info!(code = failure.code.code(), %cause, "refused");
            }
        }
        let body = Envelope {
            code: failure.code.code(),
            msg: failure.message(lang::current()),
            data: serde_json::Value::Null,
        };
        Json(body).into_response()
    }
}
