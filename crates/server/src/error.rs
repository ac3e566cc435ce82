//! One error type for every handler, rendered as the `{code, msg, data}`
//! envelope in the caller's language. Internals are logged, never sent.

use crate::envelope::Envelope;
use crate::lang;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::response::{IntoResponse, Response};
use axum::Json;
use onyx_kernel::{i18n, ErrorCode};

#[derive(Debug)]
pub struct ApiError {
    pub code: ErrorCode,
    pub args: Vec<(&'static str, String)>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(code: ErrorCode) -> ApiError {
        ApiError {
            code,
            args: Vec::new(),
        }
    }

    /// Fills the `{name}` placeholder of the message.
    pub fn with(mut self, name: &'static str, value: impl ToString) -> ApiError {
        self.args.push((name, value.to_string()));
        self
    }

    pub fn bad_request(detail: impl ToString) -> ApiError {
        ApiError::new(ErrorCode::BadRequest).with("detail", detail)
    }

    pub fn invalid(field: &'static str) -> ApiError {
        ApiError::new(ErrorCode::InvalidField).with("field", field)
    }

    pub fn missing(field: &'static str) -> ApiError {
        ApiError::new(ErrorCode::MissingField).with("field", field)
    }

    /// Logs the cause and reports a bare "system error" to the client.
    pub fn internal(cause: impl std::fmt::Display) -> ApiError {
        tracing::error!(%cause, "internal error");
        ApiError::new(ErrorCode::Internal)
    }

    pub fn message(&self, lang: &str) -> String {
        i18n::message(lang, self.code.key(), &self.args)
    }
}

impl From<ErrorCode> for ApiError {
    fn from(code: ErrorCode) -> ApiError {
        ApiError::new(code)
    }
}

impl From<sea_orm::DbErr> for ApiError {
    fn from(e: sea_orm::DbErr) -> ApiError {
        ApiError::internal(format!("database: {e}"))
    }
}

impl From<sea_orm::TransactionError<ApiError>> for ApiError {
    fn from(e: sea_orm::TransactionError<ApiError>) -> ApiError {
        match e {
            sea_orm::TransactionError::Connection(e) => e.into(),
            sea_orm::TransactionError::Transaction(e) => e,
        }
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(e: anyhow::Error) -> ApiError {
        ApiError::internal(format!("{e:#}"))
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> ApiError {
        match r {
            JsonRejection::JsonDataError(e) => serde_error(&e.body_text()),
            JsonRejection::JsonSyntaxError(e) => {
                ApiError::new(ErrorCode::MalformedJson).with("detail", e.body_text())
            }
            JsonRejection::MissingJsonContentType(_) => ApiError::new(ErrorCode::MalformedJson)
                .with("detail", "Content-Type must be application/json"),
            JsonRejection::BytesRejection(_) => ApiError::new(ErrorCode::BodyTooLarge),
            other => ApiError::new(ErrorCode::MalformedJson).with("detail", other.body_text()),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(r: QueryRejection) -> ApiError {
        serde_error(&r.body_text())
    }
}

/// Turns serde's "missing field `x`" into the MissingField code and anything
/// else into InvalidField/BadRequest with serde's own words.
fn serde_error(text: &str) -> ApiError {
    let quoted = |s: &str| s.split('`').nth(1).map(str::to_string);
    if let Some(rest) = text.split("missing field").nth(1) {
        if let Some(name) = quoted(rest) {
            return ApiError::new(ErrorCode::MissingField).with("field", name);
        }
    }
    let detail = text.split(": ").skip(1).collect::<Vec<_>>().join(": ");
    ApiError::bad_request(if detail.is_empty() {
        text.to_string()
    } else {
        detail
    })
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let lang = lang::current();
        let body = Envelope {
            code: self.code.code(),
            msg: self.message(lang),
            data: serde_json::Value::Null,
        };
        Json(body).into_response()
    }
}
