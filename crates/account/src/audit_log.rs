//! The audit log as operators read it: one row per entry, its detail
//! parsed back into JSON (the log page and the user page show the same
//! rows).

use chrono::{DateTime, Utc};
use onyx_store::entity::audit_entry;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AuditRow {
    pub id: i64,
    pub actor_kind: String,
    pub actor_id: Option<i64>,
    pub actor_name: String,
    pub action: String,
    pub target: String,
    pub reason: String,
    #[schema(value_type = Object)]
    pub detail: Value,
    pub create_time: DateTime<Utc>,
}

impl From<audit_entry::Model> for AuditRow {
    fn from(a: audit_entry::Model) -> AuditRow {
        AuditRow {
            detail: serde_json::from_str(&a.detail).unwrap_or(Value::String(a.detail)),
            id: a.id,
            actor_kind: a.actor_kind,
            actor_id: a.actor_id,
            actor_name: a.actor_name,
            action: a.action,
            target: a.target,
            reason: a.reason,
            create_time: a.created_at,
        }
    }
}
