//! Second contracts through the API: periods with their disclosure figures,
//! orders opened on the price tape with the stake frozen, refusals that
//! change nothing, and settlement on the tape's tick at the close (win,
//! lose, draw, void), with the ledger and the holds audited after.

use crate::SECOND;
use onyx_kernel::ledger::Wallet;
use onyx_testkit::fixed_payout::*;
use onyx_testkit::wallet::{assert_audit_clean, fund};
use onyx_testkit::{accounts::signed_in, common::TestApp};
use serde_json::{json, Value};

#[tokio::test]
async fn periods_come_with_their_payout_loss_and_break_even() {
    let app = unpaced().await;
    let list = SECOND.periods(&app, "btc").await;
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
    let (app, mut svc) = unpaced_market("60000.5").await;
    let (user, token) = signed_in(&app, "stake1").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "150").await;
    let thirty = SECOND.period(&app, "btc", 0).await;
    let place =
        |period: i64, amount: &'static str| SECOND.place(&app, &token, period, true, amount);
    // No order before the disclosure is acknowledged, and an old version
    // cannot be acknowledged.
    let status = app.get(SECOND.disclosure, Some(&token)).await.ok();
    assert_eq!(
        status,
        json!({"version": 1, "accepted": false, "acceptedAt": null})
    );
    place(thirty, "100").await.fails_with(-6005);
    let old = json!({"version": 0});
    app.post_json(SECOND.disclosure, Some(&token), old)
        .await
        .fails_with(-4);
    let accepted = SECOND.accept(&app, &token).await.ok();
    assert_eq!(accepted["accepted"], json!(true));
    assert!(accepted["acceptedAt"].as_i64().unwrap() > 0);
    let eth_thirty = SECOND.period(&app, "eth", 0).await;

    refresh(&mut svc, "60000.5").await;
    let opened_on = opening_tick(&app);
    let o = place(thirty, "100").await.ok();
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
    assert_eq!(usdt(&app, user.id).await, pair("50", "100"));

    refresh(&mut svc, "60000.5").await;
    let refusals = [
        (thirty, "0.5", -6002),
        (thirty, "1001", -6002),
        (thirty, "60", -4001),
        (thirty, "1.000000001", -4003),
        (thirty, "1e2", -11),
        (999_999, "10", -6001),
        // The symbol sent names btc, the period is eth's.
        (eth_thirty, "10", -6001),
    ];
    for (period, amount, code) in refusals {
        place(period, amount).await.fails_with(code);
    }
    let bet_two = json!({"betContent": "2", "betAmount": "10", "periodId": thirty});
    let create = |body: Value| SECOND.create(&app, &token, None, body);
    create(bet_two).await.fails_with(-4);
    // eth has no tick on the tape.
    let eth_down = json!({"betContent": "0", "betAmount": "10", "periodId": eth_thirty});
    create(eth_down).await.fails_with(-6003);
    assert_eq!(usdt(&app, user.id).await, pair("50", "100"));
    assert_eq!(SECOND.orders(&app, &token, 0).await.len(), 1);

    // A retry with the same key is the same order, frozen once.
    refresh(&mut svc, "60000.5").await;
    let body = json!({"betContent": "0", "betAmount": "10", "periodId": thirty});
    SECOND.place_twice(&app, &token, "k-1", body).await;
    assert_eq!(usdt(&app, user.id).await, pair("40", "110"));

    // Another user sees none of them.
    SECOND.assert_another_sees_none(&app, "stake2").await;
    assert_books_clean(&app).await;
}

