//! The spot engine as an operator watches it: per pair, how often its task
//! was restarted and how many panics inside a batch it survived (see
//! `crate::spot::supervisor`). Anything but zeros deserves the server log.

use crate::PairHealth;
use crate::SpotContext;
use axum::extract::FromRef;
use axum::extract::State;
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_platform::Context;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    SpotContext: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(health))
}

/// Every spot pair's task with its restarts and recovered panics, by
/// symbol. Counters start at zero with the process.
#[utoipa::path(get, path = "/api/admin/spot/health", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<PairHealth>>)))]
async fn health(State(state): State<SpotContext>, me: CurrentAdmin) -> Reply<Vec<PairHealth>> {
    me.require(Permission::ReadAudit)?;
    ok(state.spot.health())
}
