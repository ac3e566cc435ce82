//! The Onyx server: HTTP API, web app hosting, operator API and CLI plumbing.

pub mod audit_runs;
pub mod dashboard;
pub mod demo;
pub mod demo_traders;
pub mod fee_rollup;
pub mod holds;
pub mod house_ledger;
pub mod migrations;

pub mod openapi;
pub mod operators;
pub mod origin;
pub mod routes;
pub mod socket;
pub mod state;
pub mod user_audit;
pub mod user_money;
pub mod user_orders;
pub mod user_trading;
pub mod verify;
pub mod web;

use axum::extract::DefaultBodyLimit;
use axum::routing::{any, get};
use axum::{Json, Router};
use onyx_http::error::ApiError;
use onyx_http::middleware;
use onyx_kernel::clock::{Clock, SystemClock};
use onyx_kernel::ErrorCode;
use onyx_platform::config;
use state::AppState;
use std::sync::Arc;
use tower_http::catch_panic::CatchPanicLayer;

/// Largest JSON body any call accepts (uploads set their own limit).
pub const JSON_BODY_MAX_BYTES: usize = 64 * 1024;

/// The whole application: API (with its OpenAPI document) and the web app.
pub fn app(state: AppState) -> Router {
    let web_dir = state.config.web_dir.clone();
    let web_ctx = state.ctx.clone();
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
        // JSON compresses well; a socket upgrade (not under /api) is never touched.
        .layer(onyx_http::compression::dynamic())
        .layer(axum::middleware::from_fn_with_state(
            middleware::RequestIds::default(),
            middleware::request_span,
        ))
        .with_state(state);
    let https = ws_state.config.secure_cookies;
    let app = api
        .route("/ws/{id}", get(socket::upgrade).with_state(ws_state))
        .merge(web::router(web_dir, web_ctx));
    middleware::security_headers(app, https)
}

/// Connects, migrates and (with `--demo`, on an empty database) seeds.
pub async fn prepare(config: config::Config) -> anyhow::Result<AppState> {
    prepare_with_clock(config, Arc::new(SystemClock)).await
}

/// [`prepare`] on `clock` instead of the system clock.
pub async fn prepare_with_clock(
    config: config::Config,
    clock: Arc<dyn Clock>,
) -> anyhow::Result<AppState> {
    config.check_deposit_keys()?;
    origin::check_allowed_origins(&config)?;
    let db = onyx_store::connect(config.db.database_url.as_deref(), &config.db.data_dir).await?;
    migrations::migrate(&db).await?;
    let state = AppState::with_clock(db, config, clock);
    // Copy trading hears every futures change inside its transaction.
    onyx_copy_trading::api::install(&state.ctx);
    if state.config.demo {
        demo::seed_if_empty(&state).await?;
    }
    onyx_market::api::service::start(&state.ctx, &state.market).await?;
    onyx_spot::api::start(&state.spot_context()).await?;
    demo_traders::start(&state).await?;
    if state.config.sweeps {
        onyx_second_contracts::api::settlement::start(&state.ctx);
        onyx_options::api::settlement::start(&state.ctx);
        onyx_futures::api::jobs::start_liquidation(&state.ctx);
        onyx_futures::api::jobs::start_funding(&state.ctx);
        onyx_earn::api::accrual::start(&state.ctx);
        onyx_rewards::api::rebates::start(&state.ctx);
        onyx_account::api::session_pruning::start(&state.ctx);
    }
    Ok(state)
}
