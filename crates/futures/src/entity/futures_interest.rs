use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// Open interest of a contract per side, in the coin, written in the
/// transaction of every fill: the house's net exposure is their difference.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "futures_interest")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub contract_id: i64,
    pub long_qty: DecimalText,
    pub short_qty: DecimalText,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
