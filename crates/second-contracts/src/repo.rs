//! Queries over periods and orders.

use crate::entity::{second_contract_order as order, second_contract_period as period};
use onyx_store::sort::Sort;
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};

pub const STATUS_OPEN: &str = "open";
pub const STATUS_SETTLED: &str = "settled";
pub const PERIOD_ON: i32 = 1;

/// A coin's periods on offer, shortest first.
pub async fn periods_on(
    db: &impl ConnectionTrait,
    coin_id: i64,
) -> Result<Vec<period::Model>, DbErr> {
    period::Entity::find()
        .filter(period::Column::CoinId.eq(coin_id))
        .filter(period::Column::Status.eq(PERIOD_ON))
        .order_by_asc(period::Column::Sort)
        .order_by_asc(period::Column::PeriodSeconds)
        .all(db)
        .await
}

pub async fn period(db: &impl ConnectionTrait, id: i64) -> Result<Option<period::Model>, DbErr> {
    period::Entity::find_by_id(id).one(db).await
}

/// Every period of every coin, for operators.
pub async fn all_periods(db: &impl ConnectionTrait) -> Result<Vec<period::Model>, DbErr> {
    period::Entity::find()
        .order_by_asc(period::Column::CoinId)
        .order_by_asc(period::Column::Sort)
        .order_by_asc(period::Column::PeriodSeconds)
        .all(db)
        .await
}

pub async fn open_count(db: &impl ConnectionTrait, user_id: i64) -> Result<u64, DbErr> {
    order::Entity::find()
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::Status.eq(STATUS_OPEN))
        .count(db)
        .await
}

/// When the user's latest order was accepted (ms): the newer of their
/// newest open and newest settled order, each one step down the
/// (user, status, id) index, so the order gap needs no index of its own.
pub async fn last_opened_at(db: &impl ConnectionTrait, user_id: i64) -> Result<Option<i64>, DbErr> {
    let mut last = None;
    for status in [STATUS_OPEN, STATUS_SETTLED] {
        let newest = order::Entity::find()
            .filter(order::Column::UserId.eq(user_id))
            .filter(order::Column::Status.eq(status))
            .order_by_desc(order::Column::Id)
            .one(db)
            .await?;
        last = last.max(newest.map(|o| o.opened_at));
    }
    Ok(last)
}

onyx_store::sort_keys! {
    /// How a user's orders sort (the same names as the other fixed-payout
    /// product's, so the operator's user page asks both alike).
    pub OrderSort, default = desc(Id) {
        Id = "id" => column(order::Column::Id),
        Symbol = "symbol" => column(order::Column::Symbol),
        Stake = "stake" => decimal_text(order::Column::Stake),
        Outcome = "outcome" => column(order::Column::Outcome),
        OpenTimeMs = "openTimeMs" => column(order::Column::OpenedAt),
        CloseTimeMs = "closeTimeMs" => column(order::Column::CloseAt),
    }
}

/// A user's orders in one status, in `sort`'s order (newest first unless an operator asks), at most `limit`.
pub async fn user_orders(
    db: &impl ConnectionTrait,
    user_id: i64,
    status: &str,
    sort: Sort<OrderSort>,
    offset: u64,
    limit: u64,
) -> Result<(Vec<order::Model>, u64), DbErr> {
    let q = order::Entity::find()
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::Status.eq(status));
    let total = q.clone().count(db).await?;
    let rows = sort
        .apply(q, order::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok((rows, total))
}

/// Open orders whose close time is at or before `through_ms`, oldest close
/// first, at most `limit`.
pub async fn due(
    db: &impl ConnectionTrait,
    through_ms: i64,
    limit: u64,
) -> Result<Vec<order::Model>, DbErr> {
    order::Entity::find()
        .filter(order::Column::Status.eq(STATUS_OPEN))
        .filter(order::Column::CloseAt.lte(through_ms))
        .order_by_asc(order::Column::CloseAt)
        .order_by_asc(order::Column::Id)
        .limit(limit)
        .all(db)
        .await
}

/// Every open order (the holds audit).
pub async fn all_open(db: &impl ConnectionTrait) -> Result<Vec<order::Model>, DbErr> {
    order::Entity::find()
        .filter(order::Column::Status.eq(STATUS_OPEN))
        .all(db)
        .await
}

/// One user's open orders (their holds on the operator's user page).
pub async fn user_open(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> Result<Vec<order::Model>, DbErr> {
    order::Entity::find()
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::Status.eq(STATUS_OPEN))
        .all(db)
        .await
}

/// Writes settled orders back in bulk: one upsert per chunk of rows.
pub async fn store_settled(
    db: &impl ConnectionTrait,
    rows: Vec<order::ActiveModel>,
) -> Result<(), DbErr> {
    let upsert = OnConflict::column(order::Column::Id)
        .update_columns([
            order::Column::Status,
            order::Column::Outcome,
            order::Column::ClosePrice,
            order::Column::CloseTickMs,
            order::Column::CloseSource,
            order::Column::Returned,
            order::Column::Winnings,
            order::Column::ToHouse,
            order::Column::SettleTxId,
            order::Column::SettledAt,
        ])
        .to_owned();
    for chunk in onyx_store::chunks(rows, 200) {
        order::Entity::insert_many(chunk)
            .on_conflict(upsert.clone())
            .exec(db)
            .await?;
    }
    Ok(())
}
