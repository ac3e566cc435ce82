//! The audit log: one row per operator action, written in the same
//! transaction as the change it records.

use crate::entity::audit_entry;
use crate::sort::Sort;
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, Set,
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
    /// When it was done.
    pub at: DateTime<Utc>,
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
        created_at: Set(e.at),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// Which entries to read; `None` (or no targets) matches everything.
#[derive(Clone, Debug, Default)]
pub struct AuditFilter {
    /// Exact action, `user.freeze`.
    pub action: Option<String>,
    pub operator: Option<OperatorMatch>,
    /// Any of these exact targets (`user:12`, `deposit:7`).
    pub targets: Vec<String>,
    /// Inclusive bounds on the entry's time.
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
}

/// Who did it: an operator's id or their name as the entry recorded it
/// (an operator renamed or removed since is still found by the old name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OperatorMatch {
    Id(i64),
    Name(String),
}

crate::sort_keys! {
    /// How the audit log sorts: newest first unless asked. Time, action,
    /// operator name and target each have an index (m0001, m0024, m0026).
    pub AuditSort, default = desc(CreateTime) {
        Id = "id" => column(audit_entry::Column::Id),
        CreateTime = "createTime" => column(audit_entry::Column::CreatedAt),
        Action = "action" => column(audit_entry::Column::Action),
        ActorName = "actorName" => column(audit_entry::Column::ActorName),
        Target = "target" => column(audit_entry::Column::Target),
    }
}

/// One page of the log in `sort`'s order, and the total across pages.
pub async fn page(
    db: &impl ConnectionTrait,
    filter: &AuditFilter,
    sort: Sort<AuditSort>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<audit_entry::Model>, u64), DbErr> {
    let mut q = audit_entry::Entity::find();
    if let Some(action) = &filter.action {
        q = q.filter(audit_entry::Column::Action.eq(action.as_str()));
    }
    match &filter.operator {
        Some(OperatorMatch::Id(id)) => q = q.filter(audit_entry::Column::ActorId.eq(*id)),
        Some(OperatorMatch::Name(name)) => {
            q = q.filter(audit_entry::Column::ActorName.eq(name.as_str()))
        }
        None => {}
    }
    if !filter.targets.is_empty() {
        q = q.filter(audit_entry::Column::Target.is_in(filter.targets.iter().map(String::as_str)));
    }
    if let Some(start) = filter.start {
        q = q.filter(audit_entry::Column::CreatedAt.gte(start));
    }
    if let Some(end) = filter.end {
        q = q.filter(audit_entry::Column::CreatedAt.lte(end));
    }
    let paginator = sort
        .apply(q, audit_entry::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}
