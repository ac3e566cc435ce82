use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// The reward for the `day`th consecutive day of signing in (1..=7).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "welfare_sign_in_days")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub day: i32,
    pub amount: DecimalText,
    pub coin: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
