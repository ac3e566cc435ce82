//! Spot orders through the API: resting and crossing with exact balances
//! and fees, every order type, every refusal code, cancel and ownership,
//! idempotent retries, lists and records, recovery after a restart, many
//! concurrent submits, and the market maker.
//!
//! `btcusdt` as seeded: price 4 decimals, quantity 4 decimals, fee 0.1 %.

use onyx_testkit::accounts;
use onyx_testkit::common;
use onyx_testkit::wallet;

use axum::body::Body;
use axum::http::header;
use common::{Reply, TestApp};
use onyx_kernel::ledger::Wallet;
use onyx_market::api::catalogue;
use onyx_market::api::CoinView;
use onyx_market::api::IndexPrice;
use onyx_spot::api::maker;
use onyx_spot::api::orders as repo;
use rust_decimal::Decimal;
use serde_json::{json, Value};
use wallet::{assert_audit_clean, balance, dec, fund};

const BTC: &str = "btcusdt";

/// A signed-in user holding `usdt` and `btc` in spot.
async fn trader(app: &TestApp, name: &str, usdt: &str, btc: &str) -> (i64, String) {
    let (u, token) = accounts::signed_in(app, name).await;
    if usdt != "0" {
        fund(app, u.id, Wallet::Spot, "usdt", usdt).await;
    }
    if btc != "0" {
        fund(app, u.id, Wallet::Spot, "btc", btc).await;
    }
    (u.id, token)
}

async fn submit(app: &TestApp, token: &str, body: Value) -> Reply {
    app.post_json("/api/currency/order/submit", Some(token), body)
        .await
}

