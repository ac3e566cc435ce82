//! The live socket over a real TCP listener: subscriptions, heartbeat,
//! malformed client input and the per-address connection limit. Ticks come
//! from the deterministic simulator at explicit timestamps, applied through
//! the market service by the test itself.

use onyx_testkit::common;
use onyx_testkit::socket;

use common::TestApp;
use futures_util::{SinkExt, StreamExt};
use onyx_market::api::service::MarketService;
use onyx_market::api::simulator::Simulator;
use onyx_server::socket::CONNECTIONS_PER_IP_MAX;
use serde_json::{json, Value};
use socket::{connect_with, send, serve, Ws};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const T0: i64 = 1_795_342_662_000;
/// Upper bound for one wait (a hang guard, not a timing assertion).
const PATIENCE: Duration = Duration::from_secs(10);

async fn connect(addr: SocketAddr) -> Ws {
    socket::connect(addr, "test-client").await
}

/// The next text message, or None when nothing arrives within `wait`.
async fn next_text(ws: &mut Ws, wait: Duration) -> Option<Value> {
    loop {
        match tokio::time::timeout(wait, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return Some(serde_json::from_str(&t).unwrap()),
            Ok(Some(Ok(_))) => continue,
            Ok(other) => panic!("socket ended: {other:?}"),
            Err(_) => return None,
        }
    }
}

struct Market {
    svc: MarketService,
    sim: Simulator,
    step: i64,
}

impl Market {
    async fn new(app: &TestApp) -> Market {
        let coins = vec!["btc".to_string(), "eth".to_string()];
        Market {
            svc: MarketService::load(&app.state, &app.state.market, &coins, T0)
                .await
                .unwrap(),
            sim: Simulator::new(42, &coins),
            step: 0,
        }
    }

    /// One simulated second for every coin.
    fn tick(&mut self) {
        self.step += 1;
        let ticks = self.sim.step(T0 + self.step * 1000);
        assert_eq!(self.svc.apply(&ticks), 2);
    }

    /// Applies ticks until a message matching `pred` arrives; returns every
    /// message received up to and including it.
    async fn until(&mut self, ws: &mut Ws, pred: impl Fn(&Value) -> bool) -> Vec<Value> {
        let mut seen = Vec::new();
        for _ in 0..500 {
            self.tick();
            while let Some(m) = next_text(ws, Duration::from_millis(20)).await {
                let hit = pred(&m);
                seen.push(m);
                if hit {
                    return seen;
                }
            }
        }
        panic!("no matching message; got {seen:?}");
    }
}

fn is(kind: &'static str, symbol: &'static str) -> impl Fn(&Value) -> bool {
    move |m| m["type"] == kind && m["symbol"] == symbol
}

#[tokio::test]
async fn a_detail_subscription_receives_details_until_unsubscribed() {
    let app = TestApp::spawn().await;
    let addr = serve(&app).await;
    let mut market = Market::new(&app).await;
    let mut ws = connect(addr).await;

    send(
        &mut ws,
        json!({"op": "subscribe", "type": "detail", "symbol": "btcusdt"}),
    )
    .await;
    let seen = market.until(&mut ws, is("DETAIL", "btcusdt")).await;
    let detail = seen.last().unwrap();
    assert_eq!(detail["origin"], "simulator");
    for field in [
        "open",
        "close",
        "high",
        "low",
        "vol",
        "amount",
        "change",
        "priceChangePercent",
    ] {
        assert!(
            detail["data"][field].is_string(),
            "{field} is a decimal string: {detail}"
        );
    }
    assert!(
        seen.iter()
            .all(|m| m["type"] == "DETAIL" && m["symbol"] == "btcusdt"),
        "{seen:?}"
    );

    // Unsubscribe btc, then subscribe eth as a marker: once an eth DETAIL
    // arrives, the unsubscribe has been processed (messages are handled in
    // order), so no btc DETAIL may follow.
    send(
        &mut ws,
        json!({"op": "unsubscribe", "type": "detail", "symbol": "btcusdt"}),
    )
    .await;
    send(
        &mut ws,
        json!({"op": "subscribe", "type": "detail", "symbol": "ethusdt"}),
    )
    .await;
    market.until(&mut ws, is("DETAIL", "ethusdt")).await;
    let mut after = Vec::new();
    for _ in 0..3 {
        after.extend(market.until(&mut ws, is("DETAIL", "ethusdt")).await);
    }
    assert!(after.iter().all(|m| m["symbol"] == "ethusdt"), "{after:?}");
}

