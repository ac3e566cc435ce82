//! The API, one module per spec area. Each module's `router()` lists its
//! handlers; their `#[utoipa::path]` attributes carry the paths, so the
//! OpenAPI document and the routes cannot drift apart.

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub mod admin;
pub mod dev_mailbox;
pub mod upload;
pub mod user;

pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(onyx_content::routes::router())
        .merge(user::router())
        .merge(upload::router())
        .merge(onyx_market::routes::router())
        .merge(admin::router())
        .merge(onyx_spot::routes::router())
        .merge(onyx_wallet::routes::router())
        .merge(dev_mailbox::router())
}
