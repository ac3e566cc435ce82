//! Second contracts through the API: periods with their disclosure figures,
//! orders opened on the price tape with the stake frozen, refusals that
//! change nothing, and settlement on the tape's tick at the close (win,
//! lose, draw, void), with the ledger and the holds audited after.

use onyx_kernel::ledger::Wallet;
use onyx_market::api::catalogue;
use onyx_market::api::service::{now_ms, MarketService};
use onyx_market::api::Tick;
use onyx_platform::scheduler::Progress;
use onyx_second_contracts::api::settlement::sweep;
use onyx_second_contracts::api::verify::verify;
use onyx_testkit::accounts::signed_in;
use onyx_testkit::common::{Reply, TestApp};
use onyx_testkit::wallet::{assert_audit_clean, balance, dec, fund};
use onyx_testkit::wallet_calls::post_keyed;
use rust_decimal::Decimal;
use sea_orm::ConnectionTrait;
use serde_json::{json, Value};
use std::str::FromStr;

fn tick(coin: &str, ts_ms: i64, price: &str) -> Tick {
    Tick {
        coin: coin.into(),
        price: Decimal::from_str(price).unwrap(),
        quantity: Decimal::ONE,
        ts_ms,
        source: "test",
    }
}

/// The market service on the test's own ticks, the tape written through
/// the second before now.
async fn market(app: &TestApp, price: &str) -> MarketService {
    let now = now_ms();
    let coins = vec!["btc".to_string(), "eth".to_string()];
    let mut svc = MarketService::load(&app.state, &app.state.market, &coins, now - 5_000)
        .await
        .unwrap();
    // In the second before this one, so the tape has it written now.
    svc.apply(&[tick("btc", (now / 1000 - 1) * 1000 + 500, price)]);
    svc.close_tape(now).await.unwrap();
    svc
}

/// Keeps the tape fresh for opening: a tick in the second before now,
/// written (a no-op when this second's tape is already fresh).
async fn refresh(svc: &mut MarketService, price: &str) {
    let now = now_ms();
    svc.apply(&[tick("btc", (now / 1000 - 1) * 1000 + 500, price)]);
    svc.close_tape(now).await.unwrap();
}

/// An app without the gap between one user's orders, for tests that place
/// several in a row (the gap has its own test).
async fn unpaced() -> TestApp {
    TestApp::spawn_with(|c| c.contract_order_gap_ms = 0).await
}

async fn coin_id(app: &TestApp, coin: &str) -> i64 {
    catalogue::find_coin(&app.state.db, coin)
        .await
        .unwrap()
        .unwrap()
        .id
}

async fn periods(app: &TestApp, coin: &str) -> Vec<Value> {
    let id = coin_id(app, coin).await;
    let r = app
        .post_json("/api/period/list", None, json!({"secondId": id}))
        .await
        .ok();
    r.as_array().unwrap().clone()
}

async fn place(app: &TestApp, token: &str, period_id: i64, up: bool, amount: &str) -> Reply {
    post_keyed(
        app,
        "/api/secondContractOrder/createSecondContractOrder",
        token,
        None,
        json!({"betContent": if up {"1"} else {"0"}, "betAmount": amount, "periodId": period_id,
               "symbol": "btcusdt", "coinSymbol": "btc", "baseSymbol": "usdt",
               "openPrice": "1", "openTime": 0}),
    )
    .await
}

/// A signed-in user who acknowledged the disclosure.
async fn trader(app: &TestApp, name: &str) -> (onyx_store::entity::user::Model, String) {
    let (user, token) = signed_in(app, name).await;
    app.post_json(
        "/api/secondContractOrder/disclosure",
        Some(&token),
        json!({"version": 1}),
    )
    .await
    .ok();
    (user, token)
}

async fn orders(app: &TestApp, token: &str, status: u8) -> Vec<Value> {
    app.post_json(
        "/api/secondContractOrder/selectOrderList",
        Some(token),
        json!({ "status": status }),
    )
    .await
    .ok()
    .as_array()
    .unwrap()
    .clone()
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}"))
}