#[tokio::test]
async fn detail_without_a_symbol_means_every_coin() {
    let app = TestApp::spawn().await;
    let addr = serve(&app).await;
    let mut market = Market::new(&app).await;
    let mut ws = connect(addr).await;
    send(&mut ws, json!({"op": "subscribe", "type": "detail"})).await;
    let seen = market.until(&mut ws, is("DETAIL", "ethusdt")).await;
    let seen = [seen, market.until(&mut ws, is("DETAIL", "btcusdt")).await].concat();
    assert!(seen.iter().all(|m| m["type"] == "DETAIL"));
}

#[tokio::test]
async fn a_kline_subscription_receives_only_its_interval() {
    let app = TestApp::spawn().await;
    let addr = serve(&app).await;
    let mut market = Market::new(&app).await;
    let mut ws = connect(addr).await;
    send(
        &mut ws,
        json!({"op": "subscribe", "type": "kline", "symbol": "btcusdt", "interval": "5m"}),
    )
    .await;
    let mut seen = market.until(&mut ws, is("KLINE", "btcusdt")).await;
    for _ in 0..3 {
        seen.extend(market.until(&mut ws, is("KLINE", "btcusdt")).await);
    }
    for m in &seen {
        assert_eq!(
            (m["type"].as_str(), m["interval"].as_str()),
            (Some("KLINE"), Some("5m")),
            "{m}"
        );
        assert_eq!(m["symbol"], "btcusdt");
        assert_eq!(
            m["data"]["openTimeMs"],
            onyx_market::api::Interval::M5.bucket_start(T0 + 1000)
        );
        assert!(m["data"]["vol"].is_string() && m["data"]["close"].is_string());
    }
}

#[tokio::test]
async fn trades_stream_per_coin() {
    let app = TestApp::spawn().await;
    let addr = serve(&app).await;
    let mut market = Market::new(&app).await;
    let mut ws = connect(addr).await;
    send(
        &mut ws,
        json!({"op": "subscribe", "type": "trade", "symbol": "ethusdt"}),
    )
    .await;
    let seen = market.until(&mut ws, is("TRADE", "ethusdt")).await;
    assert!(seen
        .iter()
        .all(|m| m["type"] == "TRADE" && m["symbol"] == "ethusdt"));
    assert!(seen.last().unwrap()["data"]["price"].is_string());
}

#[tokio::test]
async fn the_heartbeat_arrives_on_its_period() {
    let app = TestApp::spawn_with(|c| c.socket_heartbeat_ms = 50).await;
    let addr = serve(&app).await;
    let mut ws = connect(addr).await;
    let m = next_text(&mut ws, PATIENCE).await.expect("a heartbeat");
    assert_eq!(m["type"], "HEARTBEAT");
    assert!(m["data"]["ts"].is_i64());
}

#[tokio::test]
async fn malformed_client_messages_are_ignored_and_the_socket_stays_usable() {
    let app = TestApp::spawn().await;
    let addr = serve(&app).await;
    let mut market = Market::new(&app).await;
    let mut ws = connect(addr).await;
    for bad in [
        "not json",
        "{}",
        r#"{"op":"subscribe"}"#,
        r#"{"op":"explode","type":"detail"}"#,
        r#"{"op":"subscribe","type":"weather"}"#,
        r#"{"op":"subscribe","type":"kline","symbol":"btcusdt","interval":"7m"}"#,
        r#"{"op":"subscribe","type":"detail","symbol":"b t c"}"#,
    ] {
        ws.send(Message::Text(bad.into())).await.unwrap();
    }
    ws.send(Message::Binary(vec![0, 1, 2].into()))
        .await
        .unwrap();
    send(
        &mut ws,
        json!({"op": "subscribe", "type": "detail", "symbol": "btcusdt"}),
    )
    .await;
    let seen = market.until(&mut ws, is("DETAIL", "btcusdt")).await;
    assert!(
        seen.iter()
            .all(|m| m["symbol"] == "btcusdt" && m["type"] == "DETAIL"),
        "{seen:?}"
    );
}

