//! Spot data on the live socket (DEPTH snapshot and deltas, ORDER, spot
//! TRADE) over a real TCP listener, and `GET /api/market/depth`. The spot
//! service is driven by the test itself through `set_depth` and `publish`,
//! on pairs of its own (`zzzusdt`, ...) so that nothing else moves them.

use onyx_testkit::accounts;
use onyx_testkit::common;
use onyx_testkit::socket;

use accounts::signed_in;
use common::TestApp;
use futures_util::StreamExt;
use onyx_spot::api::events::{DepthDelta, DepthSnapshot, OrderView, SpotEvent, TradeEvent};
use onyx_spot::api::EVENTS_BUFFERED;
use rust_decimal::Decimal;
use serde_json::{json, Value};
use socket::{send, serve, Ws};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::str::FromStr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// Upper bound for one wait (a hang guard, not a timing assertion).
const PATIENCE: Duration = Duration::from_secs(20);

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

async fn connect(addr: SocketAddr) -> Ws {
    socket::connect(addr, "spot-test").await
}

/// The next text message (HEARTBEATs skipped).
async fn raw_next(ws: &mut Ws) -> Value {
    loop {
        match tokio::time::timeout(PATIENCE, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["type"] != "HEARTBEAT" {
                    return v;
                }
            }
            Ok(Some(Ok(_))) => continue,
            other => panic!("no message: {other:?}"),
        }
    }
}

fn is_mark(m: &Value) -> bool {
    m["type"] == "TRADE" && m["symbol"].as_str().is_some_and(|s| s.starts_with("mk"))
}

/// The next message that is neither a HEARTBEAT nor a barrier's mark.
async fn next(ws: &mut Ws) -> Value {
    loop {
        let m = raw_next(ws).await;
        if !is_mark(&m) {
            return m;
        }
    }
}

/// The next message about `symbol` (or, for ORDER and ERROR, any).
async fn next_for(ws: &mut Ws, symbol: &str) -> Value {
    loop {
        let m = next(ws).await;
        if m["symbol"] == symbol || m["type"] == "ORDER" || m["type"] == "ERROR" {
            return m;
        }
    }
}

/// Returns once every request sent on `ws` before it has been handled and
/// everything published before it has been delivered: subscribes to the
/// trades of a pair of its own (`mk<n>usdt`) and publishes trades of it
/// until one arrives (a request is handled before the next; events are
/// delivered in publishing order). Returns what arrived in between.
async fn barrier(app: &TestApp, ws: &mut Ws, n: u32) -> Vec<Value> {
    let mark = format!("mk{n}usdt");
    send(
        ws,
        json!({"op": "subscribe", "type": "trade", "symbol": mark}),
    )
    .await;
    let mut seen = Vec::new();
    loop {
        app.state.spot.publish(trade(&mark, "1", "1", "buy", 1));
        // Waiting only paces the publishing; the result does not depend on it.
        while let Ok(m) = tokio::time::timeout(Duration::from_millis(20), raw_next(ws)).await {
            if m["symbol"] == mark.as_str() {
                return seen;
            }
            if !is_mark(&m) {
                seen.push(m);
            }
        }
    }
}

/// A book the test owns: the truth it hands to `set_depth`.
#[derive(Default, Clone)]
struct Book {
    seq: u64,
    bids: BTreeMap<Decimal, Decimal>,
    asks: BTreeMap<Decimal, Decimal>,
}

impl Book {
    fn snapshot(&self, symbol: &str) -> DepthSnapshot {
        DepthSnapshot {
            symbol: symbol.into(),
            seq: self.seq,
            bids: self.bids.iter().rev().map(|(p, a)| (*p, *a)).collect(),
            asks: self.asks.iter().map(|(p, a)| (*p, *a)).collect(),
        }
    }

