use sea_orm::entity::prelude::*;

/// A futures pair (spec section 3, contractList). Decimals are strings.
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
    pub min_share: String,
    pub max_share: String,
    pub share_number: String,
    pub open_fee: String,
    pub close_fee: String,
    pub usdt_rate: String,
    pub interval_hour: i32,
    pub enable: i32,
    pub sort: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
