//! Sign-in sessions. Only a SHA-256 of each token is stored, so a copy of
//! the database does not let anyone sign in.

use crate::entity::{session, user};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};

pub const KIND_SESSION: &str = "session";
pub const KIND_REMEMBER: &str = "remember";

pub struct NewSession<'a> {
    pub user_id: i64,
    pub token_hash: &'a str,
    pub kind: &'a str,
    pub expires_at: DateTime<Utc>,
    pub ip: &'a str,
    pub user_agent: &'a str,
}

pub async fn create(db: &impl ConnectionTrait, s: NewSession<'_>) -> Result<session::Model, DbErr> {
    session::ActiveModel {
        user_id: Set(s.user_id),
        token_hash: Set(s.token_hash.to_string()),
        kind: Set(s.kind.to_string()),
        created_at: Set(Utc::now()),
        expires_at: Set(s.expires_at),
        ip: Set(s.ip.to_string()),
        user_agent: Set(s.user_agent.to_string()),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// The live session of `kind` with this token hash, and its user.
pub async fn find_live(
    db: &impl ConnectionTrait,
    token_hash: &str,
    kind: &str,
    now: DateTime<Utc>,
) -> Result<Option<(session::Model, user::Model)>, DbErr> {
    let Some(s) = session::Entity::find()
        .filter(session::Column::TokenHash.eq(token_hash))
        .filter(session::Column::Kind.eq(kind))
        .filter(session::Column::ExpiresAt.gt(now))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let u = user::Entity::find_by_id(s.user_id).one(db).await?;
    Ok(u.map(|u| (s, u)))
}

pub async fn delete(db: &impl ConnectionTrait, id: i64) -> Result<(), DbErr> {
    session::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}

/// Ends every session and remembered device of a user (password change,
/// freeze).
pub async fn delete_all_for_user(db: &impl ConnectionTrait, user_id: i64) -> Result<u64, DbErr> {
    Ok(session::Entity::delete_many()
        .filter(session::Column::UserId.eq(user_id))
        .exec(db)
        .await?
        .rows_affected)
}

/// One page of a user's stored sessions and remembered devices, newest
/// first, live and expired alike (a signed-out session is deleted, so it
/// is not here), and the total.
pub async fn page_for_user(
    db: &impl ConnectionTrait,
    user_id: i64,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<session::Model>, u64), DbErr> {
    let paginator = session::Entity::find()
        .filter(session::Column::UserId.eq(user_id))
        .order_by_desc(session::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}
