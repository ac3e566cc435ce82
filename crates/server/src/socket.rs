//! The live socket at `/ws/{id}` (spec section 7 "Live socket").
//!
//! Client messages: `{"op":"subscribe"|"unsubscribe","type":"detail"|"kline"|"trade",
//! "symbol":"btcusdt","interval":"1m"}`; a detail or trade subscription
//! without a symbol means every coin; a kline subscription needs a symbol
//! (interval defaults to 1m). Anything else (bad JSON, unknown op, type,
//! symbol or interval, binary frames) is ignored.
//!
//! Server messages, prices and volumes as decimal strings:
//! - `{"type":"DETAIL","symbol":"btcusdt","origin":"simulator","data":{"open","close",
//!   "high","low","vol","amount","quoteVolume","change","priceChangePercent","ts","stale"}}`:
//!   24 h statistics; `open` is the price 24 h ago, `vol` the base volume,
//!   `quoteVolume` the USDT volume and `amount` the current price (the coin
//!   list's meaning of `amount`).
//! - `{"type":"KLINE","symbol","origin","interval":"1m","data":{"openTimeMs","open",
//!   "high","low","close","vol","quoteVolume"}}`: the current candle.
//! - `{"type":"TRADE","symbol","origin","data":{"price","vol","ts"}}`: one trade.
//! - `{"type":"HEARTBEAT","data":{"ts"}}` every 15 s, followed by a ping.
//!
//! Limits: at most [`CONNECTIONS_PER_IP_MAX`] connections per client address
//! (the next upgrade is refused with HTTP 429); at most
//! [`CLIENT_MESSAGES_PER_SECOND`] client messages per second per connection
//! (extra ones are ignored; [`CLIENT_EXCESS_MAX`] ignored messages close the
//! connection), so one address sends at most 20 x 20 messages a second. A
//! client that sends nothing (not even a pong) for [`IDLE_LIMIT`] is closed.
//!
//! Slow clients never slow others. The market service publishes each batch
//! once (pre-rendered) on a broadcast channel; each connection filters it
//! into its own outgoing queue of at most [`QUEUE_MAX`] messages, drained
//! by a separate writer task. When the queue is full, the overflow policy
//! is "latest state wins": a queued DETAIL or KLINE of the same coin (and
//! interval) as the new message is dropped first, else the oldest queued
//! DETAIL/KLINE, else the oldest message of any kind. After
//! [`OVERFLOW_DROPS_MAX`] drops without the queue ever emptying in between
//! (sustained overflow), the connection is closed.

use crate::extract::ClientIp;
use crate::state::AppState;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use onyx_market::snapshot::CoinView;
use onyx_market::{coin_of_symbol, symbol_of_coin, Candle, Interval, Tick};
use serde::Deserialize;
use serde_json::json;
use std::collections::{BTreeSet, HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, Notify};
use tokio::time::{interval_at, Instant};

/// A client that has sent nothing (not even a pong) for this long is gone.
pub const IDLE_LIMIT: Duration = Duration::from_secs(60);
/// Subscriptions one connection may hold.
pub const SUBSCRIPTIONS_MAX: usize = 256;
/// Largest client message accepted.
pub const CLIENT_MESSAGE_MAX_BYTES: usize = 4 * 1024;
/// Open sockets per client address.
/// Default of `--ws-connections-per-ip`.
pub const CONNECTIONS_PER_IP_MAX: usize = 20;
/// Client messages per second per connection.
pub const CLIENT_MESSAGES_PER_SECOND: u32 = 20;
/// Ignored (over-rate) client messages before the connection is closed.
pub const CLIENT_EXCESS_MAX: u32 = 200;
/// Outgoing messages queued per connection.
pub const QUEUE_MAX: usize = 256;
/// Drops without the queue emptying before a slow client is disconnected.
pub const OVERFLOW_DROPS_MAX: u32 = 1024;
/// Market batches buffered for connections that fall behind.
pub const EVENTS_BUFFERED: usize = 1024;

