//! The account calls: registration, sign-in, the profile and security,
//! identity verification, the address book, uploads, the development
//! mailbox, and the operators' side of accounts.

pub mod admin;
pub mod dev_mailbox;
pub mod upload;
pub mod user;

use axum::extract::FromRef;
use onyx_platform::Context;
use utoipa_axum::router::OpenApiRouter;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .merge(user::router())
        .merge(upload::router())
        .merge(dev_mailbox::router())
        .merge(admin::auth::router())
        .merge(admin::users::router())
        .merge(admin::kyc::router())
        .merge(admin::outbox::router())
        .merge(admin::audit::router())
}
