//! Options through the API: periods and the current issue, orders struck
//! on the price tape with the stake frozen and the fee taken, refusals that
//! change nothing, and every order of an issue settled on the tape's tick
//! at its end (win, lose, draw, void with the fee back), with the ledger,
//! the holds and `onyx verify` checked after.

use onyx_kernel::ledger::{SystemAccount, Wallet};
use onyx_market::api::service::{now_ms, MarketService};
use onyx_market::api::Tick;
use onyx_options::api::settlement::sweep;
use onyx_options::api::verify::verify;
use onyx_platform::scheduler::Progress;
use onyx_testkit::accounts::signed_in;
use onyx_testkit::admin_common::{admin_post, operator};
use onyx_testkit::common::{Reply, TestApp};
use onyx_testkit::wallet::{assert_audit_clean, balance, dec, fund};
use onyx_testkit::wallet_calls::post_keyed;
use rust_decimal::Decimal;
use sea_orm::ConnectionTrait;
use serde_json::{json, Value};
use std::str::FromStr;
use std::time::Duration;

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
    market_with(app, price, None).await
}

/// As [`market`], with an eth tick too when `eth` is given.
async fn market_with(app: &TestApp, price: &str, eth: Option<&str>) -> MarketService {
    let now = now_ms();
    let coins = vec!["btc".to_string(), "eth".to_string()];
    let mut svc = MarketService::load(&app.state, &app.state.market, &coins, now - 5_000)
        .await
        .unwrap();
    let at = (now / 1000 - 1) * 1000 + 500;
    svc.apply(&[tick("btc", at, price)]);
    if let Some(eth) = eth {
        svc.apply(&[tick("eth", at, eth)]);
    }
    svc.close_tape(now).await.unwrap();
    svc
}

async fn refresh(svc: &mut MarketService, price: &str) {
    let now = now_ms();
    svc.apply(&[tick("btc", (now / 1000 - 1) * 1000 + 500, price)]);
    svc.close_tape(now).await.unwrap();
}

async fn unpaced() -> TestApp {
    TestApp::spawn_with(|c| c.contract_order_gap_ms = 0).await
}

