use sea_orm::entity::prelude::*;

/// An option (second-contract) pair (spec section 3, optionList).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[sea_orm(table_name = "option_pairs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub coin: String,
    #[sea_orm(unique)]
    pub symbol: String,
    pub show_symbol: String,
    pub fee_type: i32,
    pub fee_value: onyx_store::DecimalText,
    pub sort: i32,
    pub status: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
