//! Verification codes. Only a hash of each code is stored; a code serves
//! one (target, purpose) and, for signed-in purposes, one user.

use crate::entity::verification_code as code;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};

pub struct NewCode<'a> {
    pub channel: &'a str,
    pub target: &'a str,
    pub purpose: &'a str,
    pub code_hash: &'a str,
    pub user_id: Option<i64>,
    pub expires_at: DateTime<Utc>,
    pub now: DateTime<Utc>,
}

/// Stores a code and retires every earlier unused code for the same target
/// and purpose, so only the newest one works.
pub async fn create(db: &impl ConnectionTrait, c: NewCode<'_>) -> Result<code::Model, DbErr> {
    let now = c.now;
    code::Entity::update_many()
        .col_expr(code::Column::ConsumedAt, Expr::value(Some(now)))
        .filter(code::Column::Target.eq(c.target))
        .filter(code::Column::Purpose.eq(c.purpose))
        .filter(code::Column::ConsumedAt.is_null())
        .exec(db)
        .await?;
    code::ActiveModel {
        channel: Set(c.channel.to_string()),
        target: Set(c.target.to_string()),
        purpose: Set(c.purpose.to_string()),
        code_hash: Set(c.code_hash.to_string()),
        user_id: Set(c.user_id),
        attempts: Set(0),
        created_at: Set(now),
        expires_at: Set(c.expires_at),
        consumed_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// The newest code sent to `target` for `purpose`, used or not (for the
/// resend interval).
pub async fn latest(
    db: &impl ConnectionTrait,
    target: &str,
    purpose: &str,
) -> Result<Option<code::Model>, DbErr> {
    code::Entity::find()
        .filter(code::Column::Target.eq(target))
        .filter(code::Column::Purpose.eq(purpose))
        .order_by_desc(code::Column::Id)
        .one(db)
        .await
}

/// The code that may still be entered for (target, purpose, user).
pub async fn find_unused(
    db: &impl ConnectionTrait,
    target: &str,
    purpose: &str,
    user_id: Option<i64>,
) -> Result<Option<code::Model>, DbErr> {
    let owner = match user_id {
        Some(id) => code::Column::UserId.eq(id),
        None => code::Column::UserId.is_null(),
    };
    code::Entity::find()
        .filter(code::Column::Target.eq(target))
        .filter(code::Column::Purpose.eq(purpose))
        .filter(code::Column::ConsumedAt.is_null())
        .filter(owner)
        .order_by_desc(code::Column::Id)
        .one(db)
        .await
}

/// Codes sent to `target` since `since`, whatever their purpose.
pub async fn count_sent_since(
    db: &impl ConnectionTrait,
    target: &str,
    since: DateTime<Utc>,
) -> Result<u64, DbErr> {
    code::Entity::find()
        .filter(code::Column::Target.eq(target))
        .filter(code::Column::CreatedAt.gt(since))
        .count(db)
        .await
}

/// Counts a wrong entry and returns the new count.
pub async fn add_attempt(db: &impl ConnectionTrait, id: i64) -> Result<i32, DbErr> {
    code::Entity::update_many()
        .col_expr(
            code::Column::Attempts,
            Expr::col(code::Column::Attempts).add(1),
        )
        .filter(code::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(code::Entity::find_by_id(id)
        .one(db)
        .await?
        .map_or(i32::MAX, |c| c.attempts))
}

/// Marks a code used. False when another request used it first, so a code
/// works exactly once.
pub async fn consume(
    db: &impl ConnectionTrait,
    id: i64,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let done = code::Entity::update_many()
        .col_expr(code::Column::ConsumedAt, Expr::value(Some(now)))
        .filter(code::Column::Id.eq(id))
        .filter(code::Column::ConsumedAt.is_null())
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}
