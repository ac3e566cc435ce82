//! The spot product's socket messages: its trades as TRADE frames (origin
//! `spot`), book changes as DEPTH deltas, order changes as ORDER frames.

use crate::events::{DepthDelta, OrderView, TradeEvent};
use crate::levels;
use onyx_market::api::{coin_of_symbol, symbol_of_coin};
use onyx_socket::{
    DepthData, DepthMessage, Frame, FrameKind, OrderMessage, ServerMessage, TradeData,
    TradeMessage, Utf8Bytes,
};

/// A spot trade as a TRADE frame (`origin` "spot", `side` the taker's);
/// `None` for a symbol that is not a pair's.
pub fn spot_trade_frame(t: &TradeEvent) -> Option<Frame> {
    let coin = coin_of_symbol(&t.symbol)?;
    let message = ServerMessage::Trade(TradeMessage {
        symbol: symbol_of_coin(&coin),
        origin: "spot".into(),
        data: TradeData {
            price: t.price.normalize().to_string(),
            vol: t.qty.normalize().to_string(),
            side: Some(t.taker_side.to_string()),
            ts: t.ts_ms,
        },
    });
    Some(Frame::new(FrameKind::Trade, coin, &message))
}

/// A depth delta as a DEPTH frame (`snapshot` false).
pub fn depth_delta_text(symbol: &str, d: &DepthDelta) -> Utf8Bytes {
    ServerMessage::Depth(DepthMessage {
        symbol: symbol.to_string(),
        data: DepthData {
            snapshot: false,
            seq: d.seq,
            prev_seq: Some(d.prev_seq),
            bids: levels(&d.bids),
            asks: levels(&d.asks),
        },
    })
    .to_text()
}

/// An order update as an ORDER frame.
pub fn order_text(order: &OrderView) -> Utf8Bytes {
    OrderMessage { data: order }.to_text()
}
