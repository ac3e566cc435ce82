//! The per-user message centre.

use crate::entity::message;
use chrono::{DateTime, Utc};
use onyx_store::sort::Sort;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, Set,
};

/// Delivers a message to one user's message centre.
pub async fn create(
    db: &impl ConnectionTrait,
    user_id: i64,
    title: &str,
    content: &str,
    now: DateTime<Utc>,
) -> Result<message::Model, DbErr> {
    message::ActiveModel {
        user_id: Set(user_id),
        title: Set(title.to_string()),
        content: Set(content.to_string()),
        read_at: Set(None),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

onyx_store::sort_keys! {
    /// How a user's messages sort: newest first unless an operator asks.
    pub MessageSort, default = desc(CreateTime) {
        Id = "id" => column(message::Column::Id),
        Title = "title" => column(message::Column::Title),
        CreateTime = "createTime" => column(message::Column::CreatedAt),
        ReadTime = "readTime" => column(message::Column::ReadAt),
    }
}

/// One page of a user's messages in `sort`'s order, and the user's total.
pub async fn page_for_user(
    db: &impl ConnectionTrait,
    user_id: i64,
    sort: Sort<MessageSort>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<message::Model>, u64), DbErr> {
    let query = message::Entity::find().filter(message::Column::UserId.eq(user_id));
    let paginator = sort
        .apply(query, message::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(page_index).await?;
    Ok((rows, total))
}

pub async fn unread_count(db: &impl ConnectionTrait, user_id: i64) -> Result<u64, DbErr> {
    message::Entity::find()
        .filter(message::Column::UserId.eq(user_id))
        .filter(message::Column::ReadAt.is_null())
        .count(db)
        .await
}

/// The message if it exists and belongs to `user_id`.
pub async fn find_for_user(
    db: &impl ConnectionTrait,
    user_id: i64,
    id: i64,
) -> Result<Option<message::Model>, DbErr> {
    message::Entity::find_by_id(id)
        .filter(message::Column::UserId.eq(user_id))
        .one(db)
        .await
}

/// Marks one of the user's messages read (no-op when already read).
pub async fn mark_read(
    db: &impl ConnectionTrait,
    user_id: i64,
    id: i64,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    message::Entity::update_many()
        .col_expr(message::Column::ReadAt, Expr::value(now))
        .filter(message::Column::Id.eq(id))
        .filter(message::Column::UserId.eq(user_id))
        .filter(message::Column::ReadAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

/// Marks every unread message of the user read; returns how many.
pub async fn mark_all_read(
    db: &impl ConnectionTrait,
    user_id: i64,
    now: DateTime<Utc>,
) -> Result<u64, DbErr> {
    Ok(message::Entity::update_many()
        .col_expr(message::Column::ReadAt, Expr::value(now))
        .filter(message::Column::UserId.eq(user_id))
        .filter(message::Column::ReadAt.is_null())
        .exec(db)
        .await?
        .rows_affected)
}
