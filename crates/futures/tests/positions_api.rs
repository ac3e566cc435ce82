//! Futures positions through the API: a market open at the tape's mark
//! with its margin frozen and fee taken, refusals that change nothing,
//! adding (the entry averaged), margin moves, partial and full closes, and
//! liquidations (the fee to the insurance fund, a gap past bankruptcy
//! covered by it), with the ledger and the holds audited after each.

use onyx_kernel::ledger::{SystemAccount, Wallet};
use onyx_market::api::service::now_ms;
use onyx_testkit::accounts::signed_in;
use onyx_testkit::common::{Reply, TestApp};
use onyx_testkit::tape::Tape;
use onyx_testkit::wallet::{assert_audit_clean, balance, dec, fund};
use onyx_testkit::wallet_calls::post_keyed;
use rust_decimal::Decimal;
use sea_orm::ConnectionTrait;
use serde_json::{json, Value};

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}"))
}

async fn submit(app: &TestApp, token: &str, body: Value) -> Reply {
    post_keyed(app, "/api/contract/order/submit", token, None, body).await
}

/// Submits an order that fills at once; the position it opened or grew.
async fn open(app: &TestApp, token: &str, body: Value) -> Value {
    let reply = submit(app, token, body).await.ok();
    assert_eq!(reply["order"]["status"], 1, "filled: {reply}");
    reply["position"].clone()
}

fn market(side: u8, leverage: u32, contracts: &str) -> Value {
    json!({"symbol": "btc", "leverage": leverage, "delegatePrice": "1", "delegateTotal": contracts,
           "type": side, "delegateType": 1})
}

/// A user's positions: open (status 0) or history (1), first page of 50.
pub(crate) async fn positions(app: &TestApp, token: &str, status: u8) -> Vec<Value> {
    app.get(
        &format!("/api/contract/position/list?status={status}&pageNum=1&pageSize=50"),
        Some(token),
    )
    .await
    .ok()["rows"]
        .as_array()
        .unwrap()
        .clone()
}

async fn post_query(app: &TestApp, token: &str, path: &str) -> Reply {
    app.post_json(path, Some(token), json!({})).await
}

async fn system(app: &TestApp, account: SystemAccount) -> Decimal {
    let audit = onyx_store::ledger::audit(&app.state.db).await.unwrap();
    audit.result.as_ref().unwrap()["USDT"]
        .system
        .get(&account)
        .copied()
        .unwrap_or_default()
}

async fn audited(app: &TestApp) {
    assert!(
        onyx_server::holds::run(&app.state.db).await.unwrap(),
        "holds match"
    );
    assert_audit_clean(app).await;
    let replayed = onyx_futures::api::verify(&app.state.db).await.unwrap();
    assert!(replayed.mismatches.is_empty(), "{:?}", replayed.mismatches);
}

#[tokio::test]
async fn a_market_open_freezes_its_margin_and_refusals_change_nothing() {
    let app = TestApp::spawn().await;
    let _tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "fut1").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "1000").await;

    // 1,000 contracts of 0.0001 BTC at 60,000, 10x: margin 600, fee 6.
    let p = open(&app, &token, market(0, 10, "1000")).await;
    assert_eq!(
        (p["type"].as_u64(), s(&p["openNum"]), s(&p["openPrice"])),
        (Some(0), "0.1", "60000")
    );
    assert_eq!(
        (s(&p["amount"]), s(&p["adjustAmount"]), s(&p["fees"])),
        ("600", "600", "6")
    );
    assert_eq!((s(&p["markPrice"]), s(&p["markSource"])), ("60000", "test"));
    assert_eq!(s(&p["unrealisedPnl"]), "0");
    // (600 − 6,000) / (0.1 × 0.004 − 0.1)
    assert_eq!(&s(&p["closePrice"])[..11], "54216.86746");
    assert_eq!(
        balance(&app, user.id, Wallet::Contract, "USDT").await,
        (dec("394"), dec("600"))
    );
    assert_eq!(system(&app, SystemAccount::Fees).await, dec("6"));

    let refusals = [
        (submit(&app, &token, json!({"symbol": "btc", "leverage": 10, "delegatePrice": "59000", "delegateTotal": "10", "type": 0, "delegateType": 2})).await, -7006),
        (submit(&app, &token, market(0, 7, "10")).await, -7002),
        (submit(&app, &token, market(0, 10, "0")).await, -4002),
        (submit(&app, &token, market(0, 10, "1000001")).await, -7003),
        (submit(&app, &token, market(0, 10, "1.5")).await, -4003),
        (submit(&app, &token, json!({"symbol": "nosuch", "leverage": 10, "delegateTotal": "1", "type": 0, "delegateType": 1})).await, -7001),
        (submit(&app, &token, market(2, 10, "10")).await, -4),
        // 1,000 more would need 606 with its fee: 394 are free.
        (submit(&app, &token, market(1, 10, "1000")).await, -4001),
    ];
    for (reply, code) in &refusals {
        reply.fails_with(*code);
    }
    assert_eq!(
        balance(&app, user.id, Wallet::Contract, "USDT").await,
        (dec("394"), dec("600"))
    );
    assert_eq!(positions(&app, &token, 0).await.len(), 1);
    let (_, other) = signed_in(&app, "fut2").await;
    assert!(positions(&app, &other, 0).await.is_empty());
    post_query(
        &app,
        &other,
        &format!("/api/contract/position/stopOrder?id={}", p["id"]),
    )
    .await
    .fails_with(-6);
    audited(&app).await;
}

