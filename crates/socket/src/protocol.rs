//! Every message of the live socket. Prices, volumes and amounts are
//! decimal strings; times are epoch milliseconds.
//!
//! A client sends `{"op":"subscribe"|"unsubscribe","type":"detail"|"kline"|
//! "trade"|"depth"|"orders","symbol":"btcusdt","interval":"1m","token":"…"}`;
//! the server answers with the messages below, each tagged by `type`.

use crate::frame::Utf8Bytes;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A subscription request. Anything that does not parse, or names an
/// unknown op, type, symbol or interval, is ignored by the server.
#[derive(Deserialize, Serialize, ToSchema, Debug, Clone, PartialEq)]
#[schema(as = SocketClientMessage)]
pub struct ClientMessage {
    /// `subscribe` or `unsubscribe`.
    pub op: String,
    /// `detail`, `kline`, `trade`, `depth` or `orders`.
    #[serde(rename = "type")]
    pub kind: String,
    /// `btcusdt`; without it a detail or trade subscription means every coin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symbol: Option<String>,
    /// A kline interval (`1m` when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<String>,
    /// The session token; required to subscribe to `orders`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// A message from the server (all but ORDER, whose data is the API's
/// `SpotOrder`: see [`OrderMessage`]).
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[serde(tag = "type", rename_all = "UPPERCASE")]
#[schema(as = SocketServerMessage)]
pub enum ServerMessage {
    Detail(DetailMessage),
    Kline(KlineMessage),
    Trade(TradeMessage),
    Depth(DepthMessage),
    Error(ErrorMessage),
    Heartbeat(HeartbeatMessage),
}

impl ServerMessage {
    pub fn to_text(&self) -> Utf8Bytes {
        render(self)
    }
}

/// 24 h statistics of one coin at its index price.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[schema(as = SocketDetail)]
pub struct DetailMessage {
    pub symbol: String,
    /// The price source (`simulator`, `binance`); empty before the first price.
    pub origin: String,
    pub data: DetailData,
}

#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[schema(as = SocketDetailData)]
pub struct DetailData {
    /// The price 24 h ago.
    pub open: String,
    pub close: String,
    pub high: String,
    pub low: String,
    /// Base volume.
    pub vol: String,
    /// The current price (the coin list's meaning of `amount`).
    pub amount: String,
    /// USDT volume.
    pub quote_volume: String,
    pub change: String,
    pub price_change_percent: String,
    pub ts: i64,
    pub stale: bool,
}

/// The current candle of one coin and interval.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[schema(as = SocketKline)]
pub struct KlineMessage {
    pub symbol: String,
    pub origin: String,
    pub interval: String,
    pub data: KlineData,
}

#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[schema(as = SocketKlineData)]
pub struct KlineData {
    pub open_time_ms: i64,
    pub open: String,
    pub high: String,
    pub low: String,
    pub close: String,
    pub vol: String,
    pub quote_volume: String,
}

/// One index trade, or a spot trade (`origin` `spot`, with the taker's side).
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[schema(as = SocketTrade)]
pub struct TradeMessage {
    pub symbol: String,
    pub origin: String,
    pub data: TradeData,
}

#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[schema(as = SocketTradeData)]
pub struct TradeData {
    pub price: String,
    pub vol: String,
    /// `buy` or `sell`: the taker's side of a spot trade.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    pub ts: i64,
}

/// A spot pair's book: a snapshot of the top levels (sent on every depth
/// subscribe), then one delta per committed change.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[schema(as = SocketDepth)]
pub struct DepthMessage {
    pub symbol: String,
    pub data: DepthData,
}

#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[schema(as = SocketDepthData)]
pub struct DepthData {
    pub snapshot: bool,
    pub seq: u64,
    /// On a delta: the `seq` it follows (apply only when it is the client's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prev_seq: Option<u64>,
    /// `[price, amount]`, best first; amount `0` removes the level.
    pub bids: Vec<[String; 2]>,
    pub asks: Vec<[String; 2]>,
}

/// A request that was understood but refused (an orders subscription
/// whose token is no live session).
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[schema(as = SocketError)]
pub struct ErrorMessage {
    pub data: ErrorData,
}

#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[schema(as = SocketErrorData)]
pub struct ErrorData {
    pub code: i64,
    pub msg: String,
    pub op: String,
    #[serde(rename = "type")]
    pub kind: String,
}

/// Sent every 15 s, followed by a ping.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[schema(as = SocketHeartbeat)]
pub struct HeartbeatMessage {
    pub data: HeartbeatData,
}

#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[schema(as = SocketHeartbeatData)]
pub struct HeartbeatData {
    pub ts: i64,
}

/// `{"type":"ORDER","data":SpotOrder}`: a change of the subscribed user's
/// order. Generic over the order view, which is the spot product's.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(tag = "type", rename = "ORDER")]
pub struct OrderMessage<'a, T: Serialize> {
    pub data: &'a T,
}

impl<T: Serialize> OrderMessage<'_, T> {
    pub fn to_text(&self) -> Utf8Bytes {
        render(self)
    }
}

/// `[price, amount]` pairs as the socket and the depth call show them.
pub fn levels<P: ToString, A: ToString>(
    side: impl IntoIterator<Item = (P, A)>,
) -> Vec<[String; 2]> {
    side.into_iter()
        .map(|(p, a)| [p.to_string(), a.to_string()])
        .collect()
}

fn render(message: &impl Serialize) -> Utf8Bytes {
    // Serialising these plain structs (strings, integers, bools) cannot fail.
    serde_json::to_string(message)
        .unwrap_or_else(|_| String::from("{}"))
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn parsed(text: Utf8Bytes) -> Value {
        serde_json::from_str(text.as_str()).unwrap()
    }

    #[test]
    fn messages_carry_their_type_tag_beside_their_fields() {
        let m = ServerMessage::Trade(TradeMessage {
            symbol: "btcusdt".into(),
            origin: "spot".into(),
            data: TradeData {
                price: "1.5".into(),
                vol: "2".into(),
                side: Some("buy".into()),
                ts: 7,
            },
        });
        assert_eq!(
            parsed(m.to_text()),
            json!({"type":"TRADE","symbol":"btcusdt","origin":"spot",
                   "data":{"price":"1.5","vol":"2","side":"buy","ts":7}})
        );
        let back: ServerMessage = serde_json::from_value(parsed(m.to_text())).unwrap();
        assert_eq!(back, m);
    }

    #[test]
    fn a_snapshot_has_no_prev_seq_and_a_delta_has_one() {
        let snap = ServerMessage::Depth(DepthMessage {
            symbol: "btcusdt".into(),
            data: DepthData {
                snapshot: true,
                seq: 3,
                prev_seq: None,
                bids: levels([("1", "2")]),
                asks: vec![],
            },
        });
        let v = parsed(snap.to_text());
        assert_eq!(v["data"]["bids"], json!([["1", "2"]]));
        assert!(v["data"].get("prevSeq").is_none());
    }

    #[test]
    fn an_order_message_wraps_the_order_view() {
        let text = OrderMessage {
            data: &json!({"id": 5}),
        }
        .to_text();
        assert_eq!(parsed(text), json!({"type":"ORDER","data":{"id":5}}));
    }
}
