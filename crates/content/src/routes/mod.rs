//! The content calls: the settings object and languages
//! (`/api/common`), notices, rules and help, the message centre, and the
//! operators' content, messages and settings.

pub mod admin;
pub mod content;
pub mod help;
pub mod messages;
pub mod settings;

use axum::extract::FromRef;
use onyx_platform::Context;
use utoipa_axum::router::OpenApiRouter;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .merge(settings::router())
        .merge(content::router())
        .merge(help::router())
        .merge(messages::router())
        .merge(admin::content::router())
        .merge(admin::settings::router())
        .merge(admin::messages::router())
}
