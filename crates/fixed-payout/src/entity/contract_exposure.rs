use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// What the house may owe on one window of one period if every order in it
/// wins, raised in the transaction that accepts each order. Options share
/// the table (`product`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "contract_exposures")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub product: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub period_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub window_no: i64,
    pub exposure: DecimalText,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
