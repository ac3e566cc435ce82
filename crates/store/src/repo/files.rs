//! Uploaded files: who owns each and where its bytes are kept.

use crate::entity::file;
use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, Set};

pub struct NewFile<'a> {
    pub id: &'a str,
    pub user_id: i64,
    pub file_name: &'a str,
    pub mime: &'a str,
    pub size: i64,
    pub storage_key: &'a str,
    pub now: DateTime<Utc>,
}

pub async fn create(db: &impl ConnectionTrait, f: NewFile<'_>) -> Result<file::Model, DbErr> {
    file::ActiveModel {
        id: Set(f.id.to_string()),
        user_id: Set(f.user_id),
        file_name: Set(f.file_name.to_string()),
        mime: Set(f.mime.to_string()),
        size: Set(f.size),
        storage_key: Set(f.storage_key.to_string()),
        created_at: Set(f.now),
    }
    .insert(db)
    .await
}

pub async fn find(db: &impl ConnectionTrait, id: &str) -> Result<Option<file::Model>, DbErr> {
    file::Entity::find_by_id(id.to_string()).one(db).await
}
