use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// Every change to a position, with the recorded price it used: opens,
/// closes, liquidations and margin moves. What `onyx verify` reads.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "futures_fills")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub position_id: i64,
    pub user_id: i64,
    pub kind: FillKind,
    /// Size filled (0 for a margin move).
    pub qty: DecimalText,
    /// The price filled at (the mark with the spread), 0 for a margin move.
    pub price: DecimalText,
    /// The index tick it came from, and its source.
    pub mark: DecimalText,
    pub tick_ms: i64,
    pub source: String,
    pub fee: DecimalText,
    /// The rates it was charged at: the fee (of notional) and the spread
    /// over the mark.
    pub fee_rate: DecimalText,
    pub spread: DecimalText,
    /// Realised profit (negative: loss) of a close or liquidation.
    pub pnl: DecimalText,
    /// Margin moved: frozen (open, add) or released (close, reduce).
    pub margin: DecimalText,
    pub tx_id: i64,
    pub at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_store::status_enum!(
    /// What moved the position: a fill, a margin move or a funding payment.
    FillKind {
        Open = "open",
        Close = "close",
        Liquidation = "liquidation",
        MarginAdd = "margin_add",
        MarginReduce = "margin_reduce",
        Funding = "funding",
    }
);