async fn periods(app: &TestApp, symbol: &str) -> Vec<Value> {
    app.post_json(
        &format!("/api/optionContract/periodList?symbol={symbol}"),
        None,
        json!({}),
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

async fn place(app: &TestApp, token: &str, period_id: i64, up: bool, amount: &str) -> Reply {
    post_keyed(
        app,
        "/api/optionContract/createOrder",
        token,
        None,
        json!({"betContent": if up {"0"} else {"1"}, "betAmount": amount, "periodId": period_id}),
    )
    .await
}

async fn trader(app: &TestApp, name: &str) -> (onyx_store::entity::user::Model, String) {
    let (user, token) = signed_in(app, name).await;
    app.post_json(
        "/api/optionContract/disclosure",
        Some(&token),
        json!({"version": 1}),
    )
    .await
    .ok();
    (user, token)
}

async fn orders(app: &TestApp, token: &str, history: u8) -> Vec<Value> {
    app.post_json(
        "/api/optionContract/orderList",
        Some(token),
        json!({ "isHistory": history }),
    )
    .await
    .ok()
    .as_array()
    .unwrap()
    .clone()
}

async fn settle_all(app: &TestApp) {
    while sweep(&app.state.ctx).await.unwrap() == Progress::More {}
}

/// A short period on btc for tests that wait for a window: `seconds` long,
/// entry closing `cutoff` before the end.
async fn short_period(app: &TestApp, seconds: i32, cutoff: i32) -> i64 {
    let owner = operator(app, "owner1", "owner").await;
    let option_id = periods(app, "btcusdt").await[0]["optionId"]
        .as_i64()
        .unwrap();
    admin_post(
        app,
        "/api/admin/options/periods",
        &owner,
        json!({"optionId": option_id, "period": seconds, "cutoff": cutoff, "odds": "0.8",
               "minAmount": "1", "maxAmount": "1000", "reason": "test period"}),
    )
    .await
    .ok()["id"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn periods_and_the_issue_running_now_are_public() {
    let app = unpaced().await;
    let list = periods(&app, "btcusdt").await;
    let seen: Vec<(i64, i64, &str, &str, &str)> = list
        .iter()
        .map(|p| {
            (
                p["period"].as_i64().unwrap(),
                p["cutoff"].as_i64().unwrap(),
                s(&p["odds"]),
                s(&p["breakEvenWinRate"]),
                s(&p["feeValue"]),
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            (60, 5, "0.8", "0.5556", "1"),
            (300, 5, "0.85", "0.5405", "1"),
            (600, 5, "0.85", "0.5405", "1"),
        ]
    );
    assert_eq!(periods(&app, "btc").await, list, "by coin as by symbol");
    assert!(periods(&app, "nosuch").await.is_empty());

    let sixty = &list[0];
    let before = now_ms();
    let issue = app
        .post_json(
            &format!("/api/optionContract/currentIssue?periodId={}", sixty["id"]),
            None,
            json!({}),
        )
        .await
        .ok();
    let after = now_ms();
    let stamp = issue["serverTimeStamp"].as_i64().unwrap();
    assert!((before..=after).contains(&stamp));
    let (start, end) = (
        issue["startTime"].as_i64().unwrap(),
        issue["endTime"].as_i64().unwrap(),
    );
    assert_eq!((start % 60_000, end - start), (0, 60_000));
    assert!(start <= stamp && stamp < end);
    assert_eq!(issue["issueNo"].as_i64().unwrap(), start / 60_000);
    assert_eq!(issue["cutoffTime"].as_i64().unwrap(), end - 5_000);
    assert_eq!(issue["open"].as_bool().unwrap(), stamp < end - 5_000);
    // The client's form: the pair and the period in seconds.
    let by_pair = app
        .post_json(
            &format!(
                "/api/optionContract/currentIssue?symbol=btc&optionId={}&period=60",
                sixty["optionId"]
            ),
            None,
            json!({}),
        )
        .await
        .ok();
    assert_eq!(by_pair["periodId"], sixty["id"]);
    app.post_json(
        "/api/optionContract/currentIssue?periodId=999999",
        None,
        json!({}),
    )
    .await
    .fails_with(-6001);
}

#[tokio::test]
async fn an_order_is_struck_on_the_tape_with_its_fee_and_refusals_change_nothing() {
    let app = unpaced().await;
    let mut svc = market(&app, "60000.5").await;
    let (user, token) = signed_in(&app, "opt1").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "150").await;
    let list = periods(&app, "btcusdt").await;
    let sixty = list[0]["id"].as_i64().unwrap();
    place(&app, &token, sixty, true, "100")
        .await
        .fails_with(-6005);
    let accepted = app
        .post_json(
            "/api/optionContract/disclosure",
            Some(&token),
            json!({"version": 1}),
        )
        .await
        .ok();
    assert_eq!(accepted["accepted"], json!(true));
    // Acknowledging options does not acknowledge second contracts.
    let second = app
        .get("/api/secondContractOrder/disclosure", Some(&token))
        .await
        .ok();
    assert_eq!(second["accepted"], json!(false));

    // Entry may be closed right now (the last 5 s of the minute): wait.
    let in_issue = now_ms() % 60_000;
    if in_issue >= 53_000 {
        tokio::time::sleep(Duration::from_millis((61_000 - in_issue) as u64)).await;
    }
    refresh(&mut svc, "60000.5").await;
    let struck = app
        .state
        .prices
        .tape_price("btc", now_ms(), 60_000)
        .unwrap();
    let o = place(&app, &token, sixty, true, "100").await.ok();
    assert_eq!(s(&o["openPrice"]), "60000.5");
    assert_eq!(o["openTickTime"].as_i64().unwrap(), struck.ts_ms);
    assert_eq!((s(&o["betContent"]), s(&o["direction"])), ("0", "up"));
    assert_eq!((s(&o["betAmount"]), s(&o["feeAmount"])), ("100", "1"));
    let (open_time, close) = (
        o["openTime"].as_i64().unwrap(),
        o["closeTime"].as_i64().unwrap(),
    );
    assert_eq!(close % 60_000, 0, "closes with its issue");
    assert!(close - open_time > 5_000 && close - open_time <= 60_000);
    assert_eq!(o["issueNo"].as_i64().unwrap(), close / 60_000 - 1);
    // 100 frozen, 1 taken as the fee.
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("49"), dec("100"))
    );

    refresh(&mut svc, "60000.5").await;
    let refusals = [
        (place(&app, &token, sixty, true, "4.99").await, -6002),
        (place(&app, &token, sixty, true, "5001").await, -6002),
        // 49 available: 49 staked plus its 0.49 fee is short.
        (place(&app, &token, sixty, true, "49").await, -4001),
        (place(&app, &token, sixty, true, "1.000000001").await, -4003),
        (place(&app, &token, 999_999, true, "10").await, -6001),
    ];
    for (reply, code) in &refusals {
        reply.fails_with(*code);
    }
    post_keyed(
        &app,
        "/api/optionContract/createOrder",
        &token,
        None,
        json!({"betContent": "2", "betAmount": "10", "periodId": sixty}),
    )
    .await
    .fails_with(-4);
    // eth has no tick on the tape.
    let eth = periods(&app, "ethusdt").await[0]["id"].as_i64().unwrap();
    place(&app, &token, eth, false, "10")
        .await
        .fails_with(-6003);
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("49"), dec("100"))
    );

    // A retry with the same key is the same order.
    let body = json!({"betContent": "1", "betAmount": "10", "periodId": sixty});
    let path = "/api/optionContract/createOrder";
    let first = post_keyed(&app, path, &token, Some("o-1"), body.clone())
        .await
        .ok();
    let again = post_keyed(&app, path, &token, Some("o-1"), body).await.ok();
    assert_eq!(first["id"], again["id"]);
    assert_eq!(s(&first["direction"]), "down");
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("38.9"), dec("110"))
    );
    assert_eq!(orders(&app, &token, 0).await.len(), 2);
    let (_, other) = trader(&app, "opt2").await;
    assert!(orders(&app, &other, 0).await.is_empty());
    assert!(onyx_server::holds::run(&app.state.db).await.unwrap());
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn entry_closes_at_the_cutoff() {
    let app = unpaced().await;
    let mut svc = market(&app, "100").await;
    let (user, token) = trader(&app, "cut1").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "100").await;
    // A 10 s period whose entry closes 9 s before the end: open for the
    // first second of each issue only. Wait for the closed part.
    let period = short_period(&app, 10, 9).await;
    let at = now_ms() % 10_000;
    if !(2_000..8_000).contains(&at) {
        let wait = (12_000 - at) % 10_000;
        tokio::time::sleep(Duration::from_millis(wait as u64)).await;
    }
    refresh(&mut svc, "100").await;
    let at = now_ms() % 10_000;
    let r = place(&app, &token, period, true, "10").await;
    r.fails_with(-6009);
    let seconds: i64 = r
        .msg
        .split(|c: char| !c.is_ascii_digit())
        .find(|w| !w.is_empty())
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=10).contains(&seconds), "{} at {at}", r.msg);
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("100"), dec("0"))
    );
}

