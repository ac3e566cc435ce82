//! Operator accounts (a realm apart from users) and their second factor:
//! the TOTP secret, the last step taken and the recovery codes.

use crate::entity::admin::{self, AdminStatus};
use crate::entity::admin_recovery_code;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, Set,
};

pub const ROLES: &[&str] = &["owner", "support", "compliance"];

pub async fn create(
    db: &impl ConnectionTrait,
    username: &str,
    password_hash: &str,
    role: &str,
    now: DateTime<Utc>,
) -> Result<admin::Model, DbErr> {
    admin::ActiveModel {
        username: Set(username.to_string()),
        password_hash: Set(password_hash.to_string()),
        role: Set(role.to_string()),
        status: Set(AdminStatus::Active),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

pub async fn find_by_username(
    db: &impl ConnectionTrait,
    username: &str,
) -> Result<Option<admin::Model>, DbErr> {
    admin::Entity::find()
        .filter(admin::Column::Username.eq(username))
        .one(db)
        .await
}

pub async fn count(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    admin::Entity::find().count(db).await
}

pub async fn find_by_id(db: &impl ConnectionTrait, id: i64) -> Result<Option<admin::Model>, DbErr> {
    admin::Entity::find_by_id(id).one(db).await
}

// ---- the second factor (TOTP and recovery codes) ---------------------------

/// Stores a new pending secret (replacing a pending one). False when the
/// operator's TOTP is enabled already: an enabled secret is never replaced.
pub async fn set_pending_totp(
    db: &impl ConnectionTrait,
    id: i64,
    secret: &str,
) -> Result<bool, DbErr> {
    let done = admin::Entity::update_many()
        .col_expr(admin::Column::TotpSecret, Expr::value(secret))
        .col_expr(
            admin::Column::TotpEnabledAt,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .col_expr(
            admin::Column::TotpLastStep,
            Expr::value(Option::<i64>::None),
        )
        .filter(admin::Column::Id.eq(id))
        .filter(admin::Column::TotpEnabledAt.is_null())
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Enables the pending secret `secret`, recording `step` as used. False
/// when that secret is no longer the pending one (replaced or enabled).
pub async fn enable_totp(
    db: &impl ConnectionTrait,
    id: i64,
    secret: &str,
    step: i64,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let done = admin::Entity::update_many()
        .col_expr(admin::Column::TotpEnabledAt, Expr::value(now))
        .col_expr(admin::Column::TotpLastStep, Expr::value(step))
        .filter(admin::Column::Id.eq(id))
        .filter(admin::Column::TotpSecret.eq(secret))
        .filter(admin::Column::TotpEnabledAt.is_null())
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Takes time step `step` for the operator's enabled secret: true only
/// when it is later than the last step taken. One conditional UPDATE, so
/// of two requests racing with the same code exactly one wins.
pub async fn claim_totp_step(db: &impl ConnectionTrait, id: i64, step: i64) -> Result<bool, DbErr> {
    let done = admin::Entity::update_many()
        .col_expr(admin::Column::TotpLastStep, Expr::value(step))
        .filter(admin::Column::Id.eq(id))
        .filter(admin::Column::TotpEnabledAt.is_not_null())
        .filter(
            Condition::any()
                .add(admin::Column::TotpLastStep.is_null())
                .add(admin::Column::TotpLastStep.lt(step)),
        )
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Removes the second factor (secret, pending or enabled, and every
/// recovery code). True when there was a secret.
pub async fn clear_totp(db: &impl ConnectionTrait, id: i64) -> Result<bool, DbErr> {
    let done = admin::Entity::update_many()
        .col_expr(
            admin::Column::TotpSecret,
            Expr::value(Option::<String>::None),
        )
        .col_expr(
            admin::Column::TotpEnabledAt,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .col_expr(
            admin::Column::TotpLastStep,
            Expr::value(Option::<i64>::None),
        )
        .filter(admin::Column::Id.eq(id))
        .filter(admin::Column::TotpSecret.is_not_null())
        .exec(db)
        .await?;
    admin_recovery_code::Entity::delete_many()
        .filter(admin_recovery_code::Column::AdminId.eq(id))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Replaces the operator's recovery codes with these hashes (the old ones
/// are void at once).
pub async fn replace_recovery_codes(
    db: &impl ConnectionTrait,
    id: i64,
    hashes: &[String],
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    admin_recovery_code::Entity::delete_many()
        .filter(admin_recovery_code::Column::AdminId.eq(id))
        .exec(db)
        .await?;
    if hashes.is_empty() {
        return Ok(());
    }
    admin_recovery_code::Entity::insert_many(hashes.iter().map(|h| {
        admin_recovery_code::ActiveModel {
            admin_id: Set(id),
            code_hash: Set(h.clone()),
            created_at: Set(now),
            used_at: Set(None),
            ..Default::default()
        }
    }))
    .exec(db)
    .await?;
    Ok(())
}

/// Uses up the unused recovery code with this hash: true when there was
/// one (a conditional UPDATE, so a code is taken once even by two racing
/// sign-ins).
pub async fn use_recovery_code(
    db: &impl ConnectionTrait,
    id: i64,
    hash: &str,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let done = admin_recovery_code::Entity::update_many()
        .col_expr(admin_recovery_code::Column::UsedAt, Expr::value(now))
        .filter(admin_recovery_code::Column::AdminId.eq(id))
        .filter(admin_recovery_code::Column::CodeHash.eq(hash))
        .filter(admin_recovery_code::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Recovery codes the operator has not used yet.
pub async fn recovery_codes_left(db: &impl ConnectionTrait, id: i64) -> Result<u64, DbErr> {
    admin_recovery_code::Entity::find()
        .filter(admin_recovery_code::Column::AdminId.eq(id))
        .filter(admin_recovery_code::Column::UsedAt.is_null())
        .count(db)
        .await
}
