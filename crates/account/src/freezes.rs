//! Freezing a user (an operator's decision, with its reason in the audit
//! log): a frozen user cannot sign in and every session of theirs ends in
//! the same transaction as the freeze.

use onyx_kernel::{ErrorCode, Outcome};
use onyx_platform::audit::{self, Actor};
use onyx_platform::Context;
use onyx_store::entity::session::EndReason;
use onyx_store::entity::user::UserStatus;
use onyx_store::repo::{admin_queries, sessions};
use sea_orm::TransactionTrait;
use serde_json::json;

/// Freezes an active user and ends all their sessions.
pub async fn freeze(ctx: &Context, by: &Actor, id: i64, raw_reason: &str) -> Outcome<()> {
    let reason = audit::reason(raw_reason)?;
    let u = admin_queries::find_user(&ctx.db, id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    if u.status != UserStatus::Active {
        return Err(ErrorCode::InvalidState.into());
    }
    let txn = ctx.db.begin().await?;
    let moved = admin_queries::set_user_status(
        &txn,
        id,
        UserStatus::Active,
        UserStatus::Frozen,
        Some(reason),
        ctx.clock.now(),
    )
    .await?;
    if !moved {
        return Err(ErrorCode::InvalidState.into());
    }
    let revoked = sessions::end_all_for_user(&txn, id, EndReason::Frozen, ctx.clock.now()).await?;
    let detail = json!({"status": {"old": u.status, "new": UserStatus::Frozen},
        "sessionsRevoked": revoked});
    let target = format!("user:{id}");
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "user.freeze",
        &target,
        reason,
        detail,
    )
    .await?;
    txn.commit().await?;
    ctx.sessions.end_user(id);
    Ok(())
}

/// Lifts a freeze; the user signs in again.
pub async fn unfreeze(ctx: &Context, by: &Actor, id: i64, raw_reason: &str) -> Outcome<()> {
    let reason = audit::reason(raw_reason)?;
    let u = admin_queries::find_user(&ctx.db, id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    if u.status != UserStatus::Frozen {
        return Err(ErrorCode::InvalidState.into());
    }
    let txn = ctx.db.begin().await?;
    let moved = admin_queries::set_user_status(
        &txn,
        id,
        UserStatus::Frozen,
        UserStatus::Active,
        None,
        ctx.clock.now(),
    )
    .await?;
    if !moved {
        return Err(ErrorCode::InvalidState.into());
    }
    let detail = json!({"status": {"old": u.status, "new": UserStatus::Active},
        "frozenReason": u.frozen_reason});
    let target = format!("user:{id}");
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "user.unfreeze",
        &target,
        reason,
        detail,
    )
    .await?;
    txn.commit().await?;
    Ok(())
}