    /// Applies one change as the pair task would: the depth is stored,
    /// then the delta published.
    fn change(
        &mut self,
        app: &TestApp,
        symbol: &str,
        bids: &[(&str, &str)],
        asks: &[(&str, &str)],
    ) {
        let side = |book: &mut BTreeMap<Decimal, Decimal>, levels: &[(&str, &str)]| {
            levels
                .iter()
                .map(|(p, a)| {
                    let (p, a) = (d(p), d(a));
                    if a.is_zero() {
                        book.remove(&p);
                    } else {
                        book.insert(p, a);
                    }
                    (p, a)
                })
                .collect::<Vec<_>>()
        };
        let prev_seq = self.seq;
        self.seq += 1;
        let delta = DepthDelta {
            symbol: symbol.into(),
            seq: self.seq,
            prev_seq,
            bids: side(&mut self.bids, bids),
            asks: side(&mut self.asks, asks),
        };
        app.state.spot.set_depth(self.snapshot(symbol));
        app.state.spot.publish(SpotEvent::Depth(delta));
    }
}

/// The client's copy of a book, kept from DEPTH frames the way the docs
/// tell a client to.
#[derive(Default, Debug, PartialEq)]
struct ClientBook {
    seq: u64,
    bids: BTreeMap<Decimal, Decimal>,
    asks: BTreeMap<Decimal, Decimal>,
    snapshots: usize,
}

fn levels(v: &Value) -> Vec<(Decimal, Decimal)> {
    v.as_array()
        .unwrap_or_else(|| panic!("levels: {v}"))
        .iter()
        .map(|l| (d(l[0].as_str().unwrap()), d(l[1].as_str().unwrap())))
        .collect()
}

impl ClientBook {
    /// Applies a DEPTH frame; panics on a delta that does not follow.
    fn apply(&mut self, m: &Value) {
        assert_eq!(m["type"], "DEPTH", "{m}");
        let data = &m["data"];
        let seq = data["seq"].as_u64().unwrap();
        if data["snapshot"] == true {
            self.bids = levels(&data["bids"]).into_iter().collect();
            self.asks = levels(&data["asks"]).into_iter().collect();
            self.snapshots += 1;
        } else {
            assert_eq!(
                data["prevSeq"].as_u64().unwrap(),
                self.seq,
                "a delta must follow the client's seq: {m}"
            );
            for (book, side) in [(&mut self.bids, "bids"), (&mut self.asks, "asks")] {
                for (p, a) in levels(&data[side]) {
                    if a.is_zero() {
                        book.remove(&p);
                    } else {
                        book.insert(p, a);
                    }
                }
            }
        }
        self.seq = seq;
    }

    fn matches(&self, truth: &Book) -> bool {
        self.seq == truth.seq && self.bids == truth.bids && self.asks == truth.asks
    }
}

fn order(id: i64, symbol: &str, status: &str) -> OrderView {
    let now = chrono::Utc::now();
    OrderView {
        id,
        symbol: symbol.into(),
        side: "buy".into(),
        kind: "limit".into(),
        time_in_force: Some("gtc".into()),
        price: Some("100".into()),
        amount: Some("1".into()),
        total: None,
        filled_amount: "0".into(),
        filled_total: "0".into(),
        spent: "0".into(),
        spent_coin: "USDT".into(),
        returned: None,
        avg_price: None,
        fee: "0".into(),
        fee_coin: "ZZZ".into(),
        status: status.into(),
        cancel_reason: None,
        create_time: now,
        update_time: now,
    }
}

fn trade(symbol: &str, price: &str, qty: &str, side: &'static str, ts_ms: i64) -> SpotEvent {
    SpotEvent::Trade(TradeEvent {
        symbol: symbol.into(),
        price: d(price),
        qty: d(qty),
        taker_side: side,
        ts_ms,
    })
}

