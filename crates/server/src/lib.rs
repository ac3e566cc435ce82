//! The Onyx server: HTTP API, web app hosting, operator API and CLI plumbing.

pub mod audit;
pub mod auth;
pub mod codes;
pub mod config;
pub mod delivery;
pub mod demo;
pub mod envelope;
pub mod error;
pub mod extract;
pub mod files;
pub mod lang;
pub mod limits;
pub mod lockout;
pub mod market_service;
pub mod middleware;
pub mod openapi;
pub mod operators;
pub mod origin;
pub mod routes;
pub mod socket;
pub mod spot;
pub mod state;
pub mod wallet;
pub mod web;

use axum::extract::DefaultBodyLimit;
use axum::routing::{any, get};
use axum::{Json, Router};
use error::ApiError;
use onyx_kernel::ErrorCode;
use state::AppState;
use tower_http::catch_panic::CatchPanicLayer;

/// Largest JSON body any call accepts (uploads set their own limit).
pub const JSON_BODY_MAX_BYTES: usize = 64 * 1024;

/// The whole application: API (with its OpenAPI document) and the web app.
pub fn app(state: AppState) -> Router {
    let web_dir = state.config.web_dir.clone();
    let ws_state = state.clone();
    let (api, doc) = routes::api().split_for_parts();
    let doc = openapi::finish(doc);
    let api: Router = api
        .route("/api/openapi.json", get(move || async move { Json(doc) }))
        .route(
            "/api/{*rest}",
            any(|| async { ApiError::new(ErrorCode::NotFound) }),
        )
        .layer(DefaultBodyLimit::max(JSON_BODY_MAX_BYTES))
        .layer(CatchPanicLayer::custom(middleware::panic_to_500))
        .layer(axum::middleware::from_fn(middleware::api_envelope))
        .layer(middleware::no_store())
        .with_state(state);
    let https = ws_state.config.secure_cookies;
    let app = api
        .route("/ws/{id}", get(socket::upgrade).with_state(ws_state))
        .merge(web::router(web_dir));
    middleware::security_headers(app, https)
}

/// Connects, migrates and (with `--demo`, on an empty database) seeds.
pub async fn prepare(config: config::Config) -> anyhow::Result<AppState> {
    config.check_deposit_keys()?;
    config.check_allowed_origins()?;
    let db = onyx_store::connect(config.db.database_url.as_deref(), &config.db.data_dir).await?;
    onyx_store::migrate(&db).await?;
    let state = AppState::new(db, config);
    if state.config.demo {
        demo::seed_if_empty(&state).await?;
    }
    market_service::start(&state).await?;
    spot::start(&state).await?;
    Ok(state)
}
