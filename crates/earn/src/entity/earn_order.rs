use super::earn_product::{EarnKind, SettlementType};
use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// A user's finance or staking order: its principal held in the finance
/// wallet, its term and what it has earned.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "earn_orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_no: String,
    pub kind: EarnKind,
    pub user_id: i64,
    pub product_id: i64,
    pub coin: String,
    pub amount: DecimalText,
    pub days: i32,
    /// The APR fixed at subscription (finance).
    pub apr: Option<DecimalText>,
    /// First accrual day (UTC day number) and the maturity day.
    pub start_day: i64,
    pub end_day: i64,
    pub settlement_type: SettlementType,
    pub auto_renew: i32,
    pub early_rule: String,
    pub penalty_rate: DecimalText,
    /// The whole term's interest as promised at subscription, set aside
    /// against the finance house.
    pub reserved: DecimalText,
    /// Interest accrued so far, and of it paid to spot.
    pub accrued: DecimalText,
    pub paid: DecimalText,
    /// The last day accrued (`start_day - 1` before the first).
    pub last_day: i64,
    pub status: OrderStatus,
    pub penalty: DecimalText,
    pub forfeited: DecimalText,
    pub created_at: i64,
    pub settled_at: Option<i64>,
    /// The order this one renewed.
    pub renewed_from: Option<i64>,
    pub subscribe_tx: i64,
    pub settle_tx: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// An order earns until it matures (settled) or its owner takes it back
/// early (redeemed); stored as 0, 1 and 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "i32", db_type = "Integer")]
pub enum OrderStatus {
    #[sea_orm(num_value = 0)]
    Earning,
    #[sea_orm(num_value = 1)]
    Settled,
    #[sea_orm(num_value = 2)]
    Redeemed,
}

impl OrderStatus {
    /// The stored and published number.
    pub fn number(self) -> i32 {
        self.to_value()
    }
}
