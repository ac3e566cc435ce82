use sea_orm::entity::prelude::*;

/// Rebates of the fee postings `from_posting..=to_posting`, credited in one
/// ledger transaction (one posting per inviter and coin).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rebate_batches")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub from_posting: i64,
    pub to_posting: i64,
    /// 0 when nothing was due (switched off, no inviters).
    pub tx_id: i64,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