async fn submit_keyed(app: &TestApp, token: &str, body: Value, key: &str) -> Reply {
    app.send(
        TestApp::request("POST", "/api/currency/order/submit", Some(token))
            .header(header::CONTENT_TYPE, "application/json")
            .header("Idempotency-Key", key)
            .body(Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

fn limit(side: &str, price: &str, amount: &str) -> Value {
    json!({"symbol": BTC, "side": side, "type": "limit", "price": price, "amount": amount})
}

fn limit_tif(side: &str, price: &str, amount: &str, tif: &str) -> Value {
    json!({"symbol": BTC, "side": side, "type": "limit", "price": price,
        "amount": amount, "timeInForce": tif})
}

async fn cancel(app: &TestApp, token: &str, id: i64) -> Reply {
    app.post_query(
        &format!("/api/currency/order/cancelOrder?id={id}"),
        Some(token),
    )
    .await
}

async fn orders(app: &TestApp, token: &str, query: &str) -> Value {
    app.post_query(
        &format!("/api/currency/order/orderList?{query}"),
        Some(token),
    )
    .await
    .ok()
}

async fn usdt(app: &TestApp, id: i64) -> (Decimal, Decimal) {
    balance(app, id, Wallet::Spot, "USDT").await
}

async fn btc(app: &TestApp, id: i64) -> (Decimal, Decimal) {
    balance(app, id, Wallet::Spot, "BTC").await
}

fn s(v: &Value) -> Decimal {
    dec(v.as_str().unwrap_or_else(|| panic!("not a string: {v}")))
}

fn pair_of(levels: &[(Decimal, Decimal)]) -> Vec<(String, String)> {
    levels
        .iter()
        .map(|(p, a)| (p.normalize().to_string(), a.normalize().to_string()))
        .collect()
}

fn asks(app: &TestApp) -> Vec<(String, String)> {
    pair_of(&app.state.spot.depth(BTC, 100).unwrap().asks)
}

fn bids(app: &TestApp) -> Vec<(String, String)> {
    pair_of(&app.state.spot.depth(BTC, 100).unwrap().bids)
}

fn lv(p: &str, a: &str) -> (String, String) {
    (p.into(), a.into())
}

/// Every user's frozen funds equal what their open orders still hold.
async fn frozen_matches_open_orders(app: &TestApp, users: &[i64]) {
    for &user in users {
        let open = repo::page_for_user(
            &app.state.db,
            user,
            &repo::OrderFilter {
                statuses: repo::OrderStatus::OPEN.to_vec(),
                ..Default::default()
            },
            Default::default(),
            0,
            10_000,
        )
        .await
        .unwrap()
        .0;
        for (coin, asset) in [("USDT", "USDT"), ("BTC", "BTC")] {
            let held: Decimal = open
                .iter()
                .filter(|o| o.frozen_asset == asset)
                .map(|o| o.frozen.get())
                .sum();
            let (_, frozen) = balance(app, user, Wallet::Spot, coin).await;
            assert_eq!(frozen, held, "user {user} {coin}: frozen vs open orders");
        }
    }
}

#[tokio::test]
async fn limit_orders_rest_cross_and_settle_exactly() {
    let app = TestApp::spawn().await;
    let (seller, st) = trader(&app, "seller", "0", "10").await;
    let (buyer, bt) = trader(&app, "buyer", "1000", "0").await;

    let ask = submit(&app, &st, limit("sell", "100", "1")).await.ok();
    assert_eq!(ask["status"], "open");
    assert_eq!(btc(&app, seller).await, (dec("9"), dec("1")));
    assert_eq!(asks(&app), vec![lv("100", "1")]);

    // A partial fill of the resting ask.
    let bid = submit(&app, &bt, limit("buy", "100", "0.4")).await.ok();
    assert_eq!(bid["status"], "filled");
    assert_eq!(s(&bid["filledAmount"]), dec("0.4"));
    assert_eq!(s(&bid["filledTotal"]), dec("40"));
    assert_eq!(s(&bid["avgPrice"]), dec("100"));
    assert_eq!(s(&bid["fee"]), dec("0.0004"));
    assert_eq!(bid["feeCoin"], "BTC");
    assert_eq!(usdt(&app, buyer).await, (dec("960"), dec("0")));
    assert_eq!(btc(&app, buyer).await, (dec("0.3996"), dec("0")));
    assert_eq!(btc(&app, seller).await, (dec("9"), dec("0.6")));
    assert_eq!(usdt(&app, seller).await, (dec("39.96"), dec("0")));
    assert_eq!(asks(&app), vec![lv("100", "0.6")]);
    let ask_now = &orders(&app, &st, "status=open").await["rows"][0];
    assert_eq!(ask_now["status"], "partial");
    assert_eq!(s(&ask_now["fee"]), dec("0.04"));
    assert_eq!(ask_now["feeCoin"], "USDT");

    // A buy above the ask fills at the ask; its remainder rests, holding
    // the excess of its own limit until it ends.
    let big = submit(&app, &bt, limit("buy", "101", "1")).await.ok();
    assert_eq!(big["status"], "partial");
    assert_eq!(s(&big["filledTotal"]), dec("60"));
    assert_eq!(usdt(&app, buyer).await, (dec("859"), dec("41")));
    assert_eq!(asks(&app), vec![]);
    assert_eq!(bids(&app), vec![lv("101", "0.4")]);
    let cancelled = cancel(&app, &bt, big["id"].as_i64().unwrap()).await.ok();
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["cancelReason"], "user");
    assert_eq!(usdt(&app, buyer).await, (dec("900"), dec("0")));
    assert_eq!(bids(&app), vec![]);

    // A buy fully filled below its limit gets the excess back at once.
    submit(&app, &st, limit("sell", "100", "0.5")).await.ok();
    let under = submit(&app, &bt, limit("buy", "110", "0.5")).await.ok();
    assert_eq!(under["status"], "filled");
    assert_eq!(usdt(&app, buyer).await, (dec("850"), dec("0")));

    // Records, from each side.
    let mine = app
        .get("/api/record/trading?pageSize=10", Some(&bt))
        .await
        .ok();
    assert_eq!(mine["total"], 3);
    let last = &mine["rows"][0];
    assert_eq!(
        (&last["side"], &last["role"], &last["feeCoin"]),
        (&json!("buy"), &json!("taker"), &json!("BTC"))
    );
    assert_eq!(s(&last["amount"]), dec("0.5"));
    assert_eq!(s(&last["fee"]), dec("0.0005"));
    assert_eq!(last["orderId"], under["id"]);
    let theirs = app
        .get("/api/record/currency?symbol=BTCUSDT", Some(&st))
        .await
        .ok();
    assert_eq!(theirs["total"], 3);
    let first = &theirs["rows"][2];
    assert_eq!(
        (&first["side"], &first["role"], &first["feeCoin"]),
        (&json!("sell"), &json!("maker"), &json!("USDT"))
    );
    assert_eq!(s(&first["fee"]), dec("0.04"));
    assert_eq!(s(&first["total"]), dec("40"));
    assert_eq!(
        app.get("/api/record/currency?symbol=ethusdt", Some(&st))
            .await
            .ok()["total"],
        0
    );
    frozen_matches_open_orders(&app, &[buyer, seller]).await;
    assert_audit_clean(&app).await;
    // Fees: 0.0004 + 0.0006 + 0.0005 BTC and 0.04 + 0.06 + 0.05 USDT.
    let report = onyx_store::ledger::audit(&app.state.db).await.unwrap();
    let summary = report.result.unwrap();
    let fees = |asset: &str| summary[asset].system[&onyx_kernel::ledger::SystemAccount::Fees];
    assert_eq!(fees("BTC"), dec("0.0015"));
    assert_eq!(fees("USDT"), dec("0.15"));
}

#[tokio::test]
async fn ioc_and_post_only_follow_their_rules() {
    let app = TestApp::spawn().await;
    let (buyer, bt) = trader(&app, "buyer", "1000", "0").await;
    let (seller, st) = trader(&app, "seller", "0", "5").await;

    let ioc = submit(&app, &bt, limit_tif("buy", "100", "1", "ioc"))
        .await
        .ok();
    assert_eq!(
        (&ioc["status"], &ioc["cancelReason"]),
        (&json!("cancelled"), &json!("unfilled"))
    );
    assert_eq!(usdt(&app, buyer).await, (dec("1000"), dec("0")));

    submit(&app, &st, limit("sell", "100", "0.3")).await.ok();
    let ioc = submit(&app, &bt, limit_tif("buy", "100", "1", "ioc"))
        .await
        .ok();
    assert_eq!(ioc["status"], "cancelled");
    assert_eq!(s(&ioc["filledAmount"]), dec("0.3"));
    assert_eq!(usdt(&app, buyer).await, (dec("970"), dec("0")));
    assert_eq!(bids(&app), vec![]);

    submit(&app, &st, limit("sell", "105", "1")).await.ok();
    let taking = submit(&app, &bt, limit_tif("buy", "105", "1", "post_only"))
        .await
        .ok();
    assert_eq!(
        (&taking["status"], &taking["cancelReason"]),
        (&json!("cancelled"), &json!("would_take"))
    );
    assert_eq!(s(&taking["filledAmount"]), dec("0"));
    let resting = submit(&app, &bt, limit_tif("buy", "104", "1", "post_only"))
        .await
        .ok();
    assert_eq!(resting["status"], "open");
    assert_eq!(usdt(&app, buyer).await, (dec("866"), dec("104")));
    assert_eq!(bids(&app), vec![lv("104", "1")]);
    frozen_matches_open_orders(&app, &[buyer, seller]).await;
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn market_buys_by_amount_and_by_total() {
    let app = TestApp::spawn().await;
    let (seller, st) = trader(&app, "seller", "0", "5").await;
    let (buyer, bt) = trader(&app, "buyer", "100", "0").await;
    let market = |body: Value| submit(&app, &bt, body);

    market(json!({"symbol": BTC, "side": "buy", "type": "market", "amount": "0.1"}))
        .await
        .fails_with(-5010);
    submit(&app, &st, limit("sell", "100", "0.5")).await.ok();
    submit(&app, &st, limit("sell", "110", "0.5")).await.ok();

    // 0.5 at 100 and 0.5 at 110 cost 105: more than the buyer has.
    market(json!({"symbol": BTC, "side": "buy", "type": "market", "amount": "1"}))
        .await
        .fails_with(-4001);
    assert_eq!(usdt(&app, buyer).await, (dec("100"), dec("0")));

    let by_amount =
        market(json!({"symbol": BTC, "side": "buy", "type": "market", "amount": "0.7"}))
            .await
            .ok();
    assert_eq!(by_amount["status"], "filled");
    // A buy by quantity held exactly what the book charged: nothing returned.
    assert_eq!(s(&by_amount["returned"]), dec("0"));
    assert_eq!(s(&by_amount["filledTotal"]), dec("72"));
    assert_eq!(usdt(&app, buyer).await, (dec("28"), dec("0")));
    assert_eq!(btc(&app, buyer).await, (dec("0.6993"), dec("0")));

    // 10 USDT at 110 buys 0.0909 (9.999); the last 0.001 is released.
    let by_total = market(json!({"symbol": BTC, "side": "buy", "type": "market", "total": "10"}))
        .await
        .ok();
    assert_eq!(by_total["status"], "filled");
    assert_eq!(s(&by_total["total"]), dec("10"));
    assert_eq!(s(&by_total["filledAmount"]), dec("0.0909"));
    assert_eq!(s(&by_total["filledTotal"]), dec("9.999"));
    // The record says what the buy spent and what came back, exactly.
    assert_eq!(s(&by_total["spent"]), dec("9.999"));
    assert_eq!(by_total["spentCoin"], "USDT");
    assert_eq!(s(&by_total["returned"]), dec("0.001"));
    assert_eq!(usdt(&app, buyer).await, (dec("18.001"), dec("0")));
    assert_eq!(asks(&app), vec![lv("110", "0.2091")]);

    // A market sell into the bids.
    submit(&app, &bt, limit("buy", "90", "0.2")).await.ok();
    let sell = submit(
        &app,
        &st,
        json!({"symbol": BTC, "side": "sell", "type": "market", "amount": "0.5"}),
    )
    .await
    .ok();
    assert_eq!(
        (&sell["status"], &sell["cancelReason"]),
        (&json!("cancelled"), &json!("unfilled"))
    );
    assert_eq!(s(&sell["filledAmount"]), dec("0.2"));
    // The unfilled 0.3 BTC went back to the seller's balance.
    assert_eq!(s(&sell["spent"]), dec("0.2"));
    assert_eq!(sell["spentCoin"], "BTC");
    assert_eq!(s(&sell["returned"]), dec("0.3"));
    frozen_matches_open_orders(&app, &[buyer, seller]).await;
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn every_refusal_has_its_code_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let (buyer, bt) = trader(&app, "buyer", "50", "1").await;
    let (_, st) = trader(&app, "seller", "0", "1").await;
    submit(&app, &st, limit("sell", "100", "0.1")).await.ok();
    let mut pair = catalogue::spot_pairs(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .find(|p| p.symbol == BTC)
        .unwrap();
    pair.order_min = "0.01".parse().unwrap();
    catalogue::update_spot_pair(&app.state.db, pair.clone())
        .await
        .unwrap();

    let cases = [
        (limit("buy", "0", "0.1"), -5004),
        (limit("buy", "1.00001", "0.1"), -5005),
        (limit("buy", "1", "0"), -5006),
        (limit("buy", "1", "0.00001"), -5007),
        // Not plain decimals, counted-on-the-text precision, and sizes the
        // engine cannot carry exactly (this price killed the pair once).
        (limit("buy", "1e3", "0.1"), -11),
        (limit("buy", "+1", "0.1"), -11),
        (limit("buy", "1", "1_0"), -11),
        (limit("buy", " 1", "0.1"), -11),
        (limit("buy", "-1", "0.1"), -11),
        (
            limit("buy", "1.000000000000000000000000000001", "0.1"),
            -5005,
        ),
        (limit("buy", "79228162514264337593543950335", "1"), -4005),
        (limit("sell", "1", "10000000000000000000000000"), -4005),
        // Beyond 2^53 ticks at the pair's 0.01 tick.
        (limit("buy", "90071992547410", "0.1"), -4005),
        (
            json!({"symbol": BTC, "side": "buy", "type": "market", "total": "1e25"}),
            -11,
        ),
        (limit("buy", "1", "0.001"), -5008),
        (limit("buy", "1", "2000000"), -5009),
        (limit("buy", "100", "1"), -4001),
        (
            json!({"symbol": BTC, "side": "sell", "type": "market", "total": "5"}),
            -5003,
        ),
        (
            json!({"symbol": BTC, "side": "sell", "type": "market", "amount": "0.1"}),
            -5010,
        ),
        (
            json!({"symbol": BTC, "side": "buy", "type": "market", "amount": "0.1", "total": "1"}),
            -5012,
        ),
        (
            json!({"symbol": "nopeusdt", "side": "buy", "type": "limit", "price": "1", "amount": "1"}),
            -5001,
        ),
    ];
    let before = (usdt(&app, buyer).await, btc(&app, buyer).await);
    for (body, code) in cases {
        let r = submit(&app, &bt, body.clone()).await;
        r.fails_with(code);
        if code == -4001 {
            assert!(
                r.msg.contains("50"),
                "the shortfall shows the balance: {}",
                r.msg
            );
        }
    }
    assert_eq!((usdt(&app, buyer).await, btc(&app, buyer).await), before);
    assert_eq!(orders(&app, &bt, "").await["total"], 0, "nothing recorded");

    pair.market_sell = 0;
    catalogue::update_spot_pair(&app.state.db, pair.clone())
        .await
        .unwrap();
    submit(
        &app,
        &bt,
        json!({"symbol": BTC, "side": "sell", "type": "market", "amount": "0.1"}),
    )
    .await
    .fails_with(-5002);
    pair.enable = 0;
    catalogue::update_spot_pair(&app.state.db, pair)
        .await
        .unwrap();
    submit(&app, &bt, limit("buy", "1", "0.1"))
        .await
        .fails_with(-5001);
    // A closed pair still lets its orders be cancelled.
    let open = orders(&app, &st, "status=open").await;
    let id = open["rows"][0]["id"].as_i64().unwrap();
    assert_eq!(cancel(&app, &st, id).await.ok()["status"], "cancelled");
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn only_the_owner_sees_and_cancels_an_order() {
    let app = TestApp::spawn().await;
    let (alice, at) = trader(&app, "alice", "1000", "0").await;
    let (_, mt) = trader(&app, "mallory", "1000", "0").await;
    let order = submit(&app, &at, limit("buy", "100", "2")).await.ok();
    let id = order["id"].as_i64().unwrap();
    assert_eq!(usdt(&app, alice).await, (dec("800"), dec("200")));

    cancel(&app, &mt, id).await.fails_with(-6);
    assert_eq!(orders(&app, &mt, "").await["total"], 0);
    assert_eq!(bids(&app), vec![lv("100", "2")]);

    let done = cancel(&app, &at, id).await.ok();
    assert_eq!(done["status"], "cancelled");
    assert_eq!(usdt(&app, alice).await, (dec("1000"), dec("0")));
    cancel(&app, &at, id).await.fails_with(-6);
    cancel(&app, &at, id + 1000).await.fails_with(-6);
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn a_retried_submit_places_one_order() {
    let app = TestApp::spawn().await;
    let (buyer, bt) = trader(&app, "buyer", "1000", "0").await;
    let body = limit("buy", "100", "1");
    let first = submit_keyed(&app, &bt, body.clone(), "order-1").await.ok();
    let again = submit_keyed(&app, &bt, body.clone(), "order-1").await.ok();
    assert_eq!(first, again);
    assert_eq!(orders(&app, &bt, "").await["total"], 1);
    assert_eq!(usdt(&app, buyer).await, (dec("900"), dec("100")));
    submit_keyed(&app, &bt, limit("buy", "100", "2"), "order-1")
        .await
        .fails_with(-4004);
    submit_keyed(&app, &bt, body, "bad key!")
        .await
        .fails_with(-4);
    assert_eq!(orders(&app, &bt, "").await["total"], 1);
}

#[tokio::test]
async fn the_order_list_filters_and_pages() {
    let app = TestApp::spawn().await;
    let (_, bt) = trader(&app, "buyer", "1000", "0").await;
    let (_, st) = trader(&app, "seller", "0", "5").await;
    let a = submit(&app, &bt, limit("buy", "90", "1")).await.ok();
    let b = submit(&app, &bt, limit("buy", "91", "1")).await.ok();
    submit(&app, &st, limit("sell", "91", "1")).await.ok();
    let c = submit(&app, &bt, limit_tif("buy", "80", "1", "ioc"))
        .await
        .ok();

    let all = orders(&app, &bt, "pageSize=2").await;
    assert_eq!(all["total"], 3);
    assert_eq!(all["rows"][0]["id"], c["id"], "newest first");
    assert_eq!(all["rows"].as_array().unwrap().len(), 2);
    let page2 = orders(&app, &bt, "pageSize=2&pageNum=2").await;
    assert_eq!(page2["rows"][0]["id"], a["id"]);
    let open = orders(&app, &bt, "status=open").await;
    assert_eq!(open["total"], 1);
    assert_eq!(open["rows"][0]["id"], a["id"]);
    let history = orders(&app, &bt, "status=history").await;
    assert_eq!(history["total"], 2);
    assert_eq!(
        orders(&app, &bt, "status=filled").await["rows"][0]["id"],
        b["id"]
    );
    // What each order gave back, as stored: nothing yet while open, the
    // whole hold of an unfilled IOC, nothing of a buy filled at its price.
    let rows = orders(&app, &bt, "pageSize=10").await["rows"].clone();
    let row = |id: &Value| {
        rows.as_array()
            .unwrap()
            .iter()
            .find(|r| &r["id"] == id)
            .unwrap()
            .clone()
    };
    assert!(row(&a["id"])["returned"].is_null());
    assert_eq!(s(&row(&c["id"])["returned"]), dec("80"));
    assert_eq!(s(&row(&b["id"])["returned"]), dec("0"));
    assert_eq!(s(&row(&b["id"])["spent"]), dec("91"));
    assert_eq!(orders(&app, &bt, "side=sell").await["total"], 0);
    assert_eq!(orders(&app, &bt, "symbol=ETHUSDT").await["total"], 0);
    assert_eq!(orders(&app, &bt, "symbol=BTC/USDT").await["total"], 3);
    app.post_query("/api/currency/order/orderList?status=gone", Some(&bt))
        .await
        .fails_with(-4);
}

#[tokio::test]
async fn a_restart_rebuilds_the_book_from_the_store() {
    let app = TestApp::spawn().await;
    let (seller, st) = trader(&app, "seller", "0", "5").await;
    let (buyer, bt) = trader(&app, "buyer", "1000", "0").await;
    submit(&app, &st, limit("sell", "101", "1")).await.ok();
    submit(&app, &st, limit("sell", "100", "1")).await.ok();
    submit(&app, &st, limit("sell", "100", "0.5")).await.ok();
    submit(&app, &bt, limit("buy", "100", "0.3")).await.ok();
    submit(&app, &bt, limit("buy", "99", "1")).await.ok();
    let dead = submit(&app, &bt, limit("buy", "98", "1")).await.ok();
    cancel(&app, &bt, dead["id"].as_i64().unwrap()).await.ok();
    let before = app.state.spot.depth(BTC, 100).unwrap();

    let again = onyx_server::prepare((*app.state.config).clone())
        .await
        .unwrap();
    let after = again.spot.depth(BTC, 100).unwrap();
    assert_eq!((after.bids, after.asks), (before.bids, before.asks));

    // Time priority survived: the older order at 100 (0.7 left) fills
    // first. The restarted service shares the database, so balances and
    // rows are read through the first app.
    let router = onyx_server::app(again);
    let buy = send(&router, &bt, limit("buy", "100", "0.8")).await;
    assert_eq!(buy["status"], "filled");
    let open = repo::open_orders(&app.state.db, BTC).await.unwrap();
    let rest: Vec<(String, String)> = open
        .iter()
        .map(|o| (o.price.unwrap().to_string(), o.filled_qty.to_string()))
        .collect();
    assert_eq!(rest, vec![lv("101", "0"), lv("100", "0.1"), lv("99", "0")]);
    frozen_matches_open_orders(&app, &[buyer, seller]).await;
    assert_audit_clean(&app).await;
}

/// Sets one column of one row to `text`, as a damaged or hand-edited
/// database would hold it.
async fn overwrite(app: &TestApp, table: &str, column: &str, id: i64, text: &str) {
    use sea_orm::{ConnectionTrait, Statement};
    let db = &app.state.db;
    let backend = db.get_database_backend();
    let mark = match backend {
        sea_orm::DbBackend::Postgres => ("$1", "$2"),
        _ => ("?", "?"),
    };
    let sql = format!(
        "UPDATE {table} SET {column} = {} WHERE id = {}",
        mark.0, mark.1
    );
    db.execute(Statement::from_sql_and_values(
        backend,
        sql,
        [text.into(), id.into()],
    ))
    .await
    .unwrap();
}

/// A side, kind, time in force or amount an order row does not name is
/// refused when the row is read: never guessed (a sell made up from a buy
/// would rest with the buyer's funds held, an unknown time in force is not
/// taken for good-till-cancelled), never read as zero.
#[tokio::test]
async fn an_order_row_with_unknown_text_is_refused_on_read() {
    let app = TestApp::spawn().await;
    let (_, bt) = trader(&app, "buyer", "1000", "0").await;
    let order = submit(&app, &bt, limit("buy", "99", "1")).await.ok();
    let id = order["id"].as_i64().unwrap();
    for (column, text, good) in [
        ("side", "bye", "buy"),
        ("kind", "bogus", "limit"),
        ("tif", "fok", "gtc"),
        ("tif", "GTC", "gtc"),
        ("filled_qty", "lots", "0"),
        ("frozen", "", "99"),
    ] {
        overwrite(&app, "spot_orders", column, id, text).await;
        let read = repo::find_order(&app.state.db, id).await;
        assert!(read.is_err(), "{column} = {text:?} read as {read:?}");
        overwrite(&app, "spot_orders", column, id, good).await;
        assert!(repo::find_order(&app.state.db, id).await.unwrap().is_some());
    }

    // The book is not rebuilt around a row it cannot read: the restart
    // refuses instead of resting the order on a side it made up.
    let order = submit(&app, &bt, limit("buy", "98", "1")).await.ok();
    let id = order["id"].as_i64().unwrap();
    overwrite(&app, "spot_orders", "side", id, "bye").await;
    assert!(onyx_server::prepare((*app.state.config).clone())
        .await
        .is_err());
}

/// A trade whose taker side or price the row does not name is refused
/// when read.
#[tokio::test]
async fn a_trade_row_with_unknown_text_is_refused_on_read() {
    let app = TestApp::spawn().await;
    let (_, st) = trader(&app, "seller", "0", "1").await;
    let (_, bt) = trader(&app, "buyer", "1000", "0").await;
    let sell = submit(&app, &st, limit("sell", "100", "1")).await.ok();
    submit(&app, &bt, limit("buy", "100", "1")).await.ok();
    let order_id = sell["id"].as_i64().unwrap();
    let trades = repo::trades_of_order(&app.state.db, order_id)
        .await
        .unwrap();
    assert_eq!(trades.len(), 1);
    let id = trades[0].id;
    for (column, text, good) in [("taker_side", "bogus", "buy"), ("price", "", "100")] {
        overwrite(&app, "spot_trades", column, id, text).await;
        let read = repo::trades_of_order(&app.state.db, order_id).await;
        assert!(read.is_err(), "{column} = {text:?} read as {read:?}");
        overwrite(&app, "spot_trades", column, id, good).await;
    }
    assert_eq!(
        repo::trades_of_order(&app.state.db, order_id)
            .await
            .unwrap(),
        trades
    );
}

/// A submit straight into `router` (an app other than the TestApp's).
async fn send(router: &axum::Router, token: &str, body: Value) -> Value {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let res = router
        .clone()
        .oneshot(
            TestApp::request("POST", "/api/currency/order/submit", Some(token))
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(body.to_string()))
                .unwrap(),
        )
        .await
        .unwrap();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(v["code"], 200, "{v}");
    v["data"].clone()
}

#[tokio::test]
async fn concurrent_submits_are_all_accounted_for() {
    let app = TestApp::spawn().await;
    let mut traders = Vec::new();
    for i in 0..5 {
        traders.push(trader(&app, &format!("trader{i}"), "100000", "100").await);
    }
    let app = std::sync::Arc::new(app);
    let mut tasks = Vec::new();
    for n in 0..200usize {
        let app = app.clone();
        let (_, token) = traders[n % traders.len()].clone();
        tasks.push(tokio::spawn(async move {
            let side = if n % 2 == 0 { "buy" } else { "sell" };
            // Prices straddle 100 so many orders cross.
            let price = format!("{}", 95 + (n * 7) % 11);
            let amount = format!("0.{:02}", 1 + n % 37);
            let body = if n % 10 == 9 {
                json!({"symbol": BTC, "side": "buy", "type": "market", "total": "50"})
            } else {
                limit(side, &price, &amount)
            };
            submit(&app, &token, body).await
        }));
    }
    let mut acknowledged = Vec::new();
    for t in tasks {
        let r = t.await.unwrap();
        match r.code {
            200 => acknowledged.push(r.data["id"].as_i64().unwrap()),
            // A market buy that met an empty book is a valid answer.
            -5010 => {}
            other => panic!("unexpected answer {other}: {}", r.msg),
        }
    }
    assert!(
        acknowledged.len() >= 180,
        "{} acknowledged",
        acknowledged.len()
    );
    for id in &acknowledged {
        assert!(repo::find_order(&app.state.db, *id)
            .await
            .unwrap()
            .is_some());
    }
    let users: Vec<i64> = traders.iter().map(|(id, _)| *id).collect();
    frozen_matches_open_orders(&app, &users).await;
    assert_audit_clean(&app).await;
    // The book is exactly the open orders' remainders.
    let open = repo::open_orders(&app.state.db, BTC).await.unwrap();
    let resting: Decimal = open
        .iter()
        .map(|o| o.qty.unwrap().get() - o.filled_qty.get())
        .sum();
    let depth = app.state.spot.depth(BTC, 100).unwrap();
    let in_book: Decimal = depth.bids.iter().chain(&depth.asks).map(|(_, a)| *a).sum();
    assert_eq!(in_book, resting);
}

fn set_price(app: &TestApp, coin: &str, price: &str, ts_ms: i64) {
    app.state.prices.put(
        coin,
        CoinView {
            index: Some(IndexPrice {
                price: dec(price),
                source: "test",
                ts_ms,
                stale: false,
            }),
            ..CoinView::default()
        },
    );
}

#[tokio::test]
async fn the_market_maker_quotes_around_the_index_and_fills_a_market_buy() {
    // The maker's loop stays off: the test runs each round itself, so no
    // round of the loop can interleave with what it checks.
    let app = TestApp::spawn().await;
    let maker = maker::ensure_user(&app.state.spot_context()).await.unwrap();
    let now = chrono::Utc::now().timestamp_millis();
    set_price(&app, "btc", "60000", now);
    maker::round(&app.state.spot_context(), maker)
        .await
        .unwrap();
    // The seeded ladder: 12 levels from 5 bps, gaps of 5 bps widening by
    // half a step each (5, 10, 17.5, 27.5, ... 197.5 bps), sizes growing
    // by a quarter of the first (0.005 .. 0.0187, cut to 4 digits).
    let depth = app.state.spot.depth(BTC, 100).unwrap();
    assert_eq!(depth.bids.len(), 12);
    assert_eq!(depth.asks.len(), 12);
    assert_eq!(depth.bids[0], (dec("59970"), dec("0.005")));
    assert_eq!(depth.asks[0], (dec("60030"), dec("0.005")));
    assert_eq!(depth.asks[2], (dec("60105"), dec("0.0075")));
    assert_eq!(depth.asks[11], (dec("61185"), dec("0.0187")));
    assert_eq!(depth.bids[11].0, dec("58815"));

    let (buyer, bt) = trader(&app, "buyer", "1000", "0").await;
    let buy = submit(
        &app,
        &bt,
        json!({"symbol": BTC, "side": "buy", "type": "market", "total": "500"}),
    )
    .await
    .ok();
    assert_eq!(buy["status"], "filled");
    assert!(s(&buy["filledAmount"]) > dec("0.008"));
    let (_, frozen) = usdt(&app, buyer).await;
    assert_eq!(frozen, dec("0"));

    // A second round replaces the ladder rather than adding to it.
    maker::round(&app.state.spot_context(), maker)
        .await
        .unwrap();
    let depth = app.state.spot.depth(BTC, 100).unwrap();
    assert_eq!((depth.bids.len(), depth.asks.len()), (12, 12));
    assert_eq!(depth.asks[0], (dec("60030"), dec("0.005")));

    // A stale price: the maker withdraws its quotes.
    set_price(&app, "btc", "60000", now - 3_600_000);
    maker::round(&app.state.spot_context(), maker)
        .await
        .unwrap();
    let depth = app.state.spot.depth(BTC, 100).unwrap();
    assert!(depth.bids.is_empty() && depth.asks.is_empty());
    frozen_matches_open_orders(&app, &[buyer, maker]).await;
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn the_market_maker_skips_a_pair_it_cannot_quote_and_quotes_the_rest() {
    // BTC first in the round: a ladder whose cost is beyond a decimal
    // (1e23 a coin, a million coins a level). Such a round used to panic the
    // maker's loop, and no pair was requoted again.
    let app = TestApp::spawn().await;
    let maker = maker::ensure_user(&app.state.spot_context()).await.unwrap();
    let settings = maker::maker_settings(&app.state.db).await.unwrap();
    let btc_first = settings.iter().position(|s| s.symbol == BTC);
    let eth_after = settings.iter().position(|s| s.symbol == "ethusdt");
    assert!(btc_first < eth_after, "{settings:?}");
    for symbol in [BTC, "ethusdt"] {
        let mut row = settings
            .iter()
            .find(|s| s.symbol == symbol)
            .unwrap()
            .clone();
        row.enabled = true;
        if symbol == BTC {
            row.size = "1000000".parse().unwrap();
        }
        maker::put_maker_setting(&app.state.db, row).await.unwrap();
    }
    let now = chrono::Utc::now().timestamp_millis();
    set_price(&app, "btc", "100000000000000000000000", now);
    set_price(&app, "eth", "3000", now);
    maker::round(&app.state.spot_context(), maker)
        .await
        .unwrap();

    let btc = app.state.spot.depth(BTC, 100).unwrap();
    assert!(btc.bids.is_empty() && btc.asks.is_empty(), "{btc:?}");
    let eth = app.state.spot.depth("ethusdt", 100).unwrap();
    assert!(!eth.bids.is_empty() && !eth.asks.is_empty(), "{eth:?}");
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn the_public_tape_lists_the_pairs_latest_trades_newest_first() {
    let app = TestApp::spawn().await;
    let (_, seller) = trader(&app, "seller", "0", "1").await;
    let (_, buyer) = trader(&app, "buyer", "10000", "0").await;
    let tape = app
        .get("/api/market/trades?symbol=btcusdt", None)
        .await
        .ok();
    assert_eq!(tape, json!([]), "no trade yet");
    submit(&app, &seller, limit("sell", "60000", "0.01"))
        .await
        .ok();
    submit(&app, &seller, limit("sell", "60100", "0.01"))
        .await
        .ok();
    submit(&app, &buyer, limit("buy", "60100", "0.015"))
        .await
        .ok();
    // Signed out: the tape is public, and names no order or user.
    let tape = app
        .get("/api/market/trades?symbol=btcusdt", None)
        .await
        .ok();
    let rows = tape.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (&rows[0]["price"], &rows[0]["vol"], &rows[0]["side"]),
        (&json!("60100"), &json!("0.005"), &json!("buy"))
    );
    assert_eq!(
        (&rows[1]["price"], &rows[1]["vol"]),
        (&json!("60000"), &json!("0.01"))
    );
    assert!(rows[0]["id"].as_i64() > rows[1]["id"].as_i64());
    assert!(rows[0].get("userId").is_none() && rows[0].get("takerUserId").is_none());
    let one = app
        .get("/api/market/trades?symbol=btcusdt&limit=1", None)
        .await
        .ok();
    assert_eq!(one.as_array().unwrap().len(), 1);
    app.get("/api/market/trades?symbol=btcusdt&limit=0", None)
        .await
        .fails_with(-4);
    app.get("/api/market/trades?symbol=nosuchusdt", None)
        .await
        .fails_with(-4);
}
