use sea_orm::entity::prelude::*;

/// One second of a coin's price tape (see `tape`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "index_ticks")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub coin: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub second: i64,
    pub price: onyx_store::DecimalText,
    pub ts_ms: i64,
    pub source: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