/// Settles everything due until the sweep says it is done.
async fn settle_all(app: &TestApp) {
    while sweep(&app.state.ctx).await.unwrap() == Progress::More {}
}

#[tokio::test]
async fn periods_come_with_their_payout_loss_and_break_even() {
    let app = unpaced().await;
    let list = periods(&app, "btc").await;
    let seen: Vec<(i64, &str, &str, &str, bool)> = list
        .iter()
        .map(|p| {
            (
                p["period"].as_i64().unwrap(),
                s(&p["odds"]),
                s(&p["minAmount"]),
                s(&p["maxAmount"]),
                p["flag"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            (30, "0.12", "1", "1000", true),
            (60, "0.15", "100", "10000", true),
            (300, "0.2", "500", "50000", true),
        ]
    );
    // 1 / (1 + 0.12) and (1 - 0.12) / 2.
    assert_eq!(s(&list[0]["breakEvenWinRate"]), "0.8929");
    assert_eq!(s(&list[0]["houseEdge"]), "0.44");
    assert_eq!(s(&list[0]["lossRate"]), "1");
    let r = app
        .post_json("/api/period/list", None, json!({"secondId": 999_999}))
        .await
        .ok();
    assert_eq!(r, json!([]), "an unknown coin offers nothing");
}

#[tokio::test]
async fn an_order_opens_on_the_tape_and_refusals_change_nothing() {
    let app = unpaced().await;
    let mut svc = market(&app, "60000.5").await;
    let (user, token) = signed_in(&app, "stake1").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "150").await;
    let thirty = periods(&app, "btc").await[0]["id"].as_i64().unwrap();
    // No order before the disclosure is acknowledged, and an old version
    // cannot be acknowledged.
    let status = app
        .get("/api/secondContractOrder/disclosure", Some(&token))
        .await
        .ok();
    assert_eq!(
        status,
        json!({"version": 1, "accepted": false, "acceptedAt": null})
    );
    place(&app, &token, thirty, true, "100")
        .await
        .fails_with(-6005);
    app.post_json(
        "/api/secondContractOrder/disclosure",
        Some(&token),
        json!({"version": 0}),
    )
    .await
    .fails_with(-4);
    let accepted = app
        .post_json(
            "/api/secondContractOrder/disclosure",
            Some(&token),
            json!({"version": 1}),
        )
        .await
        .ok();
    assert_eq!(accepted["accepted"], json!(true));
    assert!(accepted["acceptedAt"].as_i64().unwrap() > 0);
    let eth_thirty = periods(&app, "eth").await[0]["id"].as_i64().unwrap();

    refresh(&mut svc, "60000.5").await;
    let opened_on = app
        .state
        .prices
        .tape_price("btc", now_ms(), 60_000)
        .unwrap();
    let o = place(&app, &token, thirty, true, "100").await.ok();
    assert_eq!(
        s(&o["openPrice"]),
        "60000.5",
        "the tape's tick, not the client's 1"
    );
    assert_eq!(o["openTickTime"].as_i64().unwrap(), opened_on.ts_ms);
    assert_eq!(s(&o["openSource"]), "test");
    assert_eq!((s(&o["betContent"]), s(&o["direction"])), ("1", "up"));
    assert_eq!((s(&o["betAmount"]), s(&o["rewardAmount"])), ("100", "0"));
    assert_eq!(
        (o["status"].as_u64(), o["openResult"].as_u64()),
        (Some(0), Some(0))
    );
    let close = o["closeTime"].as_i64().unwrap();
    assert_eq!(close % 1000, 0, "closes on a whole second");
    assert!(close - o["openTime"].as_i64().unwrap() >= 30_000);
    assert!((30..=31).contains(&o["time"].as_i64().unwrap()));
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("50"), dec("100"))
    );

    refresh(&mut svc, "60000.5").await;
    let refusals = [
        (place(&app, &token, thirty, true, "0.5").await, -6002),
        (place(&app, &token, thirty, true, "1001").await, -6002),
        (place(&app, &token, thirty, true, "60").await, -4001),
        (
            place(&app, &token, thirty, true, "1.000000001").await,
            -4003,
        ),
        (place(&app, &token, thirty, true, "1e2").await, -11),
        (place(&app, &token, 999_999, true, "10").await, -6001),
        // The symbol sent names btc, the period is eth's.
        (place(&app, &token, eth_thirty, true, "10").await, -6001),
    ];
    for (reply, code) in &refusals {
        reply.fails_with(*code);
    }
    let r = post_keyed(
        &app,
        "/api/secondContractOrder/createSecondContractOrder",
        &token,
        None,
        json!({"betContent": "2", "betAmount": "10", "periodId": thirty}),
    )
    .await;
    r.fails_with(-4);
    // eth has no tick on the tape.
    let r = post_keyed(
        &app,
        "/api/secondContractOrder/createSecondContractOrder",
        &token,
        None,
        json!({"betContent": "0", "betAmount": "10", "periodId": eth_thirty}),
    )
    .await;
    r.fails_with(-6003);
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("50"), dec("100"))
    );
    assert_eq!(orders(&app, &token, 0).await.len(), 1);

    // A retry with the same key is the same order, frozen once.
    refresh(&mut svc, "60000.5").await;
    let body = json!({"betContent": "0", "betAmount": "10", "periodId": thirty});
    let path = "/api/secondContractOrder/createSecondContractOrder";
    let first = post_keyed(&app, path, &token, Some("k-1"), body.clone())
        .await
        .ok();
    let again = post_keyed(&app, path, &token, Some("k-1"), body).await.ok();
    assert_eq!(first["id"], again["id"]);
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("40"), dec("110"))
    );

    // Another user sees none of them.
    let (_, other) = trader(&app, "stake2").await;
    assert!(orders(&app, &other, 0).await.is_empty());
    assert!(
        onyx_server::holds::run(&app.state.db).await.unwrap(),
        "holds match"
    );
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn orders_settle_on_the_tick_at_the_close_and_pay_as_published() {
    let app = unpaced().await;
    let mut svc = market(&app, "100").await;
    let (user, token) = trader(&app, "settle1").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "1000").await;
    let thirty = periods(&app, "btc").await[0]["id"].as_i64().unwrap();
    refresh(&mut svc, "100").await;
    let up_win = place(&app, &token, thirty, true, "100").await.ok();
    let down_lose = place(&app, &token, thirty, false, "50").await.ok();
    let close = up_win["closeTime"].as_i64().unwrap();
    // The second order may have been placed a second later and close then.
    let last_close = down_lose["closeTime"].as_i64().unwrap();
    assert!(last_close == close || last_close == close + 1_000);
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("850"), dec("150"))
    );

    // Nothing settles before the tape passes the close.
    settle_all(&app).await;
    assert_eq!(orders(&app, &token, 0).await.len(), 2);

    // The price rises; the last tick before the close is 101, and a tick
    // after the close (in the closing second) does not count.
    svc.apply(&[
        tick("btc", close - 700, "101"),
        tick("btc", last_close + 100, "90"),
    ]);
    svc.close_tape(last_close + 1_050).await.unwrap();
    settle_all(&app).await;
    assert!(orders(&app, &token, 0)
        .await
        .iter()
        .all(|o| o["closeTime"].as_i64().unwrap() > last_close));

    let settled = orders(&app, &token, 1).await;
    let find = |id: &Value| settled.iter().find(|o| &o["id"] == id).unwrap().clone();
    let won = find(&up_win["id"]);
    assert_eq!(
        (won["openResult"].as_u64(), won["status"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(
        (s(&won["closePrice"]), won["closeTickTime"].as_i64()),
        ("101", Some(close - 700))
    );
    assert_eq!(s(&won["rewardAmount"]), "112");
    let lost = find(&down_lose["id"]);
    assert_eq!(
        (lost["openResult"].as_u64(), s(&lost["rewardAmount"])),
        (Some(2), "0")
    );
    // 850 + 112 back; the lost 50 went to the house.
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("962"), dec("0"))
    );

    // A draw on the 60 s period (the tape now runs ahead of the clock, so
    // a longer period closes after its mark): the close equals the open.
    let sixty = periods(&app, "btc").await[1]["id"].as_i64().unwrap();
    let draw = place(&app, &token, sixty, true, "100").await.ok();
    assert_eq!(s(&draw["openPrice"]), "90", "the tape's last tick");
    let draw_close = draw["closeTime"].as_i64().unwrap();
    assert!(draw_close > close + 1_000);
    svc.apply(&[tick("btc", draw_close - 300, "90")]);
    svc.close_tape(draw_close + 50).await.unwrap();
    settle_all(&app).await;
    // A void on the 300 s period: no tick within 2 s of its close.
    let five_min = periods(&app, "btc").await[2]["id"].as_i64().unwrap();
    let void = place(&app, &token, five_min, false, "500").await.ok();
    let void_close = void["closeTime"].as_i64().unwrap();
    svc.close_tape(void_close + 50).await.unwrap();
    settle_all(&app).await;
    let settled = orders(&app, &token, 1).await;
    let result = |id: &Value| {
        let o = settled.iter().find(|o| &o["id"] == id).unwrap();
        (
            o["openResult"].as_u64().unwrap(),
            s(&o["rewardAmount"]).to_string(),
        )
    };
    assert_eq!(result(&draw["id"]), (3, "100".into()));
    assert_eq!(result(&void["id"]), (4, "500".into()));
    let void_row = settled.iter().find(|o| o["id"] == void["id"]).unwrap();
    assert!(void_row["closePrice"].is_null(), "void has no close price");
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("962"), dec("0"))
    );

    // History pages, newest first.
    let page = app
        .get("/api/record/second?pageNum=1&pageSize=3", Some(&token))
        .await
        .ok();
    assert_eq!(page["total"].as_u64(), Some(4));
    assert_eq!(page["rows"].as_array().unwrap().len(), 3);
    assert_eq!(page["rows"][0]["id"], void["id"]);

    // The house holds what the user lost net: 50 lost, 12 won.
    let house = onyx_store::ledger::audit(&app.state.db).await.unwrap();
    let usdt = &house.result.as_ref().unwrap()["USDT"];
    assert_eq!(
        usdt.system[&onyx_kernel::ledger::SystemAccount::SecondContractHouse],
        dec("38")
    );
    assert!(onyx_server::holds::run(&app.state.db).await.unwrap());
    assert_audit_clean(&app).await;

    // The operator's book agrees with the ledger.
    let owner = onyx_testkit::admin_common::operator(&app, "owner1", "owner").await;
    let book =
        onyx_testkit::admin_common::admin_get(&app, "/api/admin/second-contracts/house", &owner)
            .await
            .ok();
    assert_eq!(book["houseBalance"], json!("38"));
    let btc = &book["coins"][0];
    assert_eq!(
        (s(&btc["coin"]), s(&btc["houseResult"]), s(&btc["staked"])),
        ("btc", "38", "750")
    );
    assert_eq!(
        (
            btc["wins"].as_u64(),
            btc["losses"].as_u64(),
            btc["refunds"].as_u64()
        ),
        (Some(1), Some(1), Some(2))
    );

    // Every settlement recomputes from the tape as stored.
    let report = verify(&app.state.db).await.unwrap();
    assert_eq!((report.checked, report.mismatches.len()), (4, 0));
    assert!(onyx_server::verify::run(&app.state.db).await.unwrap());

    // A result set by hand (what a rigged back office would do) is found.
    let rigged = format!(
        "UPDATE second_contract_orders SET outcome = 'win', winnings = '6', returned = '50', to_house = '0' WHERE id = {}",
        down_lose["id"]
    );
    app.state.db.execute_unprepared(&rigged).await.unwrap();
    let report = verify(&app.state.db).await.unwrap();
    assert_eq!(report.checked, 3);
    assert_eq!(report.mismatches.len(), 1);
    assert_eq!(report.mismatches[0].0, down_lose["id"].as_i64().unwrap());
    assert!(
        report.mismatches[0].1.contains("recomputed lose"),
        "{:?}",
        report.mismatches
    );
    assert!(!onyx_server::verify::run(&app.state.db).await.unwrap());
}

