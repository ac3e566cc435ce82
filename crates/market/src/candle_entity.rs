use sea_orm::entity::prelude::*;

/// One OHLCV bar; prices and volumes are decimal strings.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "candles")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub coin: String,
    pub interval: String,
    pub open_time: i64,
    #[sea_orm(column_type = "Text")]
    pub open: String,
    #[sea_orm(column_type = "Text")]
    pub high: String,
    #[sea_orm(column_type = "Text")]
    pub low: String,
    #[sea_orm(column_type = "Text")]
    pub close: String,
    #[sea_orm(column_type = "Text")]
    pub volume: String,
    #[sea_orm(column_type = "Text")]
    pub quote_volume: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
