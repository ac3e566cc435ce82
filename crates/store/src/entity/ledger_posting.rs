use crate::DecimalText;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ledger_postings")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tx_id: i64,
    pub kind: String,
    pub asset: String,
    pub amount: DecimalText,
    pub from_account_id: i64,
    pub from_bucket: String,
    pub to_account_id: i64,
    pub to_bucket: String,
    pub from_user_id: Option<i64>,
    pub to_user_id: Option<i64>,
    pub reference: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