#[tokio::test]
async fn a_settlement_reaches_the_owners_socket_and_no_one_elses() {
    use futures_util::StreamExt;
    use onyx_testkit::socket::{connect, send, serve};
    let app = unpaced().await;
    let addr = serve(&app).await;
    let mut svc = market(&app, "100").await;
    let (user, token) = trader(&app, "sock1").await;
    let (_, other_token) = trader(&app, "sock2").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "100").await;
    let thirty = periods(&app, "btc").await[0]["id"].as_i64().unwrap();
    let mut mine = connect(addr, "sc-mine").await;
    let mut theirs = connect(addr, "sc-theirs").await;
    send(
        &mut mine,
        json!({"op": "subscribe", "type": "orders", "token": token}),
    )
    .await;
    send(
        &mut theirs,
        json!({"op": "subscribe", "type": "orders", "token": other_token}),
    )
    .await;
    // Both subscriptions are in place once a heartbeat-free round trip is
    // done: place the order only now.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;

    refresh(&mut svc, "100").await;
    let placed = place(&app, &token, thirty, false, "20").await.ok();
    let close = placed["closeTime"].as_i64().unwrap();
    svc.apply(&[tick("btc", close - 400, "99")]);
    svc.close_tape(close + 50).await.unwrap();
    settle_all(&app).await;

    let second = async {
        loop {
            let text = mine.next().await.unwrap().unwrap().into_text().unwrap();
            let m: Value = serde_json::from_str(&text).unwrap();
            if m["type"] == "SECOND" {
                return m;
            }
        }
    };
    let m = tokio::time::timeout(std::time::Duration::from_secs(10), second)
        .await
        .expect("a SECOND message");
    assert_eq!(m["data"]["id"], placed["id"]);
    assert_eq!(
        (
            m["data"]["openResult"].as_u64(),
            s(&m["data"]["rewardAmount"])
        ),
        (Some(1), "22.4")
    );
    assert_eq!(s(&m["data"]["closePrice"]), "99");

    // The other user's socket hears nothing of it.
    let quiet = tokio::time::timeout(std::time::Duration::from_millis(500), async {
        loop {
            let text = theirs.next().await.unwrap().unwrap().into_text().unwrap();
            if text.contains("SECOND") {
                return text;
            }
        }
    })
    .await;
    assert!(quiet.is_err(), "another user's socket got {quiet:?}");
}

