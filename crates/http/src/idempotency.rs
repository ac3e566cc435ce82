//! The `Idempotency-Key` header of money-moving calls (see
//! `onyx_platform::idempotency` for what the key buys).

use crate::error::ApiError;
use axum::http::request::Parts;
use onyx_platform::idempotency::{parse_key, HEADER};

/// The header's value, if any, checked.
#[derive(Clone, Debug, Default)]
pub struct IdempotencyKey(pub Option<String>);

impl From<IdempotencyKey> for Option<String> {
    fn from(key: IdempotencyKey) -> Option<String> {
        key.0
    }
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for IdempotencyKey {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let Some(value) = parts.headers.get(HEADER) else {
            return Ok(IdempotencyKey(None));
        };
        let raw = value
            .to_str()
            .map_err(|_| onyx_kernel::Failure::invalid("Idempotency-Key"))?;
        Ok(IdempotencyKey(Some(parse_key(raw)?)))
    }
}
