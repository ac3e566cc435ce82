//! An operator's decision on an identity submission: the outcome and its
//! reason go to the user's message centre, in the language they registered
//! with, and to the audit log, in the same transaction as the decision.

use crate::entity::kyc_submission::KycStatus;
use crate::repo::reviews;
use onyx_content::api::messages;
use onyx_kernel::{i18n, ErrorCode, Outcome};
use onyx_platform::audit::{self, Actor};
use onyx_platform::{notice, Context};
use sea_orm::TransactionTrait;
use serde_json::json;

/// Decides a pending submission (`outcome` is approved or rejected). A
/// submission that is no longer pending, or that a concurrent review
/// decided first, answers `InvalidState` and changes nothing.
pub async fn review(
    ctx: &Context,
    by: &Actor,
    id: i64,
    outcome: KycStatus,
    raw_reason: &str,
) -> Outcome<()> {
    if outcome == KycStatus::Pending {
        return Err(ErrorCode::InvalidState.into());
    }
    let reason = audit::reason(raw_reason)?;
    let submission = reviews::find_kyc(&ctx.db, id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    if submission.status != KycStatus::Pending {
        return Err(ErrorCode::InvalidState.into());
    }
    let txn = ctx.db.begin().await?;
    // Conditional on still pending: a concurrent review loses here.
    if !reviews::review_kyc(&txn, id, outcome, reason, by.id, ctx.clock.now()).await? {
        return Err(ErrorCode::InvalidState.into());
    }
    // In every language: the user reads it in the one they use then.
    let render = |lang: &str| review_message(lang, submission.tier, outcome, reason);
    messages::create_localized(&txn, submission.user_id, render, ctx.clock.now()).await?;
    let action = if outcome == KycStatus::Approved {
        "kyc.approve"
    } else {
        "kyc.reject"
    };
    let detail = json!({"userId": submission.user_id, "tier": submission.tier,
        "status": {"old": submission.status.as_str(), "new": outcome.as_str()}});
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        action,
        &format!("kyc:{id}"),
        reason,
        detail,
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

/// The message-centre text of a review. The reason is operator text, so it
/// is escaped into the HTML body.
fn review_message(lang: &str, tier: i32, outcome: KycStatus, reason: &str) -> (String, String) {
    let level_key = if tier == 2 {
        "kyc_level_advanced"
    } else {
        "kyc_level_primary"
    };
    let level = i18n::message(lang, level_key, &[]);
    let (title_key, body_key) = if outcome == KycStatus::Approved {
        ("kyc_approved_title", "kyc_approved_body")
    } else {
        ("kyc_rejected_title", "kyc_rejected_body")
    };
    let title = i18n::message(lang, title_key, &[("level", level.clone())]);
    let body = i18n::message(
        lang,
        body_key,
        &[("level", level), ("reason", reason.to_string())],
    );
    (title, notice::paragraph(&body))
}
