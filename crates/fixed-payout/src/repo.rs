//! Queries over a product's periods and orders, by the columns every
//! fixed-payout table shares ([`crate::table`]).

use crate::table::{OrderRow, OrderSortKey, OrderTable, PeriodTable};
use onyx_store::sort::Sort;
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};

onyx_store::status_enum!(
    /// Where an order is: open until its close, then settled.
    OrderStatus {
        Open = "open",
        Settled = "settled",
    }
);
/// A period's `status` when it is offered (2: switched off).
pub const PERIOD_ON: i32 = 1;

/// The periods on offer on one coin or pair, in sort order then shortest
/// first.
pub async fn periods_on<P: PeriodTable>(
    db: &impl ConnectionTrait,
    owner_id: i64,
) -> Result<Vec<P::Model>, DbErr> {
    P::find()
        .filter(P::OWNER.eq(owner_id))
        .filter(P::STATUS.eq(PERIOD_ON))
        .order_by_asc(P::SORT)
        .order_by_asc(P::PERIOD_SECONDS)
        .all(db)
        .await
}

/// Every period of every coin or pair, for operators.
pub async fn all_periods<P: PeriodTable>(
    db: &impl ConnectionTrait,
) -> Result<Vec<P::Model>, DbErr> {
    P::find()
        .order_by_asc(P::OWNER)
        .order_by_asc(P::SORT)
        .order_by_asc(P::PERIOD_SECONDS)
        .all(db)
        .await
}

pub async fn open_count<O: OrderTable>(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> Result<u64, DbErr> {
    O::find()
        .filter(O::USER_ID.eq(user_id))
        .filter(O::STATUS.eq(OrderStatus::Open))
        .count(db)
        .await
}

/// When the user's latest order was accepted (ms): the newer of their
/// newest open and newest settled order, each one step down the
/// (user, status, id) index, so the order gap needs no index of its own.
pub async fn last_opened_at<O: OrderTable>(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> Result<Option<i64>, DbErr> {
    let mut last = None;
    for status in [OrderStatus::Open, OrderStatus::Settled] {
        let newest = O::find()
            .filter(O::USER_ID.eq(user_id))
            .filter(O::STATUS.eq(status))
            .order_by_desc(O::ID)
            .one(db)
            .await?;
        last = last.max(newest.map(|o| o.fields().opened_at));
    }
    Ok(last)
}

/// A user's orders in one status, in `sort`'s order (newest first unless
/// an operator asks), a page at a time, and how many there are; the
/// product is the one whose `OrderSort` `sort` is.
pub async fn user_orders<K: OrderSortKey>(
    db: &impl ConnectionTrait,
    user_id: i64,
    status: OrderStatus,
    sort: Sort<K>,
    offset: u64,
    limit: u64,
) -> Result<(Vec<<K::Table as EntityTrait>::Model>, u64), DbErr> {
    let q = K::Table::find()
        .filter(<K::Table as OrderTable>::USER_ID.eq(user_id))
        .filter(<K::Table as OrderTable>::STATUS.eq(status));
    let total = q.clone().count(db).await?;
    let rows = sort
        .apply(q, <K::Table as OrderTable>::ID)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok((rows, total))
}

/// Open orders whose close time is at or before `through_ms`, oldest close
/// first, at most `limit`.
pub async fn due<O: OrderTable>(
    db: &impl ConnectionTrait,
    through_ms: i64,
    limit: u64,
) -> Result<Vec<O::Model>, DbErr> {
    O::find()
        .filter(O::STATUS.eq(OrderStatus::Open))
        .filter(O::CLOSE_AT.lte(through_ms))
        .order_by_asc(O::CLOSE_AT)
        .order_by_asc(O::ID)
        .limit(limit)
        .all(db)
        .await
}

/// Open orders, every user's or (`user_id`) one user's: the holds.
pub async fn open<O: OrderTable>(
    db: &impl ConnectionTrait,
    user_id: Option<i64>,
) -> Result<Vec<O::Model>, DbErr> {
    let mut q = O::find().filter(O::STATUS.eq(OrderStatus::Open));
    if let Some(user_id) = user_id {
        q = q.filter(O::USER_ID.eq(user_id));
    }
    q.all(db).await
}

/// Orders with ids above `after`, in id order, at most `limit`: a walk
/// over the whole table a page at a time.
pub async fn page_after<O: OrderTable>(
    db: &impl ConnectionTrait,
    after: i64,
    settled_only: bool,
    limit: u64,
) -> Result<Vec<O::Model>, DbErr> {
    let mut q = O::find().filter(O::ID.gt(after));
    if settled_only {
        q = q.filter(O::STATUS.eq(OrderStatus::Settled));
    }
    q.order_by_asc(O::ID).limit(limit).all(db).await
}

/// Writes settled orders back in bulk: one upsert per chunk of rows.
pub async fn store_settled<O: OrderTable>(
    db: &impl ConnectionTrait,
    rows: Vec<O::ActiveModel>,
) -> Result<(), DbErr> {
    let upsert = OnConflict::column(O::ID)
        .update_columns(O::SETTLED.iter().copied())
        .to_owned();
    for chunk in onyx_store::chunks(rows, 200) {
        O::insert_many(chunk)
            .on_conflict(upsert.clone())
            .exec(db)
            .await?;
    }
    Ok(())
}
