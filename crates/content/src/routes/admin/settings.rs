//! Operators on settings: read all, replace one key (schema-validated).

use axum::extract::FromRef;
use axum::extract::{Path, State};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::ApiJson;
use onyx_kernel::settings::SettingError;
use onyx_kernel::ErrorCode;
use onyx_platform::audit;
use onyx_platform::Context;
use onyx_store::repo::settings;
use sea_orm::TransactionTrait;
use serde::Deserialize;
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

#[derive(Deserialize, ToSchema, Debug)]
pub struct PutSettingBody {
    /// The whole new value of the key, in the shape of its default.
    pub value: Value,
    #[serde(default)]
    pub reason: String,
}

/// Replaces one setting. The value must have the shape of the key's
/// default; the old and new values go to the audit log.
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
    onyx_kernel::settings::validate(&key, &body.value).map_err(|e| match e {
        SettingError::UnknownKey(_) => ApiError::new(ErrorCode::SettingUnknown).with("key", &key),
        SettingError::Invalid(detail) => ApiError::new(ErrorCode::SettingInvalid)
            .with("key", &key)
            .with("detail", detail),
    })?;
    let txn = state.db.begin().await?;
    let old = settings::get(&txn, &key).await?;
    settings::put(&txn, &key, &body.value, Some(me.admin.id)).await?;
    let detail = json!({"old": old, "new": body.value});
    audit::record(
        &txn,
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
