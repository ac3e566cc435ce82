//! The per-user message centre.

use crate::entity::message;
use chrono::{DateTime, Utc};
use onyx_kernel::i18n;
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

/// Delivers a message written from the server's own texts in every
/// shipped language: `render` gives a language's title and body, and the
/// two columns hold JSON objects of language → text. The reader gets the
/// language of their request ([`in_lang`]), so a user who switches to
/// Chinese reads in Chinese what was sent while they read English.
pub async fn create_localized(
    db: &impl ConnectionTrait,
    user_id: i64,
    render: impl Fn(&str) -> (String, String),
    now: DateTime<Utc>,
) -> Result<message::Model, DbErr> {
    let mut titles = serde_json::Map::new();
    let mut bodies = serde_json::Map::new();
    for lang in i18n::LANGUAGES {
        let (title, body) = render(lang);
        titles.insert(lang.to_string(), title.into());
        bodies.insert(lang.to_string(), body.into());
    }
    let title = serde_json::Value::Object(titles).to_string();
    let content = serde_json::Value::Object(bodies).to_string();
    create(db, user_id, &title, &content, now).await
}

/// A stored title or body in `lang`: a text of every language
/// ([`create_localized`]) in `lang`, else English; a plain text (an
/// operator's, or one written before) as it is.
pub fn in_lang(stored: &str, lang: &str) -> String {
    i18n::text_in(stored, lang)
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
