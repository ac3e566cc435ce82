use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "deposit_bonus_rules")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub coin: String,
    pub min_amount: DecimalText,
    pub ratio: DecimalText,
    pub max_bonus: DecimalText,
    pub enabled: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
