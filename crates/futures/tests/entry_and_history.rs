//! What an open can carry and what the history says after a close: a
//! take-profit and a stop-loss placed with a market open (refused, with
//! nothing opened, when the mark would set one off at once or the order
//! is a limit), and the history's gross, fees, funding and net, the net a
//! loss when the fees exceed a gross gain.

use crate::positions_api::positions;
use onyx_kernel::ledger::Wallet;
use onyx_testkit::accounts::signed_in;
use onyx_testkit::common::{Reply, TestApp};
use onyx_testkit::tape::Tape;
use onyx_testkit::wallet::{assert_audit_clean, balance, dec, fund};
use onyx_testkit::wallet_calls::post_keyed;
use rust_decimal::Decimal;
use serde_json::{json, Value};

fn market(side: u8, contracts: &str) -> Value {
    json!({"symbol": "btc", "leverage": 10, "delegatePrice": "1", "delegateTotal": contracts,
           "type": side, "delegateType": 1})
}

fn with(mut body: Value, field: &str, value: &str) -> Value {
    body[field] = json!(value);
    body
}

async fn submit(app: &TestApp, token: &str, body: Value) -> Reply {
    post_keyed(app, "/api/contract/order/submit", token, None, body).await
}

async fn stops(app: &TestApp, token: &str) -> Vec<Value> {
    app.post_json(
        "/api/contract/loss/list?pageNum=1&pageSize=10",
        Some(token),
        json!({}),
    )
    .await
    .ok()["rows"]
        .as_array()
        .unwrap()
        .clone()
}

fn d(v: &Value) -> Decimal {
    dec(v
        .as_str()
        .unwrap_or_else(|| panic!("not a decimal string: {v}")))
}

#[tokio::test]
async fn an_open_places_its_take_profit_and_stop_loss_or_nothing() {
    let app = TestApp::spawn().await;
    let mut tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "entrystops").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "1000").await;
    let before = balance(&app, user.id, Wallet::Contract, "USDT").await;

    // A long's take-profit below the mark, or its stop-loss above it,
    // would fire at once: refused, and nothing is opened.
    let long = market(0, "100");
    submit(&app, &token, with(long.clone(), "takeProfit", "59000"))
        .await
        .fails_with(-7007);
    submit(&app, &token, with(long.clone(), "stopLoss", "60500"))
        .await
        .fails_with(-7007);
    // Not a price, and not on a limit order (no position to put it on yet).
    submit(&app, &token, with(long.clone(), "stopLoss", "abc"))
        .await
        .fails_with(-4);
    let limit = json!({"symbol": "btc", "leverage": 10, "delegatePrice": "59000", "delegateTotal": "100",
                       "type": 0, "delegateType": 0, "takeProfit": "61000"});
    submit(&app, &token, limit).await.fails_with(-4);
    assert!(positions(&app, &token, 0).await.is_empty());
    assert!(stops(&app, &token).await.is_empty());
    assert_eq!(
        balance(&app, user.id, Wallet::Contract, "USDT").await,
        before
    );

    // Both with the open: on all of the position, at market execution.
    let body = with(with(long, "takeProfit", "61000"), "stopLoss", "58000");
    let reply = submit(&app, &token, body).await.ok();
    let position = &reply["position"];
    let id = position["id"].as_i64().unwrap();
    let placed = reply["stops"].as_array().unwrap();
    assert_eq!(placed.len(), 2, "{reply}");
    let listed = stops(&app, &token).await;
    let tp = listed.iter().find(|s| s["lossType"] == 0).unwrap();
    let sl = listed.iter().find(|s| s["lossType"] == 1).unwrap();
    assert_eq!(
        (
            tp["positionId"].as_i64(),
            d(&tp["earnPrice"]),
            d(&tp["earnNumber"])
        ),
        (Some(id), dec("61000"), d(&position["openNum"]))
    );
    assert_eq!(
        (
            sl["positionId"].as_i64(),
            d(&sl["losePrice"]),
            d(&sl["loseNumber"])
        ),
        (Some(id), dec("58000"), d(&position["openNum"]))
    );
    assert_eq!(tp["delegateType"], 1);

    // The take-profit closes it at the mark that sets it off.
    tape.set("61200").await;
    assert_eq!(
        onyx_futures::api::jobs::trigger_due(&app.state.ctx)
            .await
            .unwrap(),
        1
    );
    assert!(positions(&app, &token, 0).await.is_empty());
    assert!(
        stops(&app, &token).await.is_empty(),
        "the stop-loss went with it"
    );
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn the_history_nets_fees_and_funding_out_of_the_gross() {
    let app = TestApp::spawn().await;
    let mut tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "netloss").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "1000").await;
    let before = balance(&app, user.id, Wallet::Contract, "USDT").await;
    // 0.01 BTC long; the mark moves up 1 USDT: a gross gain of 0.01.
    let id = submit(&app, &token, market(0, "100")).await.ok()["position"]["id"]
        .as_i64()
        .unwrap();
    tape.set("60001").await;
    app.post_json(
        &format!("/api/contract/position/stopOrder?id={id}"),
        Some(&token),
        json!({}),
    )
    .await
    .ok();
    let closed = positions(&app, &token, 1).await;
    let p = closed
        .iter()
        .find(|p| p["id"].as_i64() == Some(id))
        .unwrap();
    let (gross, fees, funding, net) = (
        d(&p["grossPnl"]),
        d(&p["fees"]),
        d(&p["funding"]),
        d(&p["netPnl"]),
    );
    assert_eq!(gross, dec("0.01"));
    assert_eq!(d(&p["earn"]), gross, "the old field is kept");
    assert!(fees > gross, "fees {fees} exceed the gross gain");
    assert_eq!(net, gross - fees - funding);
    assert!(
        net < Decimal::ZERO,
        "a gain before fees is a net loss: {net}"
    );
    // The net is what the wallet lost over the trade.
    let after = balance(&app, user.id, Wallet::Contract, "USDT").await;
    assert_eq!((after.0 - before.0, after.1), (net, before.1));
    assert_audit_clean(&app).await;
}
