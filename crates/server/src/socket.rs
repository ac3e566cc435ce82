//! The live socket at `/ws/{id}` (spec section 7 "Live socket"; docs/api.md
//! "Market data" and "Spot trading").
//!
//! Client messages: `{"op":"subscribe"|"unsubscribe","type":"detail"|"kline"|"trade"|
//! "depth"|"orders","symbol":"btcusdt","interval":"1m","token":"<satoken>"}`;
//! a detail or trade subscription without a symbol means every coin; kline
//! and depth need a symbol (interval defaults to 1m); orders needs the
//! session token to subscribe. Anything else (bad JSON, unknown op, type,
//! symbol or interval, a depth symbol that is no spot pair, binary frames)
//! is ignored.
//!
//! Server messages, prices and volumes as decimal strings:
//! - `{"type":"DETAIL","symbol":"btcusdt","origin":"simulator","data":{"open","close",
//!   "high","low","vol","amount","quoteVolume","change","priceChangePercent","ts","stale"}}`:
//!   24 h statistics; `open` is the price 24 h ago, `vol` the base volume,
//!   `quoteVolume` the USDT volume and `amount` the current price (the coin
//!   list's meaning of `amount`).
//! - `{"type":"KLINE","symbol","origin","interval":"1m","data":{"openTimeMs","open",
//!   "high","low","close","vol","quoteVolume"}}`: the current candle.
//! - `{"type":"TRADE","symbol","origin","data":{"price","vol","ts"}}`: one index
//!   trade; a spot trade is `origin` "spot" with `data.side` (the taker's).
//! - `{"type":"DEPTH","symbol","data":{"snapshot":true,"seq","bids","asks"}}`: the
//!   top [`DEPTH_SNAPSHOT_LEVELS`] levels of a pair's book (`[price, amount]`,
//!   best first), sent on every depth subscribe (repeating one is how a
//!   client asks for a fresh snapshot), then
//!   `{"type":"DEPTH","symbol","data":{"snapshot":false,"seq","prevSeq","bids","asks"}}`
//!   per committed change (amount "0" removes the level).
//! - `{"type":"ORDER","data":SpotOrder}`: a change of the subscribed user's order.
//! - `{"type":"SECOND","data":SecondContractOrder}`: one of the subscribed
//!   user's second contracts settled (after the commit).
//! - `{"type":"ERROR","data":{"code","msg","op","type"}}`: an orders subscribe
//!   whose token is not a live session of an active user (code 500, message
//!   in the upgrade request's `lang`); the connection stays open and has no
//!   orders subscription. The token is checked again at every heartbeat: a
//!   session that ended (sign-out, password change, freeze) ends the
//!   subscription with the same ERROR.
//! - `{"type":"HEARTBEAT","data":{"ts"}}` every 15 s, followed by a ping.
//!
//! Origin: an upgrade whose `Origin` is neither the server's own nor one in
//! `--allowed-origins` is refused with HTTP 403 (see `crate::origin`); one
//! without `Origin` (no browser) is admitted.
//!
//! Limits: at most [`CONNECTIONS_PER_IP_MAX`] connections per client address
//! (the next upgrade is refused with HTTP 429); at most
//! [`CLIENT_MESSAGES_PER_SECOND`] client messages per second per connection
//! (extra ones are ignored; [`CLIENT_EXCESS_MAX`] ignored messages close the
//! connection), so one address sends at most 20 x 20 messages a second; at
//! most [`SUBSCRIPTIONS_MAX`] subscriptions of all kinds. A client that
//! sends nothing (not even a pong) for [`IDLE_LIMIT`] is closed.
//!
//! Slow clients never slow others. The market service publishes each batch
//! once (pre-rendered) on a broadcast channel, the spot service each
//! committed event on another; each connection filters both into its own
//! outgoing queue of at most [`QUEUE_MAX`] messages, drained by a separate
//! writer task. When the queue is full, the overflow policy drops, in this
//! order: a queued DETAIL or KLINE of the same coin (and interval) as the
//! new message ("latest state wins"), else the oldest queued DETAIL/KLINE,
//! else the oldest TRADE (trades are never merged, only dropped), else it
//! marks a pair's depth stale (the pair of the oldest queued delta with
//! more than one depth message queued): its queued deltas are replaced by
//! one resync marker, for which the writer sends a snapshot taken when it
//! gets there, else the oldest HEARTBEAT, ERROR or ping. ORDER frames are never
//! dropped: when only they (and one resync per pair) are queued, the
//! connection is closed, as it is after [`OVERFLOW_DROPS_MAX`] drops without
//! the queue ever emptying in between (sustained overflow).
//!
//! Depth deltas are never lost silently. The writer keeps, per pair, the
//! `seq` the client's copy is at and writes a delta only when its `prevSeq`
//! is that `seq`; a delta already contained in the last snapshot is
//! skipped, and one that does not follow (deltas were dropped) is replaced
//! by a fresh snapshot. A connection that falls behind the spot broadcast
//! marks every depth subscription stale the same way; if it holds an orders
//! subscription, the lost ORDER frames cannot be recovered and it is closed
//! (the client reconnects and reloads its orders). The spot service stores
//! a pair's depth before publishing its delta, so a snapshot taken at any
//! time is at least as new as every delta already received.

