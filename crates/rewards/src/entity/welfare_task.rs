use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// A task an operator set, with its reward.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "welfare_tasks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub kind: TaskKind,
    /// Language → text (JSON); `en` is the fallback.
    pub title: String,
    pub description: String,
    /// `spot_volume`: the USDT volume to reach; 1 otherwise.
    pub threshold: DecimalText,
    pub reward_amount: DecimalText,
    pub reward_coin: String,
    pub status: TaskStatus,
    pub sort: i32,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_store::status_enum!(
    /// What a user does to complete a task.
    TaskKind {
        BindEmail = "bind_email",
        BindPhone = "bind_phone",
        KycPrimary = "kyc_primary",
        FirstDeposit = "first_deposit",
        FirstTrade = "first_trade",
        SpotVolume = "spot_volume",
    }
);

/// Whether users see (and may claim) a task; stored as 1 and 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "i32", db_type = "Integer")]
pub enum TaskStatus {
    #[sea_orm(num_value = 0)]
    Off,
    #[sea_orm(num_value = 1)]
    On,
}

impl TaskStatus {
    /// The stored and published number.
    pub fn number(self) -> i32 {
        self.to_value()
    }

    /// The status a number names, if any (an operator's edit).
    pub fn parse(n: i32) -> Option<TaskStatus> {
        Self::try_from_value(&n).ok()
    }
}
