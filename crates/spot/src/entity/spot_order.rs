use sea_orm::entity::prelude::*;

/// A spot order; see migration m0005. Amounts are decimal text.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "spot_orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub symbol: String,
    pub side: String,
    pub kind: String,
    pub tif: Option<String>,
    pub price: Option<String>,
    pub qty: Option<String>,
    pub quote_amount: Option<String>,
    pub filled_qty: String,
    pub filled_quote: String,
    pub fee: String,
    pub fee_coin: String,
    pub frozen_asset: String,
    pub frozen: String,
    pub status: OrderStatus,
    pub cancel_reason: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

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
