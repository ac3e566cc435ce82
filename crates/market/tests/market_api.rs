//! Candles, tickers and the simulator backfill through the API, with the
//! market service driven explicitly (explicit timestamps, no live feed).

use onyx_testkit::common;

use common::TestApp;
use onyx_market::api::service::{backfill_missing, now_ms, MarketService};
use onyx_market::api::{simulator, Interval, Tick};
use onyx_platform::config::MarketFeed;
use rust_decimal::Decimal;
use serde_json::Value;
use std::str::FromStr;

/// 2026-11-22T10:00:00Z.
const H: i64 = 1_795_341_600_000;

fn tick(coin: &str, ts_ms: i64, price: &str, qty: &str) -> Tick {
    Tick {
        coin: coin.into(),
        price: Decimal::from_str(price).unwrap(),
        quantity: Decimal::from_str(qty).unwrap(),
        ts_ms,
        source: "test",
    }
}

fn coins(list: &[&str]) -> Vec<String> {
    list.iter().map(|c| c.to_string()).collect()
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}"))
}

#[tokio::test]
async fn kline_returns_persisted_candles_oldest_first_and_pages_backwards() {
    let app = TestApp::spawn().await;
    let mut svc = MarketService::load(&app.state, &app.state.market, &coins(&["btc", "eth"]), H)
        .await
        .unwrap();
    let applied = svc.apply(&[
        tick("btc", H, "100", "1"),
        tick("btc", H + 10_000, "105", "2"),
        tick("btc", H + 59_999, "98", "0.5"),
        tick("btc", H + 60_000, "99", "1"),
        tick("btc", H + 120_000, "101", "1"),
        tick("eth", H, "3000", "1"),
        tick("doge", H, "1", "1"), // not priced by this service
    ]);
    assert_eq!(applied, 6);
    // btc: 3 minutes, 1 five-minute bucket, ...; eth: one bucket per interval.
    assert_eq!(
        svc.flush().await.unwrap(),
        8 + 2 + 8,
        "closed buckets are written too"
    );
    assert_eq!(svc.flush().await.unwrap(), 0, "nothing changed since");

    let bars = app
        .get("/api/market/kline?symbol=btcusdt&interval=1m", None)
        .await
        .ok();
    let bars = bars.as_array().unwrap();
    assert_eq!(bars.len(), 3);
    assert_eq!(bars[0]["openTimeMs"], H);
    assert_eq!(
        (
            s(&bars[0]["open"]),
            s(&bars[0]["high"]),
            s(&bars[0]["low"]),
            s(&bars[0]["close"])
        ),
        ("100", "105", "98", "98")
    );
    assert_eq!(
        (s(&bars[0]["volume"]), s(&bars[0]["quoteVolume"])),
        ("3.5", "359")
    );
    assert_eq!(bars[2]["openTimeMs"], H + 120_000);

    let page = app
        .get("/api/market/kline?symbol=BTC&interval=1m&limit=2", None)
        .await
        .ok();
    let times: Vec<_> = page
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["openTimeMs"].as_i64().unwrap())
        .collect();
    assert_eq!(times, [H + 60_000, H + 120_000]);
    let older = app
        .get(
            &format!(
                "/api/market/kline?symbol=btcusdt&interval=1m&limit=2&endTime={}",
                H + 60_000
            ),
            None,
        )
        .await
        .ok();
    let times: Vec<_> = older
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["openTimeMs"].as_i64().unwrap())
        .collect();
    assert_eq!(times, [H], "only candles opening before endTime");

    let hour = app
        .get("/api/market/kline?symbol=btcusdt&interval=1h", None)
        .await
        .ok();
    assert_eq!(hour.as_array().unwrap().len(), 1);
    assert_eq!(
        (
            s(&hour[0]["open"]),
            s(&hour[0]["close"]),
            s(&hour[0]["volume"])
        ),
        ("100", "101", "5.5")
    );

    app.get("/api/market/kline?symbol=nosuchcoin&interval=1m", None)
        .await
        .fails_with(-4);
    app.get("/api/market/kline?symbol=btcusdt&interval=2m", None)
        .await
        .fails_with(-4);
    app.get(
        "/api/market/kline?symbol=btcusdt&interval=1m&limit=1501",
        None,
    )
    .await
    .fails_with(-4);
    app.get("/api/market/kline?interval=1m", None)
        .await
        .fails_with(-3);
}

