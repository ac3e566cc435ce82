//! The operator dashboard and the audit run from the API: today's counts,
//! the review queues, fees per product from the ledger (each fee counted
//! once, however many dashboards read at once), house books and fees only
//! for operators who review funds, price feed freshness, and audit runs
//! stored (from the API and from `onyx audit`), audited and shown.

use onyx_testkit::accounts;
use onyx_testkit::admin_common;
use onyx_testkit::common;
use onyx_testkit::fund_reviews::{app, claim, withdraw};
use onyx_testkit::wallet;
use onyx_testkit::wallet_calls;

use admin_common::{admin_get, admin_post, audit_rows, operator, user_with_session};
use common::{Reply, TestApp};
use onyx_account::api::kyc;
use onyx_kernel::ledger::Wallet;
use serde_json::{json, Value};
use std::process::Command;
use wallet::{assert_audit_clean, fund};
use wallet_calls::{set_price, set_stale_price};

async fn dashboard(app: &TestApp, token: &str) -> Value {
    admin_get(app, "/api/admin/dashboard", token).await.ok()
}

/// The `product`'s fee list (`today` or `allTime`) as (asset, amount).
fn fees_of(d: &Value, product: &str, period: &str) -> Vec<(String, String)> {
    let p = d["fees"]["products"]
        .as_array()
        .unwrap_or_else(|| panic!("no fees: {d}"))
        .iter()
        .find(|p| p["product"] == product)
        .unwrap_or_else(|| panic!("no {product} fees: {d}"));
    p[period]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["asset"].as_str().unwrap().to_string(),
                a["amount"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[tokio::test]
async fn today_counts_a_registration_a_confirmed_deposit_and_an_approved_withdrawal() {
    let app = app().await;
    let owner = operator(&app, "owner1", "owner").await;
    let before = dashboard(&app, &owner).await;
    assert_eq!(before["today"]["registrations"], 0);
    assert_eq!(before["today"]["depositsConfirmed"]["count"], 0);
    assert_eq!(
        before["queues"],
        json!({"deposits": 0, "withdrawals": 0, "verifications": 0})
    );
    let now = chrono::Utc::now().timestamp_millis();
    let day = before["today"]["dayStartMs"].as_i64().unwrap();
    assert_eq!(day % 86_400_000, 0);
    assert!(day <= now && now - day < 86_400_000);

    let (alice_id, alice) = user_with_session(&app, "alice").await;
    let (_, bob) = user_with_session(&app, "bob").await;
    let credited = claim(&app, &alice, "250.5", 1).await;
    claim(&app, &bob, "40", 2).await;
    admin_post(
        &app,
        &format!("/api/admin/deposits/{credited}/confirm"),
        &owner,
        json!({"reason": "seen on chain"}),
    )
    .await
    .ok();
    kyc::create(
        &app.state.db,
        kyc::NewSubmission {
            user_id: alice_id,
            tier: 1,
            real_name: "Alice Test",
            id_number: "X123456",
            country: "DE",
            front_file: "f",
            back_file: None,
            hand_file: None,
            now: chrono::Utc::now(),
        },
    )
    .await
    .unwrap();
    let paid = withdraw(&app, &alice, "100").await;
    withdraw(&app, &alice, "50").await;

    let d = dashboard(&app, &owner).await;
    assert_eq!(d["today"]["registrations"], 2);
    assert_eq!(
        d["today"]["depositsConfirmed"],
        json!({"count": 1, "sums": [{"asset": "USDT", "amount": "250.5"}]})
    );
    assert_eq!(
        d["queues"],
        json!({"deposits": 1, "withdrawals": 2, "verifications": 1})
    );
    assert_eq!(d["today"]["withdrawalsApproved"]["count"], 0);

    admin_post(
        &app,
        &format!("/api/admin/withdrawals/{paid}/approve"),
        &owner,
        json!({"txHash": "a1b2c3", "reason": "checked"}),
    )
    .await
    .ok();
    let d = dashboard(&app, &owner).await;
    assert_eq!(
        d["today"]["withdrawalsApproved"],
        json!({"count": 1, "sums": [{"asset": "USDT", "amount": "100"}]})
    );
    assert_eq!(d["queues"]["withdrawals"], 1);
    // The approved withdrawal's 10 % fee went to the fees account.
    assert_eq!(
        fees_of(&d, "withdrawals", "today"),
        pairs(&[("USDT", "10")])
    );
    assert_eq!(
        fees_of(&d, "withdrawals", "allTime"),
        pairs(&[("USDT", "10")])
    );
    assert_audit_clean(&app).await;
}

/// A seller of 1 BTC at 100 and a buyer of 0.4: 0.1 % from each side.
async fn spot_trade(app: &TestApp, seller: &str, buyer: &str, amount: &str) {
    let order = |side: &str, amount: &str| json!({"symbol": "btcusdt", "side": side, "type": "limit", "price": "100", "amount": amount});
    app.post_json(
        "/api/currency/order/submit",
        Some(seller),
        order("sell", amount),
    )
    .await
    .ok();
    let bid = app
        .post_json(
            "/api/currency/order/submit",
            Some(buyer),
            order("buy", amount),
        )
        .await
        .ok();
    assert_eq!(bid["status"], "filled");
}

async fn traders(app: &TestApp) -> (String, String) {
    let (seller, st) = accounts::signed_in(app, "seller").await;
    let (buyer, bt) = accounts::signed_in(app, "buyer").await;
    fund(app, seller.id, Wallet::Spot, "btc", "10").await;
    fund(app, buyer.id, Wallet::Spot, "usdt", "1000").await;
    (st, bt)
}

#[tokio::test]
async fn a_spot_trades_fees_show_under_spot_once_however_many_read_at_once() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let empty = dashboard(&app, &owner).await;
    assert_eq!(empty["fees"]["upToDate"], true);
    let products: Vec<&str> = empty["fees"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["product"].as_str().unwrap())
        .collect();
    assert_eq!(
        products,
        [
            "spot",
            "futures",
            "secondContracts",
            "options",
            "earn",
            "withdrawals",
            "exchange"
        ]
    );
    assert!(fees_of(&empty, "spot", "allTime").is_empty());

    let (st, bt) = traders(&app).await;
    spot_trade(&app, &st, &bt, "0.4").await;
    // Dashboards read at once fold the new fee postings once between them.
    let all = futures_util::future::join_all(
        (0..4).map(|_| admin_get(&app, "/api/admin/dashboard", &owner)),
    )
    .await;
    let expected = pairs(&[("BTC", "0.0004"), ("USDT", "0.04")]);
    for d in all.into_iter().map(Reply::ok) {
        assert_eq!(fees_of(&d, "spot", "today"), expected, "{d}");
        assert_eq!(fees_of(&d, "spot", "allTime"), expected);
        assert!(fees_of(&d, "futures", "allTime").is_empty());
    }
    spot_trade(&app, &st, &bt, "1").await;
    let d = dashboard(&app, &owner).await;
    let expected = pairs(&[("BTC", "0.0014"), ("USDT", "0.14")]);
    assert_eq!(fees_of(&d, "spot", "today"), expected);
    assert_eq!(fees_of(&d, "spot", "allTime"), expected);
    assert_eq!(
        fees_of(&dashboard(&app, &owner).await, "spot", "allTime"),
        expected
    );
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn fees_and_house_books_are_for_owners_the_counts_for_every_operator() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let support = operator(&app, "helper1", "support").await;
    let compliance = operator(&app, "checker1", "compliance").await;
    user_with_session(&app, "alice").await;
    admin_post(
        &app,
        "/api/admin/audit/run",
        &owner,
        json!({"reason": "daily"}),
    )
    .await
    .ok();

    for token in [&support, &compliance] {
        let d = dashboard(&app, token).await;
        assert_eq!(d["fees"], Value::Null, "{d}");
        assert_eq!(d["house"], Value::Null, "{d}");
        assert_eq!(d["today"]["registrations"], 1);
        assert_eq!(d["audit"]["ok"], true);
        assert_eq!(
            d["audit"]["summary"],
            Value::Null,
            "the report is the owner's"
        );
        assert!(d["feeds"].is_array());
    }

    let d = dashboard(&app, &owner).await;
    assert!(d["fees"]["products"].is_array(), "{d}");
    let house = &d["house"];
    assert!(house["futures"]["contracts"].is_array(), "{house}");
    assert!(house["futures"]["insuranceBalance"].is_string());
    assert!(house["options"]["houseBalance"].is_string());
    assert!(house["secondContracts"]["coins"].is_array());
    assert!(house["earn"].is_array());
    assert!(house["insuranceFund"].is_array());
    assert!(d["audit"]["summary"]
        .as_str()
        .unwrap()
        .contains("ledger clean"));
    // The same books as the products' own calls.
    let futures = admin_get(&app, "/api/admin/futures/house", &owner)
        .await
        .ok();
    assert_eq!(house["futures"], futures);
    let options = admin_get(&app, "/api/admin/options/house", &owner)
        .await
        .ok();
    assert_eq!(house["options"], options);
    let second = admin_get(&app, "/api/admin/second-contracts/house", &owner)
        .await
        .ok();
    assert_eq!(house["secondContracts"], second);
    let earn = admin_get(&app, "/api/admin/earn/house", &owner).await.ok();
    assert_eq!(house["earn"], earn);
}

#[tokio::test]
async fn feeds_show_each_coins_last_tick_and_whether_it_is_fresh() {
    let app = TestApp::spawn().await;
    let support = operator(&app, "helper1", "support").await;
    set_price(&app, "btc", "50000");
    set_stale_price(&app, "eth", "3000");
    let d = dashboard(&app, &support).await;
    let stale_after = d["staleAfterMs"].as_i64().unwrap();
    assert_eq!(stale_after, app.state.config.stale_seconds as i64 * 1000);
    let feed = |coin: &str| {
        d["feeds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["coin"] == coin)
            .unwrap_or_else(|| panic!("no {coin} feed: {d}"))
            .clone()
    };
    let btc = feed("btc");
    assert_eq!(btc["fresh"], true);
    // The price column shows the index price itself, as a decimal string.
    assert_eq!(btc["lastPrice"], "50000");
    assert!(btc["ageMs"].as_i64().unwrap() <= stale_after, "{btc}");
    assert_eq!(
        d["nowMs"].as_i64().unwrap() - btc["lastTickMs"].as_i64().unwrap(),
        btc["ageMs"].as_i64().unwrap()
    );
    let eth = feed("eth");
    assert_eq!(eth["fresh"], false);
    assert_eq!(eth["lastPrice"], "3000");
    assert!(eth["ageMs"].as_i64().unwrap() > stale_after, "{eth}");
}

#[tokio::test]
async fn running_the_audit_stores_a_clean_run_that_the_dashboard_and_the_history_show() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    assert_eq!(dashboard(&app, &owner).await["audit"], Value::Null);
    let (st, bt) = traders(&app).await;
    spot_trade(&app, &st, &bt, "0.4").await;

    let run = admin_post(
        &app,
        "/api/admin/audit/run",
        &owner,
        json!({"reason": "before the payout"}),
    )
    .await
    .ok();
    assert_eq!(run["ok"], true, "{run}");
    assert_eq!(run["ledgerOk"], true);
    assert_eq!(run["holdsOk"], true);
    assert_eq!(run["settlementsOk"], true);
    assert_eq!(run["operator"], "owner1");
    assert_eq!(run["reason"], "before the payout");
    assert_eq!(
        run["headline"],
        "ledger clean, holds match, settlements match"
    );
    let summary = run["summary"].as_str().unwrap();
    for part in [
        "ledger clean",
        "holds match the frozen balances",
        "second contracts: 0 recomputed",
    ] {
        assert!(summary.contains(part), "{part}: {summary}");
    }
    let at = run["at"].as_i64().unwrap();
    assert!((chrono::Utc::now().timestamp_millis() - at).abs() < 60_000);

    let d = dashboard(&app, &owner).await;
    assert_eq!(d["audit"], run);

    let trail = audit_rows(&app, &owner, "audit.run").await;
    assert_eq!(trail.len(), 1);
    assert_eq!(trail[0]["actorName"], "owner1");
    assert_eq!(trail[0]["reason"], "before the payout");
    assert_eq!(trail[0]["target"], format!("audit_run:{}", run["id"]));
    assert_eq!(trail[0]["detail"]["ok"], true);

    let second = admin_post(
        &app,
        "/api/admin/audit/run",
        &owner,
        json!({"reason": "again"}),
    )
    .await
    .ok();
    let history = admin_get(&app, "/api/admin/audit/runs?pageSize=1", &owner)
        .await
        .ok();
    assert_eq!(history["total"], 2);
    assert_eq!(history["rows"], json!([second]));
    let older = admin_get(&app, "/api/admin/audit/runs?pageSize=1&pageNum=2", &owner)
        .await
        .ok();
    assert_eq!(older["rows"], json!([run]));
}

#[tokio::test]
async fn only_audit_readers_run_the_audit_or_read_its_history_and_a_reason_is_required() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let support = operator(&app, "helper1", "support").await;
    admin_post(
        &app,
        "/api/admin/audit/run",
        &support,
        json!({"reason": "curious"}),
    )
    .await
    .fails_with(-9);
    admin_get(&app, "/api/admin/audit/runs", &support)
        .await
        .fails_with(-9);
    for body in [json!({"reason": "  "}), json!({})] {
        admin_post(&app, "/api/admin/audit/run", &owner, body)
            .await
            .fails_with(-2004);
    }
    let history = admin_get(&app, "/api/admin/audit/runs", &owner).await.ok();
    assert_eq!(history, json!({"rows": [], "total": 0}));
    assert!(audit_rows(&app, &owner, "audit.run").await.is_empty());
}

