use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// A position: one open per user, contract and side; adding to it averages
/// the entry. Its margin is frozen in the user's contract USDT.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "futures_positions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub contract_id: i64,
    /// Lower-case coin, e.g. `btc`.
    pub coin: String,
    pub symbol: String,
    pub side: PositionSide,
    pub leverage: i32,
    /// Size in the coin.
    pub qty: DecimalText,
    pub entry_price: DecimalText,
    /// Margin put up when opened (and added to by later opens).
    pub initial_margin: DecimalText,
    /// Margin now (after adds and reductions).
    pub margin: DecimalText,
    pub fees: DecimalText,
    pub realised: DecimalText,
    /// Funding paid (negative: received) out of and into the margin.
    pub funding: DecimalText,
    pub status: PositionStatus,
    pub opened_at: i64,
    pub updated_at: i64,
    pub closed_at: Option<i64>,
    /// The last close's price.
    pub close_price: Option<DecimalText>,
    /// 0: the owner's own; otherwise the copy portfolio (a follow's id)
    /// the position was copied into.
    pub portfolio: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_store::status_enum!(
    /// The side of a position (and of the orders and stops on it).
    PositionSide {
        Long = "long",
        Short = "short",
    }
);

onyx_store::status_enum!(
    /// A position is open until closed by its owner or liquidated.
    PositionStatus {
        Open = "open",
        Closed = "closed",
        Liquidated = "liquidated",
    }
);
