//! Issued sign-in challenges. Taking one is a single conditional delete,
//! so of two sign-ins presenting the same challenge (on one node or
//! several) exactly one gets it.

use crate::entity::sign_in_challenge::{self as row, Column, Entity};
use chrono::{DateTime, Utc};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

/// A challenge to store.
pub struct NewChallenge<'a> {
    pub challenge: &'a str,
    pub scope: &'a str,
    pub subject: &'a str,
    pub difficulty: i32,
    pub expires_at: DateTimeUtc,
    pub now: DateTimeUtc,
}

type DateTimeUtc = DateTime<Utc>;

pub async fn create(db: &impl ConnectionTrait, c: NewChallenge<'_>) -> Result<(), DbErr> {
    Entity::insert(row::ActiveModel {
        challenge: Set(c.challenge.to_string()),
        scope: Set(c.scope.to_string()),
        subject: Set(c.subject.to_string()),
        difficulty: Set(c.difficulty),
        expires_at: Set(c.expires_at),
        created_at: Set(c.now),
        ..Default::default()
    })
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// The live challenge `challenge` issued for `scope`/`subject`, if any.
pub async fn find_live(
    db: &impl ConnectionTrait,
    challenge: &str,
    scope: &str,
    subject: &str,
    now: DateTimeUtc,
) -> Result<Option<row::Model>, DbErr> {
    Entity::find()
        .filter(Column::Challenge.eq(challenge))
        .filter(Column::Scope.eq(scope))
        .filter(Column::Subject.eq(subject))
        .filter(Column::ExpiresAt.gt(now))
        .one(db)
        .await
}

/// Uses the challenge up; false when another use took it first.
pub async fn take(db: &impl ConnectionTrait, id: i64) -> Result<bool, DbErr> {
    let done = Entity::delete_many()
        .filter(Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Deletes challenges expired before `now`; returns how many.
pub async fn prune(db: &impl ConnectionTrait, now: DateTimeUtc) -> Result<u64, DbErr> {
    let done = Entity::delete_many()
        .filter(Column::ExpiresAt.lte(now))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}
