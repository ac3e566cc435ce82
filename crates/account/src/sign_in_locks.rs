//! An owner operator lifting a user's sign-in restrictions (decision
//! 0011-lockout): the account-wide slowdown failures from many addresses
//! put on it and every address's pause, for a user who cannot wait them
//! out (one with no email or phone whose device cannot solve the sign-in
//! challenge, or one paused behind a shared address). Audited with the
//! operator's reason in the transaction of the change.

use onyx_kernel::{ErrorCode, Outcome};
use onyx_platform::audit::{self, Actor};
use onyx_platform::lockout;
use onyx_platform::Context;
use onyx_store::repo::admin_queries;
use sea_orm::TransactionTrait;
use serde_json::json;

/// Lifts them; `NotFound` for no such user, `UnlockNotLocked` when
/// nothing restricts the user's sign-in (nothing is written then).
pub async fn lift(ctx: &Context, by: &Actor, user_id: i64, raw_reason: &str) -> Outcome<()> {
    let reason = audit::reason(raw_reason)?;
    admin_queries::find_user(&ctx.db, user_id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    let before = lockout::user_standing(ctx, user_id).await?;
    if !before.restricted() {
        return Err(ErrorCode::UnlockNotLocked.into());
    }
    let txn = ctx.db.begin().await?;
    let cleared = lockout::lift_user(&txn, user_id).await?;
    let detail = json!({
        "slowedUntil": before.slowed_until,
        "failures": before.failures,
        "pausedAddresses": before.paused_addresses,
        "rowsCleared": cleared,
    });
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "user.sign_in_unlock",
        &format!("user:{user_id}"),
        reason,
        detail,
    )
    .await?;
    txn.commit().await?;
    tracing::info!(
        user_id,
        by = by.id,
        "sign-in restrictions lifted by an operator"
    );
    Ok(())
}