/// What a pre-rendered market message is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FrameKind {
    Detail,
    Kline(Interval),
    Trade,
}

/// One server message, rendered once and shared by every connection.
#[derive(Clone, Debug)]
pub struct Frame {
    pub kind: FrameKind,
    pub coin: String,
    pub text: Utf8Bytes,
}

/// Everything one applied tick batch produced.
#[derive(Debug, Default)]
pub struct MarketFrames {
    pub frames: Vec<Frame>,
}

pub fn detail_frame(coin: &str, view: &CoinView) -> Frame {
    let s = &view.stats;
    let (origin, ts, stale) = match &view.index {
        Some(i) => (i.source, i.ts_ms, i.stale),
        None => ("", 0, true),
    };
    let message = json!({
        "type": "DETAIL",
        "symbol": symbol_of_coin(coin),
        "origin": origin,
        "data": {
            "open": s.open_price.to_string(),
            "close": s.close.to_string(),
            "high": s.high.to_string(),
            "low": s.low.to_string(),
            "vol": s.volume.to_string(),
            "amount": s.close.to_string(),
            "quoteVolume": s.volume2.to_string(),
            "change": s.change.to_string(),
            "priceChangePercent": s.price_change_percent.to_string(),
            "ts": ts,
            "stale": stale,
        }
    });
    Frame {
        kind: FrameKind::Detail,
        coin: coin.to_string(),
        text: message.to_string().into(),
    }
}

pub fn kline_frame(coin: &str, origin: &str, interval: Interval, c: &Candle) -> Frame {
    let message = json!({
        "type": "KLINE",
        "symbol": symbol_of_coin(coin),
        "origin": origin,
        "interval": interval.as_str(),
        "data": {
            "openTimeMs": c.open_time_ms,
            "open": c.open.to_string(),
            "high": c.high.to_string(),
            "low": c.low.to_string(),
            "close": c.close.to_string(),
            "vol": c.volume.normalize().to_string(),
            "quoteVolume": c.quote_volume.normalize().to_string(),
        }
    });
    Frame {
        kind: FrameKind::Kline(interval),
        coin: coin.to_string(),
        text: message.to_string().into(),
    }
}

pub fn trade_frame(t: &Tick) -> Frame {
    let message = json!({
        "type": "TRADE",
        "symbol": symbol_of_coin(&t.coin),
        "origin": t.source,
        "data": {"price": t.price.to_string(), "vol": t.quantity.to_string(), "ts": t.ts_ms}
    });
    Frame {
        kind: FrameKind::Trade,
        coin: t.coin.clone(),
        text: message.to_string().into(),
    }
}

/// Open connections per client address, at most `per_ip_max` each.
#[derive(Debug)]
pub struct SocketHub {
    per_ip: Mutex<HashMap<IpAddr, usize>>,
    per_ip_max: usize,
}

impl Default for SocketHub {
    fn default() -> Self {
        SocketHub::with_limit(CONNECTIONS_PER_IP_MAX)
    }
}

/// One admitted connection; dropping it frees the slot.
pub struct Admission {
    hub: Arc<SocketHub>,
    ip: IpAddr,
}

impl SocketHub {
    pub fn with_limit(per_ip_max: usize) -> SocketHub {
        SocketHub {
            per_ip: Mutex::new(HashMap::new()),
            per_ip_max: per_ip_max.max(1),
        }
    }

    pub fn try_admit(self: &Arc<Self>, ip: IpAddr) -> Option<Admission> {
        let mut map = self.per_ip.lock().expect("socket hub lock");
        let n = map.entry(ip).or_insert(0);
        if *n >= self.per_ip_max {
            return None;
        }
        *n += 1;
        Some(Admission {
            hub: self.clone(),
            ip,
        })
    }

    pub fn connections(&self, ip: IpAddr) -> usize {
        let map = self.per_ip.lock().expect("socket hub lock");
        map.get(&ip).copied().unwrap_or(0)
    }
}