use crate::origin::OriginPolicy;
use crate::state::AppState;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use onyx_http::extract::ClientIp;
use onyx_kernel::ErrorCode;
use onyx_market::api::{coin_of_symbol, symbol_of_coin, Interval};
use onyx_platform::bus::PlatformEvent;
use onyx_platform::credentials::token_hash;
pub use onyx_socket::MarketFrames;
use onyx_socket::{
    ClientMessage, DepthData, DepthMessage, ErrorData, ErrorMessage, Frame, FrameKind,
    HeartbeatData, HeartbeatMessage, ServerMessage, Utf8Bytes,
};
use onyx_spot::api::events::SpotEvent;
use onyx_spot::api::events::{depth_delta_text, order_text, spot_trade_frame};
use onyx_spot::api::{levels, SpotService};
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
pub const CONNECTIONS_PER_IP_MAX: usize = onyx_platform::config::CONNECTIONS_PER_IP_DEFAULT;
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
/// Levels per side of a DEPTH snapshot.
pub const DEPTH_SNAPSHOT_LEVELS: usize = 50;

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
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let id: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(64)
        .collect();
    let origins = OriginPolicy {
        trust_proxy: state.config.trust_proxy,
        https: state.config.secure_cookies,
        allowed: &state.config.allowed_origins,
    };
    if !origins.admits(&headers) {
        let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
        tracing::debug!(%ip, ?origin, "socket refused: foreign origin");
        return (StatusCode::FORBIDDEN, "origin not allowed").into_response();
    }
    let Some(admission) = state.sockets.try_admit(ip) else {
        tracing::debug!(%ip, "socket refused: too many connections");
        return (StatusCode::TOO_MANY_REQUESTS, "too many connections").into_response();
    };
    let feeds = Feeds {
        market: state.market.events.subscribe(),
        spot: state.spot.subscribe(),
        platform: state.ctx.events.subscribe(),
    };
    let lang = onyx_http::lang::from_headers(&headers);
    let heartbeat = Duration::from_millis(state.config.socket_heartbeat_ms.max(10));
    ws.max_message_size(CLIENT_MESSAGE_MAX_BYTES)
        .on_upgrade(move |socket| {
            let c = Connection {
                id,
                state,
                lang,
                heartbeat,
                _admission: admission,
            };
            run(socket, c, feeds)
        })
}

/// The broadcasts one connection filters.
struct Feeds {
    market: broadcast::Receiver<Arc<MarketFrames>>,
    spot: broadcast::Receiver<Arc<SpotEvent>>,
    platform: broadcast::Receiver<Arc<PlatformEvent>>,
}

struct Connection {
    id: String,
    state: AppState,
    /// Language of ERROR messages (the upgrade request's `lang` header).
    lang: &'static str,
    heartbeat: Duration,
    _admission: Admission,
}

/// A subscription: `None` coin means every coin.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Subscription {
    kind: FrameKind,
    coin: Option<String>,
}

/// What a valid client message asks for.
#[derive(Debug, PartialEq)]
enum Request {
    /// DETAIL, KLINE or TRADE frames.
    Market(Subscription),
    /// One pair's DEPTH snapshot and deltas (the pair as `btcusdt`).
    Depth(String),
    /// The ORDER frames of the token's user.
    Orders(Option<String>),
}

/// Subscribe (true) or unsubscribe, and what; `None` when the message is
/// not a valid request.
trait Requested {
    fn request(&self) -> Option<(bool, Request)>;
}