#[tokio::test]
async fn the_current_candle_resumes_after_a_restart() {
    let app = TestApp::spawn().await;
    let mut svc = MarketService::load(&app.state, &app.state.market, &coins(&["btc"]), H)
        .await
        .unwrap();
    svc.apply(&[tick("btc", H + 1_000, "100", "1")]);
    svc.flush().await.unwrap();
    drop(svc);
    let mut svc = MarketService::load(&app.state, &app.state.market, &coins(&["btc"]), H + 2_000)
        .await
        .unwrap();
    assert_eq!(svc.last_close("btc"), Some(Decimal::from(100)));
    svc.apply(&[tick("btc", H + 3_000, "90", "2")]);
    svc.flush().await.unwrap();
    let bars = app
        .get("/api/market/kline?symbol=btcusdt&interval=1m", None)
        .await
        .ok();
    assert_eq!(bars.as_array().unwrap().len(), 1);
    assert_eq!(
        (
            s(&bars[0]["open"]),
            s(&bars[0]["low"]),
            s(&bars[0]["close"]),
            s(&bars[0]["volume"])
        ),
        ("100", "90", "90", "3")
    );
}

#[tokio::test]
async fn ticker_shows_24h_stats_index_and_staleness() {
    let app = TestApp::spawn_with(|c| c.stale_seconds = 600).await;
    let now = now_ms();
    let mut svc = MarketService::load(&app.state, &app.state.market, &coins(&["btc", "eth"]), now)
        .await
        .unwrap();
    svc.apply(&[
        tick("btc", now - 3_600_000, "200", "1"),
        tick("btc", now, "210.5", "2"),
        tick("eth", now - 86_400_000 + 120_000, "10", "1"), // an old print: stale
    ]);

    let btc = app
        .get("/api/market/ticker?symbol=btcusdt", None)
        .await
        .ok();
    assert_eq!((s(&btc["coin"]), s(&btc["symbol"])), ("btc", "btcusdt"));
    assert_eq!(
        (s(&btc["close"]), s(&btc["openPrice"]), s(&btc["change"])),
        ("210.5", "200", "10.5")
    );
    assert_eq!(s(&btc["priceChangePercent"]), "5.25");
    assert_eq!(
        (s(&btc["volume"]), s(&btc["volume2"]), s(&btc["volume24"])),
        ("3", "621", "621")
    );
    assert_eq!(
        (
            s(&btc["high"]),
            s(&btc["low"]),
            s(&btc["high24"]),
            s(&btc["low24"])
        ),
        ("210.5", "200", "210.5", "200")
    );
    assert_eq!(s(&btc["index"]["price"]), "210.5");
    assert_eq!(s(&btc["index"]["source"]), "test");
    assert_eq!(btc["stale"], false);

    let eth = app.get("/api/market/ticker?symbol=eth", None).await.ok();
    assert_eq!(
        eth["stale"], true,
        "no tick for longer than --stale-seconds"
    );

    let all = app.get("/api/market/ticker", None).await.ok();
    let listed: Vec<_> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|t| s(&t["coin"]).to_string())
        .collect();
    assert!(listed.contains(&"btc".to_string()) && listed.contains(&"eth".to_string()));
    app.get("/api/market/ticker?symbol=zzz", None)
        .await
        .fails_with(-4);

    // Settlements ask for a fresh index and get none for a stale coin.
    let market = &app.state.prices;
    assert!(market.fresh_index("btc", now, 600_000).is_some());
    assert!(market.fresh_index("eth", now, 600_000).is_none());
    svc.refresh_staleness(now + 601_000);
    assert!(market.index("btc").unwrap().stale);
    assert!(
        market.fresh_index("btc", now, 600_000).is_none(),
        "marked stale by the service"
    );
}

#[tokio::test]
async fn the_simulator_backfills_every_interval_on_first_start() {
    let before = now_ms();
    let app = TestApp::spawn_with(|c| c.market_feed = MarketFeed::Simulator).await;
    let after = now_ms();
    for interval in Interval::ALL {
        let bars = app
            .get(
                &format!(
                    "/api/market/kline?symbol=btcusdt&interval={}&limit=1500",
                    interval.as_str()
                ),
                None,
            )
            .await
            .ok();
        let bars = bars.as_array().unwrap();
        assert!(bars.len() >= 1000, "{interval:?}: {}", bars.len());
        let backfilled: Vec<_> = bars
            .iter()
            .filter(|b| b["openTimeMs"].as_i64().unwrap() < interval.bucket_start(before))
            .collect();
        for w in backfilled.windows(2) {
            assert_eq!(
                w[1]["open"], w[0]["close"],
                "{interval:?} open = previous close"
            );
        }
        if interval.bucket_start(before) == interval.bucket_start(after) {
            let last = backfilled.last().unwrap();
            assert_eq!(
                last["openTimeMs"],
                interval.bucket_start(before) - interval.duration_ms()
            );
            assert_eq!(
                s(&last["close"]),
                simulator::profile("btc").start.to_string()
            );
        }
    }
    let coins = onyx_market::api::service::coins(&app.state.db)
        .await
        .unwrap();
    let again = backfill_missing(&app.state.db, &coins, 42, now_ms())
        .await
        .unwrap();
    assert_eq!(again, 0, "a coin with history is not backfilled again");
    onyx_market::api::service::stop(&app.state.market).await;
}
