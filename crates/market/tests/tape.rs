//! The price tape through the market service and the store: each ended
//! second's last tick is written once, the snapshot's mark follows what is
//! written, a late tick never changes a written second, and retention
//! drops old seconds.

use onyx_testkit::common;

use common::TestApp;
use onyx_market::api::service::MarketService;
use onyx_market::api::tape::{between, last_before, prune};
use onyx_market::api::Tick;
use rust_decimal::Decimal;
use std::str::FromStr;

/// 2026-11-22T10:00:00Z.
const H: i64 = 1_795_341_600_000;

fn tick(coin: &str, ts_ms: i64, price: &str) -> Tick {
    Tick {
        coin: coin.into(),
        price: Decimal::from_str(price).unwrap(),
        quantity: Decimal::ONE,
        ts_ms,
        source: "test",
    }
}

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

#[tokio::test]
async fn ended_seconds_are_written_once_and_read_back_for_settlement() {
    let app = TestApp::spawn().await;
    let coins = vec!["btc".to_string(), "eth".to_string()];
    let mut svc = MarketService::load(&app.state, &app.state.market, &coins, H)
        .await
        .unwrap();
    let prices = &app.state.prices;
    assert_eq!(prices.tape_closed_before(), 0, "nothing written yet");

    svc.apply(&[
        tick("btc", H + 100, "100"),
        tick("btc", H + 900, "101"),
        tick("eth", H + 400, "10"),
        tick("btc", H + 1_200, "102"),
    ]);
    assert_eq!(
        svc.close_tape(H + 1_050).await.unwrap(),
        2,
        "second 0 of both coins"
    );
    assert_eq!(prices.tape_closed_before(), H + 1_000);
    let open = prices.tape_price("btc", H + 1_050, 2_000).unwrap();
    assert_eq!(
        (open.price, open.ts_ms),
        (d("101"), H + 900),
        "the last tick of the ended second"
    );
    assert!(
        prices.tape_price("btc", H + 3_000, 2_000).is_none(),
        "too old to open on"
    );

    // A tick for the written second arrives late: the tape keeps what it had.
    svc.apply(&[tick("btc", H + 950, "999"), tick("btc", H + 2_500, "103")]);
    assert_eq!(
        svc.close_tape(H + 3_050).await.unwrap(),
        2,
        "seconds 1 and 2 of btc"
    );

    let db = &app.state.db;
    let close = last_before(db, "btc", H + 1_000).await.unwrap().unwrap();
    assert_eq!(
        (close.price, close.ts_ms, close.source.as_str()),
        (d("101"), H + 900, "test")
    );
    let close = last_before(db, "btc", H + 3_000).await.unwrap().unwrap();
    assert_eq!((close.price, close.ts_ms), (d("103"), H + 2_500));
    assert!(
        last_before(db, "btc", H).await.unwrap().is_none(),
        "nothing before the start"
    );
    let seconds: Vec<i64> = between(db, "btc", H, H + 10_000)
        .await
        .unwrap()
        .iter()
        .map(|t| t.ts_ms)
        .collect();
    assert_eq!(seconds, vec![H + 900, H + 1_200, H + 2_500]);

    assert_eq!(prune(db, H + 2_000).await.unwrap(), 3, "btc 0 and 1, eth 0");
    let left = between(db, "btc", H, H + 10_000).await.unwrap();
    assert_eq!(left.len(), 1);
}
