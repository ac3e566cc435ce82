//! The settings object (spec section 3) and the language list.

use crate::envelope::{ok, Envelope, Reply};
use crate::state::AppState;
use serde_json::{Map, Value};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_all_setting))
        .routes(routes!(languages))
}

/// Every setting the client reads: the 25 keys of spec section 3, with the
/// operator's edits laid over the built-in defaults.
#[utoipa::path(get, path = "/api/common/getAllSetting", tag = "common",
    responses((status = 200, body = Envelope<Object>, description = "object keyed by setting name")))]
async fn get_all_setting(state: axum::extract::State<AppState>) -> Reply<Map<String, Value>> {
    ok(onyx_store::repo::settings::all(&state.db).await?)
}

/// The language list (`t_app_language`), enabled entries in display order.
#[utoipa::path(get, path = "/api/common/languages", tag = "common",
    responses((status = 200, body = Envelope<Vec<Object>>)))]
async fn languages(state: axum::extract::State<AppState>) -> Reply<Vec<Value>> {
    let list = onyx_store::repo::settings::get(&state.db, "t_app_language").await?;
    let mut items: Vec<Value> = list
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(|l| l["status"] == "0")
        .collect();
    items.sort_by_key(|l| l["dictSort"].as_u64().unwrap_or(u64::MAX));
    ok(items)
}
