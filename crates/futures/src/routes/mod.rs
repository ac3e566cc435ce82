//! The futures calls: users' and operators'.

mod admin;
mod contracts;
mod positions;
mod stops;

use axum::extract::FromRef;
use onyx_platform::Context;
use utoipa_axum::router::OpenApiRouter;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    positions::router()
        .merge(contracts::router())
        .merge(stops::router())
        .merge(admin::router())
}
