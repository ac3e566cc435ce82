//! The operator API under `/api/admin`: its own token realm (`adminToken`),
//! role checks per call, and an audit row for every write.

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub mod audit;
pub mod auth;
pub mod kyc;
pub mod outbox;
pub mod users;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::router())
        .merge(users::router())
        .merge(kyc::router())
        .merge(outbox::router())
        .merge(audit::router())
}

pub use onyx_http::admin::{filter, page, ReasonBody};
