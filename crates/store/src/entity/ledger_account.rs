use crate::DecimalText;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ledger_accounts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub account_key: String,
    pub user_id: Option<i64>,
    pub wallet: Option<String>,
    pub system: Option<String>,
    pub asset: String,
    pub available: DecimalText,
    pub frozen: DecimalText,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
