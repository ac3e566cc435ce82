use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// A funding payment run of one contract at one funding time: the rate,
/// the recorded mark it was paid at, and the open interest the rate came
/// from. Written in the transaction that pays it: each runs once.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "futures_fundings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub contract_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub funding_time: i64,
    pub rate: DecimalText,
    pub mark: DecimalText,
    pub tick_ms: i64,
    pub source: String,
    pub long_qty: DecimalText,
    pub short_qty: DecimalText,
    pub positions: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