#[tokio::test]
async fn the_twenty_first_connection_from_one_address_is_refused() {
    let app = TestApp::spawn().await;
    let addr = serve(&app).await;
    let mut open = Vec::new();
    for _ in 0..CONNECTIONS_PER_IP_MAX {
        open.push(connect(addr).await);
    }
    let refused = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/one-too-many")).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => assert_eq!(res.status(), 429),
        other => panic!(
            "expected HTTP 429, got {:?}",
            other.map(|_| "an open socket")
        ),
    }
    assert_eq!(
        app.state.sockets.connections("127.0.0.1".parse().unwrap()),
        CONNECTIONS_PER_IP_MAX
    );
}

/// The subscription works: the socket is a real, usable one.
async fn assert_usable(ws: &mut Ws, app: &TestApp) {
    let mut market = Market::new(app).await;
    send(
        ws,
        json!({"op": "subscribe", "type": "detail", "symbol": "btcusdt"}),
    )
    .await;
    market.until(ws, |m| m["type"] == "DETAIL").await;
}

#[tokio::test]
async fn a_browser_page_of_this_server_opens_the_socket_and_a_foreign_one_gets_403() {
    let app = TestApp::spawn().await;
    let addr = serve(&app).await;
    let own = format!("http://{addr}");
    let mut ws = connect_with(addr, "own-page", &[("origin", &own)])
        .await
        .expect("the server's own origin is admitted");
    assert_usable(&mut ws, &app).await;
    for foreign in [
        "http://evil.example",
        &format!("https://{addr}"),
        &format!("http://{addr}.evil.example"),
        "null",
        "not an origin",
    ] {
        let refused = connect_with(addr, "foreign", &[("origin", foreign)]).await;
        assert_eq!(refused.err(), Some(403), "{foreign}");
    }
    // No Origin: a bot or a benchmark, not a browser page.
    let mut bot = connect_with(addr, "bot", &[]).await.expect("admitted");
    assert_usable(&mut bot, &app).await;
    assert_eq!(
        app.state.sockets.connections("127.0.0.1".parse().unwrap()),
        2,
        "refused upgrades hold no connection slot"
    );
}

#[tokio::test]
async fn listed_origins_are_admitted_and_the_forwarded_scheme_counts_only_behind_a_trusted_proxy() {
    let listed = TestApp::spawn_with(|c| {
        c.allowed_origins = vec!["https://app.example.com".into()];
    })
    .await;
    let addr = serve(&listed).await;
    let mut ws = connect_with(addr, "listed", &[("origin", "https://app.example.com")])
        .await
        .expect("a listed origin is admitted");
    assert_usable(&mut ws, &listed).await;
    let other = connect_with(addr, "other", &[("origin", "https://m.example.com")]).await;
    assert_eq!(other.err(), Some(403));

    // Behind a TLS proxy the page is https while the hop to Onyx is http.
    let https_page = [
        ("origin", "https://onyx.example"),
        ("host", "onyx.example"),
        ("x-forwarded-proto", "https"),
    ];
    let direct = serve(&TestApp::spawn().await).await;
    assert_eq!(
        connect_with(direct, "untrusted", &https_page).await.err(),
        Some(403)
    );
    let proxied = TestApp::spawn_with(|c| c.trust_proxy = true).await;
    let behind = serve(&proxied).await;
    connect_with(behind, "trusted", &https_page)
        .await
        .expect("the trusted proxy's scheme makes the page's origin our own");
    let secure = TestApp::spawn_with(|c| c.secure_cookies = true).await;
    let https = serve(&secure).await;
    connect_with(https, "secure", &https_page[..2])
        .await
        .expect("--secure-cookies: the site's own scheme is https");
}

#[tokio::test]
async fn a_startup_with_a_malformed_allowed_origin_fails_and_names_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = onyx_platform::config::Config::for_data_dir(dir.path().to_path_buf(), None);
    config.allowed_origins = vec![
        "https://ok.example".into(),
        "https://bad.example/path".into(),
    ];
    let err = onyx_server::prepare(config).await.err().expect("refused");
    let text = format!("{err:#}");
    assert!(
        text.contains("--allowed-origins") && text.contains("bad.example/path"),
        "{text}"
    );
}
