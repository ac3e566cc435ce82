use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// One order: its terms as they were when it opened, the recorded tick it
/// opened on and, once settled, the tick it closed on and where the stake
/// went. Times are epoch milliseconds.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "second_contract_orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub order_no: String,
    pub user_id: i64,
    /// Lower-case coin, e.g. `btc`.
    pub coin: String,
    /// The catalogue's symbol, e.g. `btcusdt`.
    pub symbol: String,
    /// The stake's coin, `usdt`.
    pub base_symbol: String,
    pub period_id: i64,
    pub period_seconds: i32,
    /// `up` or `down`.
    pub direction: String,
    pub stake: DecimalText,
    pub odds: DecimalText,
    pub full_loss: i32,
    pub open_price: DecimalText,
    pub open_tick_ms: i64,
    pub open_source: String,
    pub opened_at: i64,
    pub close_at: i64,
    /// `open` or `settled`.
    pub status: String,
    /// `win`, `lose`, `draw` or `void` once settled.
    pub outcome: Option<String>,
    pub close_price: Option<DecimalText>,
    pub close_tick_ms: Option<i64>,
    pub close_source: Option<String>,
    /// Out of the stake back to the user.
    pub returned: Option<DecimalText>,
    /// From the house to the user, on top of the stake.
    pub winnings: Option<DecimalText>,
    /// Out of the stake to the house.
    pub to_house: Option<DecimalText>,
    pub open_tx_id: i64,
    pub settle_tx_id: Option<i64>,
    pub settled_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_fixed_payout::order_table!(settles also []);
