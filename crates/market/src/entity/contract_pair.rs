use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// A futures pair (spec section 3, contractList). Decimals are decimal text.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[sea_orm(table_name = "contract_pairs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub symbol: String,
    pub show_symbol: String,
    pub coin: String,
    pub base_coin: String,
    /// Comma-separated leverage options, e.g. "5,10,20".
    pub leverage: String,
    pub min_share: DecimalText,
    pub max_share: DecimalText,
    pub share_number: DecimalText,
    pub open_fee: DecimalText,
    pub close_fee: DecimalText,
    pub usdt_rate: DecimalText,
    pub interval_hour: i32,
    pub enable: i32,
    pub sort: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