#[tokio::test]
async fn an_issue_settles_every_order_on_its_closing_tick() {
    let app = unpaced().await;
    let (user, token) = trader(&app, "set1").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "1000").await;
    let sixty = periods(&app, "btcusdt").await[0]["id"].as_i64().unwrap();
    let in_issue = now_ms() % 60_000;
    if in_issue >= 53_000 {
        tokio::time::sleep(Duration::from_millis((61_000 - in_issue) as u64)).await;
    }
    // eth gets one tick now and none near the issue's end: its order
    // will be void.
    let mut svc = market_with(&app, "100", Some("2000")).await;
    let eth = periods(&app, "ethusdt").await[0]["id"].as_i64().unwrap();
    let up = place(&app, &token, sixty, true, "100").await.ok();
    let down = place(&app, &token, sixty, false, "50").await.ok();
    let void = place(&app, &token, eth, true, "200").await.ok();
    let close = up["closeTime"].as_i64().unwrap();
    assert_eq!(down["closeTime"].as_i64().unwrap(), close, "one issue");
    assert_eq!(void["closeTime"].as_i64().unwrap(), close);
    // 350 frozen, 3.5 in fees.
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("646.5"), dec("350"))
    );
    settle_all(&app).await;
    assert_eq!(orders(&app, &token, 0).await.len(), 3, "not before the end");

    // The last tick before the end is 101; one in the closing second
    // after the end does not count.
    svc.apply(&[
        tick("btc", close - 600, "101"),
        tick("btc", close + 100, "90"),
    ]);
    svc.close_tape(close + 1_050).await.unwrap();
    settle_all(&app).await;
    assert!(orders(&app, &token, 0).await.is_empty());
    let settled = orders(&app, &token, 1).await;
    let find = |id: &Value| settled.iter().find(|o| &o["id"] == id).unwrap().clone();
    let won = find(&up["id"]);
    assert_eq!(
        (won["openResult"].as_u64(), s(&won["rewardAmount"])),
        (Some(1), "180")
    );
    assert_eq!(
        (s(&won["closePrice"]), won["closeTickTime"].as_i64()),
        ("101", Some(close - 600))
    );
    let lost = find(&down["id"]);
    assert_eq!(
        (lost["openResult"].as_u64(), s(&lost["rewardAmount"])),
        (Some(2), "0")
    );
    // Void: the stake and its fee back.
    let v = find(&void["id"]);
    assert_eq!(
        (v["openResult"].as_u64(), s(&v["rewardAmount"])),
        (Some(4), "202")
    );
    assert!(v["closePrice"].is_null());
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("1028.5"), dec("0"))
    );

    let page = app
        .get("/api/record/option?pageNum=1&pageSize=2", Some(&token))
        .await
        .ok();
    assert_eq!(page["total"].as_u64(), Some(3));
    assert_eq!(page["rows"].as_array().unwrap().len(), 2);
    assert_eq!(page["rows"][0]["id"], void["id"], "newest first");

    // The house holds what the user lost net (50 lost, 80 won), the fees
    // account the fees kept (1.5).
    let audit = onyx_store::ledger::audit(&app.state.db).await.unwrap();
    let usdt = &audit.result.as_ref().unwrap()["USDT"];
    assert_eq!(usdt.system[&SystemAccount::OptionHouse], dec("-30"));
    assert_eq!(usdt.system[&SystemAccount::Fees], dec("1.5"));
    assert!(onyx_server::holds::run(&app.state.db).await.unwrap());
    assert_audit_clean(&app).await;

    let owner = operator(&app, "owner1", "owner").await;
    let book = onyx_testkit::admin_common::admin_get(&app, "/api/admin/options/house", &owner)
        .await
        .ok();
    assert_eq!(book["houseBalance"], json!("-30"));
    let btc = &book["coins"][0];
    assert_eq!(
        (s(&btc["houseResult"]), s(&btc["staked"]), s(&btc["fees"])),
        ("-30", "150", "1.5")
    );
    let eth = &book["coins"][1];
    assert_eq!(
        (
            s(&eth["houseResult"]),
            eth["refunds"].as_u64(),
            s(&eth["fees"])
        ),
        ("0", Some(1), "0")
    );

    let report = verify(&app.state.db).await.unwrap();
    assert_eq!((report.checked, report.mismatches.len()), (3, 0));
    assert!(onyx_server::verify::run(&app.state.db).await.unwrap());
    // A strike moved by hand is found.
    let rigged = format!(
        "UPDATE option_orders SET open_price = '102' WHERE id = {}",
        up["id"]
    );
    app.state.db.execute_unprepared(&rigged).await.unwrap();
    let report = verify(&app.state.db).await.unwrap();
    assert_eq!(report.mismatches.len(), 1);
    assert_eq!(report.mismatches[0].0, up["id"].as_i64().unwrap());
    assert!(!onyx_server::verify::run(&app.state.db).await.unwrap());
}