#[tokio::test]
async fn adding_averages_the_entry_margin_moves_and_closes_pay_out() {
    let app = TestApp::spawn().await;
    let mut tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "fut3").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "10000").await;
    let first = open(&app, &token, market(0, 10, "1000")).await;
    tape.set("62000").await;
    let added = open(&app, &token, market(0, 10, "1000")).await;
    assert_eq!(added["id"], first["id"], "one position per side");
    assert_eq!(
        (s(&added["openNum"]), s(&added["openPrice"])),
        ("0.2", "61000")
    );
    // Margins 600 + 620, fees 6 + 6.2.
    assert_eq!(
        (s(&added["adjustAmount"]), s(&added["fees"])),
        ("1220", "12.2")
    );
    // Marked at 62,000: 0.2 × 1,000 up.
    assert_eq!(s(&added["unrealisedPnl"]), "200");
    let id = added["id"].as_i64().unwrap();

    // Margin: add 100, then take back no more than down to the initial.
    let adj = |money: &str, flag: &str| {
        format!("/api/contract/position/adjustAmount?id={id}&money={money}&flag={flag}")
    };
    let more = post_query(&app, &token, &adj("100", "0")).await.ok();
    assert_eq!(s(&more["adjustAmount"]), "1320");
    post_query(&app, &token, &adj("100.01", "1"))
        .await
        .fails_with(-7005);
    let back = post_query(&app, &token, &adj("100", "1")).await.ok();
    assert_eq!(s(&back["adjustAmount"]), "1220");
    assert_eq!(
        balance(&app, user.id, Wallet::Contract, "USDT").await,
        (dec("8767.8"), dec("1220"))
    );

    // Close half (1,000 contracts) at 63,000: +200 realised, fee 6.3,
    // half the margin back.
    tape.set("63000").await;
    let half = post_query(
        &app,
        &token,
        &format!("/api/contract/position/stopOrder?id={id}&num=1000"),
    )
    .await
    .ok();
    assert_eq!(
        (
            s(&half["openNum"]),
            s(&half["adjustAmount"]),
            s(&half["earn"])
        ),
        ("0.1", "610", "200")
    );
    assert_eq!(half["status"].as_u64(), Some(0));
    assert_eq!(
        balance(&app, user.id, Wallet::Contract, "USDT").await,
        (dec("9571.5"), dec("610"))
    );
    // The rest at 59,000: −200.
    tape.set("59000").await;
    let rest = post_query(
        &app,
        &token,
        &format!("/api/contract/position/stopOrder?id={id}"),
    )
    .await
    .ok();
    assert_eq!(
        (
            rest["status"].as_u64(),
            s(&rest["earn"]),
            s(&rest["openNum"])
        ),
        (Some(1), "0", "0")
    );
    assert_eq!(s(&rest["dealPrice"]), "59000");
    // 610 back less the 200 lost and the 5.9 fee.
    assert_eq!(
        balance(&app, user.id, Wallet::Contract, "USDT").await,
        (dec("9975.6"), dec("0"))
    );
    assert!(positions(&app, &token, 0).await.is_empty());
    assert_eq!(positions(&app, &token, 1).await.len(), 1);
    // Fees 12.2 + 6.3 + 5.9; the house is even.
    assert_eq!(system(&app, SystemAccount::Fees).await, dec("24.4"));
    assert_eq!(system(&app, SystemAccount::FuturesHouse).await, dec("0"));
    audited(&app).await;

    // A profit written in by hand is found by the replay.
    app.state
        .db
        .execute_unprepared(&format!(
            "UPDATE futures_fills SET pnl = '300' WHERE position_id = {id} AND pnl = '200'"
        ))
        .await
        .unwrap();
    let report = onyx_futures::api::verify(&app.state.db).await.unwrap();
    assert_eq!(report.mismatches.len(), 1);
    assert!(
        report.mismatches[0].1.contains("the rules give 200"),
        "{:?}",
        report.mismatches
    );
    assert!(!onyx_server::verify::run(&app.state.db).await.unwrap());
}