#[tokio::test]
async fn an_operator_switches_the_product_off_and_open_orders_still_settle() {
    let app = unpaced().await;
    let mut svc = market(&app, "100").await;
    let (user, token) = trader(&app, "closed1").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "100").await;
    let thirty = periods(&app, "btc").await[0]["id"].as_i64().unwrap();
    refresh(&mut svc, "100").await;
    let open = place(&app, &token, thirty, true, "10").await.ok();

    let owner = onyx_testkit::admin_common::operator(&app, "owner1", "owner").await;
    let switch = |on: bool| {
        let playing = json!([
            {"name": "Optional", "key": "optional", "isOpen": true, "sort": 1},
            {"name": "SecondContract", "key": "secondContract", "isOpen": on, "sort": 2},
            {"name": "BBTrading", "key": "BBTrading", "isOpen": true, "sort": 3},
            {"name": "Ustandard", "key": "Ustandard", "isOpen": true, "sort": 4},
        ]);
        json!({"value": playing, "reason": "second contracts on or off"})
    };
    onyx_testkit::admin_common::admin_put(
        &app,
        "/api/admin/settings/PLAYING_SETTING",
        &owner,
        switch(false),
    )
    .await
    .ok();
    place(&app, &token, thirty, true, "10")
        .await
        .fails_with(-6006);
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("90"), dec("10"))
    );

    // The order already open settles as usual.
    let close = open["closeTime"].as_i64().unwrap();
    svc.apply(&[tick("btc", close - 400, "100")]);
    svc.close_tape(close + 50).await.unwrap();
    settle_all(&app).await;
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("100"), dec("0")),
        "a draw"
    );

    onyx_testkit::admin_common::admin_put(
        &app,
        "/api/admin/settings/PLAYING_SETTING",
        &owner,
        switch(true),
    )
    .await
    .ok();
    place(&app, &token, thirty, true, "10").await.ok();
}

