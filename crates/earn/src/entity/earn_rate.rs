use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// A staking product's daily rate (percent) from a UTC day on, published
/// before that day.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "earn_rates")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub product_id: i64,
    pub from_day: i64,
    pub rate: DecimalText,
    pub published_at: i64,
    /// The operator's name, or `seed`.
    pub published_by: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
