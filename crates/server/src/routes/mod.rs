//! The API, one module per spec area. Each module's `router()` lists its
//! handlers; their `#[utoipa::path]` attributes carry the paths, so the
//! OpenAPI document and the routes cannot drift apart.

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub mod settings;

pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().merge(settings::router())
}