#[tokio::test]
async fn depth_subscribe_sends_a_snapshot_then_deltas_in_seq_order() {
    let app = TestApp::spawn().await;
    let addr = serve(&app).await;
    let mut book = Book::default();
    book.change(
        &app,
        "zzzusdt",
        &[("99.5", "2"), ("99", "1")],
        &[("100.50", "3")],
    );
    book.change(&app, "zzzusdt", &[("98", "4")], &[]);

    let mut ws = connect(addr).await;
    send(
        &mut ws,
        json!({"op": "subscribe", "type": "depth", "symbol": "ZZZ/USDT"}),
    )
    .await;
    let snap = next_for(&mut ws, "zzzusdt").await;
    assert_eq!(
        snap,
        json!({"type": "DEPTH", "symbol": "zzzusdt", "data": {"snapshot": true, "seq": 2,
            "bids": [["99.5", "2"], ["99", "1"], ["98", "4"]], "asks": [["100.5", "3"]]}})
    );
    let mut client = ClientBook::default();
    client.apply(&snap);

    book.change(&app, "zzzusdt", &[("99", "0")], &[("101", "1")]);
    book.change(&app, "zzzusdt", &[("99.5", "1.25")], &[]);
    // Another pair's deltas are not this subscription's.
    Book::default().change(&app, "yyyusdt", &[("1", "1")], &[]);
    book.change(&app, "zzzusdt", &[], &[("100.5", "0")]);

    let first = next_for(&mut ws, "zzzusdt").await;
    assert_eq!(
        first,
        json!({"type": "DEPTH", "symbol": "zzzusdt", "data": {"snapshot": false, "seq": 3,
            "prevSeq": 2, "bids": [["99", "0"]], "asks": [["101", "1"]]}})
    );
    client.apply(&first);
    for seq in 4..=5 {
        let m = next(&mut ws).await;
        assert_eq!(m["symbol"], "zzzusdt", "only the subscribed pair: {m}");
        assert_eq!(m["data"]["seq"], seq);
        client.apply(&m);
    }
    assert!(client.matches(&book), "{client:?}");
    assert_eq!(client.snapshots, 1);

    // Subscribing again is how a client asks for a fresh snapshot.
    send(
        &mut ws,
        json!({"op": "subscribe", "type": "depth", "symbol": "zzzusdt"}),
    )
    .await;
    let again = next_for(&mut ws, "zzzusdt").await;
    assert_eq!(again["data"]["snapshot"], true);
    assert_eq!(again["data"]["seq"], 5);

    // After unsubscribing, no more deltas.
    send(
        &mut ws,
        json!({"op": "unsubscribe", "type": "depth", "symbol": "zzzusdt"}),
    )
    .await;
    assert_eq!(barrier(&app, &mut ws, 1).await, Vec::<Value>::new());
    book.change(&app, "zzzusdt", &[("97", "1")], &[]);
    assert_eq!(barrier(&app, &mut ws, 2).await, Vec::<Value>::new());
}

#[tokio::test]
async fn unknown_pairs_get_no_depth_subscription() {
    let app = TestApp::spawn().await;
    let addr = serve(&app).await;
    let mut ws = connect(addr).await;
    send(
        &mut ws,
        json!({"op": "subscribe", "type": "depth", "symbol": "nopeusdt"}),
    )
    .await;
    send(&mut ws, json!({"op": "subscribe", "type": "depth"})).await;
    assert_eq!(barrier(&app, &mut ws, 1).await, Vec::<Value>::new());
    Book::default().change(&app, "nopeusdt", &[("1", "1")], &[]);
    let seen = barrier(&app, &mut ws, 2).await;
    assert_eq!(
        seen,
        Vec::<Value>::new(),
        "subscribed before its book existed"
    );
}

/// More changes than the spot feed buffers, published while the connection
/// cannot run (the test runtime has one thread and the loop never yields):
/// the connection lags, its deltas are lost, and it must send a fresh
/// snapshot instead of a delta that does not follow.
#[tokio::test]
async fn lost_deltas_are_replaced_by_a_snapshot_the_client_resumes_from() {
    let app = TestApp::spawn().await;
    let addr = serve(&app).await;
    let mut book = Book::default();
    book.change(&app, "zzzusdt", &[("100", "1")], &[("200", "1")]);
    let mut ws = connect(addr).await;
    send(
        &mut ws,
        json!({"op": "subscribe", "type": "depth", "symbol": "zzzusdt"}),
    )
    .await;
    let mut client = ClientBook::default();
    client.apply(&next_for(&mut ws, "zzzusdt").await);
    assert_eq!(client.seq, 1);

    let changes = EVENTS_BUFFERED as u64 + 500;
    for i in 0..changes {
        let price = (100 + i % 40).to_string();
        let amount = if i % 7 == 0 {
            "0".to_string()
        } else {
            (i % 13 + 1).to_string()
        };
        book.change(&app, "zzzusdt", &[(&price, &amount)], &[]);
    }
    let final_seq = book.seq;
    while client.seq < final_seq {
        client.apply(&next_for(&mut ws, "zzzusdt").await);
    }
    assert!(client.matches(&book), "the client's book is the server's");
    assert!(
        client.snapshots >= 2,
        "the lost deltas were replaced by a snapshot"
    );

    // And it resumes from that snapshot's seq.
    book.change(&app, "zzzusdt", &[("150", "5")], &[("201", "2")]);
    let m = next_for(&mut ws, "zzzusdt").await;
    assert_eq!(m["data"]["snapshot"], false, "{m}");
    assert_eq!(m["data"]["prevSeq"], final_seq);
    client.apply(&m);
    assert!(client.matches(&book));
}

