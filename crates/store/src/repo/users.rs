//! User accounts.

use crate::entity::user;
use crate::DecimalText;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, Set,
};

pub use crate::entity::user::UserStatus;

pub struct NewUser<'a> {
    pub username: Option<&'a str>,
    pub email: Option<&'a str>,
    pub phone: Option<&'a str>,
    pub password_hash: &'a str,
    pub invite_code: &'a str,
    pub parent_id: Option<i64>,
    pub credits: DecimalText,
    pub register_lang: &'a str,
    pub register_ip: &'a str,
    pub now: DateTime<Utc>,
}

pub async fn create(db: &impl ConnectionTrait, u: NewUser<'_>) -> Result<user::Model, DbErr> {
    let now = u.now;
    user::ActiveModel {
        username: Set(u.username.map(str::to_string)),
        email: Set(u.email.map(str::to_string)),
        phone: Set(u.phone.map(str::to_string)),
        password_hash: Set(u.password_hash.to_string()),
        trade_password_hash: Set(None),
        invite_code: Set(u.invite_code.to_string()),
        parent_id: Set(u.parent_id),
        credits: Set(u.credits),
        status: Set(UserStatus::Active),
        frozen_reason: Set(None),
        register_lang: Set(u.register_lang.to_string()),
        register_ip: Set(u.register_ip.to_string()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

pub async fn count(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    user::Entity::find().count(db).await
}

pub async fn find_by_invite_code(
    db: &impl ConnectionTrait,
    code: &str,
) -> Result<Option<user::Model>, DbErr> {
    user::Entity::find()
        .filter(user::Column::InviteCode.eq(code))
        .one(db)
        .await
}

/// True when `e` is a unique-constraint violation: a concurrent request won
/// the race for the same name, email, phone or invite code.
pub fn is_unique_violation(e: &DbErr) -> bool {
    matches!(
        e.sql_err(),
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
    )
}

pub async fn find_by_id(db: &impl ConnectionTrait, id: i64) -> Result<Option<user::Model>, DbErr> {
    user::Entity::find_by_id(id).one(db).await
}

pub async fn find_by_username(
    db: &impl ConnectionTrait,
    username: &str,
) -> Result<Option<user::Model>, DbErr> {
    find_by(db, user::Column::Username, username).await
}

pub async fn find_by_email(
    db: &impl ConnectionTrait,
    email: &str,
) -> Result<Option<user::Model>, DbErr> {
    find_by(db, user::Column::Email, email).await
}

pub async fn find_by_phone(
    db: &impl ConnectionTrait,
    phone: &str,
) -> Result<Option<user::Model>, DbErr> {
    find_by(db, user::Column::Phone, phone).await
}

async fn find_by(
    db: &impl ConnectionTrait,
    column: user::Column,
    value: &str,
) -> Result<Option<user::Model>, DbErr> {
    user::Entity::find().filter(column.eq(value)).one(db).await
}

/// One column of the account changes.
pub enum Change<'a> {
    PasswordHash(&'a str),
    TradePasswordHash(&'a str),
    Email(Option<&'a str>),
    Phone(Option<&'a str>),
}

pub async fn update(
    db: &impl ConnectionTrait,
    id: i64,
    change: Change<'_>,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let owned = |v: Option<&str>| v.map(str::to_string);
    let (column, value) = match change {
        Change::PasswordHash(h) => (user::Column::PasswordHash, Expr::value(h.to_string())),
        Change::TradePasswordHash(h) => (
            user::Column::TradePasswordHash,
            Expr::value(Some(h.to_string())),
        ),
        Change::Email(e) => (user::Column::Email, Expr::value(owned(e))),
        Change::Phone(p) => (user::Column::Phone, Expr::value(owned(p))),
    };
    user::Entity::update_many()
        .col_expr(column, value)
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
        .filter(user::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Writes the user's row inside the caller's transaction. The row lock this
/// takes (PostgreSQL) or the write lock (SQLite) makes concurrent
/// check-then-insert steps of one user run one after the other.
pub async fn lock(db: &impl ConnectionTrait, id: i64, now: DateTime<Utc>) -> Result<(), DbErr> {
    user::Entity::update_many()
        .col_expr(
            user::Column::UpdatedAt,
            sea_orm::sea_query::Expr::value(now),
        )
        .filter(user::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}
