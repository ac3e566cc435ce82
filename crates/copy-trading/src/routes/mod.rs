//! The copy-trading calls (`/api/follow/*`) and the operator's.

mod admin;
mod follow;

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
    follow::router().merge(admin::router())
}

/// The caller when signed in: trader lists are public and mark the
/// traders a signed-in caller follows.
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
