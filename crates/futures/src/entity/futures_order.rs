use super::futures_position::PositionSide;
use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// An order: `market` (filled at once) or `limit` (waiting until the mark
/// crosses `limit_price`). An opening order's margin and fee stay frozen
/// in the user's contract USDT while it waits; a closing order (`action`
/// `close`, left by a triggered limit stop) holds nothing.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "futures_orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub contract_id: i64,
    pub coin: String,
    pub symbol: String,
    /// The position it opens or closes.
    pub side: PositionSide,
    pub kind: OrderKind,
    pub action: OrderAction,
    pub leverage: i32,
    /// Whole contracts.
    pub contracts: DecimalText,
    /// Size in the coin.
    pub qty: DecimalText,
    pub limit_price: Option<DecimalText>,
    /// Margin frozen while waiting (an opening limit order), or put up.
    pub margin: DecimalText,
    /// Opening fee frozen while waiting, or paid.
    pub fee: DecimalText,
    pub status: OrderStatus,
    /// Why the server cancelled it; null when the user did or it filled.
    pub reason: Option<CancelReason>,
    pub position_id: Option<i64>,
    /// The limit stop that left it.
    pub stop_id: Option<i64>,
    pub deal_price: Option<DecimalText>,
    pub created_at: i64,
    pub updated_at: i64,
    pub dealt_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_store::status_enum!(
    /// A market order fills at once; a limit order waits for its price.
    OrderKind {
        Market = "market",
        Limit = "limit",
    }
);

onyx_store::status_enum!(
    /// Whether an order opens a position or closes one.
    OrderAction {
        Open = "open",
        Close = "close",
    }
);

onyx_store::status_enum!(
    /// Why the server (not the user) cancelled a waiting order: the
    /// house's open-interest limit or the leverage cap refused its fill,
    /// or the position it would close was closed.
    CancelReason {
        HouseLimit = "house_limit",
        Leverage = "leverage",
        PositionClosed = "position_closed",
    }
);

onyx_store::status_enum!(
    /// A limit order waits until it fills or is cancelled.
    OrderStatus {
        Waiting = "waiting",
        Filled = "filled",
        Cancelled = "cancelled",
    }
);
