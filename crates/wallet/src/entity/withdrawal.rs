use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "withdrawals")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub coin: String,
    pub channel: String,
    pub network: String,
    pub address: String,
    pub amount: DecimalText,
    pub fee: DecimalText,
    pub net_amount: DecimalText,
    pub separate_fee_coin: Option<String>,
    pub separate_fee: Option<DecimalText>,
    pub amount_usdt: DecimalText,
    pub status: WithdrawalStatus,
    pub tx_hash: Option<String>,
    pub reason: Option<String>,
    pub reviewed_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub reviewed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_store::status_enum!(
    /// A request is pending (its amount frozen) until an operator approves
    /// (pays out) or rejects (unfreezes) it.
    WithdrawalStatus {
        Pending = "pending",
        Approved = "approved",
        Rejected = "rejected",
    }
);
