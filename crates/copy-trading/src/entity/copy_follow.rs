use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// A follower's settings for one lead trader and the running account of
/// their copies: net realised profit, the high-water mark the profit
/// share was last charged at, and what was shared. One row per follower
/// and trader, kept across stops and restarts, so the mark is never lost.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "copy_follows")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub trader_id: i64,
    pub user_id: i64,
    /// 0 a ratio of the lead's size, 1 a fixed margin per order.
    pub follow_type: i32,
    /// Percent of the lead's contracts (type 0).
    pub follow_rate: DecimalText,
    /// USDT of margin per copied order (type 1).
    pub follow_amount: DecimalText,
    /// Comma list of lower-case coins copied.
    pub symbols: String,
    /// Most margin the open copies may hold together.
    pub budget: Option<DecimalText>,
    /// Percent of the budget: net realised losses this deep stop the copying.
    pub stop_loss_rate: Option<DecimalText>,
    pub status: FollowStatus,
    pub stop_reason: Option<String>,
    pub net: DecimalText,
    pub hwm: DecimalText,
    pub shared: DecimalText,
    pub created_at: i64,
    pub updated_at: i64,
    pub stopped_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_store::status_enum!(
    /// A follower copies the lead while active; stopping keeps the row.
    FollowStatus {
        Active = "active",
        Stopped = "stopped",
    }
);
