use super::earn_product::EarnKind;
use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// One day's interest of one order, with the rate it used (the APR of a
/// finance order, the daily percent of a staking one) and its posting.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "earn_accruals")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub user_id: i64,
    pub kind: EarnKind,
    pub day: i64,
    pub rate: DecimalText,
    pub amount: DecimalText,
    /// 1 paid to spot, 0 held until maturity.
    pub paid: i32,
    /// 0 when the interest rounded to nothing (no posting).
    pub tx_id: i64,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
