use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// The interest earning orders of one coin still await from the finance
/// house: the sum of each one's promise less what it accrued.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "earn_reserves")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub coin: String,
    pub awaited: DecimalText,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
