//! The market's socket messages (DETAIL, KLINE, TRADE), rendered once per
//! applied batch and shared by every connection.

use crate::{symbol_of_coin, Candle, CoinView, Interval, Tick};
use onyx_socket::{
    DetailData, DetailMessage, Frame, FrameKind, KlineData, KlineMessage, ServerMessage, TradeData,
    TradeMessage,
};

pub fn detail_frame(coin: &str, view: &CoinView) -> Frame {
    let s = &view.stats;
    let (origin, ts, stale) = match &view.index {
        Some(i) => (i.source, i.ts_ms, i.stale),
        None => ("", 0, true),
    };
    let message = ServerMessage::Detail(DetailMessage {
        symbol: symbol_of_coin(coin),
        origin: origin.to_string(),
        data: DetailData {
            open: s.open_price.to_string(),
            close: s.close.to_string(),
            high: s.high.to_string(),
            low: s.low.to_string(),
            vol: s.volume.to_string(),
            amount: s.close.to_string(),
            quote_volume: s.volume2.to_string(),
            change: s.change.to_string(),
            price_change_percent: s.price_change_percent.to_string(),
            ts,
            stale,
        },
    });
    Frame::new(FrameKind::Detail, coin, &message)
}

pub fn kline_frame(coin: &str, origin: &str, interval: Interval, c: &Candle) -> Frame {
    let message = ServerMessage::Kline(KlineMessage {
        symbol: symbol_of_coin(coin),
        origin: origin.to_string(),
        interval: interval.as_str().to_string(),
        data: KlineData {
            open_time_ms: c.open_time_ms,
            open: c.open.to_string(),
            high: c.high.to_string(),
            low: c.low.to_string(),
            close: c.close.to_string(),
            vol: c.volume.normalize().to_string(),
            quote_volume: c.quote_volume.normalize().to_string(),
        },
    });
    Frame::new(FrameKind::Kline(interval.as_str()), coin, &message)
}

pub fn trade_frame(t: &Tick) -> Frame {
    let message = ServerMessage::Trade(TradeMessage {
        symbol: symbol_of_coin(&t.coin),
        origin: t.source.to_string(),
        data: TradeData {
            price: t.price.to_string(),
            vol: t.quantity.to_string(),
            side: None,
            ts: t.ts_ms,
        },
    });
    Frame::new(FrameKind::Trade, t.coin.clone(), &message)
}