#[tokio::test]
async fn the_orders_channel_delivers_only_the_token_owners_orders() {
    let app = TestApp::spawn().await;
    let addr = serve(&app).await;
    let (alice, alice_token) = signed_in(&app, "alice").await;
    let (bob, _) = signed_in(&app, "bob").await;

    let mut ws = connect(addr).await;
    send(
        &mut ws,
        json!({"op": "subscribe", "type": "orders", "token": alice_token}),
    )
    .await;
    assert_eq!(barrier(&app, &mut ws, 1).await, Vec::<Value>::new());

    let publish = |user_id: i64, o: &OrderView| {
        app.state.spot.publish(SpotEvent::Order {
            user_id,
            order: Box::new(o.clone()),
        })
    };
    publish(bob.id, &order(2, "zzzusdt", "open"));
    let placed = order(1, "zzzusdt", "open");
    publish(alice.id, &placed);
    publish(bob.id, &order(2, "zzzusdt", "filled"));
    let mut filled = order(1, "zzzusdt", "filled");
    filled.filled_amount = "1".into();
    filled.avg_price = Some("99.5".into());
    publish(alice.id, &filled);

    let m = next(&mut ws).await;
    assert_eq!(
        m,
        json!({"type": "ORDER", "data": serde_json::to_value(&placed).unwrap()}),
        "bob's order came first and was not delivered"
    );
    let m = next(&mut ws).await;
    assert_eq!(m["type"], "ORDER");
    assert_eq!(m["data"]["id"], 1);
    assert_eq!(m["data"]["status"], "filled");
    assert_eq!(m["data"]["filledAmount"], "1");
    assert_eq!(m["data"]["avgPrice"], "99.5");
    assert_eq!(m["data"]["type"], "limit");
    assert_eq!(m["data"]["timeInForce"], "gtc");
    assert_eq!(barrier(&app, &mut ws, 2).await, Vec::<Value>::new());

    // Unsubscribed: nothing more.
    send(&mut ws, json!({"op": "unsubscribe", "type": "orders"})).await;
    assert_eq!(barrier(&app, &mut ws, 3).await, Vec::<Value>::new());
    publish(alice.id, &order(1, "zzzusdt", "cancelled"));
    assert_eq!(barrier(&app, &mut ws, 4).await, Vec::<Value>::new());
}

#[tokio::test]
async fn a_bad_token_gets_an_error_frame_and_no_orders() {
    let app = TestApp::spawn().await;
    let addr = serve(&app).await;
    let (alice, _) = signed_in(&app, "alice").await;
    let mut ws = connect(addr).await;
    send(
        &mut ws,
        json!({"op": "subscribe", "type": "orders", "token": "not-a-token"}),
    )
    .await;
    let m = next(&mut ws).await;
    assert_eq!(m["type"], "ERROR", "{m}");
    assert_eq!(m["data"]["code"], 500);
    assert_eq!(m["data"]["op"], "subscribe");
    assert_eq!(m["data"]["type"], "orders");
    assert!(m["data"]["msg"].as_str().unwrap().contains("Token"), "{m}");
    assert_eq!(barrier(&app, &mut ws, 1).await, Vec::<Value>::new());

    app.state.spot.publish(SpotEvent::Order {
        user_id: alice.id,
        order: Box::new(order(1, "zzzusdt", "open")),
    });
    assert_eq!(
        barrier(&app, &mut ws, 2).await,
        Vec::<Value>::new(),
        "no order without a valid token"
    );
}

