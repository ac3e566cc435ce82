//! What the operator API reads and writes outside its own tables: users,
//! files and the outbox; and the
//! operator realm itself (operator sessions, kept with their end as
//! history like users' sessions: see `sessions`).

use crate::entity::admin_session::EndReason;
use crate::entity::user::UserStatus;
use crate::entity::{admin, admin_session, file, outbox, user};
use crate::repo::sessions::seen_stale_before;
use crate::sort::Sort;
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
    pub now: DateTime<Utc>,
}

pub async fn create_session(
    db: &impl ConnectionTrait,
    s: NewAdminSession<'_>,
) -> Result<admin_session::Model, DbErr> {
    admin_session::ActiveModel {
        admin_id: Set(s.admin_id),
        token_hash: Set(s.token_hash.to_string()),
        created_at: Set(s.now),
        expires_at: Set(s.expires_at),
        ip: Set(s.ip.to_string()),
        user_agent: Set(s.user_agent.to_string()),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// The live operator session with this token hash (neither ended nor
/// expired), and its operator (with the second-factor state): one query.
pub async fn find_live_session(
    db: &impl ConnectionTrait,
    token_hash: &str,
    now: DateTime<Utc>,
) -> Result<Option<(admin_session::Model, admin::Model)>, DbErr> {
    let found = admin_session::Entity::find()
        .find_also_related(admin::Entity)
        .filter(admin_session::Column::TokenHash.eq(token_hash))
        .filter(admin_session::Column::EndedAt.is_null())
        .filter(admin_session::Column::ExpiresAt.gt(now))
        .one(db)
        .await?;
    Ok(found.and_then(|(s, a)| a.map(|a| (s, a))))
}

/// Writes down a use of live operator session `id` at `now`, unless one
/// was written less than a minute ago (`sessions::SEEN_EVERY_SECS`); true
/// when written.
pub async fn record_session_seen(
    db: &impl ConnectionTrait,
    id: i64,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let done = admin_session::Entity::update_many()
        .col_expr(admin_session::Column::LastSeenAt, Expr::value(now))
        .filter(admin_session::Column::Id.eq(id))
        .filter(admin_session::Column::EndedAt.is_null())
        .filter(
            Condition::any()
                .add(admin_session::Column::LastSeenAt.is_null())
                .add(admin_session::Column::LastSeenAt.lt(seen_stale_before(now))),
        )
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Ends the live operator sessions `filter` picks for `reason`; returns
/// how many.
async fn end_sessions(
    db: &impl ConnectionTrait,
    filter: Condition,
    reason: EndReason,
    now: DateTime<Utc>,
) -> Result<u64, DbErr> {
    Ok(admin_session::Entity::update_many()
        .col_expr(admin_session::Column::EndedAt, Expr::value(now))
        .col_expr(admin_session::Column::EndReason, Expr::value(reason))
        .filter(filter)
        .filter(admin_session::Column::EndedAt.is_null())
        .filter(admin_session::Column::ExpiresAt.gt(now))
        .exec(db)
        .await?
        .rows_affected)
}

/// Ends operator session `id` (signing out); false when it was no longer
/// live.
pub async fn end_session(
    db: &impl ConnectionTrait,
    id: i64,
    reason: EndReason,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let this = Condition::all().add(admin_session::Column::Id.eq(id));
    Ok(end_sessions(db, this, reason, now).await? == 1)
}

/// The operator's live sessions, newest first.
pub async fn live_sessions_of(
    db: &impl ConnectionTrait,
    admin_id: i64,
    now: DateTime<Utc>,
) -> Result<Vec<admin_session::Model>, DbErr> {
    admin_session::Entity::find()
        .filter(admin_session::Column::AdminId.eq(admin_id))
        .filter(admin_session::Column::EndedAt.is_null())
        .filter(admin_session::Column::ExpiresAt.gt(now))
        .order_by_desc(admin_session::Column::CreatedAt)
        .order_by_desc(admin_session::Column::Id)
        .all(db)
        .await
}

/// One page of the operator's past sessions (ended or expired), newest
/// first, and the total.
pub async fn past_sessions_of(
    db: &impl ConnectionTrait,
    admin_id: i64,
    now: DateTime<Utc>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<admin_session::Model>, u64), DbErr> {
    let paginator = admin_session::Entity::find()
        .filter(admin_session::Column::AdminId.eq(admin_id))
        .filter(
            Condition::any()
                .add(admin_session::Column::EndedAt.is_not_null())
                .add(admin_session::Column::ExpiresAt.lte(now)),
        )
        .order_by_desc(admin_session::Column::CreatedAt)
        .order_by_desc(admin_session::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}

/// Deletes at most `limit` operator sessions that ended, or expired,
/// before `before`; returns how many (as users' sessions are pruned).
pub async fn prune_sessions_ended_before(
    db: &impl ConnectionTrait,
    before: DateTime<Utc>,
    limit: u64,
) -> Result<u64, DbErr> {
    super::sessions::prune_past::<admin_session::Entity>(
        db,
        [
            admin_session::Column::Id,
            admin_session::Column::ExpiresAt,
            admin_session::Column::EndedAt,
        ],
        before,
        limit,
    )
    .await
}

/// Ends live session `id` if it is the operator's own; false when it is
/// not theirs (or no longer live).
pub async fn end_own_session(
    db: &impl ConnectionTrait,
    admin_id: i64,
    id: i64,
    reason: EndReason,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let mine = Condition::all()
        .add(admin_session::Column::Id.eq(id))
        .add(admin_session::Column::AdminId.eq(admin_id));
    Ok(end_sessions(db, mine, reason, now).await? == 1)
}

/// Ends every live session of the operator but `keep` (None: every one)
/// for `reason`; returns how many ended.
pub async fn end_sessions_except(
    db: &impl ConnectionTrait,
    admin_id: i64,
    keep: Option<i64>,
    reason: EndReason,
    now: DateTime<Utc>,
) -> Result<u64, DbErr> {
    let mut which = Condition::all().add(admin_session::Column::AdminId.eq(admin_id));
    if let Some(keep) = keep {
        which = which.add(admin_session::Column::Id.ne(keep));
    }
    end_sessions(db, which, reason, now).await
}

// ---- users ---------------------------------------------------------------

crate::sort_keys! {
    /// How the users list sorts: newest first (by id) unless asked.
    pub UserSort, default = desc(Id) {
        Id = "id" => column(user::Column::Id),
        Username = "username" => column(user::Column::Username),
        Email = "email" => column(user::Column::Email),
        Status = "status" => column(user::Column::Status),
        Credits = "credits" => decimal_text(user::Column::Credits),
        CreateTime = "createTime" => column(user::Column::CreatedAt),
    }
}

/// One page of users in `sort`'s order, filtered by a keyword (id,
/// account name, email or phone, case-insensitive) and a status.
pub async fn users_page(
    db: &impl ConnectionTrait,
    keyword: Option<&str>,
    status: Option<UserStatus>,
    sort: Sort<UserSort>,
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
    let paginator = sort.apply(q, user::Column::Id).paginate(db, page_size);
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
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let done = user::Entity::update_many()
        .col_expr(user::Column::Status, Expr::value(to))
        .col_expr(
            user::Column::FrozenReason,
            Expr::value(frozen_reason.map(str::to_string)),
        )
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
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

crate::sort_keys! {
    /// How the outbox sorts: newest first unless asked.
    pub OutboxSort, default = desc(CreateTime) {
        Id = "id" => column(outbox::Column::Id),
        CreateTime = "createTime" => column(outbox::Column::CreatedAt),
        Channel = "channel" => column(outbox::Column::Channel),
        Target = "target" => column(outbox::Column::Target),
        Purpose = "purpose" => column(outbox::Column::Purpose),
        Status = "status" => column(outbox::Column::Status),
    }
}

/// One page of the outbox in `sort`'s order, optionally for one target.
pub async fn outbox_page(
    db: &impl ConnectionTrait,
    target: Option<&str>,
    sort: Sort<OutboxSort>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<outbox::Model>, u64), DbErr> {
    let mut q = outbox::Entity::find();
    if let Some(target) = target {
        q = q.filter(outbox::Column::Target.eq(target));
    }
    let paginator = sort.apply(q, outbox::Column::Id).paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}