impl Requested for ClientMessage {
    fn request(&self) -> Option<(bool, Request)> {
        let subscribe = match self.op.as_str() {
            "subscribe" => true,
            "unsubscribe" => false,
            _ => return None,
        };
        let coin = match &self.symbol {
            Some(s) => Some(coin_of_symbol(s)?),
            None => None,
        };
        let kind = match self.kind.to_ascii_lowercase().as_str() {
            "detail" => FrameKind::Detail,
            "trade" => FrameKind::Trade,
            "kline" => {
                coin.as_ref()?;
                FrameKind::Kline(
                    Interval::parse(self.interval.as_deref().unwrap_or("1m"))?.as_str(),
                )
            }
            "depth" => return Some((subscribe, Request::Depth(symbol_of_coin(&coin?)))),
            "orders" => {
                let token = self
                    .token
                    .as_deref()
                    .map(str::trim)
                    .filter(|t| !t.is_empty());
                if subscribe && token.is_none() {
                    return None;
                }
                return Some((subscribe, Request::Orders(token.map(str::to_string))));
            }
            _ => return None,
        };
        Some((subscribe, Request::Market(Subscription { kind, coin })))
    }
}

/// The user an `orders` subscription delivers for, and the hash of the
/// token that named them (checked again at every heartbeat).
#[derive(Debug, Clone, PartialEq)]
struct OrdersOf {
    user_id: i64,
    token_hash: String,
}

#[derive(Default, Debug)]
struct Subscriptions {
    market: BTreeSet<Subscription>,
    /// Pairs (`btcusdt`) with a depth subscription.
    depth: BTreeSet<String>,
    orders: Option<OrdersOf>,
}

impl Subscriptions {
    fn len(&self) -> usize {
        self.market.len() + self.depth.len() + usize::from(self.orders.is_some())
    }

    fn full(&self) -> bool {
        self.len() >= SUBSCRIPTIONS_MAX
    }

    /// Adds or removes a DETAIL/KLINE/TRADE subscription.
    fn market(&mut self, subscribe: bool, sub: Subscription) {
        if !subscribe {
            self.market.remove(&sub);
        } else if !self.full() {
            self.market.insert(sub);
        }
    }

    fn wants_kind(&self, kind: FrameKind, coin: &str) -> bool {
        let any = Subscription { kind, coin: None };
        let one = Subscription {
            kind,
            coin: Some(coin.to_string()),
        };
        (!matches!(kind, FrameKind::Kline(_)) && self.market.contains(&any))
            || self.market.contains(&one)
    }

    fn wants(&self, f: &Frame) -> bool {
        self.wants_kind(f.kind, &f.coin)
    }
}

/// The user a session token belongs to, resolved as [`onyx_platform::credentials::CurrentUser`]
/// resolves the `satoken` header: a live session of an active user.
async fn user_of_token(state: &AppState, token_hash: &str) -> Result<i64, ErrorCode> {
    match onyx_platform::session_cache::live_session(&state.ctx, token_hash).await {
        Ok(Some(session)) => Ok(session.user_id),
        Ok(None) => Err(ErrorCode::TokenInvalid),
        Err(e) => {
            tracing::warn!(error = %e, "socket token lookup failed");
            Err(ErrorCode::Internal)
        }
    }
}

/// `{"type":"ERROR","data":{"code","msg","op","type"}}`: a request that
/// was understood but refused.
fn error_text(lang: &str, code: ErrorCode, op: &str, kind: &str) -> Utf8Bytes {
    let msg = onyx_kernel::i18n::message(lang, code.key(), &[]);
    ServerMessage::Error(ErrorMessage {
        data: ErrorData {
            code: i64::from(code.code()),
            msg,
            op: op.to_string(),
            kind: kind.to_string(),
        },
    })
    .to_text()
}

#[derive(Debug)]
enum Out {
    /// DETAIL, KLINE or TRADE (market or spot).
    Frame(Frame),
    /// One change of the subscribed user's order: never dropped.
    Order(Utf8Bytes),
    /// A depth delta of `symbol`, sent only when it extends what the client
    /// holds (see [`DepthCursors`]).
    Delta {
        symbol: String,
        seq: u64,
        prev_seq: u64,
        text: Utf8Bytes,
    },
    /// "This pair's depth is stale": the writer sends a snapshot taken when
    /// it gets here.
    Resync(String),
    /// HEARTBEAT and ERROR.
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