#[tokio::test]
async fn orders_are_a_second_apart_and_a_window_takes_no_more_than_its_cap() {
    let app = TestApp::spawn().await;
    let mut svc = market(&app, "100").await;
    let (user, token) = trader(&app, "paced1").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "1000").await;
    let thirty = periods(&app, "btc").await[0]["id"].as_i64().unwrap();
    refresh(&mut svc, "100").await;
    place(&app, &token, thirty, true, "100").await.ok();
    // Straight after: too soon, and nothing moved.
    let r = place(&app, &token, thirty, true, "100").await;
    r.fails_with(-6007);
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("900"), dec("100"))
    );
    // A retry of an accepted order is not a new order: it is answered.
    let body = json!({"betContent": "1", "betAmount": "10", "periodId": thirty});
    let path = "/api/secondContractOrder/createSecondContractOrder";
    tokio::time::sleep(std::time::Duration::from_millis(1_050)).await;
    refresh(&mut svc, "100").await;
    let first = post_keyed(&app, path, &token, Some("pace-1"), body.clone())
        .await
        .ok();
    let again = post_keyed(&app, path, &token, Some("pace-1"), body)
        .await
        .ok();
    assert_eq!(first["id"], again["id"]);

    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn a_window_takes_no_more_than_its_exposure_cap() {
    let app = TestApp::spawn().await;
    let mut svc = market(&app, "100").await;
    let (user, token) = trader(&app, "capped1").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "1000").await;
    let thirty = periods(&app, "btc").await[0]["id"].as_i64().unwrap();
    let owner = onyx_testkit::admin_common::operator(&app, "owner1", "owner").await;
    let updated = onyx_testkit::admin_common::admin_put(
        &app,
        &format!("/api/admin/second-contracts/periods/{thirty}"),
        &owner,
        json!({"exposureCap": "5", "reason": "cap test"}),
    )
    .await
    .ok();
    assert_eq!(updated["exposureCap"], json!("5"));
    // 50 at 0.12 would owe 6 on its own: refused, nothing moved.
    refresh(&mut svc, "100").await;
    place(&app, &token, thirty, true, "50")
        .await
        .fails_with(-6008);
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("1000"), dec("0"))
    );
    // 40 owes 4.8: accepted.
    let first = place(&app, &token, thirty, true, "40").await.ok();
    // 10 more would owe 6 in the same window. The window is the orders
    // closing within one 30 s span; should it turn between the two
    // orders, the second opens a new one and is accepted.
    tokio::time::sleep(std::time::Duration::from_millis(1_050)).await;
    refresh(&mut svc, "100").await;
    let r = place(&app, &token, thirty, false, "10").await;
    let window = |close: i64| close / 30_000;
    let first_window = window(first["closeTime"].as_i64().unwrap());
    if r.code == 200 {
        assert_ne!(
            window(r.ok()["closeTime"].as_i64().unwrap()),
            first_window,
            "accepted over the cap in the same window"
        );
    } else {
        r.fails_with(-6008);
        assert_eq!(
            balance(&app, user.id, Wallet::Spot, "USDT").await,
            (dec("960"), dec("40"))
        );
    }
    assert_audit_clean(&app).await;
}
