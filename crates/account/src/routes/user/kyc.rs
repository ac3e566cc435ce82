//! Identity verification (KYC): primary and advanced tiers, switched by
//! AUTH_LIMIT. Submissions wait `pending` for an operator's review.

use crate::entity::kyc_submission::KycStatus;
use crate::repo::kyc;
use axum::extract::FromRef;
use axum::extract::State;
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::{ApiError, ApiResult};
use onyx_http::extract::ApiQuery;
use onyx_kernel::ErrorCode;
use onyx_platform::Context;
use onyx_store::repo::{files, settings, users};
use sea_orm::{ConnectionTrait, TransactionTrait};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(upload_kyc))
}

const FILE_URL_PREFIX: &str = "/api/common/file/";

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct KycQuery {
    /// `1` primary, `2` advanced.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub tier: i32,
    /// 2 to 64 characters.
    pub real_name: String,
    /// Document number: 4 to 32 letters, digits or dashes.
    pub id_card: String,
    pub country: String,
    /// Document front: an upload's `url` (`/api/common/file/{id}`) or id.
    pub front_url: String,
    /// Document back; required for advanced.
    pub back_url: Option<String>,
    /// Selfie holding the document; advanced only, required there.
    pub hand_url: Option<String>,
}

/// Submits identity documents for one tier.
#[utoipa::path(post, path = "/api/user/uploadKYC", tag = "user",
    security(("satoken" = [])), params(KycQuery),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn upload_kyc(
    State(state): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<KycQuery>,
) -> Reply<Option<String>> {
    let tier = q.tier;
    if tier != kyc::TIER_PRIMARY && tier != kyc::TIER_ADVANCED {
        return Err(ApiError::invalid("type"));
    }
    let real_name = q.real_name.trim();
    if !(2..=64).contains(&real_name.chars().count()) || real_name.chars().any(char::is_control) {
        return Err(ApiError::invalid("realName"));
    }
    let id_card = q.id_card.trim();
    let id_ok = (4..=32).contains(&id_card.len())
        && id_card
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-');
    if !id_ok {
        return Err(ApiError::invalid("idCard"));
    }
    let country = q.country.trim();
    if !(2..=64).contains(&country.chars().count()) || country.chars().any(char::is_control) {
        return Err(ApiError::invalid("country"));
    }

    let advanced = tier == kyc::TIER_ADVANCED;
    let front = document(&state, me.id(), Some(&q.front_url), true).await?;
    let back = document(&state, me.id(), q.back_url.as_ref(), advanced).await?;
    let hand = if advanced {
        document(&state, me.id(), q.hand_url.as_ref(), true).await?
    } else {
        None
    };
    let front = front.ok_or(ErrorCode::KycInvalidDocument)?;
    // Check and insert under the user's lock, so two simultaneous
    // submissions cannot both become pending.
    let txn = state.db.begin().await?;
    let now = state.clock.now();
    users::lock(&txn, me.id(), now).await?;
    ensure_tier_open(&txn, me.id(), tier).await?;
    let submission = kyc::create(
        &txn,
        kyc::NewSubmission {
            user_id: me.id(),
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
        user_id = me.id(),
        tier,
        submission_id = submission.id,
        "KYC submitted"
    );
    ok(None)
}

/// The tier is open, and its state allows a new submission.
async fn ensure_tier_open(db: &impl ConnectionTrait, user_id: i64, tier: i32) -> ApiResult<()> {
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
    state: &Context,
    user_id: i64,
    reference: Option<&String>,
    required: bool,
) -> ApiResult<Option<String>> {
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
    match files::find(&state.db, id).await? {
        Some(f) if f.user_id == user_id => Ok(Some(f.id)),
        _ => Err(ErrorCode::KycInvalidDocument.into()),
    }
}
