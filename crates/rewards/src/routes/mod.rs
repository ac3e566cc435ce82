//! The agent area's calls.

mod agent;
mod welfare;

use axum::extract::FromRef;
use onyx_platform::Context;
use utoipa_axum::router::OpenApiRouter;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    agent::router().merge(welfare::router())
}
