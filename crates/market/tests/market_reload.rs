//! Coins an operator enables while the server runs are priced without a
//! restart: the market service re-reads the catalogue and restarts its feed.

use onyx_testkit::admin_common;
use onyx_testkit::common;

use admin_common::*;
use common::TestApp;
use onyx_platform::config::MarketFeed;
use serde_json::json;
use std::time::Duration;

#[tokio::test]
async fn a_coin_listed_at_runtime_gets_history_and_live_prices() {
    let app = TestApp::spawn_with(|c| {
        c.market_feed = MarketFeed::Simulator;
        c.market_reload_seconds = 1;
    })
    .await;
    assert!(
        priced_within(&app, "btc").await,
        "seeded coins are priced after the first tick"
    );
    assert!(app.state.prices.index("ada").is_none());

    let owner = operator(&app, "owner1", "owner").await;
    admin_post(
        &app,
        "/api/admin/catalogue/coins",
        &owner,
        json!({"coin": "ADA", "reason": "listing ADA"}),
    )
    .await
    .ok();

    assert!(
        priced_within(&app, "ada").await,
        "ada was never priced after being listed"
    );
    let candles = app
        .get(
            "/api/market/kline?symbol=adausdt&interval=1h&limit=10",
            None,
        )
        .await
        .ok();
    assert_eq!(
        candles.as_array().unwrap().len(),
        10,
        "the new coin was backfilled"
    );
    assert!(
        app.state.prices.index("btc").is_some(),
        "existing coins keep their prices"
    );
    onyx_market::api::service::stop(&app.state.market).await;
}

/// Waits (bounded, 15 s) for the coin's first index price.
async fn priced_within(app: &TestApp, coin: &str) -> bool {
    for _ in 0..150 {
        if app.state.prices.index(coin).is_some() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}
