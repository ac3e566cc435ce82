use super::spot_order::OrderSide;
use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// One fill between a resting (maker) and an incoming (taker) order.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "spot_trades")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub symbol: String,
    pub price: DecimalText,
    pub qty: DecimalText,
    pub quote: DecimalText,
    pub maker_order_id: i64,
    pub taker_order_id: i64,
    pub maker_user_id: i64,
    pub taker_user_id: i64,
    pub taker_side: OrderSide,
    pub buyer_fee: DecimalText,
    pub seller_fee: DecimalText,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
