use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "deposits")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub coin: String,
    pub network: String,
    pub address: String,
    pub amount: DecimalText,
    pub tx_hash: String,
    pub screenshot: Option<String>,
    pub status: DepositStatus,
    pub bonus: Option<DecimalText>,
    pub reason: Option<String>,
    pub reviewed_by: Option<i64>,
    pub ledger_tx_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub reviewed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_store::status_enum!(
    /// A claim is pending until an operator confirms (and credits) or
    /// rejects it.
    DepositStatus {
        Pending = "pending",
        Confirmed = "confirmed",
        Rejected = "rejected",
    }
);
