//! The flash exchange: quotes (price after the spread, minimum, expiry),
//! execution against the house with exact, platform-favouring rounding,
//! single use, ownership, stale prices, idempotent retries, and the list.
use onyx_testkit::accounts;
use onyx_testkit::common;
use onyx_testkit::wallet;
use onyx_testkit::wallet_calls;

use common::TestApp;
use onyx_kernel::ledger::{SystemAccount, Wallet};
use rust_decimal::Decimal;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use wallet::{assert_audit_clean, balance, dec, fund};
use wallet_calls::*;

/// A quote clock the test moves by hand.
fn manual_clock(app: &TestApp) -> Arc<AtomicI64> {
    let now = Arc::new(AtomicI64::new(chrono::Utc::now().timestamp_millis()));
    let read = now.clone();
    app.state
        .quotes
        .set_clock(Arc::new(move || read.load(Ordering::SeqCst)));
    now
}

async fn house(app: &TestApp, coin: &str) -> Decimal {
    let report = onyx_store::ledger::audit(&app.state.db).await.unwrap();
    let assets = report.result.expect("clean audit");
    assets
        .get(coin)
        .and_then(|s| s.system.get(&SystemAccount::ExchangeHouse).copied())
        .unwrap_or_default()
}

#[tokio::test]
async fn an_exchange_executes_at_the_quoted_price_rounded_in_the_platforms_favour() {
    let app = TestApp::spawn().await;
    let (u, token) = accounts::signed_in(&app, "alice").await;
    fund(&app, u.id, Wallet::Spot, "usdt", "1500").await;
    set_price(&app, "btc", "50000");
    set_price(&app, "eth", "2500");
    set_price(&app, "doge", "0.1");

    let q = quote(&app, &token, "usdt", "btc").await.ok();
    assert_eq!(q["from"], "USDT");
    assert_eq!(q["to"], "BTC");
    assert_eq!(q["price"], "0.00001998", "1/50000 less the 0.1 % spread");
    assert_eq!(q["spread"], "0.001");
    assert_eq!(q["minAmount"], "1");
    let expires = chrono::DateTime::parse_from_rfc3339(q["expiresAt"].as_str().unwrap()).unwrap();
    let ttl = expires.timestamp_millis() - chrono::Utc::now().timestamp_millis();
    assert!(ttl > 0 && ttl <= 15_000, "expires within 15 s: {ttl}");

    let id = q["quoteId"].as_str().unwrap();
    let x = exchange(&app, &token, None, "usdt", "btc", "1000", id)
        .await
        .ok();
    assert_eq!(x["fromCoin"], "USDT");
    assert_eq!(x["toCoin"], "BTC");
    assert_eq!(x["fromAmount"], "1000");
    // 1000 * 0.00001998 = 0.01998 exactly (8 decimals allowed).
    assert_eq!(x["toAmount"], "0.01998");
    assert_eq!(x["price"], "0.00001998");
    assert_eq!(
        x["fee"], "0.00002",
        "the spread's worth: 0.02 BTC at index less 0.01998"
    );
    assert_eq!(x["feeCoin"], "BTC");
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("500"), dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "BTC").await,
        (dec("0.01998"), dec("0"))
    );
    assert_eq!(house(&app, "USDT").await, dec("1000"));
    assert_eq!(house(&app, "BTC").await, dec("-0.01998"));

    let q = quote(&app, &token, "BTC", "usdt").await.ok();
    assert_eq!(q["price"], "49950");
    assert_eq!(
        q["minAmount"], "0.00002",
        "1 USDT of BTC, rounded up to 8 decimals"
    );
    let id = q["quoteId"].as_str().unwrap();
    let x = exchange(&app, &token, None, "btc", "usdt", "0.0199", id)
        .await
        .ok();
    assert_eq!(x["toAmount"], "994.005");
    assert_eq!(x["fee"], "0.995");
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "BTC").await,
        (dec("0.00008"), dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("1494.005"), dec("0"))
    );

    // 10.5 USDT * 9.99 = 104.895 DOGE, paid in full: wallets hold 8 decimals
    // even where orders trade whole coins.
    let q = quote(&app, &token, "usdt", "doge").await.ok();
    assert_eq!(q["price"], "9.99");
    let id = q["quoteId"].as_str().unwrap();
    let x = exchange(&app, &token, None, "usdt", "doge", "10.5", id)
        .await
        .ok();
    assert_eq!(x["toAmount"], "104.895");
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "DOGE").await,
        (dec("104.895"), dec("0"))
    );

    // Between two coins: one spread on the cross price.
    let q = quote(&app, &token, "doge", "eth").await.ok();
    assert_eq!(q["price"], "0.00003996");
    assert_eq!(q["minAmount"], "10");

    let list = app
        .get("/api/texchange/list?pageSize=2", Some(&token))
        .await
        .ok();
    assert_eq!(list["total"], 3);
    let rows = list["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["toCoin"], "DOGE", "newest first");
    assert_eq!(rows[1]["fromCoin"], "BTC");

    let recs = records(&app, &token, "type=exchange&coin=usdt").await;
    assert_eq!(recs["total"], 3);
    let legs: Vec<(String, String, String)> = recs["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap().to_string();
            (s("change"), s("from"), s("to"))
        })
        .collect();
    let leg = |c: &str, f: &str, t: &str| (c.to_string(), f.to_string(), t.to_string());
    assert_eq!(
        legs,
        [
            leg("-10.5", "spot", "house_exchange"),
            leg("994.005", "house_exchange", "spot"),
            leg("-1000", "spot", "house_exchange")
        ]
    );
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn a_coin_amount_with_all_its_decimals_exchanges_at_a_fine_price() {
    // 8 decimals of BTC times a 12-decimal price needs 20 decimals before
    // the cut to USDT's 6: this was a -8 (an amount finer than the ledger
    // holds, refused after the product instead of cut before).
    let app = TestApp::spawn().await;
    let (u, token) = accounts::signed_in(&app, "alice").await;
    fund(&app, u.id, Wallet::Spot, "btc", "1").await;
    set_price(&app, "btc", "65432.123456789");
    let q = quote(&app, &token, "btc", "usdt").await.ok();
    let price = dec(q["price"].as_str().unwrap());
    assert_eq!(price, dec("65366.691333332211"));
    let id = q["quoteId"].as_str().unwrap();
    let x = exchange(&app, &token, None, "btc", "usdt", "0.12345678", id)
        .await
        .ok();
    let expected = (dec("0.12345678") * price)
        .round_dp_with_strategy(6, rust_decimal::RoundingStrategy::ToZero);
    assert_eq!(x["toAmount"], expected.normalize().to_string());
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (expected, dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "BTC").await,
        (dec("0.87654322"), dec("0"))
    );
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn a_quote_expires_after_15_seconds_and_executes_only_once() {
    let app = TestApp::spawn().await;
    let (u, token) = accounts::signed_in(&app, "alice").await;
    fund(&app, u.id, Wallet::Spot, "usdt", "100").await;
    set_price(&app, "btc", "50000");
    let now = manual_clock(&app);
    let issued = now.load(Ordering::SeqCst);

    let q = quote(&app, &token, "usdt", "btc").await.ok();
    let id = q["quoteId"].as_str().unwrap().to_string();
    now.store(issued + 15_000, Ordering::SeqCst);
    exchange(&app, &token, None, "usdt", "btc", "10", &id)
        .await
        .fails_with(-4051);
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("100"), dec("0"))
    );

    let q = quote(&app, &token, "usdt", "btc").await.ok();
    let id = q["quoteId"].as_str().unwrap().to_string();
    now.store(issued + 15_000 + 14_999, Ordering::SeqCst);
    exchange(&app, &token, None, "usdt", "btc", "10", &id)
        .await
        .ok();
    exchange(&app, &token, None, "usdt", "btc", "10", &id)
        .await
        .fails_with(-4051);
    exchange(&app, &token, None, "usdt", "btc", "10", "no-such-quote")
        .await
        .fails_with(-4051);
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("90"), dec("0"))
    );
    assert_eq!(
        app.get("/api/texchange/list", Some(&token)).await.ok()["total"],
        1
    );
}

