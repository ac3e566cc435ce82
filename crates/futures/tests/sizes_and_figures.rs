//! What futures refusals and previews tell the user matches what the
//! server does: stop sizes in whole contracts, the leverage a submit can
//! choose, the balance a shortfall names, what -7006 refuses.

use axum::body::Body;
use axum::http::{header, Request};
use onyx_kernel::ledger::Wallet;
use onyx_testkit::accounts::signed_in;
use onyx_testkit::common::{Reply, TestApp};
use onyx_testkit::tape::Tape;
use onyx_testkit::wallet::{assert_audit_clean, fund};
use onyx_testkit::wallet_calls::post_keyed;
use serde_json::{json, Value};

fn market(side: u8, leverage: u32, contracts: &str) -> Value {
    json!({"symbol": "btc", "leverage": leverage, "delegatePrice": "1", "delegateTotal": contracts,
           "type": side, "delegateType": 1})
}

async fn submit(app: &TestApp, token: &str, body: Value) -> Reply {
    post_keyed(app, "/api/contract/order/submit", token, None, body).await
}

async fn set_stop(app: &TestApp, token: &str, lang: &str, body: Value) -> Reply {
    app.send(
        Request::builder()
            .method("POST")
            .uri("/api/contract/loss/sett")
            .header("lang", lang)
            .header("satoken", token)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

async fn open_num(app: &TestApp, token: &str) -> String {
    let rows = app
        .get(
            "/api/contract/position/list?status=0&pageNum=1&pageSize=10",
            Some(token),
        )
        .await
        .ok()["rows"]
        .clone();
    rows[0]["openNum"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_stop_closes_whole_contracts_or_the_whole_position_and_says_so() {
    let app = TestApp::spawn().await;
    let mut tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "stopsize").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "100").await;
    // Two contracts of 0.0001 BTC.
    let p = submit(&app, &token, market(0, 10, "2")).await.ok()["position"].clone();
    let id = p["id"].as_i64().unwrap();
    let tp = |size: &str| json!({"positionId": id, "lossType": 0, "delegateType": 1, "earnPrice": "61000", "earnNumber": size});
    // A third of a contract, one unit of the ledger, more than the position.
    for size in ["0.00003", "0.00000001", "0.00015", "0.0003"] {
        let r = set_stop(&app, &token, "en", tp(size)).await;
        r.fails_with(-7008);
        assert!(
            r.msg.contains(size) && r.msg.contains("0.0001 BTC") && r.msg.contains("0.0002 BTC"),
            "names the size, the contract and the position: {}",
            r.msg
        );
    }
    // In the caller's language.
    let zh = set_stop(&app, &token, "zh", tp("0.00003")).await;
    zh.fails_with(-7008);
    assert!(
        zh.msg.contains("0.00003") && zh.msg.contains("整张"),
        "{}",
        zh.msg
    );
    let sl = json!({"positionId": id, "lossType": 1, "delegateType": 1, "losePrice": "59000", "loseNumber": "0.00005"});
    set_stop(&app, &token, "en", sl).await.fails_with(-7008);
    assert_eq!(
        open_num(&app, &token).await,
        "0.0002",
        "refusals change nothing"
    );

    // One whole contract: the take-profit leaves one whole contract.
    set_stop(&app, &token, "en", tp("0.0001")).await.ok();
    tape.set("61500").await;
    assert_eq!(
        onyx_futures::api::jobs::trigger_due(&app.state.ctx)
            .await
            .unwrap(),
        1
    );
    assert_eq!(open_num(&app, &token).await, "0.0001");
    // All that is left may always be set.
    let all = json!({"positionId": id, "lossType": 1, "delegateType": 1, "losePrice": "60000", "loseNumber": "0.0001"});
    set_stop(&app, &token, "en", all).await.ok();
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn the_preview_offers_the_leverage_the_submit_takes() {
    let app = TestApp::spawn().await;
    let _tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "levcap").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "1000").await;
    let preview = |leverage: u32, contracts: &str| {
        let uri = format!(
            "/api/contract/order/preview?symbol=btc&leverage={leverage}&delegateTotal={contracts}&type=0"
        );
        let (app, token) = (&app, token.clone());
        async move { app.get(&uri, Some(&token)).await.ok() }
    };
    // BTC offers 5..100x; its first bracket would allow 150x.
    let small = preview(10, "10").await;
    assert_eq!(small["maxLeverage"].as_u64(), Some(100));
    submit(&app, &token, market(0, 100, "10")).await.ok();
    submit(&app, &token, market(0, 150, "10"))
        .await
        .fails_with(-7002);
    // 1,000,000 USDT of notional sits in the 75x bracket: 50x is the most
    // offered under it, and a waiting order at 100x is refused naming 50.
    let large = preview(10, "166667").await;
    assert_eq!(large["maxLeverage"].as_u64(), Some(50));
    let far = json!({"symbol": "btc", "leverage": 100, "delegatePrice": "59000", "delegateTotal": "166667",
                     "type": 0, "delegateType": 0});
    let refused = submit(&app, &token, far).await;
    refused.fails_with(-7002);
    assert!(refused.msg.contains("50x"), "{}", refused.msg);
}

#[tokio::test]
async fn a_shortfall_names_the_balance_that_was_free() {
    let app = TestApp::spawn().await;
    let _tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "shortfall").await;
    // 1,000 contracts at 10x: margin 600 fits, the fee of 6 does not.
    fund(&app, user.id, Wallet::Contract, "USDT", "603").await;
    let r = submit(&app, &token, market(0, 10, "1000")).await;
    r.fails_with(-4001);
    assert!(r.msg.contains(" 603 USDT"), "{}", r.msg);
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn order_type_refusals_say_what_is_refused() {
    let app = TestApp::spawn().await;
    let _tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "ordertype").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "1000").await;
    // A limit order is taken...
    let limit = json!({"symbol": "btc", "leverage": 10, "delegatePrice": "59000", "delegateTotal": "10",
                       "type": 0, "delegateType": 0});
    submit(&app, &token, limit).await.ok();
    // ...so a plan order's refusal must not say only market orders are.
    let plan = json!({"symbol": "btc", "leverage": 10, "delegatePrice": "59000", "delegateTotal": "10",
                      "type": 0, "delegateType": 3});
    let r = submit(&app, &token, plan).await;
    r.fails_with(-7006);
    assert!(
        r.msg.contains("limit") && !r.msg.to_lowercase().contains("only market"),
        "{}",
        r.msg
    );
}
