use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "exchanges")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub from_coin: String,
    pub to_coin: String,
    pub from_amount: DecimalText,
    pub to_amount: DecimalText,
    pub price: DecimalText,
    pub fee: DecimalText,
    pub fee_coin: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
