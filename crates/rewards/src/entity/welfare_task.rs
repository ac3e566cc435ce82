use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// A task an operator set, with its reward.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "welfare_tasks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `bind_email`, `bind_phone`, `kyc_primary`, `first_deposit`,
    /// `first_trade`, `spot_volume`.
    pub kind: String,
    /// Language → text (JSON); `en` is the fallback.
    pub title: String,
    pub description: String,
    /// `spot_volume`: the USDT volume to reach; 1 otherwise.
    pub threshold: DecimalText,
    pub reward_amount: DecimalText,
    pub reward_coin: String,
    /// 1 on, 0 off.
    pub status: i32,
    pub sort: i32,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
