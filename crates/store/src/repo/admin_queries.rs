//! What the operator API reads and writes outside its own tables: users,
//! files and the outbox; and the
//! operator realm itself (operator sessions).

use crate::entity::user::UserStatus;
use crate::entity::{admin, admin_session, file, outbox, user};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};

// ---- operator sign-in ----------------------------------------------------

pub async fn create_session(
    db: &impl ConnectionTrait,
    admin_id: i64,
    token_hash: &str,
    expires_at: DateTime<Utc>,
) -> Result<admin_session::Model, DbErr> {
    admin_session::ActiveModel {
        admin_id: Set(admin_id),
        token_hash: Set(token_hash.to_string()),
        created_at: Set(Utc::now()),
        expires_at: Set(expires_at),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// The live operator session with this token hash, and its operator.
pub async fn find_live_session(
    db: &impl ConnectionTrait,
    token_hash: &str,
    now: DateTime<Utc>,
) -> Result<Option<(admin_session::Model, admin::Model)>, DbErr> {
    let Some(s) = admin_session::Entity::find()
        .filter(admin_session::Column::TokenHash.eq(token_hash))
        .filter(admin_session::Column::ExpiresAt.gt(now))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let a = admin::Entity::find_by_id(s.admin_id).one(db).await?;
    Ok(a.map(|a| (s, a)))
}

pub async fn delete_session(db: &impl ConnectionTrait, id: i64) -> Result<(), DbErr> {
    admin_session::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}

// ---- users ---------------------------------------------------------------

/// One page of users, newest first, filtered by a keyword (id, account
/// name, email or phone, case-insensitive) and a status.
pub async fn users_page(
    db: &impl ConnectionTrait,
    keyword: Option<&str>,
    status: Option<UserStatus>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<user::Model>, u64), DbErr> {
    let mut q = user::Entity::find();
    if let Some(status) = status {
        q = q.filter(user::Column::Status.eq(status));
    }
    if let Some(keyword) = keyword {
        let pattern = format!("%{}%", keyword.to_lowercase());
        let like =
            |col: user::Column| Expr::expr(Func::lower(Expr::col(col))).like(pattern.clone());
        let mut any = Condition::any()
            .add(like(user::Column::Username))
            .add(like(user::Column::Email))
            .add(like(user::Column::Phone))
            .add(like(user::Column::InviteCode));
        if let Ok(id) = keyword.parse::<i64>() {
            any = any.add(user::Column::Id.eq(id));
        }
        q = q.filter(any);
    }
    let paginator = q.order_by_desc(user::Column::Id).paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}

pub async fn find_user(db: &impl ConnectionTrait, id: i64) -> Result<Option<user::Model>, DbErr> {
    user::Entity::find_by_id(id).one(db).await
}

/// Moves a user from status `from` to `to` with the freeze reason.
/// Returns false when the user was no longer in `from`, so of two racing
/// decisions one wins and the other changes nothing.
pub async fn set_user_status(
    db: &impl ConnectionTrait,
    id: i64,
    from: UserStatus,
    to: UserStatus,
    frozen_reason: Option<&str>,
) -> Result<bool, DbErr> {
    let done = user::Entity::update_many()
        .col_expr(user::Column::Status, Expr::value(to))
        .col_expr(
            user::Column::FrozenReason,
            Expr::value(frozen_reason.map(str::to_string)),
        )
        .col_expr(user::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(user::Column::Id.eq(id))
        .filter(user::Column::Status.eq(from))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

// ---- files and outbox ----------------------------------------------------

pub async fn find_file(db: &impl ConnectionTrait, id: &str) -> Result<Option<file::Model>, DbErr> {
    file::Entity::find_by_id(id.to_string()).one(db).await
}

/// One page of the outbox, newest first, optionally for one target.
pub async fn outbox_page(
    db: &impl ConnectionTrait,
    target: Option<&str>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<outbox::Model>, u64), DbErr> {
    let mut q = outbox::Entity::find();
    if let Some(target) = target {
        q = q.filter(outbox::Column::Target.eq(target));
    }
    let paginator = q
        .order_by_desc(outbox::Column::CreatedAt)
        .order_by_desc(outbox::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}
