//! Operators on settings: read all, replace one key (schema-validated).

use axum::extract::FromRef;
use axum::extract::{Path, State};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::ApiJson;
use onyx_kernel::settings::schema::Properties;
use onyx_market::api::catalogue::listed_asset;
use onyx_platform::audit;
use onyx_platform::Context;
use onyx_store::repo::settings;
use sea_orm::TransactionTrait;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(all))
        .routes(routes!(schema))
        .routes(routes!(put))
}

/// Every setting, defaults with the edits laid over them.
#[utoipa::path(get, path = "/api/admin/settings", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Object>, description = "object keyed by setting name")))]
async fn all(State(state): State<Context>, me: CurrentAdmin) -> Reply<Map<String, Value>> {
    me.require(Permission::EditSettings)?;
    ok(settings::all(&state.db).await?)
}

/// The settings schema: what `PUT /api/admin/settings/{key}` checks each
/// key's value against, and what the console renders its forms from.
#[derive(Serialize, ToSchema, Debug)]
pub struct SettingsSchema {
    /// The keys in spec order.
    pub keys: Vec<String>,
    /// Key → its schema, by `type`: `boolean`; `integer` (`minimum`,
    /// `maximum`, `flag` {on, off}, `enum`); `string` (`maxLength`,
    /// `format` decimal | time, `nonEmpty`, `maxDecimal`, `maxExclusive`,
    /// `enum`, `flag`); `object` (`properties` in form order, `required`,
    /// `rules`: `notAbove` {low, high} | `sumNotAbove` {fields, max});
    /// `array` (`items`, null for free-form objects, `maxItems`,
    /// `identity`, `sortField`, `toggleField`, `exactlyOne` {field, value}).
    #[schema(value_type = Object)]
    pub settings: Properties,
}

/// The settings schema every edit is validated against.
#[utoipa::path(get, path = "/api/admin/settings/schema", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<SettingsSchema>)))]
async fn schema(me: CurrentAdmin) -> Reply<SettingsSchema> {
    me.require(Permission::EditSettings)?;
    let doc = onyx_kernel::settings::schema::document();
    ok(SettingsSchema {
        keys: doc.keys.clone(),
        settings: Properties(doc.settings.clone()),
    })
}

#[derive(Deserialize, ToSchema, Debug)]
pub struct PutSettingBody {
    /// The whole new value of the key, in the shape of its default.
    pub value: Value,
    #[serde(default)]
    pub reason: String,
}

/// Replaces one setting. The value must fit the key's schema (`GET
/// /api/admin/settings/schema`); the first problem is refused with a code
/// naming the field. The old and new values go to the audit log.
#[utoipa::path(put, path = "/api/admin/settings/{key}", tag = "admin",
    params(("key" = String, Path)), request_body = PutSettingBody,
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Object>, description = "the stored value")))]
async fn put(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(key): Path<String>,
    ApiJson(body): ApiJson<PutSettingBody>,
) -> Reply<Value> {
    me.require(Permission::EditSettings)?;
    let reason = audit::reason(&body.reason)?;
    onyx_kernel::settings::validate(&key, &body.value).map_err(ApiError::from)?;
    for (path, coin) in onyx_kernel::settings::schema::coin_fields(&key, &body.value) {
        listed_asset(&state.db, &path, &coin).await?;
    }
    let txn = state.db.begin().await?;
    let old = settings::get(&txn, &key).await?;
    settings::put(
        &txn,
        &key,
        &body.value,
        Some(me.admin.id),
        state.clock.now(),
    )
    .await?;
    let detail = json!({"old": old, "new": body.value});
    audit::record(
        &txn,
        state.clock.now(),
        &me.actor(),
        "setting.update",
        &format!("setting:{key}"),
        reason,
        detail,
    )
    .await?;
    txn.commit().await?;
    ok(body.value)
}
