//! Queries over traders, follows, copies, settlements and skips.

use crate::entity::{
    copy_follow as follow, copy_position as link, copy_settlement as settlement, copy_skip as skip,
    copy_trader as trader,
};
use onyx_futures::api::futures_position as position;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, NotSet, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use std::collections::{HashMap, HashSet};

pub use crate::entity::copy_follow::FollowStatus;
pub use crate::entity::copy_trader::TraderStatus;

pub const PENDING: TraderStatus = TraderStatus::Pending;
pub const APPROVED: TraderStatus = TraderStatus::Approved;
pub const REJECTED: TraderStatus = TraderStatus::Rejected;

pub const ACTIVE: FollowStatus = FollowStatus::Active;
pub const STOPPED: FollowStatus = FollowStatus::Stopped;

pub async fn trader_of_user(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> Result<Option<trader::Model>, DbErr> {
    trader::Entity::find()
        .filter(trader::Column::UserId.eq(user_id))
        .one(db)
        .await
}

pub async fn approved(db: &impl ConnectionTrait, id: i64) -> Result<Option<trader::Model>, DbErr> {
    Ok(trader::Entity::find_by_id(id)
        .one(db)
        .await?
        .filter(|t| t.status == APPROVED))
}

pub async fn approved_all(db: &impl ConnectionTrait) -> Result<Vec<trader::Model>, DbErr> {
    trader::Entity::find()
        .filter(trader::Column::Status.eq(APPROVED))
        .order_by_asc(trader::Column::Id)
        .all(db)
        .await
}

/// What a lead's open needs of each active follow: read for every
/// follower on every open, so only these columns.
/// Its fields in the order [`active_follows`] reads them.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Copier {
    pub id: i64,
    pub trader_id: i64,
    pub user_id: i64,
    pub follow_type: i32,
    pub follow_rate: DecimalText,
    pub follow_amount: DecimalText,
    pub symbols: String,
    pub budget: Option<DecimalText>,
    pub stop_loss_rate: Option<DecimalText>,
    pub net: DecimalText,
}

impl From<&follow::Model> for Copier {
    fn from(f: &follow::Model) -> Copier {
        Copier {
            id: f.id,
            trader_id: f.trader_id,
            user_id: f.user_id,
            follow_type: f.follow_type,
            follow_rate: f.follow_rate,
            follow_amount: f.follow_amount,
            symbols: f.symbols.clone(),
            budget: f.budget,
            stop_loss_rate: f.stop_loss_rate,
            net: f.net,
        }
    }
}

pub async fn active_follows(
    db: &impl ConnectionTrait,
    trader_id: i64,
) -> Result<Vec<Copier>, DbErr> {
    const COLUMNS: [follow::Column; 10] = [
        follow::Column::Id,
        follow::Column::TraderId,
        follow::Column::UserId,
        follow::Column::FollowType,
        follow::Column::FollowRate,
        follow::Column::FollowAmount,
        follow::Column::Symbols,
        follow::Column::Budget,
        follow::Column::StopLossRate,
        follow::Column::Net,
    ];
    let q = follow::Entity::find()
        .select_only()
        .columns(COLUMNS)
        .filter(follow::Column::TraderId.eq(trader_id))
        .filter(follow::Column::Status.eq(ACTIVE))
        .into_query();
    let mut all: Vec<Copier> = onyx_store::bulk::read_as_json(db, &q, &COLUMNS).await?;
    // Copies are made, and skips recorded, in following order.
    all.sort_unstable_by_key(|c| c.id);
    Ok(all)
}

pub async fn follower_count(db: &impl ConnectionTrait, trader_id: i64) -> Result<u64, DbErr> {
    follow::Entity::find()
        .filter(follow::Column::TraderId.eq(trader_id))
        .filter(follow::Column::Status.eq(ACTIVE))
        .count(db)
        .await
}

pub async fn follow_of(
    db: &impl ConnectionTrait,
    trader_id: i64,
    user_id: i64,
) -> Result<Option<follow::Model>, DbErr> {
    follow::Entity::find()
        .filter(follow::Column::TraderId.eq(trader_id))
        .filter(follow::Column::UserId.eq(user_id))
        .one(db)
        .await
}

/// The open copied positions of the given portfolios (follow ids).
pub async fn open_copies(
    db: &impl ConnectionTrait,
    follow_ids: &[i64],
) -> Result<Vec<position::Model>, DbErr> {
    let mut out = Vec::new();
    for chunk in follow_ids.chunks(500) {
        out.extend(
            position::Entity::find()
                .filter(position::Column::Portfolio.is_in(chunk.iter().copied()))
                .filter(position::Column::Status.eq(onyx_futures::api::OPEN))
                .all(db)
                .await?,
        );
    }
    Ok(out)
}