#[tokio::test]
async fn spot_trades_are_trade_frames_with_origin_spot() {
    let app = TestApp::spawn().await;
    let addr = serve(&app).await;
    let mut one = connect(addr).await;
    let mut all = connect(addr).await;
    send(
        &mut one,
        json!({"op": "subscribe", "type": "trade", "symbol": "zzzusdt"}),
    )
    .await;
    send(&mut all, json!({"op": "subscribe", "type": "trade"})).await;
    assert!(barrier(&app, &mut one, 1).await.is_empty());
    // `all` sees every trade, its own marks included.
    barrier(&app, &mut all, 2).await;

    app.state.spot.publish(trade("yyyusdt", "5", "5", "buy", 5));
    app.state.spot.publish(trade(
        "zzzusdt",
        "101.50",
        "0.250",
        "sell",
        1_795_342_662_000,
    ));
    let expected = json!({"type": "TRADE", "symbol": "zzzusdt", "origin": "spot",
        "data": {"price": "101.5", "vol": "0.25", "side": "sell", "ts": 1_795_342_662_000i64}});
    assert_eq!(next(&mut one).await, expected, "yyy is not subscribed");
    let m = next_for(&mut all, "yyyusdt").await;
    assert_eq!(m["origin"], "spot");
    assert_eq!(m["data"]["side"], "buy");
    assert_eq!(next_for(&mut all, "zzzusdt").await, expected);
}

#[tokio::test]
async fn the_depth_call_pages_the_book_and_checks_its_input() {
    let app = TestApp::spawn().await;
    let mut book = Book::default();
    for i in 0..120 {
        let bid = (1000 - i).to_string();
        let ask = format!("{}.5", 1000 + i);
        book.change(&app, "zzzusdt", &[(&bid, "1.50")], &[(&ask, "2")]);
    }

    let data = app.get("/api/market/depth?symbol=zzzusdt", None).await.ok();
    assert_eq!(data["symbol"], "zzzusdt");
    assert_eq!(data["seq"], 120);
    assert_eq!(data["bids"].as_array().unwrap().len(), 20);
    assert_eq!(data["asks"].as_array().unwrap().len(), 20);
    assert_eq!(data["bids"][0], json!(["1000", "1.5"]), "best bid first");
    assert_eq!(data["bids"][19], json!(["981", "1.5"]));
    assert_eq!(data["asks"][0], json!(["1000.5", "2"]), "best ask first");

    let data = app
        .get("/api/market/depth?symbol=ZZZ/USDT&limit=100", None)
        .await
        .ok();
    assert_eq!(data["bids"].as_array().unwrap().len(), 100);
    assert_eq!(data["asks"][99], json!(["1099.5", "2"]));
    let data = app
        .get("/api/market/depth?symbol=zzzusdt&limit=1", None)
        .await
        .ok();
    assert_eq!(data["bids"], json!([["1000", "1.5"]]));

    for bad in [
        "/api/market/depth?symbol=zzzusdt&limit=0",
        "/api/market/depth?symbol=zzzusdt&limit=101",
        "/api/market/depth?symbol=nopeusdt",
        "/api/market/depth?symbol=b!c",
    ] {
        app.get(bad, None).await.fails_with(-4);
    }

    // A catalogue pair that has no book yet is an empty book, not an error.
    let mut row = onyx_market::api::catalogue::spot_pairs(&app.state.db)
        .await
        .unwrap()
        .remove(0);
    row.coin = "QQQ".into();
    row.symbol = "qqqusdt".into();
    onyx_market::api::catalogue::insert_spot_pair(&app.state.db, row)
        .await
        .unwrap();
    assert!(app.state.spot.depth("qqqusdt", 1).is_none());
    let data = app.get("/api/market/depth?symbol=qqqusdt", None).await.ok();
    assert_eq!(
        data,
        json!({"symbol": "qqqusdt", "seq": 0, "bids": [], "asks": []})
    );
}
