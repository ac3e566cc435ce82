//! Identity-verification submissions. Operators review them on this table:
//! a submission is `pending` until it is `approved` or `rejected`.

use crate::entity::kyc_submission as kyc;
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};

pub const TIER_PRIMARY: i32 = 1;
pub const TIER_ADVANCED: i32 = 2;
pub use crate::entity::kyc_submission::KycStatus;

pub struct NewSubmission<'a> {
    pub user_id: i64,
    pub tier: i32,
    pub real_name: &'a str,
    pub id_number: &'a str,
    pub country: &'a str,
    pub front_file: &'a str,
    pub back_file: Option<&'a str>,
    pub hand_file: Option<&'a str>,
    pub now: DateTime<Utc>,
}

pub async fn create(db: &impl ConnectionTrait, s: NewSubmission<'_>) -> Result<kyc::Model, DbErr> {
    kyc::ActiveModel {
        user_id: Set(s.user_id),
        tier: Set(s.tier),
        real_name: Set(s.real_name.to_string()),
        id_number: Set(s.id_number.to_string()),
        country: Set(s.country.to_string()),
        front_file: Set(s.front_file.to_string()),
        back_file: Set(s.back_file.map(str::to_string)),
        hand_file: Set(s.hand_file.map(str::to_string)),
        status: Set(KycStatus::Pending),
        reason: Set(None),
        reviewed_by: Set(None),
        reviewed_at: Set(None),
        created_at: Set(s.now),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// The user's newest submission for `tier`: it decides the tier's status.
pub async fn latest(
    db: &impl ConnectionTrait,
    user_id: i64,
    tier: i32,
) -> Result<Option<kyc::Model>, DbErr> {
    kyc::Entity::find()
        .filter(kyc::Column::UserId.eq(user_id))
        .filter(kyc::Column::Tier.eq(tier))
        .order_by_desc(kyc::Column::Id)
        .one(db)
        .await
}

/// The country (ISO code) on the user's newest submission that was not
/// rejected, of either tier: where the user says, with documents, they
/// live.
pub async fn country(db: &impl ConnectionTrait, user_id: i64) -> Result<Option<String>, DbErr> {
    Ok(kyc::Entity::find()
        .filter(kyc::Column::UserId.eq(user_id))
        .filter(kyc::Column::Status.ne(KycStatus::Rejected))
        .order_by_desc(kyc::Column::Id)
        .one(db)
        .await?
        .map(|k| k.country))
}

/// True when a submission shows this file as one of its documents, stored
/// under any of `references` (its id, or the upload's url).
pub async fn shows_file(db: &impl ConnectionTrait, references: &[&str]) -> Result<bool, DbErr> {
    let refs = || references.iter().map(|r| r.to_string());
    let n = kyc::Entity::find()
        .filter(
            Condition::any()
                .add(kyc::Column::FrontFile.is_in(refs()))
                .add(kyc::Column::BackFile.is_in(refs()))
                .add(kyc::Column::HandFile.is_in(refs())),
        )
        .count(db)
        .await?;
    Ok(n > 0)
}
