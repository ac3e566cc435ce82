//! The wallet's calls under the spec's paths: deposits (`/api/recharge`),
//! withdrawals (`/api/withdraw`), balances and transfers (`/api/asset`),
//! the flash exchange (`/api/texchange`), financial records, and the
//! operators' deposit and withdrawal queues.

pub mod admin;
pub mod deposits;
pub mod dust;
pub mod exchange;
pub mod records;
pub mod transfers;
pub mod withdrawals;

use crate::WalletContext;
use axum::extract::FromRef;
use onyx_platform::Context;
use utoipa_axum::router::OpenApiRouter;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    WalletContext: FromRef<S>,
{
    OpenApiRouter::new()
        .merge(deposits::router())
        .merge(withdrawals::router())
        .merge(transfers::router())
        .merge(exchange::router())
        .merge(dust::router())
        .merge(records::router())
        .merge(admin::deposits::router())
        .merge(admin::withdrawals::router())
}
