//! Sign-in sessions. Only a SHA-256 of each token is stored, so a copy of
//! the database does not let anyone sign in. An ended session is kept,
//! with when and why it ended ([`EndReason`]), as the account's history;
//! every lookup that accepts a token skips it. The last-seen time is
//! written at most once a minute ([`SEEN_EVERY_SECS`]). History is kept
//! for a while, then pruned ([`prune_ended_before`]).

use crate::entity::session::{self, EndReason, SessionKind};
use crate::entity::user;
use chrono::{DateTime, TimeDelta, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};

pub const KIND_SESSION: SessionKind = SessionKind::Session;
pub const KIND_REMEMBER: SessionKind = SessionKind::Remember;

/// A session's last-seen time is written at most this often, so a busy
/// client costs one write a minute rather than one a request.
pub const SEEN_EVERY_SECS: i64 = 60;

/// The last-seen times older than which a use is written down.
pub fn seen_stale_before(now: DateTime<Utc>) -> DateTime<Utc> {
    now.checked_sub_signed(TimeDelta::seconds(SEEN_EVERY_SECS))
        .unwrap_or(DateTime::<Utc>::MIN_UTC)
}

pub struct NewSession<'a> {
    pub user_id: i64,
    pub token_hash: &'a str,
    pub kind: SessionKind,
    pub expires_at: DateTime<Utc>,
    pub ip: &'a str,
    pub user_agent: &'a str,
    /// When it is opened.
    pub now: DateTime<Utc>,
}

pub async fn create(db: &impl ConnectionTrait, s: NewSession<'_>) -> Result<session::Model, DbErr> {
    create_in_family(db, s, None).await
}

