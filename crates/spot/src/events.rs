//! What the spot service tells the rest of the server, after each group
//! commit: trades, depth changes and order updates. The socket turns these
//! into TRADE, DEPTH and ORDER frames; nothing is published before it is
//! durable.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

/// A spot order as the API and the socket show it (`SpotOrder` in
/// docs/api.md). Amounts are decimal strings.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[schema(as = SpotOrderView)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub id: i64,
    pub symbol: String,
    /// `buy` or `sell`.
    pub side: String,
    /// `limit` or `market`.
    #[serde(rename = "type")]
    pub kind: String,
    /// `gtc`, `ioc` or `post_only`; `null` for a market order.
    pub time_in_force: Option<String>,
    pub price: Option<String>,
    /// Base quantity asked; `null` for a market buy by total.
    pub amount: Option<String>,
    /// USDT to spend for a market buy by total.
    pub total: Option<String>,
    pub filled_amount: String,
    pub filled_total: String,
    /// What the fills took from the user: USDT for a buy (the filled
    /// total, whatever was held), the coin for a sell.
    pub spent: String,
    /// The asset `spent` and `returned` are in.
    pub spent_coin: String,
    /// What the finished order released from its hold back to the
    /// available balance (a market buy by 100 USDT that spent 95.24
    /// returns 4.76); `null` while the order is open.
    pub returned: Option<String>,
    pub avg_price: Option<String>,
    pub fee: String,
    pub fee_coin: String,
    /// `open`, `partial`, `filled`, `cancelled`, `rejected`.
    pub status: String,
    /// `user`, `unfilled`, `self_trade`, `would_take`.
    pub cancel_reason: Option<String>,
    pub create_time: DateTime<Utc>,
    pub update_time: DateTime<Utc>,
}

/// One published change.
#[derive(Clone, Debug)]
pub enum SpotEvent {
    Trade(TradeEvent),
    Depth(DepthDelta),
    /// One user's order changed (placed, filled, cancelled).
    Order {
        user_id: i64,
        /// Boxed: an order view is several times the size of the other events.
        order: Box<OrderView>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TradeEvent {
    pub symbol: String,
    pub price: Decimal,
    pub qty: Decimal,
    /// `buy` or `sell`: the taker's side.
    pub taker_side: &'static str,
    pub ts_ms: i64,
}

/// The levels that changed in one commit. `seq` counts deltas per symbol
/// from the snapshot a client holds; an amount of zero removes the level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DepthDelta {
    pub symbol: String,
    pub seq: u64,
    pub prev_seq: u64,
    pub bids: Vec<(Decimal, Decimal)>,
    pub asks: Vec<(Decimal, Decimal)>,
}

/// The top of one book with the sequence number it is current at: a client
/// applies deltas with `prev_seq == seq` of this snapshot onwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DepthSnapshot {
    pub symbol: String,
    pub seq: u64,
    /// Best first.
    pub bids: Vec<(Decimal, Decimal)>,
    pub asks: Vec<(Decimal, Decimal)>,
}