    /// The pair of a depth message.
    fn depth_symbol(&self) -> Option<&str> {
        match self {
            Out::Delta { symbol, .. } | Out::Resync(symbol) => Some(symbol),
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

impl Queue {
    /// Removes every queued depth message of `symbol` and queues one
    /// [`Out::Resync`] for it at the end.
    fn collapse_depth(&mut self, symbol: &str) {
        self.items.retain(|o| o.depth_symbol() != Some(symbol));
        self.items.push_back(Out::Resync(symbol.to_string()));
    }

    /// The pair of the oldest queued delta whose pair has at least two
    /// depth messages queued (so collapsing it frees room).
    fn crowded_depth(&self) -> Option<String> {
        let mut counts: HashMap<&str, usize> = HashMap::new();
        for o in &self.items {
            if let Some(s) = o.depth_symbol() {
                *counts.entry(s).or_default() += 1;
            }
        }
        self.items.iter().find_map(|o| match o {
            Out::Delta { symbol, .. } if counts[symbol.as_str()] >= 2 => Some(symbol.clone()),
            _ => None,
        })
    }

    /// Drops queued messages until `incoming` fits (the module doc's
    /// overflow policy).
    fn make_room(&mut self, incoming: &Out) -> Result<(), Overflowed> {
        while self.items.len() >= QUEUE_MAX {
            let victim = incoming
                .state_key()
                .and_then(|key| self.items.iter().position(|o| o.state_key() == Some(key)))
                .or_else(|| self.items.iter().position(|o| o.state_key().is_some()))
                .or_else(|| self.items.iter().position(|o| matches!(o, Out::Frame(_))));
            if let Some(i) = victim {
                self.items.remove(i);
            } else if let Some(symbol) = self.crowded_depth() {
                self.collapse_depth(&symbol);
            } else if let Some(i) = self
                .items
                .iter()
                .position(|o| matches!(o, Out::Text(_) | Out::Ping))
            {
                self.items.remove(i);
            } else {
                // Only ORDER frames and one resync per pair: nothing may go.
                return Err(Overflowed);
            }
            self.drops_since_empty += 1;
            if self.drops_since_empty >= OVERFLOW_DROPS_MAX {
                return Err(Overflowed);
            }
        }
        Ok(())
    }
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
        q.make_room(&out)?;
        q.items.push_back(out);
        drop(q);
        self.ready.notify_one();
        Ok(())
    }

    /// Marks a pair's depth stale: its queued deltas are dropped and the
    /// writer sends a fresh snapshot instead.
    fn resync(&self, symbol: &str) -> Result<(), Overflowed> {
        let mut q = self.queue.lock().expect("outbox lock");
        q.items.retain(|o| o.depth_symbol() != Some(symbol));
        let marker = Out::Resync(symbol.to_string());
        q.make_room(&marker)?;
        q.items.push_back(marker);
        drop(q);
        self.ready.notify_one();
        Ok(())
    }

    /// Drops a pair's queued depth messages (after an unsubscribe).
    fn forget_depth(&self, symbol: &str) {
        let mut q = self.queue.lock().expect("outbox lock");
        q.items.retain(|o| o.depth_symbol() != Some(symbol));
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

/// What the writer does with a depth delta.
#[derive(Debug, PartialEq, Eq)]
enum DeltaAction {
    /// It extends what the client holds.
    Send,
    /// The client's snapshot already contains it.
    Skip,
    /// Deltas were lost: send a fresh snapshot instead.
    Resync,
}

/// Per pair, the `seq` the client's copy of the book is at (the last
/// snapshot or delta written), so that every delta written has
/// `prevSeq` equal to the client's `seq`.
#[derive(Default, Debug)]
struct DepthCursors(HashMap<String, u64>);

impl DepthCursors {
    fn snapshot(&mut self, symbol: &str, seq: u64) {
        self.0.insert(symbol.to_string(), seq);
    }

    fn delta(&mut self, symbol: &str, seq: u64, prev_seq: u64) -> DeltaAction {
        match self.0.get_mut(symbol) {
            Some(at) if seq <= *at => DeltaAction::Skip,
            Some(at) if prev_seq == *at => {
                *at = seq;
                DeltaAction::Send
            }
            _ => DeltaAction::Resync,
        }
    }
}

/// A DEPTH snapshot of `symbol` as it stands now (an empty book at seq 0
/// when the pair has none yet); records its seq in `cursors`.
fn snapshot_message(spot: &SpotService, symbol: &str, cursors: &mut DepthCursors) -> Message {
    let book = spot.depth(symbol, DEPTH_SNAPSHOT_LEVELS);
    let (seq, bids, asks) = match &book {
        Some(b) => (b.seq, levels(&b.bids), levels(&b.asks)),
        None => (0, Vec::new(), Vec::new()),
    };
    cursors.snapshot(symbol, seq);
    let message = ServerMessage::Depth(DepthMessage {
        symbol: symbol.to_string(),
        data: DepthData {
            snapshot: true,
            seq,
            prev_seq: None,
            bids,
            asks,
        },
    });
    Message::Text(message.to_text())
}

async fn write_loop(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    outbox: Arc<Outbox>,
    spot: Arc<SpotService>,
) {
    let mut cursors = DepthCursors::default();
    while let Some(batch) = outbox.take().await {
        for out in batch {
            let mut messages = Vec::with_capacity(1);
            match out {
                Out::Frame(f) => messages.push(Message::Text(f.text)),
                Out::Order(t) | Out::Text(t) => messages.push(Message::Text(t)),
                Out::Ping => messages.push(Message::Ping(Vec::new().into())),
                Out::Resync(symbol) => {
                    messages.push(snapshot_message(&spot, &symbol, &mut cursors));
                }
                Out::Delta {
                    symbol,
                    seq,
                    prev_seq,
                    text,
                } => match cursors.delta(&symbol, seq, prev_seq) {
                    DeltaAction::Send => messages.push(Message::Text(text)),
                    DeltaAction::Skip => {}
                    DeltaAction::Resync => {
                        messages.push(snapshot_message(&spot, &symbol, &mut cursors));
                        // A snapshot taken now includes this delta (the
                        // service stores depth before publishing it); if
                        // not, the delta follows it only when it chains.
                        if cursors.delta(&symbol, seq, prev_seq) == DeltaAction::Send {
                            messages.push(Message::Text(text));
                        }
                    }
                },
            }
            for message in messages {
                if sink.send(message).await.is_err() {
                    return;
                }
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

/// Queues what a spot event means for this connection.
fn deliver_spot(
    event: &SpotEvent,
    subscriptions: &Subscriptions,
    outbox: &Outbox,
) -> Result<(), Overflowed> {
    match event {
        SpotEvent::Trade(t) => {
            let wanted = coin_of_symbol(&t.symbol)
                .is_some_and(|coin| subscriptions.wants_kind(FrameKind::Trade, &coin));
            if let Some(frame) = spot_trade_frame(t).filter(|_| wanted) {
                outbox.push(Out::Frame(frame))?;
            }
        }
        SpotEvent::Depth(d) => {
            if subscriptions.depth.is_empty() {
                return Ok(());
            }
            let symbol = d.symbol.to_ascii_lowercase();
            if subscriptions.depth.contains(&symbol) {
                let text = depth_delta_text(&symbol, d);
                outbox.push(Out::Delta {
                    symbol,
                    seq: d.seq,
                    prev_seq: d.prev_seq,
                    text,
                })?;
            }
        }
        SpotEvent::Order { user_id, order } => {
            if subscriptions
                .orders
                .as_ref()
                .is_some_and(|o| o.user_id == *user_id)
            {
                outbox.push(Out::Order(order_text(order)))?;
            }
        }
    }
    Ok(())
}

/// Queues what a platform event means for this connection: a settled
/// fixed-payout order (second contract, option) of the subscribed user.
fn deliver_platform(
    event: &PlatformEvent,
    subscriptions: &Subscriptions,
    outbox: &Outbox,
) -> Result<(), Overflowed> {
    if let PlatformEvent::ContractSettled {
        kind,
        user_id,
        order,
    } = event
    {
        if subscriptions
            .orders
            .as_ref()
            .is_some_and(|o| o.user_id == *user_id)
        {
            let text = serde_json::json!({"type": kind, "data": order}).to_string();
            outbox.push(Out::Order(Utf8Bytes::from(text)))?;
        }
    }
    Ok(())
}

/// Applies one client message (ignored when it is not a valid request).
async fn on_client_text(
    c: &Connection,
    text: &str,
    subscriptions: &mut Subscriptions,
    outbox: &Outbox,
) -> Result<(), Overflowed> {
    let Some((subscribe, request)) = serde_json::from_str::<ClientMessage>(text)
        .ok()
        .and_then(|m| m.request())
    else {
        return Ok(());
    };
    match request {
        Request::Market(sub) => subscriptions.market(subscribe, sub),
        Request::Depth(symbol) if !subscribe => {
            subscriptions.depth.remove(&symbol);
            outbox.forget_depth(&symbol);
        }
        Request::Depth(symbol) => {
            if !subscriptions.depth.contains(&symbol) {
                if subscriptions.full() {
                    return Ok(());
                }
                match c.state.spot.pair_known(&c.state.db, &symbol).await {
                    Ok(true) => {}
                    Ok(false) => return Ok(()),
                    Err(e) => {
                        tracing::warn!(id = %c.id, error = %e, "socket pair lookup failed");
                        return Ok(());
                    }
                }
                subscriptions.depth.insert(symbol.clone());
            }
            // New or repeated: the client gets a fresh snapshot.
            outbox.resync(&symbol)?;
        }
        Request::Orders(_) if !subscribe => subscriptions.orders = None,
        Request::Orders(token) => {
            let token_hash = token_hash(token.as_deref().unwrap_or_default());
            if subscriptions.orders.is_none() && subscriptions.full() {
                return Ok(());
            }
            match user_of_token(&c.state, &token_hash).await {
                Ok(user_id) => {
                    subscriptions.orders = Some(OrdersOf {
                        user_id,
                        token_hash,
                    });
                }
                Err(code) => {
                    subscriptions.orders = None;
                    outbox.push(Out::Text(error_text(c.lang, code, "subscribe", "orders")))?;
                }
            }
        }
    }
    Ok(())
}

async fn run(socket: WebSocket, c: Connection, mut feeds: Feeds) {
    let (sink, mut stream) = socket.split();
    let outbox = Arc::new(Outbox::default());
    let mut writer = tokio::spawn(write_loop(sink, outbox.clone(), c.state.spot.clone()));
    let mut subscriptions = Subscriptions::default();
    let mut beat = interval_at(Instant::now() + c.heartbeat, c.heartbeat);
    let mut last_heard = Instant::now();
    let mut rate = RateWindow {
        started: Instant::now(),
        count: 0,
        excess: 0,
    };
    let mut market_open = true;
    let mut spot_open = true;
    let mut platform_open = true;
    // Set when the writer task ended on its own: its handle must not be
    // awaited a second time.
    let mut writer_done = false;
    let id = c.id.as_str();
    let reason = loop {
        tokio::select! {
            _ = &mut writer => {
                writer_done = true;
                break "write failed";
            }
            event = feeds.market.recv(), if market_open => match event {
                Ok(batch) => {
                    let wanted = batch.frames.iter().filter(|f| subscriptions.wants(f));
                    if wanted.map(|f| outbox.push(Out::Frame(f.clone()))).any(|r| r.is_err()) {
                        break "sustained overflow";
                    }
                }
                Err(broadcast::error::RecvError::Lagged(n)) => {
                    tracing::debug!(%id, skipped = n, "socket fell behind the market feed");
                }
                Err(broadcast::error::RecvError::Closed) => market_open = false,
            },
            event = feeds.spot.recv(), if spot_open => match event {
                Ok(event) => {
                    if deliver_spot(&event, &subscriptions, &outbox).is_err() {
                        break "sustained overflow";
                    }
                }
                Err(broadcast::error::RecvError::Lagged(n)) => {
                    tracing::debug!(%id, skipped = n, "socket fell behind the spot feed");
                    if subscriptions.orders.is_some() {
                        // Lost ORDER frames cannot be told apart or
                        // replayed: the client reconnects and reloads.
                        break "order updates lost";
                    }
                    let stale: Vec<String> = subscriptions.depth.iter().cloned().collect();
                    if stale.iter().any(|symbol| outbox.resync(symbol).is_err()) {
                        break "sustained overflow";
                    }
                }
                Err(broadcast::error::RecvError::Closed) => spot_open = false,
            },
            event = feeds.platform.recv(), if platform_open => match event {
                Ok(event) => {
                    if deliver_platform(&event, &subscriptions, &outbox).is_err() {
                        break "sustained overflow";
                    }
                }
                // A lost settlement message is not lost money: the client
                // reloads its orders when a countdown ends anyway.
                Err(broadcast::error::RecvError::Lagged(n)) => {
                    tracing::debug!(%id, skipped = n, "socket fell behind the platform events");
                }
                Err(broadcast::error::RecvError::Closed) => platform_open = false,
            },
            _ = beat.tick() => {
                if last_heard.elapsed() > IDLE_LIMIT {
                    break "idle";
                }
                if let Some(orders) = &subscriptions.orders {
                    // A session ended since (sign-out, password change,
                    // freeze) ends the subscription.
                    if let Err(code @ ErrorCode::TokenInvalid) =
                        user_of_token(&c.state, &orders.token_hash).await
                    {
                        subscriptions.orders = None;
                        let text = error_text(c.lang, code, "subscribe", "orders");
                        if outbox.push(Out::Text(text)).is_err() {
                            break "sustained overflow";
                        }
                    }
                }
                let ts = c.state.ctx.now_ms();
                let heartbeat = ServerMessage::Heartbeat(HeartbeatMessage { data: HeartbeatData { ts } }).to_text();
                if outbox.push(Out::Text(heartbeat)).is_err() || outbox.push(Out::Ping).is_err() {
                    break "sustained overflow";
                }
            }
            incoming = stream.next() => {
                let Some(Ok(message)) = incoming else { break "closed" };
                last_heard = Instant::now();
                match message {
                    Message::Text(text) => {
                        if rate.allow() {
                            if on_client_text(&c, &text, &mut subscriptions, &outbox).await.is_err() {
                                break "sustained overflow";
                            }
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
    tracing::debug!(%id, reason, subscriptions = subscriptions.len(), "socket closed");
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

    /// Applies a client message as the connection does for market
    /// requests; false when it is not a valid market request.
    fn handle(s: &mut Subscriptions, text: &str) -> bool {
        let request = serde_json::from_str::<ClientMessage>(text)
            .ok()
            .and_then(|m| m.request());
        match request {
            Some((subscribe, Request::Market(sub))) => {
                s.market(subscribe, sub);
                true
            }
            _ => false,
        }
    }

    fn request(text: &str) -> Option<(bool, Request)> {
        serde_json::from_str::<ClientMessage>(text)
            .ok()
            .and_then(|m| m.request())
    }

    #[test]
    fn subscriptions_normalise_symbols_and_default_to_all_coins_for_detail() {
        let mut s = Subscriptions::default();
        assert!(handle(&mut s, r#"{"op":"subscribe","type":"detail"}"#));
        assert!(s.wants(&frame(FrameKind::Detail, "eth", "")));
        assert!(handle(
            &mut s,
            r#"{"op":"subscribe","type":"KLINE","symbol":"BTCUSDT","interval":"5m"}"#
        ));
        assert!(s.wants(&frame(FrameKind::Kline(Interval::M5.as_str()), "btc", "")));
        assert!(!s.wants(&frame(FrameKind::Kline(Interval::M1.as_str()), "btc", "")));
        assert!(!s.wants(&frame(FrameKind::Trade, "btc", "")));
        assert!(
            !handle(&mut s, r#"{"op":"subscribe","type":"kline"}"#),
            "kline needs a symbol"
        );
        assert!(!handle(
            &mut s,
            r#"{"op":"subscribe","type":"kline","symbol":"btc","interval":"2m"}"#
        ));
        assert!(!handle(&mut s, "not json"));
        assert!(!handle(&mut s, r#"{"op":"watch","type":"detail"}"#));
        assert!(handle(&mut s, r#"{"op":"unsubscribe","type":"detail"}"#));
        assert!(!s.wants(&frame(FrameKind::Detail, "eth", "")));
    }

    #[test]
    fn depth_needs_a_symbol_and_orders_a_token() {
        assert_eq!(
            request(r#"{"op":"subscribe","type":"depth","symbol":"BTC/USDT"}"#),
            Some((true, Request::Depth("btcusdt".into())))
        );
        assert_eq!(request(r#"{"op":"subscribe","type":"depth"}"#), None);
        assert_eq!(
            request(r#"{"op":"subscribe","type":"depth","symbol":"b!c"}"#),
            None
        );
        assert_eq!(
            request(r#"{"op":"subscribe","type":"orders","token":" abc "}"#),
            Some((true, Request::Orders(Some("abc".into()))))
        );
        assert_eq!(request(r#"{"op":"subscribe","type":"orders"}"#), None);
        assert_eq!(
            request(r#"{"op":"subscribe","type":"orders","token":""}"#),
            None
        );
        assert_eq!(
            request(r#"{"op":"unsubscribe","type":"orders"}"#),
            Some((false, Request::Orders(None)))
        );
    }

    fn delta(symbol: &str, seq: u64) -> Out {
        Out::Delta {
            symbol: symbol.into(),
            seq,
            prev_seq: seq - 1,
            text: format!("{symbol}{seq}").into(),
        }
    }

    fn order(n: usize) -> Out {
        Out::Order(format!("o{n}").into())
    }

    #[test]
    fn the_writer_sends_only_deltas_that_chain_and_resyncs_on_a_gap() {
        let mut c = DepthCursors::default();
        assert_eq!(
            c.delta("btcusdt", 5, 4),
            DeltaAction::Resync,
            "no snapshot yet"
        );
        c.snapshot("btcusdt", 7);
        assert_eq!(
            c.delta("btcusdt", 6, 5),
            DeltaAction::Skip,
            "in the snapshot"
        );
        assert_eq!(c.delta("btcusdt", 7, 6), DeltaAction::Skip);
        assert_eq!(c.delta("btcusdt", 8, 7), DeltaAction::Send);
        assert_eq!(c.delta("btcusdt", 10, 9), DeltaAction::Resync, "9 was lost");
        assert_eq!(c.delta("btcusdt", 9, 8), DeltaAction::Send);
        assert_eq!(c.delta("ethusdt", 1, 0), DeltaAction::Resync);
    }

    #[test]
    fn overflow_turns_queued_deltas_into_one_resync_and_never_drops_orders() {
        let q = Outbox::default();
        for i in 0..QUEUE_MAX - 3 {
            q.push(order(i)).unwrap();
        }
        q.push(delta("btcusdt", 1)).unwrap();
        q.push(delta("btcusdt", 2)).unwrap();
        q.push(delta("ethusdt", 1)).unwrap();
        // Full: the next message costs btc its deltas (one resync instead).
        q.push(delta("ethusdt", 2)).unwrap();
        {
            let items = &q.queue.lock().unwrap().items;
            assert_eq!(items.len(), QUEUE_MAX);
            assert_eq!(
                items.iter().filter(|o| matches!(o, Out::Order(_))).count(),
                QUEUE_MAX - 3
            );
            let depth: Vec<String> = items
                .iter()
                .filter_map(|o| match o {
                    Out::Delta { symbol, seq, .. } => Some(format!("{symbol}{seq}")),
                    Out::Resync(symbol) => Some(format!("{symbol} resync")),
                    _ => None,
                })
                .collect();
            assert_eq!(depth, ["ethusdt1", "btcusdt resync", "ethusdt2"]);
        }
        // Then eth's two deltas go the same way.
        q.push(order(1000)).unwrap();
        {
            let items = &q.queue.lock().unwrap().items;
            assert!(matches!(items.back(), Some(Out::Order(t)) if t.as_str() == "o1000"));
            assert_eq!(
                items.iter().filter(|o| o.depth_symbol().is_some()).count(),
                2,
                "one resync per pair: {items:?}"
            );
        }
        // Only orders and one resync per pair left: an order that does not
        // fit closes the connection rather than losing one.
        assert_eq!(q.push(order(1001)), Err(Overflowed));
        assert!(q
            .queue
            .lock()
            .unwrap()
            .items
            .iter()
            .any(|o| matches!(o, Out::Order(t) if t.as_str() == "o0")));
    }

    #[test]
    fn a_resubscribe_or_unsubscribe_replaces_queued_depth() {
        let q = Outbox::default();
        q.push(Out::Resync("btcusdt".into())).unwrap();
        q.push(delta("btcusdt", 1)).unwrap();
        q.push(order(0)).unwrap();
        q.resync("btcusdt").unwrap();
        {
            let items = &q.queue.lock().unwrap().items;
            assert_eq!(items.len(), 2);
            assert!(matches!(&items[1], Out::Resync(s) if s == "btcusdt"));
        }
        q.forget_depth("btcusdt");
        assert_eq!(q.queue.lock().unwrap().items.len(), 1);
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
