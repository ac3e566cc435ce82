//! The per-user message centre.

use crate::entity::message;
use chrono::Utc;
use sea_orm::{ActiveModelTrait, ConnectionTrait, DbErr, Set};

/// Delivers a message to one user's message centre.
pub async fn create(db: &impl ConnectionTrait, user_id: i64, title: &str, content: &str) -> Result<message::Model, DbErr> {
    message::ActiveModel {
        user_id: Set(user_id),
        title: Set(title.to_string()),
        content: Set(content.to_string()),
        read_at: Set(None),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await
}
