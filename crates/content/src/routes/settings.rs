//! The settings object (spec section 3) and the language list.

use axum::extract::FromRef;
use axum::extract::State;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_platform::Context;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(get_all_setting))
        .routes(routes!(languages))
}

/// Every setting the client reads: the 25 keys of spec section 3, with the
/// operator's edits laid over the built-in defaults.
#[utoipa::path(get, path = "/api/common/getAllSetting", tag = "common",
    responses((status = 200, body = Envelope<Value>, description = "object keyed by setting name")))]
async fn get_all_setting(State(state): State<Context>) -> Reply<Map<String, Value>> {
    ok(onyx_store::repo::settings::all(&state.db).await?)
}

/// One entry of `t_app_language`.
#[derive(Serialize, Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Language {
    /// Language code, e.g. `en`.
    pub dict_value: String,
    /// Native name, e.g. `Deutsch`.
    pub dict_label: String,
    #[serde(default)]
    pub remark: String,
    #[serde(default)]
    pub img_url: String,
    /// `Y` for the server default language.
    #[serde(default)]
    pub default: String,
    #[serde(default)]
    pub dict_sort: u32,
    /// `0` enabled, anything else disabled.
    #[serde(default)]
    pub status: String,
}

/// The language list (`t_app_language`), enabled entries in display order.
#[utoipa::path(get, path = "/api/common/languages", tag = "common",
    responses((status = 200, body = Envelope<Vec<Language>>)))]
async fn languages(State(state): State<Context>) -> Reply<Vec<Language>> {
    let list = onyx_store::repo::settings::get(&state.db, "t_app_language").await?;
    let mut items: Vec<Language> = serde_json::from_value::<Vec<Language>>(list)
        .unwrap_or_default()
        .into_iter()
        .filter(|l| l.status == "0")
        .collect();
    items.sort_by_key(|l| l.dict_sort);
    ok(items)
}
