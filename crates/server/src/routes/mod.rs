//! The API: every product's routes under the spec's paths, and the calls
//! that compose several products (the operators' file viewer, the
//! dashboard and the audit run, the house accounts' postings, the user
//! page's money, trading and audit entries). Each
//! handler's `#[utoipa::path]` carries its path, so the OpenAPI document
//! and the routes cannot drift apart.

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

mod admin_dashboard;
mod admin_house;
mod admin_user;
mod files;

pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(onyx_content::routes::router())
        .merge(onyx_account::routes::router())
        .merge(onyx_market::routes::router())
        .merge(onyx_spot::routes::router())
        .merge(onyx_wallet::routes::router())
        .merge(onyx_second_contracts::routes::router())
        .merge(onyx_options::routes::router())
        .merge(onyx_futures::routes::router())
        .merge(onyx_earn::routes::router())
        .merge(onyx_rewards::routes::router())
        .merge(onyx_copy_trading::routes::router())
        .merge(files::router())
        .merge(admin_dashboard::router())
        .merge(admin_house::router())
        .merge(admin_user::router())
}