/// [`create`], the row one of remembered-device family `family_id` (the
/// id of the family's first remembered-device row).
pub async fn create_in_family(
    db: &impl ConnectionTrait,
    s: NewSession<'_>,
    family_id: Option<i64>,
) -> Result<session::Model, DbErr> {
    session::ActiveModel {
        user_id: Set(s.user_id),
        token_hash: Set(s.token_hash.to_string()),
        kind: Set(s.kind),
        created_at: Set(s.now),
        expires_at: Set(s.expires_at),
        ip: Set(s.ip.to_string()),
        user_agent: Set(s.user_agent.to_string()),
        family_id: Set(family_id),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// The session of `kind` with this token hash, live or not (a spent
/// remembered-device token presented again is found here).
pub async fn find_any(
    db: &impl ConnectionTrait,
    token_hash: &str,
    kind: SessionKind,
) -> Result<Option<session::Model>, DbErr> {
    session::Entity::find()
        .filter(session::Column::TokenHash.eq(token_hash))
        .filter(session::Column::Kind.eq(kind))
        .one(db)
        .await
}

/// Ends every live row of remembered-device family `family` (its first
/// row's id) for `reason`; the ids of the family's rows so ended, now or
/// before, so their holders' cached sessions can be dropped. Expired ones
/// keep their expiry as their end.
pub async fn end_family(
    db: &impl ConnectionTrait,
    family: i64,
    reason: EndReason,
    now: DateTime<Utc>,
) -> Result<Vec<i64>, DbErr> {
    let of_family = || {
        Condition::any()
            .add(session::Column::Id.eq(family))
            .add(session::Column::FamilyId.eq(family))
    };
    session::Entity::update_many()
        .col_expr(session::Column::EndedAt, Expr::value(now))
        .col_expr(session::Column::EndReason, Expr::value(reason))
        .filter(of_family())
        .filter(session::Column::EndedAt.is_null())
        .filter(session::Column::ExpiresAt.gt(now))
        .exec(db)
        .await?;
    session::Entity::find()
        .select_only()
        .column(session::Column::Id)
        .filter(of_family())
        .filter(session::Column::EndReason.eq(reason))
        .into_tuple()
        .all(db)
        .await
}

/// The live session of `kind` with this token hash (neither ended nor
/// expired), and its user.
pub async fn find_live(
    db: &impl ConnectionTrait,
    token_hash: &str,
    kind: SessionKind,
    now: DateTime<Utc>,
) -> Result<Option<(session::Model, user::Model)>, DbErr> {
    let Some(s) = session::Entity::find()
        .filter(session::Column::TokenHash.eq(token_hash))
        .filter(session::Column::Kind.eq(kind))
        .filter(session::Column::EndedAt.is_null())
        .filter(session::Column::ExpiresAt.gt(now))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let u = user::Entity::find_by_id(s.user_id).one(db).await?;
    Ok(u.map(|u| (s, u)))
}

/// Ends session `id` for `reason`; false when it had ended already, so of
/// two racing ends (or two uses of one remembered-device token) one wins.
pub async fn end(
    db: &impl ConnectionTrait,
    id: i64,
    reason: EndReason,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let done = session::Entity::update_many()
        .col_expr(session::Column::EndedAt, Expr::value(now))
        .col_expr(session::Column::EndReason, Expr::value(reason))
        .filter(session::Column::Id.eq(id))
        .filter(session::Column::EndedAt.is_null())
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Ends every live session and remembered device of a user (password
/// change or reset, freeze); returns how many. Expired ones keep their
/// expiry as their end.
pub async fn end_all_for_user(
    db: &impl ConnectionTrait,
    user_id: i64,
    reason: EndReason,
    now: DateTime<Utc>,
) -> Result<u64, DbErr> {
    Ok(session::Entity::update_many()
        .col_expr(session::Column::EndedAt, Expr::value(now))
        .col_expr(session::Column::EndReason, Expr::value(reason))
        .filter(session::Column::UserId.eq(user_id))
        .filter(session::Column::EndedAt.is_null())
        .filter(session::Column::ExpiresAt.gt(now))
        .exec(db)
        .await?
        .rows_affected)
}

/// Writes down a use of live session `id` at `now`, unless one was
/// written less than [`SEEN_EVERY_SECS`] ago (the condition is in the
/// UPDATE, so processes sharing the database agree); true when written.
pub async fn record_seen(
    db: &impl ConnectionTrait,
    id: i64,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let done = session::Entity::update_many()
        .col_expr(session::Column::LastSeenAt, Expr::value(now))
        .filter(session::Column::Id.eq(id))
        .filter(session::Column::EndedAt.is_null())
        .filter(
            Condition::any()
                .add(session::Column::LastSeenAt.is_null())
                .add(session::Column::LastSeenAt.lt(seen_stale_before(now))),
        )
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Which of a user's sessions a listing shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// Live ones only: not ended, not expired.
    Active,
    /// Live, expired and ended alike.
    All,
}

/// One page of a user's sessions and remembered devices, newest first,
/// and the total.
pub async fn page_for_user(
    db: &impl ConnectionTrait,
    user_id: i64,
    listing: Listing,
    now: DateTime<Utc>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<session::Model>, u64), DbErr> {
    let mut q = session::Entity::find().filter(session::Column::UserId.eq(user_id));
    if listing == Listing::Active {
        q = q
            .filter(session::Column::EndedAt.is_null())
            .filter(session::Column::ExpiresAt.gt(now));
    }
    let paginator = q.order_by_desc(session::Column::Id).paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}

/// Deletes at most `limit` sessions and remembered devices that ended, or
/// expired, before `before`; returns how many. Each of the two times has
/// an index (m0028), so a run reads what it deletes.
pub async fn prune_ended_before(
    db: &impl ConnectionTrait,
    before: DateTime<Utc>,
    limit: u64,
) -> Result<u64, DbErr> {
    prune_past::<session::Entity>(
        db,
        [
            session::Column::Id,
            session::Column::ExpiresAt,
            session::Column::EndedAt,
        ],
        before,
        limit,
    )
    .await
}

/// Deletes at most `limit` rows of `E` whose expiry or end (the last two
/// of `[id, expires_at, ended_at]`) is before `before`; returns how many.
/// A live session is never picked: it has not ended and expires after
/// now. Users' and operators' sessions are pruned alike.
pub(crate) async fn prune_past<E: EntityTrait>(
    db: &impl ConnectionTrait,
    [id, expires_at, ended_at]: [E::Column; 3],
    before: DateTime<Utc>,
    limit: u64,
) -> Result<u64, DbErr> {
    let ids: Vec<i64> = E::find()
        .select_only()
        .column(id)
        .filter(
            Condition::any()
                .add(expires_at.lt(before))
                .add(ended_at.lt(before)),
        )
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?;
    if ids.is_empty() {
        return Ok(0);
    }
    Ok(E::delete_many()
        .filter(id.is_in(ids))
        .exec(db)
        .await?
        .rows_affected)
}
