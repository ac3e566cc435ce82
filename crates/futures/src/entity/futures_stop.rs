use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// A take-profit or stop-loss on a position: when the mark reaches its
/// trigger, `qty` of the position is closed at the mark.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "futures_stops")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub position_id: i64,
    pub coin: String,
    pub kind: StopKind,
    pub trigger_price: DecimalText,
    /// Size to close, in the coin.
    pub qty: DecimalText,
    pub status: StopStatus,
    pub created_at: i64,
    pub triggered_at: Option<i64>,
    /// The mark it closed at.
    pub fill_price: Option<DecimalText>,
    /// Limit execution: the price of the closing order it leaves when
    /// triggered; null closes at the mark.
    pub limit_price: Option<DecimalText>,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_store::status_enum!(
    /// Which way the mark has to move to trigger a stop.
    StopKind {
        TakeProfit = "take_profit",
        StopLoss = "stop_loss",
    }
);

onyx_store::status_enum!(
    /// A stop waits (active) until it triggers or is cancelled.
    StopStatus {
        Active = "active",
        Cancelled = "cancelled",
        Triggered = "triggered",
    }
);