#[tokio::test]
async fn the_mark_liquidates_and_the_insurance_fund_covers_a_gap() {
    let app = TestApp::spawn().await;
    let mut tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "fut4").await;
    let (gap_user, gap_token) = signed_in(&app, "fut5").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "1000").await;
    fund(&app, gap_user.id, Wallet::Contract, "USDT", "1000").await;
    // 10x long 0.1 BTC: liquidation at 54,216.87.
    let p = open(&app, &token, market(0, 10, "1000")).await;
    // 100x short 0.01 BTC: margin 6, liquidation near 60,357.
    let gap = open(&app, &gap_token, market(1, 100, "100")).await;
    assert_eq!(s(&gap["adjustAmount"]), "6");

    // Above the long's liquidation price and below the short's: nothing.
    tape.set("60300").await;
    assert_eq!(
        onyx_futures::api::jobs::liquidate_due(&app.state.ctx)
            .await
            .unwrap(),
        0
    );
    // The short's price gaps far past its bankruptcy (60,600): 10 lost on
    // 0.01 BTC, its margin of 6 covers part, the insurance fund pays the
    // house the 4 beyond it.
    tape.set("61000").await;
    let mut bus = app.state.ctx.events.subscribe();
    assert_eq!(
        onyx_futures::api::jobs::liquidate_due(&app.state.ctx)
            .await
            .unwrap(),
        1
    );
    let gone = &positions(&app, &gap_token, 1).await[0];
    // Its owner's socket is told, once committed.
    match &*bus.try_recv().unwrap() {
        onyx_platform::bus::PlatformEvent::ContractSettled {
            kind,
            user_id,
            order,
        } => {
            assert_eq!((*kind, *user_id), ("FUTURES", gap_user.id));
            assert_eq!(
                (&order["event"], &order["id"]),
                (&json!("liquidated"), &gone["id"])
            );
        }
        other => panic!("not a futures notice: {other:?}"),
    }
    assert_eq!(
        (gone["status"].as_u64(), s(&gone["earn"])),
        (Some(2), "-10")
    );
    assert_eq!(
        balance(&app, gap_user.id, Wallet::Contract, "USDT").await,
        (dec("993.4"), dec("0")),
        "only the margin lost: 1,000 less 6 margin and 0.6 fee"
    );
    assert_eq!(system(&app, SystemAccount::Insurance).await, dec("-4"));
    assert_eq!(system(&app, SystemAccount::FuturesHouse).await, dec("10"));

    // The long at 54,200: equity 600 − 580 = 20 ≤ maintenance 21.68.
    tape.set("54200").await;
    assert_eq!(
        onyx_futures::api::jobs::liquidate_due(&app.state.ctx)
            .await
            .unwrap(),
        1
    );
    let liq = &positions(&app, &token, 1).await[0];
    assert_eq!(
        (
            liq["status"].as_u64(),
            s(&liq["earn"]),
            s(&liq["dealPrice"])
        ),
        (Some(2), "-580", "54200")
    );
    // The 20 left: the liquidation fee (0.5 % of 5,420 = 27.1, capped at
    // the 20 left) to the insurance fund, nothing back.
    assert_eq!(
        balance(&app, user.id, Wallet::Contract, "USDT").await,
        (dec("394"), dec("0"))
    );
    assert_eq!(system(&app, SystemAccount::Insurance).await, dec("16"));
    assert_eq!(system(&app, SystemAccount::FuturesHouse).await, dec("590"));
    assert_eq!(p["id"], liq["id"]);
    audited(&app).await;
}

#[tokio::test]
async fn the_house_carries_no_more_than_its_net_open_interest() {
    let app = TestApp::spawn().await;
    let _tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "fut6").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "100000").await;
    app.state
        .db
        .execute_unprepared("UPDATE futures_terms SET max_net_oi = '10000'")
        .await
        .unwrap();
    // 0.1 BTC long is 6,000 net; 0.1 more would be 12,000.
    open(&app, &token, market(0, 10, "1000")).await;
    submit(&app, &token, market(0, 10, "1000"))
        .await
        .fails_with(-7004);
    // A short reduces the net: accepted.
    open(&app, &token, market(1, 10, "1500")).await;
    audited(&app).await;
}

