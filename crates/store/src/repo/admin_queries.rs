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

// ---- operator sign-in and sessions ---------------------------------------

/// Where an operator session is opened from.
pub struct NewAdminSession<'a> {
    pub admin_id: i64,
    pub token_hash: &'a str,
    pub expires_at: DateTime<Utc>,
    pub ip: &'a str,
    pub user_agent: &'a str,
}

pub async fn create_session(
    db: &impl ConnectionTrait,
    s: NewAdminSession<'_>,
) -> Result<admin_session::Model, DbErr> {
    admin_session::ActiveModel {
        admin_id: Set(s.admin_id),
        token_hash: Set(s.token_hash.to_string()),
        created_at: Set(Utc::now()),
        expires_at: Set(s.expires_at),
        ip: Set(s.ip.to_string()),
        user_agent: Set(s.user_agent.to_string()),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// The live operator session with this token hash, and its operator
/// (with the second-factor state): one query.
pub async fn find_live_session(
    db: &impl ConnectionTrait,
    token_hash: &str,
    now: DateTime<Utc>,
) -> Result<Option<(admin_session::Model, admin::Model)>, DbErr> {
    let found = admin_session::Entity::find()
        .find_also_related(admin::Entity)
        .filter(admin_session::Column::TokenHash.eq(token_hash))
        .filter(admin_session::Column::ExpiresAt.gt(now))
        .one(db)
        .await?;
    Ok(found.and_then(|(s, a)| a.map(|a| (s, a))))
}

pub async fn delete_session(db: &impl ConnectionTrait, id: i64) -> Result<(), DbErr> {
    admin_session::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}

/// The operator's live sessions, newest first.
pub async fn live_sessions_of(
    db: &impl ConnectionTrait,
    admin_id: i64,
    now: DateTime<Utc>,
) -> Result<Vec<admin_session::Model>, DbErr> {
    admin_session::Entity::find()
        .filter(admin_session::Column::AdminId.eq(admin_id))
        .filter(admin_session::Column::ExpiresAt.gt(now))
        .order_by_desc(admin_session::Column::CreatedAt)
        .order_by_desc(admin_session::Column::Id)
        .all(db)
        .await
}

/// Ends session `id` if it is the operator's own; false when it is not
/// theirs (or gone already).
pub async fn delete_own_session(
    db: &impl ConnectionTrait,
    admin_id: i64,
    id: i64,
) -> Result<bool, DbErr> {
    let done = admin_session::Entity::delete_many()
        .filter(admin_session::Column::Id.eq(id))
        .filter(admin_session::Column::AdminId.eq(admin_id))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Ends every session of the operator but `keep` (None: every one);
/// returns how many ended.
pub async fn delete_sessions_except(
    db: &impl ConnectionTrait,
    admin_id: i64,
    keep: Option<i64>,
) -> Result<u64, DbErr> {
    let mut q =
        admin_session::Entity::delete_many().filter(admin_session::Column::AdminId.eq(admin_id));
    if let Some(keep) = keep {
        q = q.filter(admin_session::Column::Id.ne(keep));
    }
    Ok(q.exec(db).await?.rows_affected)
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
