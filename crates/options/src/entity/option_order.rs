use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// One order: its issue, its terms and fee as they were when it was
/// accepted, the recorded tick that is its strike and, once settled, the
/// tick it closed on and where the stake went. Times are epoch ms.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "option_orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub order_no: String,
    pub user_id: i64,
    pub option_id: i64,
    /// Lower-case coin, e.g. `btc`.
    pub coin: String,
    /// The option pair's symbol, e.g. `btcusdt`.
    pub symbol: String,
    pub period_id: i64,
    pub period_seconds: i32,
    pub issue_no: i64,
    /// `up` or `down`.
    pub direction: String,
    pub stake: DecimalText,
    /// The pair's fee rule when the order was accepted.
    pub fee_type: i32,
    pub fee_value: DecimalText,
    /// Taken from the user's available USDT at acceptance.
    pub fee: DecimalText,
    pub odds: DecimalText,
    pub full_loss: i32,
    /// The strike: the coin's last tape tick at acceptance.
    pub open_price: DecimalText,
    pub open_tick_ms: i64,
    pub open_source: String,
    pub opened_at: i64,
    /// The issue's end.
    pub close_at: i64,
    /// `open` or `settled`.
    pub status: String,
    /// `win`, `lose`, `draw` or `void` once settled.
    pub outcome: Option<String>,
    pub close_price: Option<DecimalText>,
    pub close_tick_ms: Option<i64>,
    pub close_source: Option<String>,
    pub returned: Option<DecimalText>,
    pub winnings: Option<DecimalText>,
    pub to_house: Option<DecimalText>,
    /// The fee given back (void only).
    pub fee_returned: Option<DecimalText>,
    pub open_tx_id: i64,
    pub settle_tx_id: Option<i64>,
    pub settled_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_fixed_payout::order_table!(settles also [FeeReturned]);