#[tokio::test]
async fn orders_settle_on_the_tick_at_the_close_and_pay_as_published() {
    let (app, mut svc) = unpaced_market("100").await;
    let (user, token) = SECOND.funded(&app, "settle1", "1000").await;
    let thirty = SECOND.period(&app, "btc", 0).await;
    refresh(&mut svc, "100").await;
    let up_win = SECOND.place(&app, &token, thirty, true, "100").await.ok();
    let down_lose = SECOND.place(&app, &token, thirty, false, "50").await.ok();
    let close = up_win["closeTime"].as_i64().unwrap();
    // The second order may have been placed a second later and close then.
    let last_close = down_lose["closeTime"].as_i64().unwrap();
    assert!(last_close == close || last_close == close + 1_000);
    assert_eq!(usdt(&app, user.id).await, pair("850", "150"));

    // Nothing settles before the tape passes the close.
    SECOND.settle_all(&app).await;
    assert_eq!(SECOND.orders(&app, &token, 0).await.len(), 2);

    // The price rises; the last tick before the close is 101, and a tick
    // after the close (in the closing second) does not count.
    svc.apply(&[
        tick("btc", close - 700, "101"),
        tick("btc", last_close + 100, "90"),
    ]);
    svc.close_tape(last_close + 1_050).await.unwrap();
    SECOND.settle_all(&app).await;
    assert!(SECOND
        .orders(&app, &token, 0)
        .await
        .iter()
        .all(|o| o["closeTime"].as_i64().unwrap() > last_close));

    let settled = SECOND.orders(&app, &token, 1).await;
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
    assert_eq!(usdt(&app, user.id).await, pair("962", "0"));

    // A draw on the 60 s period (the tape now runs ahead of the clock, so
    // a longer period closes after its mark): the close equals the open.
    let sixty = SECOND.period(&app, "btc", 1).await;
    let draw = SECOND.place(&app, &token, sixty, true, "100").await.ok();
    assert_eq!(s(&draw["openPrice"]), "90", "the tape's last tick");
    let draw_close = draw["closeTime"].as_i64().unwrap();
    assert!(draw_close > close + 1_000);
    close_on(&mut svc, draw_close, 300, "90").await;
    SECOND.settle_all(&app).await;
    // A void on the 300 s period: no tick within 2 s of its close.
    let five_min = SECOND.period(&app, "btc", 2).await;
    let void = SECOND
        .place(&app, &token, five_min, false, "500")
        .await
        .ok();
    let void_close = void["closeTime"].as_i64().unwrap();
    svc.close_tape(void_close + 50).await.unwrap();
    SECOND.settle_all(&app).await;
    let settled = SECOND.orders(&app, &token, 1).await;
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
    assert_eq!(usdt(&app, user.id).await, pair("962", "0"));

    // History pages, newest first.
    SECOND
        .assert_history(&app, &token, (4, 3), &void["id"])
        .await;

    assert_books_clean(&app).await;
    // The house holds what the user lost net: 50 lost, 12 won; the
    // operator's book agrees with the ledger.
    let book = SECOND.assert_house(&app, "38").await;
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
    SECOND.assert_verified(&app, 4).await;

    // A result set by hand (what a rigged back office would do) is found.
    let won = "outcome = 'win', winnings = '6', returned = '50', to_house = '0'";
    let table = "second_contract_orders";
    let report = SECOND
        .assert_rig_found(&app, table, won, &down_lose["id"])
        .await;
    assert_eq!(report.checked, 3);
    assert!(
        report.mismatches[0].1.contains("recomputed lose"),
        "{:?}",
        report.mismatches
    );
}

#[tokio::test]
async fn a_settlement_reaches_the_owners_socket_and_no_one_elses() {
    use futures_util::StreamExt;
    use onyx_testkit::socket::{connect, send, serve};
    let app = unpaced().await;
    let addr = serve(&app).await;
    let mut svc = market(&app, "100").await;
    let (_, token) = SECOND.funded(&app, "sock1", "100").await;
    let (_, other_token) = SECOND.trader(&app, "sock2").await;
    let thirty = SECOND.period(&app, "btc", 0).await;
    let mut mine = connect(addr, "sc-mine").await;
    let mut theirs = connect(addr, "sc-theirs").await;
    for (socket, token) in [(&mut mine, &token), (&mut theirs, &other_token)] {
        let subscribe = json!({"op": "subscribe", "type": "orders", "token": token});
        send(socket, subscribe).await;
    }
    // Both subscriptions are in place once a heartbeat-free round trip is
    // done: place the order only now.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;

    refresh(&mut svc, "100").await;
    let placed = SECOND.place(&app, &token, thirty, false, "20").await.ok();
    let close = placed["closeTime"].as_i64().unwrap();
    close_on(&mut svc, close, 400, "99").await;
    SECOND.settle_all(&app).await;

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
    switched_off_open_orders_still_settle(&SECOND, ("90", "10"), ("100", "0")).await;
}

#[tokio::test]
async fn orders_are_a_second_apart_and_a_window_takes_no_more_than_its_cap() {
    let app = TestApp::spawn().await;
    let mut svc = market(&app, "100").await;
    let (user, token) = SECOND.funded(&app, "paced1", "1000").await;
    let thirty = SECOND.period(&app, "btc", 0).await;
    refresh(&mut svc, "100").await;
    SECOND.place(&app, &token, thirty, true, "100").await.ok();
    // Straight after: too soon, and nothing moved.
    let r = SECOND.place(&app, &token, thirty, true, "100").await;
    r.fails_with(-6007);
    assert_eq!(usdt(&app, user.id).await, pair("900", "100"));
    // A retry of an accepted order is not a new order: it is answered.
    let body = json!({"betContent": "1", "betAmount": "10", "periodId": thirty});
    tokio::time::sleep(std::time::Duration::from_millis(1_050)).await;
    refresh(&mut svc, "100").await;
    SECOND.place_twice(&app, &token, "pace-1", body).await;

    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn a_window_takes_no_more_than_its_exposure_cap() {
    // 50 at 0.12 would owe 6 on its own; 40 owes 4.8, and 10 more down
    // would owe 6 in the same window: the orders closing within one 30 s
    // span.
    let (stakes, after_first) = (["50", "40", "10"], ("960", "40"));
    a_window_takes_no_more_than_its_cap(&SECOND, "5", stakes, false, after_first).await;
}

#[tokio::test]
async fn an_order_row_with_a_word_its_enums_do_not_name_is_refused_on_read() {
    use onyx_second_contracts::api::entity::second_contract_order as order;
    unknown_words_are_refused_on_read::<order::Entity>(&SECOND, "second_contract_orders").await;
}
