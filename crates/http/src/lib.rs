//! The HTTP face shared by every product's routes: the `{code, msg, data}`
//! envelope, the one place a [`onyx_kernel::Failure`] becomes a response,
//! extractors that turn bad input into coded failures, who is calling
//! (users and operators), the request's language, idempotency keys, and
//! the middleware every response passes through.

pub mod admin;
pub mod auth;
pub mod compression;
pub mod envelope;
pub mod error;
pub mod extract;
pub mod files;
pub mod idempotency;
pub mod lang;
pub mod lenient;
pub mod middleware;
pub mod web_cache;

pub use auth::{CurrentAdmin, CurrentUser, Permission};
pub use envelope::{ok, Envelope, Page, PageQuery, Reply};
pub use error::{ApiError, ApiResult};
pub use extract::{ApiJson, ApiQuery, ClientIp};
pub use idempotency::IdempotencyKey;
