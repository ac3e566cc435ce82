use sea_orm::entity::prelude::*;

/// An entry of the coin list (spec section 3, coinList).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[sea_orm(table_name = "coins")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Lower-case, except for market `mt5` which keeps its case.
    #[sea_orm(unique)]
    pub coin: String,
    #[sea_orm(unique)]
    pub symbol: String,
    pub show_symbol: String,
    pub logo: String,
    pub sort: i32,
    /// 1 enabled (priced and listed), 0 disabled.
    pub status: i32,
    /// 1 shown to users, 0 hidden.
    pub show_flag: i32,
    /// 2 makes the client show `show_symbol` instead of `symbol`.
    pub customize_flag: i32,
    pub market: String,
    /// 3 makes the client look up the coin's 24 h volume.
    pub coin_type: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
