use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// One inviter's share of one trading fee.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rebates")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub batch_id: i64,
    /// The fee's posting in the ledger.
    pub posting_id: i64,
    /// 1 direct inviter, 2 and 3 above.
    pub level: i32,
    pub source_user_id: i64,
    pub inviter_id: i64,
    /// `spot`, `futures`, `option`, `second`, ... from the fee's reference.
    pub product: String,
    pub coin: String,
    pub fee: DecimalText,
    /// Percent of the fee.
    pub ratio: DecimalText,
    pub amount: DecimalText,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