#[tokio::test]
async fn funding_is_paid_once_at_the_funding_time_on_its_mark() {
    let app = TestApp::spawn().await;
    let _tape = Tape::new(&app, "60000").await;
    let (long_user, long_token) = signed_in(&app, "fund1").await;
    let (short_user, short_token) = signed_in(&app, "fund2").await;
    fund(&app, long_user.id, Wallet::Contract, "USDT", "1000").await;
    fund(&app, short_user.id, Wallet::Contract, "USDT", "1000").await;
    let long = open(&app, &long_token, market(0, 10, "1000")).await;
    let short = open(&app, &short_token, market(1, 10, "500")).await;

    // Both as if opened before the last funding time, with the tape's
    // tick half a second before it.
    let at = onyx_futures::api::jobs::latest_time(now_ms(), 8).unwrap();
    let db = &app.state.db;
    db.execute_unprepared(&format!(
        "UPDATE futures_positions SET opened_at = {0}; UPDATE futures_fills SET at = {0}",
        at - 1_000
    ))
    .await
    .unwrap();
    onyx_market::api::tape::insert(
        db,
        &[onyx_market::api::tape::TapeEntry {
            coin: "btc".into(),
            second: at / 1000 - 1,
            price: Decimal::from(60_000),
            ts_ms: at - 500,
            source: "test",
        }],
    )
    .await
    .unwrap();
    assert!(
        onyx_futures::api::jobs::pay_due(&app.state.ctx)
            .await
            .unwrap()
            > 0
    );
    // 0.01 % plus 0.05 % × (6,000 − 3,000) / 5,000,000 (the floor):
    // 0.01003 %. The long pays 60,000 × 0.1 × that, the short receives
    // 60,000 × 0.05 × that, out of and into their margins.
    let l = &positions(&app, &long_token, 0).await[0];
    let s_ = &positions(&app, &short_token, 0).await[0];
    assert_eq!(
        (s(&l["funding"]), s(&l["adjustAmount"])),
        ("0.6018", "599.3982")
    );
    assert_eq!(
        (s(&s_["funding"]), s(&s_["adjustAmount"])),
        ("-0.3009", "300.3009")
    );
    assert_eq!(
        system(&app, SystemAccount::FuturesHouse).await,
        dec("0.3009")
    );
    // Once per funding time.
    assert_eq!(
        onyx_futures::api::jobs::pay_due(&app.state.ctx)
            .await
            .unwrap(),
        0
    );
    assert_eq!(l["id"], long["id"]);
    assert_eq!(s_["id"], short["id"]);
    let info = app.get("/api/contract/funding?symbol=btc", None).await.ok();
    assert_eq!(info["nextFundingTime"].as_i64(), Some(at + 8 * 3_600_000));
    assert_eq!(s(&info["predictedRate"]), "0.0001003");
    audited(&app).await;
}

#[tokio::test]
async fn a_retried_close_or_margin_move_happens_once() {
    let app = TestApp::spawn().await;
    let _tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "fut7").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "1000").await;
    let p = open(&app, &token, market(0, 10, "1000")).await;
    let id = p["id"].as_i64().unwrap();
    let add = format!("/api/contract/position/adjustAmount?id={id}&money=50&flag=0");
    let first = post_keyed(&app, &add, &token, Some("m-1"), json!({}))
        .await
        .ok();
    let again = post_keyed(&app, &add, &token, Some("m-1"), json!({}))
        .await
        .ok();
    assert_eq!(
        (s(&first["adjustAmount"]), s(&again["adjustAmount"])),
        ("650", "650")
    );
    let half = format!("/api/contract/position/stopOrder?id={id}&num=500");
    let first = post_keyed(&app, &half, &token, Some("c-1"), json!({}))
        .await
        .ok();
    let again = post_keyed(&app, &half, &token, Some("c-1"), json!({}))
        .await
        .ok();
    assert_eq!(first, again);
    assert_eq!(s(&again["openNum"]), "0.05", "closed once");
    // The same key for another request is refused.
    let other = format!("/api/contract/position/stopOrder?id={id}&num=100");
    post_keyed(&app, &other, &token, Some("c-1"), json!({}))
        .await
        .fails_with(-4004);
    audited(&app).await;
}

