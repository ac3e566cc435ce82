//! Identity verification (KYC): primary and advanced tiers, switched by
//! AUTH_LIMIT. A submission names the caller's own uploads and waits
//! `pending` for an operator's review (`kyc_reviews`).

use crate::entity::kyc_submission::KycStatus;
use crate::repo::kyc;
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::Context;
use onyx_store::repo::{files, settings, users};
use sea_orm::{ConnectionTrait, TransactionTrait};

const FILE_URL_PREFIX: &str = "/api/common/file/";

/// The documents a submission names: each an upload's `url`
/// (`/api/common/file/{id}`, relative or absolute) or its id.
pub(crate) struct Documents<'a> {
    pub front: Option<&'a str>,
    /// Required for advanced.
    pub back: Option<&'a str>,
    /// Selfie holding the document; advanced only, required there.
    pub hand: Option<&'a str>,
}

/// Submits `user_id`'s identity for `tier` (1 primary, 2 advanced): a name
/// of 2 to 64 characters, a document number of 4 to 32 letters, digits or
/// dashes, a country, and the documents.
pub(crate) async fn submit(
    ctx: &Context,
    user_id: i64,
    tier: i32,
    real_name: &str,
    id_card: &str,
    country: &str,
    documents: Documents<'_>,
) -> Outcome<()> {
    if tier != kyc::TIER_PRIMARY && tier != kyc::TIER_ADVANCED {
        return Err(Failure::invalid("type"));
    }
    let real_name = real_name.trim();
    if !(2..=64).contains(&real_name.chars().count()) || real_name.chars().any(char::is_control) {
        return Err(Failure::invalid("realName"));
    }
    let id_card = id_card.trim();
    let id_ok = (4..=32).contains(&id_card.len())
        && id_card
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-');
    if !id_ok {
        return Err(Failure::invalid("idCard"));
    }
    let country = country.trim();
    if !(2..=64).contains(&country.chars().count()) || country.chars().any(char::is_control) {
        return Err(Failure::invalid("country"));
    }

    let advanced = tier == kyc::TIER_ADVANCED;
    let front = document(ctx, user_id, documents.front, true).await?;
    let back = document(ctx, user_id, documents.back, advanced).await?;
    let hand = if advanced {
        document(ctx, user_id, documents.hand, true).await?
    } else {
        None
    };
    let front = front.ok_or(ErrorCode::KycInvalidDocument)?;
    // Check and insert under the user's lock, so two simultaneous
    // submissions cannot both become pending.
    let txn = ctx.db.begin().await?;
    let now = ctx.clock.now();
    users::lock(&txn, user_id, now).await?;
    ensure_tier_open(&txn, user_id, tier).await?;
    let submission = kyc::create(
        &txn,
        kyc::NewSubmission {
            user_id,
            tier,
            real_name,
            id_number: id_card,
            country,
            front_file: &front,
            back_file: back.as_deref(),
            hand_file: hand.as_deref(),
            now,
        },
    )
    .await?;
    txn.commit().await?;
    tracing::info!(
        user_id,
        tier,
        submission_id = submission.id,
        "KYC submitted"
    );
    Ok(())
}

/// The tier is open, and its state allows a new submission.
async fn ensure_tier_open(db: &impl ConnectionTrait, user_id: i64, tier: i32) -> Outcome<()> {
    let limits = settings::get(db, "AUTH_LIMIT").await?;
    let open = |key: &str| limits.get(key).and_then(|v| v.as_bool()) == Some(true);
    let primary_open = open("isOpenPrimary");
    let tier_open = if tier == kyc::TIER_PRIMARY {
        primary_open
    } else {
        open("isOpenSenior")
    };
    if !tier_open {
        return Err(ErrorCode::KycTierClosed.into());
    }
    if tier == kyc::TIER_ADVANCED && primary_open {
        let primary = kyc::latest(db, user_id, kyc::TIER_PRIMARY).await?;
        if primary.is_none_or(|p| p.status != KycStatus::Approved) {
            return Err(ErrorCode::KycPrimaryRequired.into());
        }
    }
    match kyc::latest(db, user_id, tier).await? {
        Some(s) if s.status == KycStatus::Pending => Err(ErrorCode::KycPending.into()),
        Some(s) if s.status == KycStatus::Approved => Err(ErrorCode::KycAlreadyApproved.into()),
        _ => Ok(()),
    }
}

/// The file id a document reference names, checked to be the caller's own
/// upload. An absent optional document is `None`.
async fn document(
    ctx: &Context,
    user_id: i64,
    reference: Option<&str>,
    required: bool,
) -> Outcome<Option<String>> {
    let reference = reference.map(|r| r.trim()).filter(|r| !r.is_empty());
    let Some(reference) = reference else {
        return if required {
            Err(ErrorCode::KycInvalidDocument.into())
        } else {
            Ok(None)
        };
    };
    // Accept the bare id, the relative url, or an absolute url of it.
    let id = match reference.rfind(FILE_URL_PREFIX) {
        Some(at) => &reference[at + FILE_URL_PREFIX.len()..],
        None => reference,
    };
    let id = id.split(['?', '#']).next().unwrap_or("");
    match files::find(&ctx.db, id).await? {
        Some(f) if f.user_id == user_id => Ok(Some(f.id)),
        _ => Err(ErrorCode::KycInvalidDocument.into()),
    }
}
