//! The earn calls: finance, staking and operators'.

mod admin;
mod finance;
mod staking;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use onyx_http::auth::CurrentUser;
use onyx_platform::Context;
use utoipa_axum::router::OpenApiRouter;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    finance::router()
        .merge(staking::router())
        .merge(admin::router())
}

/// The caller when signed in: product lists are public, and show a signed-in
/// caller's own purchase counts.
pub struct MaybeUser(pub Option<CurrentUser>);

impl<S> FromRequestParts<S> for MaybeUser
where
    S: Send + Sync,
    Context: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Ok(MaybeUser(
            CurrentUser::from_request_parts(parts, state).await.ok(),
        ))
    }
}