#[tokio::test]
async fn a_quote_belongs_to_its_user_and_its_pair() {
    let app = TestApp::spawn().await;
    let (alice, token) = accounts::signed_in(&app, "alice").await;
    let (bob, bob_token) = accounts::signed_in(&app, "bob").await;
    fund(&app, alice.id, Wallet::Spot, "usdt", "100").await;
    fund(&app, bob.id, Wallet::Spot, "usdt", "100").await;
    fund(&app, alice.id, Wallet::Spot, "btc", "1").await;
    set_price(&app, "btc", "50000");
    set_price(&app, "eth", "2500");

    let q = quote(&app, &token, "usdt", "btc").await.ok();
    let id = q["quoteId"].as_str().unwrap().to_string();
    exchange(&app, &bob_token, None, "usdt", "btc", "10", &id)
        .await
        .fails_with(-4051);
    exchange(&app, &token, None, "btc", "usdt", "0.001", &id)
        .await
        .fails_with(-4051);
    exchange(&app, &token, None, "usdt", "eth", "10", &id)
        .await
        .fails_with(-4051);
    assert_eq!(
        balance(&app, bob.id, Wallet::Spot, "USDT").await,
        (dec("100"), dec("0"))
    );
    // None of those consumed it.
    exchange(&app, &token, None, "usdt", "btc", "10", &id)
        .await
        .ok();
    assert_eq!(
        app.get("/api/texchange/list", Some(&bob_token)).await.ok()["total"],
        0
    );
    assert_eq!(records(&app, &bob_token, "type=exchange").await["total"], 0);
    assert_eq!(
        app.get("/api/texchange/list", Some(&token)).await.ok()["total"],
        1
    );
}