#[tokio::test]
async fn an_operator_switches_options_off_and_open_orders_still_settle() {
    let app = unpaced().await;
    let mut svc = market(&app, "100").await;
    let (user, token) = trader(&app, "off1").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "100").await;
    let sixty = periods(&app, "btcusdt").await[0]["id"].as_i64().unwrap();
    let in_issue = now_ms() % 60_000;
    if in_issue >= 53_000 {
        tokio::time::sleep(Duration::from_millis((61_000 - in_issue) as u64)).await;
    }
    refresh(&mut svc, "100").await;
    let open = place(&app, &token, sixty, true, "10").await.ok();
    let owner = operator(&app, "owner1", "owner").await;
    let mut playing: Value = serde_json::from_str(onyx_kernel::settings::DEFAULTS_JSON).unwrap();
    let entries = playing["PLAYING_SETTING"].as_array_mut().unwrap();
    for e in entries.iter_mut() {
        if e["key"] == "option" {
            e["isOpen"] = json!(false);
        }
    }
    onyx_testkit::admin_common::admin_put(
        &app,
        "/api/admin/settings/PLAYING_SETTING",
        &owner,
        json!({"value": playing["PLAYING_SETTING"], "reason": "options off"}),
    )
    .await
    .ok();
    place(&app, &token, sixty, true, "10")
        .await
        .fails_with(-6006);
    let close = open["closeTime"].as_i64().unwrap();
    svc.apply(&[tick("btc", close - 400, "100")]);
    svc.close_tape(close + 50).await.unwrap();
    settle_all(&app).await;
    // A draw: the stake back, the fee kept.
    assert_eq!(
        balance(&app, user.id, Wallet::Spot, "USDT").await,
        (dec("99.9"), dec("0"))
    );
}