impl Drop for Admission {
    fn drop(&mut self) {
        let mut map = self.hub.per_ip.lock().expect("socket hub lock");
        if let Some(n) = map.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                map.remove(&self.ip);
            }
        }
    }
}

pub async fn upgrade(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    ws: WebSocketUpgrade,
) -> Response {
    let id: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(64)
        .collect();
    let Some(admission) = state.sockets.try_admit(ip) else {
        tracing::debug!(%ip, "socket refused: too many connections");
        return (StatusCode::TOO_MANY_REQUESTS, "too many connections").into_response();
    };
    let events = state.market_events.subscribe();
    let heartbeat = Duration::from_millis(state.config.socket_heartbeat_ms.max(10));
    ws.max_message_size(CLIENT_MESSAGE_MAX_BYTES)
        .on_upgrade(move |socket| run(socket, id, events, heartbeat, admission))
}

#[derive(Deserialize, Debug, PartialEq)]
struct ClientMessage {
    op: String,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    symbol: Option<String>,
    #[serde(default)]
    interval: Option<String>,
}

/// A subscription: `None` coin means every coin.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Subscription {
    kind: FrameKind,
    coin: Option<String>,
}

impl ClientMessage {
    /// The subscription this message names, if it is a valid one.
    fn subscription(&self) -> Option<Subscription> {
        let coin = match &self.symbol {
            Some(s) => Some(coin_of_symbol(s)?),
            None => None,
        };
        let kind = match self.kind.to_ascii_lowercase().as_str() {
            "detail" => FrameKind::Detail,
            "trade" => FrameKind::Trade,
            "kline" => {
                coin.as_ref()?;
                FrameKind::Kline(Interval::parse(self.interval.as_deref().unwrap_or("1m"))?)
            }
            _ => return None,
        };
        Some(Subscription { kind, coin })
    }
}

#[derive(Default, Debug)]
struct Subscriptions(BTreeSet<Subscription>);

impl Subscriptions {
    /// Applies a client message; false when it was not a valid request.
    fn handle(&mut self, text: &str) -> bool {
        let Ok(m) = serde_json::from_str::<ClientMessage>(text) else {
            return false;
        };
        let Some(sub) = m.subscription() else {
            return false;
        };
        match m.op.as_str() {
            "subscribe" if self.0.len() < SUBSCRIPTIONS_MAX => self.0.insert(sub),
            "unsubscribe" => self.0.remove(&sub),
            _ => return false,
        };
        true
    }

    fn wants(&self, f: &Frame) -> bool {
        let any = Subscription {
            kind: f.kind,
            coin: None,
        };
        let one = Subscription {
            kind: f.kind,
            coin: Some(f.coin.clone()),
        };
        (!matches!(f.kind, FrameKind::Kline(_)) && self.0.contains(&any)) || self.0.contains(&one)
    }
}

#[derive(Debug)]
enum Out {
    Frame(Frame),
    Text(Utf8Bytes),
    Ping,
}

impl Out {
    /// DETAIL and KLINE carry state: a newer one replaces an older one.
    fn state_key(&self) -> Option<(FrameKind, &str)> {
        match self {
            Out::Frame(f) if f.kind != FrameKind::Trade => Some((f.kind, f.coin.as_str())),
            _ => None,
        }
    }
}

#[derive(Default, Debug)]
struct Queue {
    items: VecDeque<Out>,
    drops_since_empty: u32,
    closed: bool,
}

/// A connection's bounded outgoing queue (see the module doc for the
/// overflow policy).
#[derive(Default, Debug)]
struct Outbox {
    queue: Mutex<Queue>,
    ready: Notify,
}

#[derive(Debug, PartialEq, Eq)]
struct Overflowed;

