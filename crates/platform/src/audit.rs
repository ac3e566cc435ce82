//! The audit trail of operator actions (architecture principle 1: who,
//! when, why). Every operator write calls [`record`] inside the transaction
//! of the change, so a change without its audit row cannot be committed.

use chrono::{DateTime, Utc};
use onyx_kernel::{ErrorCode, Failure};
use onyx_store::repo::audit;
use sea_orm::ConnectionTrait;
use serde_json::Value;

pub const ACTOR_ADMIN: &str = "admin";

/// Longest reason accepted, in characters.
pub const REASON_CHARS_MAX: usize = 500;

/// Who did it, as the trail names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub kind: &'static str,
    pub id: Option<i64>,
    pub name: String,
}

impl Actor {
    pub fn operator(id: i64, name: &str) -> Actor {
        Actor {
            kind: ACTOR_ADMIN,
            id: Some(id),
            name: name.to_string(),
        }
    }
}

/// The trimmed reason of an operator write; empty is refused.
pub fn reason(raw: &str) -> Result<&str, Failure> {
    let reason = raw.trim();
    if reason.is_empty() {
        return Err(ErrorCode::ReasonRequired.into());
    }
    if reason.chars().count() > REASON_CHARS_MAX {
        return Err(Failure::invalid("reason"));
    }
    Ok(reason)
}

/// Records one operator action at `at` (the context's clock). `action` is
/// `area.verb` (`user.freeze`), `target` is `kind:id` (`user:12`), `detail`
/// holds the specifics (old and new values).
pub async fn record(
    db: &impl ConnectionTrait,
    at: DateTime<Utc>,
    by: &Actor,
    action: &str,
    target: &str,
    reason: &str,
    detail: Value,
) -> Result<(), Failure> {
    debug_assert!(action.contains('.'), "actions are area.verb");
    debug_assert!(!reason.trim().is_empty(), "reason checked by the caller");
    audit::record(
        db,
        audit::NewEntry {
            actor_kind: by.kind,
            actor_id: by.id,
            actor_name: &by.name,
            action,
            target,
            reason,
            detail: &detail,
            at,
        },
    )
    .await?;
    Ok(())
}
