//! Queries over option periods and orders: the shared ones on this
//! product's tables, and a pair's period by its length.

pub use crate::entity::option_order::OrderSort;
use crate::entity::option_period as period;
pub use onyx_fixed_payout::repo::{user_orders, OrderStatus, PERIOD_ON};
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