#[tokio::test]
async fn onyx_audit_records_its_run_as_cli() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (st, bt) = traders(&app).await;
    spot_trade(&app, &st, &bt, "0.4").await;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_onyx"));
    cmd.arg("audit")
        .arg("--data-dir")
        .arg(&app.state.config.db.data_dir)
        .env_remove("DATABASE_URL")
        .env("ONYX_LOG", "warn");
    if let Some(url) = &app.state.config.db.database_url {
        cmd.arg("--database-url").arg(url);
    }
    let out = cmd.output().expect("onyx runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("ledger clean"), "{text}");
    let history = admin_get(&app, "/api/admin/audit/runs", &owner).await.ok();
    assert_eq!(history["total"], 1, "{history}");
    let run = &history["rows"][0];
    assert_eq!(run["operator"], "cli");
    assert_eq!(run["ok"], true);
    assert_eq!(run["settlementsOk"], Value::Null);
    assert_eq!(run["headline"], "ledger clean, holds match");
    assert_eq!(run["summary"], text.as_ref());
    let d = dashboard(&app, &owner).await;
    assert_eq!(&d["audit"], run);
}

/// Replies are envelopes even for the new calls' refusals.
#[tokio::test]
async fn the_new_calls_need_an_operator_session() {
    let app = TestApp::spawn().await;
    for (method, uri) in [
        ("GET", "/api/admin/dashboard"),
        ("POST", "/api/admin/audit/run"),
        ("GET", "/api/admin/audit/runs"),
    ] {
        let r: Reply = admin_common::admin_send(&app, method, uri, None, None).await;
        admin_common::assert_token_failure(&r);
    }
}
