//! Options through the API: periods and the current issue, orders struck
//! on the price tape with the stake frozen and the fee taken, refusals that
//! change nothing, and every order of an issue settled on the tape's tick
//! at its end (win, lose, draw, void with the fee back), with the ledger,
//! the holds and `onyx verify` checked after.

use onyx_kernel::ledger::{SystemAccount, Wallet};
use onyx_market::api::service::now_ms;
use onyx_options::api::{settlement::sweep, verify::verify};
use onyx_testkit::admin_common::{admin_get, admin_post, admin_put, operator};
use onyx_testkit::fixed_payout::*;
use onyx_testkit::{common::TestApp, wallet::*};
use serde_json::{json, Value};
use std::time::Duration;

/// The product's calls, its settlement sweep and `onyx verify` handed in.
const OPTIONS: ProductApi = options(|ctx| Box::pin(sweep(ctx)), |db| Box::pin(verify(db)));

/// A short period on btc for tests that wait for a window: `seconds` long,
/// entry closing `cutoff` before the end.
async fn short_period(app: &TestApp, seconds: i32, cutoff: i32) -> i64 {
    let owner = operator(app, "owner1", "owner").await;
    let option_id = OPTIONS.periods(app, "btcusdt").await[0]["optionId"]
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
    let list = OPTIONS.periods(&app, "btcusdt").await;
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
    assert_eq!(
        OPTIONS.periods(&app, "btc").await,
        list,
        "by coin as by symbol"
    );
    assert!(OPTIONS.periods(&app, "nosuch").await.is_empty());

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
    let (app, mut svc) = unpaced_market("60000.5").await;
    let (user, token) = onyx_testkit::accounts::signed_in(&app, "opt1").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "150").await;
    let sixty = OPTIONS.period(&app, "btcusdt", 0).await;
    let place = |up: bool, amount: &'static str| OPTIONS.place(&app, &token, sixty, up, amount);
    place(true, "100").await.fails_with(-6005);
    let accepted = OPTIONS.accept(&app, &token).await.ok();
    assert_eq!(accepted["accepted"], json!(true));
    // Acknowledging options does not acknowledge second contracts.
    let second = app
        .get("/api/secondContractOrder/disclosure", Some(&token))
        .await
        .ok();
    assert_eq!(second["accepted"], json!(false));

    // Entry may be closed right now (the last 5 s of the minute): wait.
    OPTIONS.enter_with(7_000).await;
    refresh(&mut svc, "60000.5").await;
    let struck = opening_tick(&app);
    let o = place(true, "100").await.ok();
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
    assert_eq!(usdt(&app, user.id).await, pair("49", "100"));

    refresh(&mut svc, "60000.5").await;
    // 49 available: 49 staked plus its 0.49 fee is short.
    for (amount, code) in [("4.99", -6002), ("5001", -6002), ("49", -4001)] {
        place(true, amount).await.fails_with(code);
    }
    place(true, "1.000000001").await.fails_with(-4003);
    OPTIONS
        .place(&app, &token, 999_999, true, "10")
        .await
        .fails_with(-6001);
    let bet_two = json!({"betContent": "2", "betAmount": "10", "periodId": sixty});
    OPTIONS
        .create(&app, &token, None, bet_two)
        .await
        .fails_with(-4);
    // eth has no tick on the tape.
    let eth = OPTIONS.period(&app, "ethusdt", 0).await;
    OPTIONS
        .place(&app, &token, eth, false, "10")
        .await
        .fails_with(-6003);
    assert_eq!(usdt(&app, user.id).await, pair("49", "100"));

    // A retry with the same key is the same order.
    let body = json!({"betContent": "1", "betAmount": "10", "periodId": sixty});
    let first = OPTIONS.place_twice(&app, &token, "o-1", body).await;
    assert_eq!(s(&first["direction"]), "down");
    assert_eq!(usdt(&app, user.id).await, pair("38.9", "110"));
    assert_eq!(OPTIONS.orders(&app, &token, 0).await.len(), 2);
    OPTIONS.assert_another_sees_none(&app, "opt2").await;
    assert_books_clean(&app).await;
}

#[tokio::test]
async fn entry_closes_at_the_cutoff() {
    let (app, mut svc) = unpaced_market("100").await;
    // A 10 s period whose entry closes 9 s before the end: open for the
    // first second of each issue only. Wait for the closed part.
    let period = short_period(&app, 10, 9).await;
    let (user, token) = OPTIONS.funded(&app, "cut1", "100").await;
    let at = now_ms() % 10_000;
    if !(2_000..8_000).contains(&at) {
        let wait = (12_000 - at) % 10_000;
        tokio::time::sleep(Duration::from_millis(wait as u64)).await;
    }
    refresh(&mut svc, "100").await;
    let at = now_ms() % 10_000;
    let r = OPTIONS.place(&app, &token, period, true, "10").await;
    r.fails_with(-6009);
    let seconds: i64 = r
        .msg
        .split(|c: char| !c.is_ascii_digit())
        .find(|w| !w.is_empty())
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=10).contains(&seconds), "{} at {at}", r.msg);
    assert_eq!(usdt(&app, user.id).await, pair("100", "0"));
}

