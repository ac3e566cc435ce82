//! The audit log: one row per operator action, written in the same
//! transaction as the change it records.

use crate::entity::audit_entry;
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};
use serde_json::Value;

pub struct NewEntry<'a> {
    /// `admin` for operators (later also `system`).
    pub actor_kind: &'a str,
    pub actor_id: Option<i64>,
    pub actor_name: &'a str,
    /// What was done, `area.verb`: `user.freeze`, `setting.update`.
    pub action: &'a str,
    /// What it was done to, `kind:id`: `user:12`, `setting:AUTH_LIMIT`.
    pub target: &'a str,
    pub reason: &'a str,
    /// Specifics, e.g. the old and the new value.
    pub detail: &'a Value,
}

pub async fn record(
    db: &impl ConnectionTrait,
    e: NewEntry<'_>,
) -> Result<audit_entry::Model, DbErr> {
    audit_entry::ActiveModel {
        actor_kind: Set(e.actor_kind.to_string()),
        actor_id: Set(e.actor_id),
        actor_name: Set(e.actor_name.to_string()),
        action: Set(e.action.to_string()),
        target: Set(e.target.to_string()),
        reason: Set(e.reason.to_string()),
        detail: Set(e.detail.to_string()),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// One page of the log, newest first, optionally of one action.
pub async fn page(
    db: &impl ConnectionTrait,
    action: Option<&str>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<audit_entry::Model>, u64), DbErr> {
    let mut q = audit_entry::Entity::find();
    if let Some(action) = action {
        q = q.filter(audit_entry::Column::Action.eq(action));
    }
    let paginator = q
        .order_by_desc(audit_entry::Column::CreatedAt)
        .order_by_desc(audit_entry::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}
