//! User accounts.

use crate::entity::user;
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, Set,
};

pub const STATUS_ACTIVE: &str = "active";
pub const STATUS_FROZEN: &str = "frozen";

pub struct NewUser<'a> {
    pub username: Option<&'a str>,
    pub email: Option<&'a str>,
    pub phone: Option<&'a str>,
    pub password_hash: &'a str,
    pub invite_code: &'a str,
    pub parent_id: Option<i64>,
    pub credits: &'a str,
    pub register_lang: &'a str,
    pub register_ip: &'a str,
}

pub async fn create(db: &impl ConnectionTrait, u: NewUser<'_>) -> Result<user::Model, DbErr> {
    let now = Utc::now();
    user::ActiveModel {
        username: Set(u.username.map(str::to_string)),
        email: Set(u.email.map(str::to_string)),
        phone: Set(u.phone.map(str::to_string)),
        password_hash: Set(u.password_hash.to_string()),
        trade_password_hash: Set(None),
        invite_code: Set(u.invite_code.to_string()),
        parent_id: Set(u.parent_id),
        credits: Set(u.credits.to_string()),
        status: Set(STATUS_ACTIVE.into()),
        frozen_reason: Set(None),
        failed_logins: Set(0),
        locked_until: Set(None),
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