#[tokio::test]
async fn a_take_profit_and_a_stop_loss_close_at_the_mark_that_triggers_them() {
    let app = TestApp::spawn().await;
    let mut tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "fut8").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "2000").await;
    let long = open(&app, &token, market(0, 10, "1000")).await;
    let id = long["id"].as_i64().unwrap();
    let set = |body: Value| {
        let app = &app;
        let token = token.clone();
        async move {
            app.post_json("/api/contract/loss/sett", Some(&token), body)
                .await
        }
    };
    // A take-profit below the mark would fire at once: refused.
    set(json!({"positionId": id, "lossType": 0, "delegateType": 1, "earnPrice": "59000", "earnNumber": "0.1"}))
        .await
        .fails_with(-7007);
    set(json!({"positionId": id, "lossType": 0, "delegateType": 1, "earnPrice": "61000", "earnNumber": "0.2"}))
        .await
        .fails_with(-7008);
    set(json!({"positionId": id, "lossType": 1, "delegateType": 2, "losePrice": "59000", "loseNumber": "0.1"}))
        .await
        .fails_with(-7006);
    set(json!({"positionId": id, "lossType": 1, "delegateType": 0, "losePrice": "59000", "loseNumber": "0.1"}))
        .await
        .fails_with(-3);
    // Half at 61,000, a stop-loss on all of it at 58,000.
    let tp = set(json!({"positionId": id, "lossType": 0, "delegateType": 1, "earnPrice": "61000", "earnNumber": "0.05"}))
        .await
        .ok();
    let sl = set(json!({"positionId": id, "lossType": 1, "delegateType": 1, "losePrice": "58000", "loseNumber": "0.1"}))
        .await
        .ok();
    assert_eq!(
        (
            tp["lossType"].as_u64(),
            s(&tp["earnPrice"]),
            tp["status"].as_u64()
        ),
        (Some(0), "61000", Some(0))
    );
    assert_eq!(s(&sl["losePrice"]), "58000");
    let listed = post_query(
        &app,
        &token,
        "/api/contract/loss/list?pageNum=1&pageSize=10",
    )
    .await
    .ok();
    assert_eq!(listed["total"].as_u64(), Some(2));

    // 60,500: nothing fires.
    tape.set("60500").await;
    assert_eq!(
        onyx_futures::api::jobs::trigger_due(&app.state.ctx)
            .await
            .unwrap(),
        0
    );
    // 61,200: the take-profit closes half at that mark.
    tape.set("61200").await;
    assert_eq!(
        onyx_futures::api::jobs::trigger_due(&app.state.ctx)
            .await
            .unwrap(),
        1
    );
    let p = &positions(&app, &token, 0).await[0];
    assert_eq!((s(&p["openNum"]), s(&p["earn"])), ("0.05", "60"));
    // 57,900: the stop-loss closes the rest (its size capped at what is left)
    // and the position is gone with its stops.
    tape.set("57900").await;
    assert_eq!(
        onyx_futures::api::jobs::trigger_due(&app.state.ctx)
            .await
            .unwrap(),
        1
    );
    assert!(positions(&app, &token, 0).await.is_empty());
    let closed = &positions(&app, &token, 1).await[0];
    // +60 on the first half, −105 on the second.
    assert_eq!(
        (closed["status"].as_u64(), s(&closed["earn"])),
        (Some(1), "-45")
    );
    let listed = post_query(
        &app,
        &token,
        "/api/contract/loss/list?pageNum=1&pageSize=10",
    )
    .await
    .ok();
    assert_eq!(listed["total"].as_u64(), Some(0));

    // A stop left on a position closed by hand is cancelled with it.
    let again = open(&app, &token, market(1, 10, "100")).await;
    let again_id = again["id"].as_i64().unwrap();
    let stop = set(json!({"positionId": again_id, "lossType": 1, "delegateType": 1, "losePrice": "60000", "loseNumber": "0.01"}))
        .await
        .ok();
    post_query(
        &app,
        &token,
        &format!("/api/contract/position/stopOrder?id={again_id}"),
    )
    .await
    .ok();
    post_query(
        &app,
        &token,
        &format!("/api/contract/loss/cancel?id={}", stop["id"]),
    )
    .await
    .fails_with(-6);
    audited(&app).await;
}

#[tokio::test]
async fn the_risk_book_follows_the_positions_between_ticks() {
    let app = TestApp::spawn().await;
    let mut tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "fut9").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "2000").await;
    let mut engine = onyx_futures::api::jobs::RiskEngine::new();
    let p = open(&app, &token, market(0, 10, "1000")).await;
    let id = p["id"].as_i64().unwrap();
    assert_eq!(
        onyx_futures::api::jobs::liquidate_with(&app.state.ctx, &mut engine)
            .await
            .unwrap(),
        0
    );
    assert_eq!(engine.len(), 1, "the open position is in the book");
    // More margin moves the liquidation price down (about 49,177): a mark
    // of 54,000 that would have liquidated it no longer does.
    post_query(
        &app,
        &token,
        &format!("/api/contract/position/adjustAmount?id={id}&money=500&flag=0"),
    )
    .await
    .ok();
    tape.set("54000").await;
    assert_eq!(
        onyx_futures::api::jobs::liquidate_with(&app.state.ctx, &mut engine)
            .await
            .unwrap(),
        0
    );
    // 49,000 does; and a closed position leaves the book.
    tape.set("49000").await;
    assert_eq!(
        onyx_futures::api::jobs::liquidate_with(&app.state.ctx, &mut engine)
            .await
            .unwrap(),
        1
    );
    tape.set("49100").await;
    onyx_futures::api::jobs::liquidate_with(&app.state.ctx, &mut engine)
        .await
        .unwrap();
    assert_eq!(engine.len(), 0);
    audited(&app).await;
}

fn limit(side: u8, leverage: u32, contracts: &str, price: &str) -> Value {
    json!({"symbol": "btc", "leverage": leverage, "delegatePrice": price, "delegateTotal": contracts,
           "type": side, "delegateType": 0})
}

async fn orders(app: &TestApp, token: &str, status: u8) -> Vec<Value> {
    app.get(
        &format!("/api/contract/order/list?status={status}&pageNum=1&pageSize=50"),
        Some(token),
    )
    .await
    .ok()["rows"]
        .as_array()
        .unwrap()
        .clone()
}

