//! The audit trail of operator actions (architecture principle 1: who,
//! when, why). Every operator write calls [`record`] inside the transaction
//! of the change, so a change without its audit row cannot be committed.

use crate::error::{ApiError, ApiResult};
use crate::routes::admin::auth::CurrentAdmin;
use onyx_kernel::ErrorCode;
use onyx_store::repo::audit;
use sea_orm::ConnectionTrait;
use serde_json::Value;

pub const ACTOR_ADMIN: &str = "admin";

/// Longest reason accepted, in characters.
pub const REASON_CHARS_MAX: usize = 500;

/// The trimmed reason of an operator write; empty is refused.
pub fn reason(raw: &str) -> ApiResult<&str> {
    let reason = raw.trim();
    if reason.is_empty() {
        return Err(ErrorCode::ReasonRequired.into());
    }
    if reason.chars().count() > REASON_CHARS_MAX {
        return Err(ApiError::invalid("reason"));
    }
    Ok(reason)
}

/// Records one operator action. `action` is `area.verb` (`user.freeze`),
/// `target` is `kind:id` (`user:12`), `detail` holds the specifics (old and
/// new values).
pub async fn record(
    db: &impl ConnectionTrait,
    by: &CurrentAdmin,
    action: &str,
    target: &str,
    reason: &str,
    detail: Value,
) -> ApiResult<()> {
    debug_assert!(action.contains('.'), "actions are area.verb");
    debug_assert!(!reason.trim().is_empty(), "reason checked by the handler");
    audit::record(
        db,
        audit::NewEntry {
            actor_kind: ACTOR_ADMIN,
            actor_id: Some(by.admin.id),
            actor_name: &by.admin.username,
            action,
            target,
            reason,
            detail: &detail,
        },
    )
    .await?;
    Ok(())
}