#[tokio::test]
async fn without_a_fresh_price_nothing_is_quoted_or_executed() {
    let app = TestApp::spawn().await;
    let (u, token) = accounts::signed_in(&app, "alice").await;
    fund(&app, u.id, Wallet::Spot, "usdt", "100").await;
    quote(&app, &token, "usdt", "eth").await.fails_with(-4050);
    set_stale_price(&app, "eth", "2500");
    quote(&app, &token, "eth", "usdt").await.fails_with(-4050);

    set_price(&app, "btc", "50000");
    let q = quote(&app, &token, "usdt", "btc").await.ok();
    let id = q["quoteId"].as_str().unwrap().to_string();
    set_stale_price(&app, "btc", "50000");
    exchange(&app, &token, None, "usdt", "btc", "10", &id)
        .await
        .fails_with(-4050);
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("100"), dec("0"))
    );
    // The quote was not spent by the refusal.
    set_price(&app, "btc", "50000");
    exchange(&app, &token, None, "usdt", "btc", "10", &id)
        .await
        .ok();
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn malformed_exchanges_are_refused_with_their_codes_and_change_nothing() {
    let app = TestApp::spawn().await;
    let (u, token) = accounts::signed_in(&app, "alice").await;
    fund(&app, u.id, Wallet::Spot, "usdt", "50").await;
    set_price(&app, "btc", "50000");

    quote(&app, &token, "usdt", "USDT").await.fails_with(-4052);
    quote(&app, &token, "usdt", "nope").await.fails_with(-3101);
    app.get(
        "/api/texchange/getCurrencyPrice?currency=usdt",
        Some(&token),
    )
    .await
    .fails_with(-4);
    app.get(
        "/api/texchange/getCurrencyPrice?currency=usdt,btc,eth",
        Some(&token),
    )
    .await
    .fails_with(-4);
    assert_eq!(
        app.get("/api/texchange/getCurrencyPrice?currency=usdt,btc", None)
            .await
            .code,
        500,
        "quotes are per user"
    );

    let q = quote(&app, &token, "usdt", "btc").await.ok();
    let id = q["quoteId"].as_str().unwrap().to_string();
    exchange(&app, &token, None, "btc", "btc", "1", &id)
        .await
        .fails_with(-4052);
    exchange(&app, &token, None, "usdt", "btc", "1.0000001", &id)
        .await
        .fails_with(-4003);
    exchange(&app, &token, None, "usdt", "btc", "0", &id)
        .await
        .fails_with(-4002);
    for bad in ["1e3", "+1", "1_0", " 1", "-1", ""] {
        exchange(&app, &token, None, "usdt", "btc", bad, &id)
            .await
            .fails_with(-11);
    }
    // A huge amount is a coded refusal, never an overflow (it was -8).
    exchange(
        &app,
        &token,
        None,
        "usdt",
        "btc",
        "99999999999999999999",
        &id,
    )
    .await
    .fails_with(-4001);
    exchange(
        &app,
        &token,
        None,
        "usdt",
        "btc",
        "79228162514264337593543950335",
        &id,
    )
    .await
    .fails_with(-4005);
    let below = exchange(&app, &token, None, "usdt", "btc", "0.999999", &id).await;
    below.fails_with(-4053);
    assert!(
        below.msg.contains("1 USDT"),
        "names the minimum: {}",
        below.msg
    );
    let short = exchange(&app, &token, None, "usdt", "btc", "50.000001", &id).await;
    short.fails_with(-4001);
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("50"), dec("0"))
    );
    assert_eq!(
        app.get("/api/texchange/list", Some(&token)).await.ok()["total"],
        0
    );

    // The shortfall did not spend the quote: funded, it executes.
    fund(&app, u.id, Wallet::Spot, "usdt", "0.000001").await;
    let x = exchange(&app, &token, None, "usdt", "btc", "50.000001", &id)
        .await
        .ok();
    assert_eq!(x["toAmount"], "0.000999");
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn a_retried_exchange_moves_once_and_a_reused_key_is_refused() {
    let app = TestApp::spawn().await;
    let (u, token) = accounts::signed_in(&app, "alice").await;
    fund(&app, u.id, Wallet::Spot, "usdt", "100").await;
    set_price(&app, "btc", "50000");

    let q = quote(&app, &token, "usdt", "btc").await.ok();
    let id = q["quoteId"].as_str().unwrap().to_string();
    let first = exchange(&app, &token, Some("x-1"), "usdt", "btc", "50", &id)
        .await
        .ok();
    // The quote is spent, yet the retry gets the stored response.
    let again = exchange(&app, &token, Some("x-1"), "usdt", "btc", "50", &id)
        .await
        .ok();
    assert_eq!(first, again);
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("50"), dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "BTC").await,
        (dec("0.000999"), dec("0"))
    );
    exchange(&app, &token, Some("x-1"), "usdt", "btc", "40", &id)
        .await
        .fails_with(-4004);
    assert_eq!(
        app.get("/api/texchange/list", Some(&token)).await.ok()["total"],
        1
    );
    assert_audit_clean(&app).await;
}
