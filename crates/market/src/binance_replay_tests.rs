//! The exchange adapter against a local WebSocket server replaying recorded
//! frames: a malformed frame, non-trade messages, a dropped connection and
//! a reconnect that delivers more ticks.

use crate::binance::{parse, stream_url, Backoff, BinanceFeed, FeedCounters, Parsed};
use futures_util::SinkExt;
use rust_decimal::Decimal;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tokio_tungstenite::tungstenite::handshake::server::{Request, Response};
use tokio_tungstenite::tungstenite::Message;

fn trade(sym: &str, p: &str, q: &str, t: i64) -> String {
    format!(
        r#"{{"stream":"{}@trade","data":{{"e":"trade","E":{t},"s":"{}","t":1,"p":"{p}","q":"{q}","T":{t},"m":true,"M":true}}}}"#,
        sym.to_lowercase(),
        sym
    )
}

#[test]
fn frames_parse_into_ticks_or_are_classified() {
    match parse(&trade("BTCUSDT", "95000.10", "0.002", 1_795_342_662_000)) {
        Parsed::Tick(t) => {
            assert_eq!(t.coin, "btc");
            assert_eq!(t.price, Decimal::from_str("95000.1").unwrap());
            assert_eq!(t.quantity, Decimal::from_str("0.002").unwrap());
            assert_eq!(t.ts_ms, 1_795_342_662_000);
            assert_eq!(t.source, "binance");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(parse("{not json"), Parsed::Malformed);
    assert_eq!(parse(r#"{"result":null,"id":1}"#), Parsed::Ignored);
    assert_eq!(
        parse(r#"{"stream":"btcusdt@depth","data":{"e":"depthUpdate"}}"#),
        Parsed::Ignored
    );
    assert_eq!(parse(&trade("BTCUSDT", "-1", "1", 5)), Parsed::Malformed);
    assert_eq!(parse(&trade("BTCUSDT", "abc", "1", 5)), Parsed::Malformed);
    assert_eq!(
        parse(r#"{"stream":"btcusdt@trade","data":{"e":"trade","s":"BTCUSDT"}}"#),
        Parsed::Malformed
    );
    assert_eq!(
        stream_url("wss://x/stream", &["btc", "eth"]),
        "wss://x/stream?streams=btcusdt@trade/ethusdt@trade"
    );
}

#[tokio::test]
#[allow(clippy::result_large_err)] // tungstenite's handshake callback signature
async fn the_adapter_survives_bad_frames_and_reconnects_after_a_drop() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let paths = Arc::new(Mutex::new(Vec::<String>::new()));
    let seen = paths.clone();
    let server = tokio::spawn(async move {
        let sessions = [
            vec![
                trade("BTCUSDT", "95000.10", "0.002", 1_000),
                "{not json".to_string(),
                r#"{"result":null,"id":1}"#.to_string(),
                trade("ETHUSDT", "3400.5", "0.1", 2_000),
                trade("DOGEUSDT", "0.3", "10", 2_500), // not subscribed
            ],
            vec![
                trade("BTCUSDT", "95001", "0.01", 3_000),
                trade("ETHUSDT", "3401", "1", 4_000),
            ],
        ];
        for (session, frames) in sessions.into_iter().enumerate() {
            let (tcp, _) = listener.accept().await.unwrap();
            let record = seen.clone();
            let mut ws =
                tokio_tungstenite::accept_hdr_async(tcp, move |req: &Request, res: Response| {
                    record.lock().unwrap().push(req.uri().to_string());
                    Ok(res)
                })
                .await
                .unwrap();
            for f in frames {
                ws.send(Message::Text(f.into())).await.unwrap();
            }
            ws.flush().await.unwrap();
            // Drop the connection without a close frame on the first
            // session; keep the second open until the test ends.
            tokio::time::sleep(Duration::from_millis(50)).await;
            if session == 1 {
                tokio::time::sleep(Duration::from_secs(30)).await;
            }
        }
    });

    let counters = Arc::new(FeedCounters::default());
    let mut feed = BinanceFeed::new(
        &format!("ws://{addr}/stream"),
        vec!["btc".into(), "eth".into()],
    );
    feed.backoff = Backoff::new(Duration::from_millis(10), Duration::from_millis(50));
    feed.counters = counters.clone();
    let (tx, mut rx) = mpsc::channel(16);
    let (stop_tx, stop_rx) = watch::channel(false);
    let adapter = tokio::spawn(feed.run(tx, stop_rx));

    let mut ticks = Vec::new();
    while ticks.len() < 4 {
        let batch = tokio::time::timeout(Duration::from_secs(10), rx.recv())
            .await
            .expect("ticks arrive")
            .expect("feed open");
        ticks.extend(batch);
    }
    let got: Vec<_> = ticks
        .iter()
        .map(|t| (t.coin.as_str(), t.price.to_string(), t.ts_ms))
        .collect();
    assert_eq!(
        got,
        [
            ("btc", "95000.1".to_string(), 1_000),
            ("eth", "3400.5".to_string(), 2_000),
            ("btc", "95001".to_string(), 3_000),
            ("eth", "3401".to_string(), 4_000),
        ]
    );
    assert_eq!(FeedCounters::get(&counters.malformed), 1);
    assert_eq!(
        FeedCounters::get(&counters.ignored),
        2,
        "the reply and the unsubscribed coin"
    );
    assert_eq!(FeedCounters::get(&counters.connects), 2);
    assert!(FeedCounters::get(&counters.disconnects) >= 1);
    assert_eq!(
        paths.lock().unwrap().first().map(String::as_str),
        Some("/stream?streams=btcusdt@trade/ethusdt@trade")
    );
    stop_tx.send(true).unwrap();
    tokio::time::timeout(Duration::from_secs(5), adapter)
        .await
        .expect("adapter stops")
        .unwrap();
    server.abort();
}