pub async fn links_of_lead(
    db: &impl ConnectionTrait,
    lead_position_id: i64,
) -> Result<Vec<link::Model>, DbErr> {
    link::Entity::find()
        .filter(link::Column::LeadPositionId.eq(lead_position_id))
        .order_by_asc(link::Column::PositionId)
        .all(db)
        .await
}

pub async fn record_skip(
    db: &impl ConnectionTrait,
    f: &Copier,
    lead: &position::Model,
    reason: &str,
    now: i64,
) -> Result<(), DbErr> {
    skip::ActiveModel {
        id: NotSet,
        follow_id: Set(f.id),
        user_id: Set(f.user_id),
        trader_id: Set(f.trader_id),
        lead_position_id: Set(lead.id),
        coin: Set(lead.coin.clone()),
        side: Set(lead.side),
        reason: Set(reason.to_string()),
        at: Set(now),
    }
    .insert(db)
    .await?;
    Ok(())
}

pub async fn skips(
    db: &impl ConnectionTrait,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> Result<(Vec<skip::Model>, u64), DbErr> {
    let q = skip::Entity::find().filter(skip::Column::UserId.eq(user_id));
    let total = q.clone().count(db).await?;
    let rows = q
        .order_by_desc(skip::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok((rows, total))
}

pub async fn settlements_of_lead_since(
    db: &impl ConnectionTrait,
    trader_user_id: i64,
    since: i64,
) -> Result<Vec<settlement::Model>, DbErr> {
    settlement::Entity::find()
        .filter(settlement::Column::TraderUserId.eq(trader_user_id))
        .filter(settlement::Column::At.gte(since))
        .all(db)
        .await
}

pub async fn settlements_of_lead(
    db: &impl ConnectionTrait,
    trader_user_id: i64,
) -> Result<Vec<settlement::Model>, DbErr> {
    settlements_of_lead_since(db, trader_user_id, 0).await
}

/// Share charged on each of these copied positions.
pub async fn settlements_of_positions(
    db: &impl ConnectionTrait,
    ids: &[i64],
) -> Result<Vec<settlement::Model>, DbErr> {
    settlement::Entity::find()
        .filter(settlement::Column::PositionId.is_in(ids.iter().copied()))
        .all(db)
        .await
}

/// Rows per multi-row statement.
const CHUNK: usize = 400;

/// The copies a lead's order did not make, one statement per chunk.
pub async fn record_skips(
    db: &impl ConnectionTrait,
    skipped: &[(&Copier, &'static str)],
    lead: &position::Model,
    now: i64,
) -> Result<(), DbErr> {
    let rows = skipped
        .iter()
        .map(|(f, reason)| skip::ActiveModel {
            id: NotSet,
            follow_id: Set(f.id),
            user_id: Set(f.user_id),
            trader_id: Set(f.trader_id),
            lead_position_id: Set(lead.id),
            coin: Set(lead.coin.clone()),
            side: Set(lead.side),
            reason: Set((*reason).to_string()),
            at: Set(now),
        })
        .collect();
    onyx_store::bulk::insert(db, rows, CHUNK).await
}

pub async fn insert_links(
    db: &impl ConnectionTrait,
    links: Vec<link::ActiveModel>,
) -> Result<(), DbErr> {
    onyx_store::bulk::insert(db, links, CHUNK).await
}

/// Copies that grew with a new lead position now follow it.
pub async fn relink(
    db: &impl ConnectionTrait,
    position_ids: &[i64],
    lead_position_id: i64,
) -> Result<(), DbErr> {
    for chunk in position_ids.chunks(CHUNK) {
        link::Entity::update_many()
            .col_expr(link::Column::LeadPositionId, Expr::value(lead_position_id))
            .filter(link::Column::PositionId.is_in(chunk.iter().copied()))
            .filter(link::Column::LeadPositionId.ne(lead_position_id))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// Each follow's new net, one statement per chunk.
pub async fn set_nets(
    db: &impl ConnectionTrait,
    nets: &[(i64, Decimal)],
    now: i64,
) -> Result<(), DbErr> {
    onyx_store::bulk::update_by_key(
        db,
        follow::Entity,
        follow::Column::Id,
        &[follow::Column::Net],
        &[(follow::Column::UpdatedAt, now.into())],
        nets.iter()
            .map(|(id, net)| (*id, vec![net.normalize().to_string().into()]))
            .collect(),
    )
    .await
}

/// The open copies of a lead's position, in id order.
pub async fn open_copies_of_lead(
    db: &impl ConnectionTrait,
    lead_position_id: i64,
) -> Result<Vec<position::Model>, DbErr> {
    let linked = Query::select()
        .column(link::Column::PositionId)
        .from(link::Entity)
        .and_where(link::Column::LeadPositionId.eq(lead_position_id))
        .to_owned();
    position::Entity::find()
        .filter(position::Column::Id.in_subquery(linked))
        .filter(position::Column::Status.eq(onyx_futures::api::OPEN))
        .order_by_asc(position::Column::Id)
        .all(db)
        .await
}

/// Of the given positions, those with a copy linked to them.
pub async fn copied_leads(
    db: &impl ConnectionTrait,
    position_ids: &[i64],
) -> Result<HashSet<i64>, DbErr> {
    let mut out = HashSet::new();
    for chunk in position_ids.chunks(BY_ID) {
        let ids: Vec<i64> = link::Entity::find()
            .select_only()
            .column(link::Column::LeadPositionId)
            .distinct()
            .filter(link::Column::LeadPositionId.is_in(chunk.iter().copied()))
            .into_tuple()
            .all(db)
            .await?;
        out.extend(ids);
    }
    Ok(out)
}

/// What a copy's close needs of its link. Fields in the order
/// [`links_of`] reads them.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Link {
    pub position_id: i64,
    pub follow_id: i64,
    pub trader_id: i64,
}

/// The links of the given copied positions (none for a position that is
/// not a copy).
pub async fn links_of(db: &impl ConnectionTrait, position_ids: &[i64]) -> Result<Vec<Link>, DbErr> {
    const COLUMNS: [link::Column; 3] = [
        link::Column::PositionId,
        link::Column::FollowId,
        link::Column::TraderId,
    ];
    onyx_store::bulk::read_as_json_by_ids::<link::Entity, _>(
        db,
        link::Column::PositionId,
        position_ids,
        &COLUMNS,
    )
    .await
}

/// A follow's standing, what each copy's close settles against and moves.
/// Fields in the order [`standings`] reads them.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Standing {
    pub id: i64,
    pub user_id: i64,
    pub status: FollowStatus,
    pub budget: Option<DecimalText>,
    pub stop_loss_rate: Option<DecimalText>,
    pub net: DecimalText,
    pub hwm: DecimalText,
    pub shared: DecimalText,
}

pub async fn standings(db: &impl ConnectionTrait, ids: &[i64]) -> Result<Vec<Standing>, DbErr> {
    const COLUMNS: [follow::Column; 8] = [
        follow::Column::Id,
        follow::Column::UserId,
        follow::Column::Status,
        follow::Column::Budget,
        follow::Column::StopLossRate,
        follow::Column::Net,
        follow::Column::Hwm,
        follow::Column::Shared,
    ];
    onyx_store::bulk::read_as_json_by_ids::<follow::Entity, _>(
        db,
        follow::Column::Id,
        ids,
        &COLUMNS,
    )
    .await
}

/// Each follow's net, high-water mark and profit shared, one statement
/// per chunk.
pub async fn set_standings(
    db: &impl ConnectionTrait,
    standings: &[&Standing],
    now: i64,
) -> Result<(), DbErr> {
    onyx_store::bulk::update_by_key(
        db,
        follow::Entity,
        follow::Column::Id,
        &[
            follow::Column::Net,
            follow::Column::Hwm,
            follow::Column::Shared,
        ],
        &[(follow::Column::UpdatedAt, now.into())],
        standings
            .iter()
            .map(|f| (f.id, vec![f.net.into(), f.hwm.into(), f.shared.into()]))
            .collect(),
    )
    .await
}

/// Stops the given follows for `reason`.
pub async fn stop_follows(
    db: &impl ConnectionTrait,
    ids: &[i64],
    reason: &str,
    now: i64,
) -> Result<(), DbErr> {
    for chunk in ids.chunks(BY_ID) {
        follow::Entity::update_many()
            .col_expr(follow::Column::Status, Expr::value(STOPPED))
            .col_expr(follow::Column::StopReason, Expr::value(reason))
            .col_expr(follow::Column::StoppedAt, Expr::value(now))
            .col_expr(follow::Column::UpdatedAt, Expr::value(now))
            .filter(follow::Column::Id.is_in(chunk.iter().copied()))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// The user of each of the given traders, by trader id.
pub async fn trader_users(
    db: &impl ConnectionTrait,
    ids: &[i64],
) -> Result<HashMap<i64, i64>, DbErr> {
    let mut out = HashMap::with_capacity(ids.len());
    for chunk in ids.chunks(BY_ID) {
        let rows: Vec<(i64, i64)> = trader::Entity::find()
            .select_only()
            .columns([trader::Column::Id, trader::Column::UserId])
            .filter(trader::Column::Id.is_in(chunk.iter().copied()))
            .into_tuple()
            .all(db)
            .await?;
        out.extend(rows);
    }
    Ok(out)
}

/// Settlement rows with their ids set, one statement per chunk.
pub async fn insert_settlements(
    db: &impl ConnectionTrait,
    rows: Vec<settlement::ActiveModel>,
) -> Result<(), DbErr> {
    onyx_store::bulk::insert(db, rows, CHUNK).await
}

/// Ids per `IN` list.
const BY_ID: usize = 500;