async fn sweep(app: &TestApp) -> onyx_futures::api::jobs::Swept {
    onyx_futures::api::jobs::sweep(
        &app.state.ctx,
        &mut onyx_futures::api::jobs::RiskEngine::new(),
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn a_limit_order_waits_with_its_margin_frozen_and_fills_at_its_price() {
    let app = TestApp::spawn().await;
    let mut tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "lim1").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "2000").await;

    // A long at 59,000 below a 60,000 mark waits: 590 margin and 5.9 fee
    // frozen (1,000 contracts of 0.0001 BTC, 10x, 0.1 % fee).
    let placed = submit(&app, &token, limit(0, 10, "1000", "59000"))
        .await
        .ok();
    let o = &placed["order"];
    assert!(placed["position"].is_null());
    assert_eq!(
        (
            o["status"].as_u64(),
            o["delegateType"].as_u64(),
            s(&o["delegatePrice"]),
            s(&o["margin"]),
            s(&o["fee"])
        ),
        (Some(0), Some(0), "59000", "590", "5.9")
    );
    assert_eq!(
        balance(&app, user.id, Wallet::Contract, "USDT").await,
        (dec("1404.1"), dec("595.9"))
    );
    audited(&app).await;
    // A second, cancelled: all of its hold comes back; cancelling again is refused.
    let second = submit(&app, &token, limit(1, 10, "100", "65000"))
        .await
        .ok();
    let second_id = second["order"]["id"].as_i64().unwrap();
    assert_eq!(orders(&app, &token, 0).await.len(), 2);
    let cancelled = post_query(
        &app,
        &token,
        &format!("/api/contract/order/canCelOrder?id={second_id}"),
    )
    .await
    .ok();
    assert_eq!(cancelled["status"].as_u64(), Some(3));
    post_query(
        &app,
        &token,
        &format!("/api/contract/order/canCelOrder?id={second_id}"),
    )
    .await
    .fails_with(-6);
    let (_, other) = signed_in(&app, "lim2").await;
    let first_id = o["id"].as_i64().unwrap();
    post_query(
        &app,
        &other,
        &format!("/api/contract/order/canCelOrder?id={first_id}"),
    )
    .await
    .fails_with(-6);
    assert_eq!(
        balance(&app, user.id, Wallet::Contract, "USDT").await,
        (dec("1404.1"), dec("595.9"))
    );

    // 59,500: not yet. 58,800: it fills at its own price, not the mark.
    tape.set("59500").await;
    assert_eq!(sweep(&app).await.filled, 0);
    tape.set("58800").await;
    assert_eq!(sweep(&app).await.filled, 1);
    let p = &positions(&app, &token, 0).await[0];
    assert_eq!(
        (
            s(&p["openPrice"]),
            s(&p["openNum"]),
            s(&p["adjustAmount"]),
            s(&p["fees"])
        ),
        ("59000", "0.1", "590", "5.9")
    );
    let filled = &orders(&app, &token, 1).await[0];
    assert_eq!(
        (s(&filled["dealPrice"]), filled["positionId"].as_i64()),
        ("59000", p["id"].as_i64())
    );
    assert!(orders(&app, &token, 0).await.is_empty());
    assert_eq!(orders(&app, &token, 3).await.len(), 1);
    // The margin stays frozen as the position's; the fee was taken.
    assert_eq!(
        balance(&app, user.id, Wallet::Contract, "USDT").await,
        (dec("1404.1"), dec("590"))
    );
    audited(&app).await;

    // The replay takes the fill at its order's limit, and nothing else off
    // the mark.
    let position_id = p["id"].as_i64().unwrap();
    app.state
        .db
        .execute_unprepared(&format!(
            "UPDATE futures_fills SET price = '59100' WHERE position_id = {position_id} AND kind = 'open'"
        ))
        .await
        .unwrap();
    let report = onyx_futures::api::verify(&app.state.db).await.unwrap();
    assert!(
        report.mismatches.len() == 1 && report.mismatches[0].1.contains("opened at 59100"),
        "{:?}",
        report.mismatches
    );
    app.state
        .db
        .execute_unprepared(&format!(
            "UPDATE futures_fills SET price = '59000' WHERE position_id = {position_id} AND kind = 'open'"
        ))
        .await
        .unwrap();

    // A limit already through the mark fills at once, at the better mark.
    let now = open(&app, &token, limit(1, 10, "100", "58000")).await;
    assert_eq!(s(&now["openPrice"]), "58800");
    // A limit order needs the money for its hold.
    submit(&app, &token, limit(0, 10, "100000", "50000"))
        .await
        .fails_with(-4001);
    audited(&app).await;
}

