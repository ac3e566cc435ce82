//! Converting small balances: the dust no spot sell can take (below the
//! pair's lot or minimum) into USDT at the flash exchange's price, exact,
//! ledger-balanced, paid once however the converts race or retry.
use onyx_testkit::accounts;
use onyx_testkit::common;
use onyx_testkit::wallet;
use onyx_testkit::wallet_calls::set_price;

use common::TestApp;
use onyx_kernel::ledger::Wallet;
use rust_decimal::Decimal;
use serde_json::Value;
use std::sync::Arc;
use wallet::{assert_audit_clean, balance, dec, fund};

async fn dust(app: &TestApp, token: &str) -> Value {
    app.get("/api/asset/dust", Some(token)).await.ok()
}

async fn convert(app: &TestApp, token: &str, key: Option<&str>) -> Value {
    let mut req = TestApp::request("POST", "/api/asset/convertDust", Some(token));
    if let Some(k) = key {
        req = req.header("Idempotency-Key", k);
    }
    app.send(req.body(axum::body::Body::empty()).unwrap())
        .await
        .ok()
}

fn s(v: &Value) -> Decimal {
    dec(v.as_str().unwrap())
}

#[tokio::test]
async fn dust_below_the_lot_converts_exactly_and_the_rest_stays() {
    let app = TestApp::spawn().await;
    let (u, token) = accounts::signed_in(&app, "alice").await;
    // BTC sells in lots of 0.0001, DOGE in whole coins.
    fund(&app, u.id, Wallet::Spot, "btc", "0.000099").await;
    fund(&app, u.id, Wallet::Spot, "doge", "0.7").await;
    fund(&app, u.id, Wallet::Spot, "eth", "0.0001").await;
    fund(&app, u.id, Wallet::Spot, "usdt", "10").await;
    set_price(&app, "btc", "50000");
    set_price(&app, "doge", "0.1");
    set_price(&app, "eth", "2500");

    let list = dust(&app, &token).await;
    let items = list["items"].as_array().unwrap();
    let coins: Vec<&str> = items.iter().map(|i| i["coin"].as_str().unwrap()).collect();
    assert_eq!(
        coins,
        ["BTC", "DOGE"],
        "ETH at exactly its lot is sellable, not dust"
    );
    // 0.000099 * 49950 (50000 less the 0.1 % spread) = 4.94505;
    // 0.7 * 0.0999 = 0.06993.
    assert_eq!(s(&items[0]["amount"]), dec("0.000099"));
    assert_eq!(s(&items[0]["sellMin"]), dec("0.0001"));
    assert_eq!(s(&items[0]["usdtAmount"]), dec("4.94505"));
    assert_eq!(s(&items[1]["usdtAmount"]), dec("0.06993"));
    assert_eq!(s(&list["totalUsdt"]), dec("5.01498"));

    let done = convert(&app, &token, None).await;
    assert_eq!(s(&done["totalUsdt"]), dec("5.01498"));
    let xs = done["exchanges"].as_array().unwrap();
    assert_eq!(xs.len(), 2);
    assert_eq!(
        (xs[0]["fromCoin"].as_str(), xs[0]["toCoin"].as_str()),
        (Some("BTC"), Some("USDT"))
    );
    assert_eq!(s(&xs[0]["toAmount"]), dec("4.94505"));
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("15.01498"), dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "BTC").await,
        (dec("0"), dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "DOGE").await,
        (dec("0"), dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "ETH").await,
        (dec("0.0001"), dec("0")),
        "a sellable balance is left alone"
    );
    // The flash exchange's own records.
    let list = app.get("/api/texchange/list", Some(&token)).await.ok();
    assert_eq!(list["total"], 2);
    assert!(dust(&app, &token).await["items"]
        .as_array()
        .unwrap()
        .is_empty());
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn without_a_fresh_price_or_any_value_dust_stays() {
    let app = TestApp::spawn().await;
    let (u, token) = accounts::signed_in(&app, "bob").await;
    fund(&app, u.id, Wallet::Spot, "btc", "0.00005").await;
    // Worth 0.0000001 USDT: nothing at USDT's 6 decimals.
    fund(&app, u.id, Wallet::Spot, "doge", "0.000001").await;
    set_price(&app, "doge", "0.1");

    let list = dust(&app, &token).await;
    let items = list["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert!(items.iter().all(|i| i["usdtAmount"].is_null()));
    assert_eq!(s(&list["totalUsdt"]), dec("0"));

    let done = convert(&app, &token, None).await;
    assert!(done["exchanges"].as_array().unwrap().is_empty());
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "BTC").await,
        (dec("0.00005"), dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "DOGE").await,
        (dec("0.000001"), dec("0"))
    );
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn a_retried_convert_answers_the_same_and_moves_once() {
    let app = TestApp::spawn().await;
    let (u, token) = accounts::signed_in(&app, "carol").await;
    fund(&app, u.id, Wallet::Spot, "btc", "0.00009999").await;
    set_price(&app, "btc", "50000");
    let first = convert(&app, &token, Some("dust-1")).await;
    let again = convert(&app, &token, Some("dust-1")).await;
    assert_eq!(first, again);
    // 0.00009999 * 49950 = 4.9945005, cut to 4.9945 (6 decimals: 4.994500).
    assert_eq!(s(&first["totalUsdt"]), dec("4.9945"));
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("4.9945"), dec("0"))
    );
    assert_audit_clean(&app).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_racing_converts_pay_once() {
    let app = Arc::new(TestApp::spawn().await);
    let (u, token) = accounts::signed_in(&app, "dave").await;
    fund(&app, u.id, Wallet::Spot, "btc", "0.00008").await;
    set_price(&app, "btc", "50000");
    let tasks: Vec<_> = ["race-a", "race-b"]
        .into_iter()
        .map(|key| {
            let app = app.clone();
            let token = token.clone();
            tokio::spawn(async move { convert(&app, &token, Some(key)).await })
        })
        .collect();
    let mut paid = Vec::new();
    for t in tasks {
        paid.push(s(&t.await.unwrap()["totalUsdt"]));
    }
    paid.sort();
    // 0.00008 * 49950 = 3.996, once.
    assert_eq!(paid, [dec("0"), dec("3.996")]);
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("3.996"), dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "BTC").await,
        (dec("0"), dec("0"))
    );
    assert_audit_clean(&app).await;
}
