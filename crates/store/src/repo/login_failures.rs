//! Failed password checks, counted per (scope, subject, source). Every
//! count is one atomic upsert that returns the new value, so parallel
//! failures on one node or several (PostgreSQL) are all counted and exactly
//! one of them sees each threshold.

use crate::entity::login_failure::{self as row, Column, Entity};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, OnConflict, Query};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

/// Signing in as a user.
pub const SCOPE_USER: &str = "user";
/// Signing in as an operator.
pub const SCOPE_ADMIN: &str = "admin";
/// A password checked inside a signed-in session (changing a password,
/// the fund password of a withdrawal).
pub const SCOPE_SESSION: &str = "session";
/// The source of the row that counts a subject's failures from everywhere.
pub const EVERY_SOURCE: &str = "*";

/// Whose failures, from where.
#[derive(Clone, Copy, Debug)]
pub struct Key<'a> {
    pub scope: &'a str,
    pub subject: &'a str,
    pub source: &'a str,
}

/// The rows of `scope`/`subject` for these sources (absent when clean).
pub async fn find(
    db: &impl ConnectionTrait,
    scope: &str,
    subject: &str,
    sources: &[&str],
) -> Result<Vec<row::Model>, DbErr> {
    Entity::find()
        .filter(Column::Scope.eq(scope))
        .filter(Column::Subject.eq(subject))
        .filter(Column::Source.is_in(sources.iter().copied()))
        .all(db)
        .await
}

/// Every row of `scope`/`subject`, from every source.
pub async fn find_subject(
    db: &impl ConnectionTrait,
    scope: &str,
    subject: &str,
) -> Result<Vec<row::Model>, DbErr> {
    Entity::find()
        .filter(Column::Scope.eq(scope))
        .filter(Column::Subject.eq(subject))
        .all(db)
        .await
}

/// Forgets every row of `scope`/`subject`; returns how many went.
pub async fn clear_subject(
    db: &impl ConnectionTrait,
    scope: &str,
    subject: &str,
) -> Result<u64, DbErr> {
    let done = Entity::delete_many()
        .filter(Column::Scope.eq(scope))
        .filter(Column::Subject.eq(subject))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

/// Counts one failure and returns the count of the window it fell in. A
/// window that started before `window_after` is over: the count restarts
/// at 1 with this failure.
pub async fn record(
    db: &impl ConnectionTrait,
    key: Key<'_>,
    now: DateTime<Utc>,
    window_after: DateTime<Utc>,
) -> Result<i32, DbErr> {
    let expired = || Expr::col((Entity, Column::WindowStart)).lt(window_after);
    let upsert = Query::insert()
        .into_table(Entity)
        .columns([
            Column::Scope,
            Column::Subject,
            Column::Source,
            Column::Failures,
            Column::WindowStart,
            Column::UpdatedAt,
        ])
        .values_panic([
            key.scope.into(),
            key.subject.into(),
            key.source.into(),
            1i32.into(),
            now.into(),
            now.into(),
        ])
        .on_conflict(
            OnConflict::columns([Column::Scope, Column::Subject, Column::Source])
                .value(
                    Column::Failures,
                    Expr::case(expired(), 1i32)
                        .finally(Expr::col((Entity, Column::Failures)).add(1i32)),
                )
                .value(
                    Column::WindowStart,
                    Expr::case(expired(), now).finally(Expr::col((Entity, Column::WindowStart))),
                )
                .value(Column::UpdatedAt, now)
                .to_owned(),
        )
        .returning_col(Column::Failures)
        .to_owned();
    let backend = db.get_database_backend();
    let returned = db
        .query_one(backend.build(&upsert))
        .await?
        .ok_or_else(|| DbErr::RecordNotInserted)?;
    returned.try_get::<i32>("", "failures")
}

/// Locks the key until `until`; a later lock already set is kept.
pub async fn lock(
    db: &impl ConnectionTrait,
    key: Key<'_>,
    until: DateTime<Utc>,
) -> Result<(), DbErr> {
    Entity::update_many()
        .col_expr(Column::LockedUntil, Expr::value(Some(until)))
        .filter(matches(key))
        .filter(
            Condition::any()
                .add(Column::LockedUntil.is_null())
                .add(Column::LockedUntil.lt(until)),
        )
        .exec(db)
        .await?;
    Ok(())
}

/// Forgets the key's failures and lock.
pub async fn clear(db: &impl ConnectionTrait, key: Key<'_>) -> Result<(), DbErr> {
    Entity::delete_many().filter(matches(key)).exec(db).await?;
    Ok(())
}

/// Deletes rows untouched since `before` whose lock (if any) is over:
/// keeps the table as small as the recent failures.
pub async fn prune(
    db: &impl ConnectionTrait,
    before: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<u64, DbErr> {
    let done = Entity::delete_many()
        .filter(Column::UpdatedAt.lt(before))
        .filter(
            Condition::any()
                .add(Column::LockedUntil.is_null())
                .add(Column::LockedUntil.lt(now)),
        )
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

fn matches(key: Key<'_>) -> Condition {
    Condition::all()
        .add(Column::Scope.eq(key.scope))
        .add(Column::Subject.eq(key.subject))
        .add(Column::Source.eq(key.source))
}