#[tokio::test]
async fn one_order_a_second_and_an_issue_takes_no_more_than_its_cap() {
    let app = TestApp::spawn().await;
    let mut svc = market(&app, "100").await;
    let (user, token) = trader(&app, "gap1").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "1000").await;
    let list = periods(&app, "btcusdt").await;
    let sixty = list[0]["id"].as_i64().unwrap();
    let owner = operator(&app, "owner1", "owner").await;
    onyx_testkit::admin_common::admin_put(
        &app,
        &format!("/api/admin/options/periods/{sixty}"),
        &owner,
        json!({"exposureCap": "10", "reason": "cap test"}),
    )
    .await
    .ok();
    let in_issue = now_ms() % 60_000;
    if in_issue >= 50_000 {
        tokio::time::sleep(Duration::from_millis((61_000 - in_issue) as u64)).await;
    }
    refresh(&mut svc, "100").await;
    // 20 at 0.8 would owe 16: over the cap of 10.
    place(&app, &token, sixty, true, "20")
        .await
        .fails_with(-6008);
    let first = place(&app, &token, sixty, true, "10").await.ok();
    place(&app, &token, sixty, true, "5")
        .await
        .fails_with(-6007);
    tokio::time::sleep(Duration::from_millis(1_050)).await;
    refresh(&mut svc, "100").await;
    // 8 owed already; 5 more would owe 4: over, in the same issue. Should
    // the issue turn in between, the order opens the next one's book.
    let r = place(&app, &token, sixty, true, "5").await;
    let issue_of = |close: i64| close / 60_000;
    if r.code == 200 {
        assert_ne!(
            issue_of(r.ok()["closeTime"].as_i64().unwrap()),
            issue_of(first["closeTime"].as_i64().unwrap()),
            "accepted over the cap in the same issue"
        );
    } else {
        r.fails_with(-6008);
        assert_eq!(
            balance(&app, user.id, Wallet::Spot, "USDT").await,
            (dec("989.9"), dec("10"))
        );
    }
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn an_operator_blocks_countries_per_product() {
    let app = unpaced().await;
    let mut svc = market(&app, "100").await;
    let (gb, gb_token) = trader(&app, "gb1").await;
    let (fr, fr_token) = trader(&app, "fr1").await;
    for (user, country) in [(&gb, "GB"), (&fr, "FR")] {
        fund(&app, user.id, Wallet::Spot, "USDT", "100").await;
        onyx_account::api::kyc::create(
            &app.state.db,
            onyx_account::api::kyc::NewSubmission {
                user_id: user.id,
                tier: onyx_account::api::kyc::TIER_PRIMARY,
                real_name: "Test User",
                id_number: "X1234567",
                country,
                front_file: "front",
                back_file: None,
                hand_file: None,
                now: app.state.clock.now(),
            },
        )
        .await
        .unwrap();
    }
    let owner = operator(&app, "owner1", "owner").await;
    let put = |countries: Value| json!({"countries": countries, "reason": "retail ban"});
    onyx_testkit::admin_common::admin_put(
        &app,
        "/api/admin/options/blocked-countries",
        &owner,
        put(json!(["XX"])),
    )
    .await
    .fails_with(-4);
    let list = onyx_testkit::admin_common::admin_put(
        &app,
        "/api/admin/options/blocked-countries",
        &owner,
        put(json!(["gb", "US", "GB"])),
    )
    .await
    .ok();
    assert_eq!(list, json!(["GB", "US"]));
    let sixty = periods(&app, "btcusdt").await[0]["id"].as_i64().unwrap();
    let in_issue = now_ms() % 60_000;
    if in_issue >= 53_000 {
        tokio::time::sleep(Duration::from_millis((61_000 - in_issue) as u64)).await;
    }
    refresh(&mut svc, "100").await;
    place(&app, &gb_token, sixty, true, "10")
        .await
        .fails_with(-6010);
    assert_eq!(
        balance(&app, gb.id, Wallet::Spot, "USDT").await,
        (dec("100"), dec("0"))
    );
    place(&app, &fr_token, sixty, true, "10").await.ok();
    // Second contracts have their own list, empty.
    let listed = onyx_testkit::admin_common::admin_get(
        &app,
        "/api/admin/second-contracts/blocked-countries",
        &owner,
    )
    .await
    .ok();
    assert_eq!(listed, json!([]));
}
