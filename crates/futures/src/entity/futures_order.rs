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
    /// `long` or `short`: the position it opens or closes.
    pub side: String,
    /// `market` or `limit`.
    pub kind: String,
    /// `open` or `close`.
    pub action: String,
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
    /// `waiting`, `filled` or `cancelled`.
    pub status: String,
    /// Why the server cancelled it (`house_limit`, `leverage`,
    /// `position_closed`); null when the user did or it filled.
    pub reason: Option<String>,
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
