//! Operator-edited settings. A key without a row has its built-in default.

use crate::entity::setting;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set};
use serde_json::{Map, Value};

/// Every setting: the defaults with the stored edits laid over them.
pub async fn all(db: &impl ConnectionTrait) -> Result<Map<String, Value>, DbErr> {
    let mut out = onyx_kernel::settings::defaults().clone();
    for row in setting::Entity::find().all(db).await? {
        match serde_json::from_str(&row.value) {
            Ok(v) if out.contains_key(&row.key) => {
                out.insert(row.key, v);
            }
            Ok(_) => {}
            Err(e) => {
                tracing::error!(key = row.key, error = %e, "stored setting is not JSON; using default")
            }
        }
    }
    Ok(out)
}

/// One setting (default when not edited).
pub async fn get(db: &impl ConnectionTrait, key: &str) -> Result<Value, DbErr> {
    if let Some(row) = setting::Entity::find_by_id(key.to_string()).one(db).await? {
        if let Ok(v) = serde_json::from_str(&row.value) {
            return Ok(v);
        }
    }
    Ok(onyx_kernel::settings::defaults()
        .get(key)
        .cloned()
        .unwrap_or(Value::Null))
}

/// Stores a value; the caller has validated it against the key's schema.
pub async fn put(
    db: &impl ConnectionTrait,
    key: &str,
    value: &Value,
    by: Option<i64>,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let row = setting::ActiveModel {
        key: Set(key.to_string()),
        value: Set(value.to_string()),
        updated_at: Set(now),
        updated_by: Set(by),
    };
    setting::Entity::insert(row)
        .on_conflict(
            OnConflict::column(setting::Column::Key)
                .update_columns([
                    setting::Column::Value,
                    setting::Column::UpdatedAt,
                    setting::Column::UpdatedBy,
                ])
                .to_owned(),
        )
        .exec(db)
        .await?;
    Ok(())
}
