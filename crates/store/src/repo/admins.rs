//! Operator accounts and their sessions (a realm apart from users).

use crate::entity::admin::{self, AdminStatus};
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, Set,
};

pub const ROLES: &[&str] = &["owner", "support", "compliance"];

pub async fn create(
    db: &impl ConnectionTrait,
    username: &str,
    password_hash: &str,
    role: &str,
) -> Result<admin::Model, DbErr> {
    admin::ActiveModel {
        username: Set(username.to_string()),
        password_hash: Set(password_hash.to_string()),
        role: Set(role.to_string()),
        status: Set(AdminStatus::Active),
        created_at: Set(Utc::now()),
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