impl Outbox {
    fn push(&self, out: Out) -> Result<(), Overflowed> {
        let mut q = self.queue.lock().expect("outbox lock");
        if q.items.len() >= QUEUE_MAX {
            let victim = out
                .state_key()
                .and_then(|key| q.items.iter().position(|o| o.state_key() == Some(key)))
                .or_else(|| q.items.iter().position(|o| o.state_key().is_some()))
                .unwrap_or(0);
            q.items.remove(victim);
            q.drops_since_empty += 1;
            if q.drops_since_empty >= OVERFLOW_DROPS_MAX {
                return Err(Overflowed);
            }
        }
        q.items.push_back(out);
        drop(q);
        self.ready.notify_one();
        Ok(())
    }

    /// Everything queued, waiting for at least one; `None` once closed.
    async fn take(&self) -> Option<Vec<Out>> {
        loop {
            {
                let mut q = self.queue.lock().expect("outbox lock");
                if q.closed {
                    return None;
                }
                if !q.items.is_empty() {
                    q.drops_since_empty = 0;
                    return Some(q.items.drain(..).collect());
                }
            }
            self.ready.notified().await;
        }
    }

    fn close(&self) {
        self.queue.lock().expect("outbox lock").closed = true;
        self.ready.notify_one();
    }
}

async fn write_loop(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    outbox: Arc<Outbox>,
) {
    while let Some(batch) = outbox.take().await {
        for out in batch {
            let message = match out {
                Out::Frame(f) => Message::Text(f.text),
                Out::Text(t) => Message::Text(t),
                Out::Ping => Message::Ping(Vec::new().into()),
            };
            if sink.send(message).await.is_err() {
                return;
            }
        }
    }
    let _ = sink.close().await;
}

/// Counts client messages per one-second window.
struct RateWindow {
    started: Instant,
    count: u32,
    excess: u32,
}

impl RateWindow {
    /// True when this message is within the rate.
    fn allow(&mut self) -> bool {
        if self.started.elapsed() >= Duration::from_secs(1) {
            self.started = Instant::now();
            self.count = 0;
        }
        self.count += 1;
        if self.count > CLIENT_MESSAGES_PER_SECOND {
            self.excess += 1;
            return false;
        }
        true
    }
}