#[tokio::test]
async fn an_issue_settles_every_order_on_its_closing_tick() {
    let app = unpaced().await;
    let (user, token) = OPTIONS.funded(&app, "set1", "1000").await;
    let sixty = OPTIONS.period(&app, "btcusdt", 0).await;
    OPTIONS.enter_with(7_000).await;
    // eth gets one tick now and none near the issue's end: its order
    // will be void.
    let mut svc = market_with(&app, "100", Some("2000")).await;
    let eth = OPTIONS.period(&app, "ethusdt", 0).await;
    let up = OPTIONS.place(&app, &token, sixty, true, "100").await.ok();
    let down = OPTIONS.place(&app, &token, sixty, false, "50").await.ok();
    let void = OPTIONS.place(&app, &token, eth, true, "200").await.ok();
    let close = up["closeTime"].as_i64().unwrap();
    assert_eq!(down["closeTime"].as_i64().unwrap(), close, "one issue");
    assert_eq!(void["closeTime"].as_i64().unwrap(), close);
    // 350 frozen, 3.5 in fees.
    assert_eq!(usdt(&app, user.id).await, pair("646.5", "350"));
    OPTIONS.settle_all(&app).await;
    let open = OPTIONS.orders(&app, &token, 0).await;
    assert_eq!(open.len(), 3, "not before the end");

    // The last tick before the end is 101; one in the closing second
    // after the end does not count.
    svc.apply(&[
        tick("btc", close - 600, "101"),
        tick("btc", close + 100, "90"),
    ]);
    svc.close_tape(close + 1_050).await.unwrap();
    OPTIONS.settle_all(&app).await;
    assert!(OPTIONS.orders(&app, &token, 0).await.is_empty());
    let settled = OPTIONS.orders(&app, &token, 1).await;
    let find = |id: &Value| settled.iter().find(|o| &o["id"] == id).unwrap().clone();
    let result = |o: &Value| (o["openResult"].as_u64(), s(&o["rewardAmount"]).to_string());
    let won = find(&up["id"]);
    assert_eq!(result(&won), (Some(1), "180".into()));
    assert_eq!(
        (s(&won["closePrice"]), won["closeTickTime"].as_i64()),
        ("101", Some(close - 600))
    );
    assert_eq!(result(&find(&down["id"])), (Some(2), "0".into()));
    // Void: the stake and its fee back.
    let v = find(&void["id"]);
    assert_eq!(result(&v), (Some(4), "202".into()));
    assert!(v["closePrice"].is_null());
    assert_eq!(usdt(&app, user.id).await, pair("1028.5", "0"));

    OPTIONS
        .assert_history(&app, &token, (3, 2), &void["id"])
        .await;

    // The house holds what the user lost net (50 lost, 80 won), and the
    // operator's book says so; the fees account the fees kept (1.5).
    let book = OPTIONS.assert_house(&app, "-30").await;
    assert_eq!(system_usdt(&app, SystemAccount::Fees).await, dec("1.5"));
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
    assert_books_clean(&app).await;

    OPTIONS.assert_verified(&app, 3).await;
    // A strike moved by hand is found.
    let strike = "open_price = '102'";
    OPTIONS
        .assert_rig_found(&app, "option_orders", strike, &up["id"])
        .await;
}

#[tokio::test]
async fn an_operator_switches_options_off_and_open_orders_still_settle() {
    // 10 staked, its 0.1 fee taken; on the draw the fee is kept.
    switched_off_open_orders_still_settle(&OPTIONS, ("89.9", "10"), ("99.9", "0")).await;
}

#[tokio::test]
async fn one_order_a_second_and_an_issue_takes_no_more_than_its_cap() {
    // 20 at 0.8 would owe 16: over the cap of 10. 10 owes 8; 5 more would
    // owe 4: over, in the same issue. 10 frozen, its 0.1 fee taken.
    let (stakes, after_first) = (["20", "10", "5"], ("989.9", "10"));
    a_window_takes_no_more_than_its_cap(&OPTIONS, "10", stakes, true, after_first).await;
}

#[tokio::test]
async fn an_operator_blocks_countries_per_product() {
    let (app, mut svc) = unpaced_market("100").await;
    let (gb, gb_token) = OPTIONS.funded(&app, "gb1", "100").await;
    let (fr, fr_token) = OPTIONS.funded(&app, "fr1", "100").await;
    for (user, country) in [(&gb, "GB"), (&fr, "FR")] {
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
    let path = "/api/admin/options/blocked-countries";
    let put = |countries: Value| json!({"countries": countries, "reason": "retail ban"});
    admin_put(&app, path, &owner, put(json!(["XX"])))
        .await
        .fails_with(-4);
    let list = admin_put(&app, path, &owner, put(json!(["gb", "US", "GB"])))
        .await
        .ok();
    assert_eq!(list, json!(["GB", "US"]));
    let sixty = OPTIONS.period(&app, "btcusdt", 0).await;
    OPTIONS.enter_with(7_000).await;
    refresh(&mut svc, "100").await;
    OPTIONS
        .place(&app, &gb_token, sixty, true, "10")
        .await
        .fails_with(-6010);
    assert_eq!(usdt(&app, gb.id).await, pair("100", "0"));
    OPTIONS.place(&app, &fr_token, sixty, true, "10").await.ok();
    // Second contracts have their own list, empty.
    let listed = admin_get(
        &app,
        "/api/admin/second-contracts/blocked-countries",
        &owner,
    )
    .await
    .ok();
    assert_eq!(listed, json!([]));
}

#[tokio::test]
async fn an_order_row_with_a_word_its_enums_do_not_name_is_refused_on_read() {
    use onyx_options::api::entity::option_order;
    unknown_words_are_refused_on_read::<option_order::Entity>(&OPTIONS, "option_orders").await;
}
