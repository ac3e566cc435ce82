//! Queries over traders, follows, copies, settlements and skips.

use crate::entity::{
    copy_follow as follow, copy_position as link, copy_settlement as settlement, copy_skip as skip,
    copy_trader as trader,
};
use onyx_futures::entity::futures_position as position;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, NotSet, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};

pub const PENDING: i32 = 0;
pub const APPROVED: i32 = 1;
pub const REJECTED: i32 = 2;

pub const ACTIVE: &str = "active";
pub const STOPPED: &str = "stopped";

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
                .filter(position::Column::Status.eq(onyx_futures::repo::OPEN))
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
        side: Set(lead.side.clone()),
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
    for chunk in skipped.chunks(CHUNK) {
        let rows = chunk.iter().map(|(f, reason)| skip::ActiveModel {
            id: NotSet,
            follow_id: Set(f.id),
            user_id: Set(f.user_id),
            trader_id: Set(f.trader_id),
            lead_position_id: Set(lead.id),
            coin: Set(lead.coin.clone()),
            side: Set(lead.side.clone()),
            reason: Set((*reason).to_string()),
            at: Set(now),
        });
        skip::Entity::insert_many(rows)
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

pub async fn insert_links(
    db: &impl ConnectionTrait,
    links: Vec<link::ActiveModel>,
) -> Result<(), DbErr> {
    for chunk in links.chunks(CHUNK) {
        link::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
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