#[tokio::test]
async fn a_waiting_order_the_house_can_no_longer_take_is_cancelled_and_released() {
    let app = TestApp::spawn().await;
    let mut tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "lim3").await;
    let (gap, gap_token) = signed_in(&app, "lim4").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "100000").await;
    fund(&app, gap.id, Wallet::Contract, "USDT", "100000").await;
    app.state
        .db
        .execute_unprepared("UPDATE futures_terms SET max_net_oi = '10000'")
        .await
        .unwrap();
    submit(&app, &token, limit(0, 10, "1000", "59000"))
        .await
        .ok();
    // Meanwhile the house takes on 0.1 BTC of longs from someone else.
    open(&app, &gap_token, market(0, 10, "1000")).await;
    tape.set("58900").await;
    let swept = sweep(&app).await;
    assert_eq!(swept.filled, 0);
    let cancelled = &orders(&app, &token, 3).await[0];
    assert_eq!(cancelled["reason"], "house_limit");
    assert_eq!(
        balance(&app, user.id, Wallet::Contract, "USDT").await,
        (dec("100000"), dec("0"))
    );
    audited(&app).await;
}

#[tokio::test]
async fn a_limit_take_profit_leaves_a_closing_order_that_fills_at_its_price() {
    let app = TestApp::spawn().await;
    let mut tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "lim5").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "2000").await;
    let long = open(&app, &token, market(0, 10, "1000")).await;
    let id = long["id"].as_i64().unwrap();
    // Triggered at 61,000, it closes all at 61,500 or better.
    let tp = app
        .post_json(
            "/api/contract/loss/sett",
            Some(&token),
            json!({"positionId": id, "lossType": 0, "delegateType": 0, "earnPrice": "61000",
                   "earnNumber": "0.1", "earnDelegatePrice": "61500"}),
        )
        .await
        .ok();
    assert_eq!(
        (tp["delegateType"].as_u64(), s(&tp["earnDelegatePrice"])),
        (Some(0), "61500")
    );
    tape.set("61100").await;
    let swept = sweep(&app).await;
    assert_eq!((swept.triggered, swept.filled), (1, 0));
    let closing = &orders(&app, &token, 0).await[0];
    assert_eq!(
        (
            closing["reduceOnly"].as_bool(),
            s(&closing["delegatePrice"]),
            closing["positionId"].as_i64()
        ),
        (Some(true), "61500", Some(id))
    );
    // A closing order holds nothing.
    assert_eq!(
        balance(&app, user.id, Wallet::Contract, "USDT").await,
        (dec("1394"), dec("600"))
    );
    tape.set("61600").await;
    assert_eq!(sweep(&app).await.filled, 1);
    assert!(positions(&app, &token, 0).await.is_empty());
    let closed = &positions(&app, &token, 1).await[0];
    // (61,500 − 60,000) × 0.1, less the 0.1 % close fee on 6,150.
    assert_eq!(
        (s(&closed["dealPrice"]), s(&closed["earn"])),
        ("61500", "150")
    );
    assert_eq!(
        balance(&app, user.id, Wallet::Contract, "USDT").await,
        (dec("2137.85"), dec("0"))
    );

    // A closing order goes with its position when that closes first.
    let again = open(&app, &token, market(0, 10, "100")).await;
    let again_id = again["id"].as_i64().unwrap();
    app.post_json(
        "/api/contract/loss/sett",
        Some(&token),
        json!({"positionId": again_id, "lossType": 1, "delegateType": 0, "losePrice": "61000",
               "loseNumber": "0.01", "loseDelegatePrice": "60000"}),
    )
    .await
    .ok();
    tape.set("60900").await;
    assert_eq!(sweep(&app).await.triggered, 1);
    assert_eq!(orders(&app, &token, 0).await.len(), 1);
    post_query(
        &app,
        &token,
        &format!("/api/contract/position/stopOrder?id={again_id}"),
    )
    .await
    .ok();
    assert!(orders(&app, &token, 0).await.is_empty());
    assert_eq!(
        orders(&app, &token, 3).await[0]["reason"],
        "position_closed"
    );
    audited(&app).await;
}

#[tokio::test]
async fn the_preview_prices_a_submit_as_the_fill_will() {
    let app = TestApp::spawn().await;
    let _tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "prev1").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "1000").await;
    let q = app
        .get(
            "/api/contract/order/preview?symbol=btc&leverage=10&delegateTotal=1000&type=0",
            Some(&token),
        )
        .await
        .ok();
    assert_eq!(
        (
            s(&q["markPrice"]),
            s(&q["margin"]),
            s(&q["fee"]),
            s(&q["available"])
        ),
        ("60000", "600", "6", "1000")
    );
    // 1,000 / (6 / 10 + 0.006) per contract.
    assert_eq!(s(&q["maxContracts"]), "1650");
    let p = open(&app, &token, market(0, 10, "1000")).await;
    assert_eq!(q["liquidationPrice"], p["closePrice"]);
    let l = app
        .get(
            "/api/contract/order/preview?symbol=btc&leverage=20&delegateTotal=10&type=1&delegateType=0&delegatePrice=62000",
            Some(&token),
        )
        .await
        .ok();
    assert_eq!((s(&l["fillPrice"]), s(&l["margin"])), ("62000", "3.1"));
}

