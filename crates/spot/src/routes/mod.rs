//! The spot calls: orders and trades (`/api/currency/order/*`), the depth
//! of a book (`/api/market/depth`), and the operators' pair health.

pub mod admin;
pub mod depth;
pub mod orders;

use crate::SpotContext;
use axum::extract::FromRef;
use onyx_platform::Context;
use utoipa_axum::router::OpenApiRouter;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    SpotContext: FromRef<S>,
{
    OpenApiRouter::new()
        .merge(orders::router())
        .merge(depth::router())
        .merge(admin::router())
}