async fn run(
    socket: WebSocket,
    id: String,
    mut events: broadcast::Receiver<Arc<MarketFrames>>,
    heartbeat: Duration,
    _admission: Admission,
) {
    let (sink, mut stream) = socket.split();
    let outbox = Arc::new(Outbox::default());
    let mut writer = tokio::spawn(write_loop(sink, outbox.clone()));
    let mut subscriptions = Subscriptions::default();
    let mut beat = interval_at(Instant::now() + heartbeat, heartbeat);
    let mut last_heard = Instant::now();
    let mut rate = RateWindow {
        started: Instant::now(),
        count: 0,
        excess: 0,
    };
    let mut events_open = true;
    // Set when the writer task ended on its own: its handle must not be
    // awaited a second time.
    let mut writer_done = false;
    let reason = loop {
        tokio::select! {
            _ = &mut writer => {
                writer_done = true;
                break "write failed";
            }
            event = events.recv(), if events_open => match event {
                Ok(batch) => {
                    let wanted = batch.frames.iter().filter(|f| subscriptions.wants(f));
                    if wanted.map(|f| outbox.push(Out::Frame(f.clone()))).any(|r| r.is_err()) {
                        break "sustained overflow";
                    }
                }
                Err(broadcast::error::RecvError::Lagged(n)) => {
                    tracing::debug!(%id, skipped = n, "socket fell behind the market feed");
                }
                Err(broadcast::error::RecvError::Closed) => events_open = false,
            },
            _ = beat.tick() => {
                if last_heard.elapsed() > IDLE_LIMIT {
                    break "idle";
                }
                let ts = chrono::Utc::now().timestamp_millis();
                let heartbeat = json!({"type": "HEARTBEAT", "data": {"ts": ts}}).to_string();
                if outbox.push(Out::Text(heartbeat.into())).is_err() || outbox.push(Out::Ping).is_err() {
                    break "sustained overflow";
                }
            }
            incoming = stream.next() => {
                let Some(Ok(message)) = incoming else { break "closed" };
                last_heard = Instant::now();
                match message {
                    Message::Text(text) => {
                        if rate.allow() {
                            subscriptions.handle(&text);
                        } else if rate.excess >= CLIENT_EXCESS_MAX {
                            break "message rate";
                        }
                    }
                    Message::Close(_) => break "closed",
                    _ => {}
                }
            }
        }
    };
    outbox.close();
    if !writer_done {
        let _ = writer.await;
    }
    tracing::debug!(%id, reason, subscriptions = subscriptions.0.len(), "socket closed");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(kind: FrameKind, coin: &str, text: &str) -> Frame {
        Frame {
            kind,
            coin: coin.into(),
            text: text.to_string().into(),
        }
    }

    #[test]
    fn subscriptions_normalise_symbols_and_default_to_all_coins_for_detail() {
        let mut s = Subscriptions::default();
        assert!(s.handle(r#"{"op":"subscribe","type":"detail"}"#));
        assert!(s.wants(&frame(FrameKind::Detail, "eth", "")));
        assert!(s.handle(r#"{"op":"subscribe","type":"KLINE","symbol":"BTCUSDT","interval":"5m"}"#));
        assert!(s.wants(&frame(FrameKind::Kline(Interval::M5), "btc", "")));
        assert!(!s.wants(&frame(FrameKind::Kline(Interval::M1), "btc", "")));
        assert!(!s.wants(&frame(FrameKind::Trade, "btc", "")));
        assert!(
            !s.handle(r#"{"op":"subscribe","type":"kline"}"#),
            "kline needs a symbol"
        );
        assert!(!s.handle(r#"{"op":"subscribe","type":"kline","symbol":"btc","interval":"2m"}"#));
        assert!(!s.handle("not json"));
        assert!(s.handle(r#"{"op":"unsubscribe","type":"detail"}"#));
        assert!(!s.wants(&frame(FrameKind::Detail, "eth", "")));
    }

    #[test]
    fn a_full_queue_keeps_the_latest_state_and_disconnects_after_sustained_overflow() {
        let outbox = Outbox::default();
        for i in 0..QUEUE_MAX {
            outbox
                .push(Out::Frame(frame(FrameKind::Trade, "btc", &format!("t{i}"))))
                .unwrap();
        }
        outbox
            .push(Out::Frame(frame(FrameKind::Detail, "btc", "d1")))
            .unwrap();
        outbox
            .push(Out::Frame(frame(FrameKind::Detail, "btc", "d2")))
            .unwrap();
        {
            let q = outbox.queue.lock().unwrap();
            assert_eq!(q.items.len(), QUEUE_MAX);
            let details: Vec<_> = q
                .items
                .iter()
                .filter_map(|o| match o {
                    Out::Frame(f) if f.kind == FrameKind::Detail => {
                        Some(f.text.as_str().to_string())
                    }
                    _ => None,
                })
                .collect();
            assert_eq!(details, ["d2"], "the newer DETAIL replaced the older one");
            assert!(
                matches!(&q.items[0], Out::Frame(f) if f.text.as_str() == "t1"),
                "oldest trade dropped first"
            );
        }
        let mut result = Ok(());
        for i in 0..OVERFLOW_DROPS_MAX {
            result = outbox.push(Out::Frame(frame(FrameKind::Trade, "eth", &format!("x{i}"))));
            if result.is_err() {
                break;
            }
        }
        assert_eq!(result, Err(Overflowed));
    }

    #[test]
    fn the_hub_admits_twenty_per_address_and_frees_slots_on_drop() {
        let hub = Arc::new(SocketHub::default());
        let ip: IpAddr = [10, 0, 0, 1].into();
        let held: Vec<_> = (0..CONNECTIONS_PER_IP_MAX)
            .map(|_| hub.try_admit(ip).unwrap())
            .collect();
        assert!(hub.try_admit(ip).is_none());
        assert!(hub.try_admit([10, 0, 0, 2].into()).is_some());
        drop(held);
        assert_eq!(hub.connections(ip), 0);
        assert!(hub.try_admit(ip).is_some());
    }
}
