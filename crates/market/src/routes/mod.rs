//! The market's calls: prices, candles and depth (`/api/market`), the
//! catalogue and the watchlist, and the operators' catalogue.

pub mod admin;
pub mod catalogue;
pub mod market;
pub mod watchlist;

use axum::extract::FromRef;
use onyx_platform::Context;
use utoipa_axum::router::OpenApiRouter;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .merge(market::router())
        .merge(catalogue::router())
        .merge(watchlist::router())
        .merge(admin::router())
}