#[tokio::test]
async fn operators_set_the_terms_and_read_the_house_book() {
    use onyx_testkit::admin_common::{admin_get, admin_put, operator};
    let app = TestApp::spawn().await;
    let mut tape = Tape::new(&app, "60000").await;
    let owner = operator(&app, "fowner", "owner").await;
    let terms = admin_get(&app, "/api/admin/futures/terms", &owner)
        .await
        .ok();
    let btc = terms
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["coin"] == "btc")
        .unwrap()
        .clone();
    let id = btc["contractId"].as_i64().unwrap();
    // Binance's first BTCUSDT bracket: up to 300,000 at 150x, 0.4 %.
    assert_eq!(
        (
            s(&btc["brackets"][0]["cap"]),
            btc["brackets"][0]["maxLeverage"].as_u64(),
            s(&btc["brackets"][0]["rate"])
        ),
        ("300000", Some(150), "0.004")
    );
    let uri = format!("/api/admin/futures/terms/{id}");
    admin_put(&app, &uri, &owner, json!({"spread": "0.001"}))
        .await
        .fails_with(-2004);
    admin_put(
        &app,
        &uri,
        &owner,
        json!({"spread": "0.5", "reason": "wide"}),
    )
    .await
    .fails_with(-4);
    let changed = admin_put(
        &app,
        &uri,
        &owner,
        json!({"spread": "0.001", "maxNetOi": "20000", "reason": "quote wider"}),
    )
    .await
    .ok();
    assert_eq!(
        (s(&changed["spread"]), s(&changed["maxNetOi"])),
        ("0.001", "20000")
    );

    // The spread applies from the next fill: a long pays 60,060.
    let (user, token) = signed_in(&app, "fop1").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "5000").await;
    let p = open(&app, &token, market(0, 10, "1000")).await;
    assert_eq!(s(&p["openPrice"]), "60060");
    tape.set("59000").await;
    let book = admin_get(&app, "/api/admin/futures/house", &owner)
        .await
        .ok();
    let row = book["contracts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["contractId"] == id)
        .unwrap()
        .clone();
    // Users are 0.1 long, so the house is 0.1 short, up (60,060 − 59,000) × 0.1.
    assert_eq!(
        (
            s(&row["houseNetQty"]),
            s(&row["netNotional"]),
            s(&row["houseUnrealised"]),
            row["openPositions"].as_u64()
        ),
        ("-0.1", "5900", "106", Some(1))
    );
    assert_eq!(s(&book["insuranceBalance"]), "0");
}

/// A side, kind, action, status or cancel reason a futures row does not
/// name is refused when read: never a long made up from anything else, nor
/// an open position or a waiting order from a word nobody wrote.
#[tokio::test]
async fn a_word_a_futures_row_does_not_name_is_refused_on_read() {
    use onyx_futures::api::{futures_fill, futures_order, futures_position, futures_stop};
    use sea_orm::{EntityTrait, Statement};
    let app = TestApp::spawn().await;
    let _tape = Tape::new(&app, "60000").await;
    let (user, token) = signed_in(&app, "fut1").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "1000").await;
    let p = open(&app, &token, market(0, 10, "1000")).await;
    submit(&app, &token, limit(0, 10, "10", "50000")).await.ok();
    app.post_json(
        "/api/contract/loss/sett",
        Some(&token),
        json!({"positionId": p["id"], "lossType": 0, "delegateType": 1,
               "earnPrice": "61000", "earnNumber": "0.05"}),
    )
    .await
    .ok();
    let db = &app.state.db;
    let set = |sql: String| async move {
        db.execute(Statement::from_string(db.get_database_backend(), sql))
            .await
            .unwrap();
    };
    let reads = || async {
        [
            futures_position::Entity::find().all(db).await.is_ok(),
            futures_order::Entity::find().all(db).await.is_ok(),
            futures_fill::Entity::find().all(db).await.is_ok(),
            futures_stop::Entity::find().all(db).await.is_ok(),
        ]
    };
    assert_eq!(reads().await, [true; 4]);
    for (table, column, bad, good, which) in [
        ("futures_positions", "side", "up", "long", 0),
        ("futures_positions", "status", "gone", "open", 0),
        ("futures_orders", "side", "up", "long", 1),
        ("futures_orders", "kind", "stop", "limit", 1),
        ("futures_orders", "action", "flip", "open", 1),
        ("futures_orders", "status", "done", "waiting", 1),
        ("futures_orders", "reason", "margin_call", "house_limit", 1),
        ("futures_fills", "kind", "bonus", "open", 2),
        ("futures_stops", "kind", "maybe", "take_profit", 3),
        ("futures_stops", "status", "asleep", "active", 3),
    ] {
        set(format!("UPDATE {table} SET {column} = '{bad}'")).await;
        let mut want = [true; 4];
        want[which] = false;
        assert_eq!(reads().await, want, "{table}.{column} = {bad:?}");
        set(format!("UPDATE {table} SET {column} = '{good}'")).await;
    }
    assert_eq!(reads().await, [true; 4]);
}
