use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// A spot order; see migration m0005. Amounts are decimal text.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "spot_orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub symbol: String,
    pub side: OrderSide,
    pub kind: OrderKind,
    pub tif: Option<TimeInForce>,
    pub price: Option<DecimalText>,
    pub qty: Option<DecimalText>,
    pub quote_amount: Option<DecimalText>,
    pub filled_qty: DecimalText,
    pub filled_quote: DecimalText,
    pub fee: DecimalText,
    pub fee_coin: String,
    pub frozen_asset: String,
    pub frozen: DecimalText,
    /// What the finished order released from its hold (m0034); null while
    /// it is open.
    pub returned: Option<DecimalText>,
    pub status: OrderStatus,
    pub cancel_reason: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_store::status_enum!(
    /// The side of the book an order rests on (a trade's taker side too).
    OrderSide {
        Buy = "buy",
        Sell = "sell",
    }
);

impl OrderSide {
    /// The side a trade's other party was on.
    pub fn opposite(self) -> OrderSide {
        match self {
            OrderSide::Buy => OrderSide::Sell,
            OrderSide::Sell => OrderSide::Buy,
        }
    }
}

onyx_store::status_enum!(
    /// A limit order has a price; a market order takes what the book offers.
    OrderKind {
        Limit = "limit",
        Market = "market",
    }
);

onyx_store::status_enum!(
    /// What a limit order's remainder does (a market order has none):
    /// rests, is cancelled, or the order only ever rests.
    TimeInForce {
        Gtc = "gtc",
        Ioc = "ioc",
        PostOnly = "post_only",
    }
);

onyx_store::status_enum!(
    /// Open and partial orders rest in a book; the others are done.
    OrderStatus {
        Open = "open",
        Partial = "partial",
        Filled = "filled",
        Cancelled = "cancelled",
        Rejected = "rejected",
    }
);

impl OrderStatus {
    /// Orders that rest in a book.
    pub const OPEN: [OrderStatus; 2] = [OrderStatus::Open, OrderStatus::Partial];
    /// Orders that are done.
    pub const CLOSED: [OrderStatus; 3] = [
        OrderStatus::Filled,
        OrderStatus::Cancelled,
        OrderStatus::Rejected,
    ];

    pub fn is_open(self) -> bool {
        Self::OPEN.contains(&self)
    }
}
