use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// A spot pair (spec section 3, currencyList). Decimals are decimal text.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[sea_orm(table_name = "spot_pairs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub coin: String,
    #[sea_orm(unique)]
    pub symbol: String,
    pub order_min: DecimalText,
    pub order_max: DecimalText,
    pub buy_max: DecimalText,
    pub sell_min: DecimalText,
    pub min_sell: DecimalText,
    pub fee_rate: DecimalText,
    pub base_precision: i32,
    pub coin_precision: i32,
    pub limited_buy: i32,
    pub limited_sell: i32,
    pub market_buy: i32,
    pub market_sell: i32,
    pub enable: i32,
    pub is_deal: i32,
    pub is_show: i32,
    pub sort: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
