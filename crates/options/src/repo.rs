//! Queries over option periods and orders: the shared ones on this
//! product's tables, and a pair's period by its length.

pub use crate::entity::option_order::OrderSort;
use crate::entity::{option_order as order, option_period as period};
pub use onyx_fixed_payout::repo::{PERIOD_ON, STATUS_OPEN, STATUS_SETTLED};
use onyx_store::sort::Sort;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

/// A pair's period of `seconds`, on or off.
pub async fn period_of(
    db: &impl ConnectionTrait,
    option_id: i64,
    seconds: i32,
) -> Result<Option<period::Model>, DbErr> {
    period::Entity::find()
        .filter(period::Column::OptionId.eq(option_id))
        .filter(period::Column::PeriodSeconds.eq(seconds))
        .one(db)
        .await
}

/// A user's orders in one status, in `sort`'s order, a page at a time.
pub async fn user_orders(
    db: &impl ConnectionTrait,
    user_id: i64,
    status: &str,
    sort: Sort<OrderSort>,
    offset: u64,
    limit: u64,
) -> Result<(Vec<order::Model>, u64), DbErr> {
    onyx_fixed_payout::repo::user_orders::<order::Entity>(db, user_id, status, sort, offset, limit)
        .await
}
