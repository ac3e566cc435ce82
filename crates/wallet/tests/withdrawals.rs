//! Withdrawals through the API: each rule passes and refuses with its own
//! code, a refusal moves nothing, the quote is what submit freezes, retries
//! are idempotent, and the operator's approve/reject move the frozen money
//! exactly once.

use onyx_testkit::accounts;
use onyx_testkit::admin_common;
use onyx_testkit::common;
use onyx_testkit::wallet;

use accounts::{last_code, send_email_code, set_setting, wrong};
use admin_common::{admin_get, admin_post, audit_rows, operator, user_with_session};
use axum::body::Body;
use chrono::{Timelike, Utc};
use common::{Reply, TestApp};
use onyx_account::api::kyc;
use onyx_kernel::ledger::{AccountId, SystemAccount, Wallet};
use onyx_store::repo::settings;
use onyx_testkit::wallet_calls::set_price;
use rust_decimal::Decimal;
use serde_json::{json, Value};
use wallet::{assert_audit_clean, balance, dec, fund};

const TRC20: &str = "USDT-TRC20";
const ADDR: &str = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";
const OTHER_ADDR: &str = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";

/// An app whose withdrawal settings get out of the way of the rule under
/// test: window off, no password or code, 10 % fee, 20..100000, 10 a day,
/// KYC limits closed.
async fn app() -> TestApp {
    // Codes are read from the development mailbox.
    let app = TestApp::spawn_with(|c| c.dev_mailbox = true).await;
    set_setting(
        &app,
        "WITHDRAWAL_SETTING",
        json!({"limitTime": 0, "checkPass": false, "checkCode": false,
            "sameAddress": false, "checkTax": false, "ratio": "10",
            "dayWithdrawalNum": 10, "freeNum": 0, "withdrawalMix": "20",
            "withdrawalMax": "100000"}),
    )
    .await;
    set_setting(
        &app,
        "AUTH_LIMIT",
        json!({"isOpenPrimary": false, "isOpenSenior": false}),
    )
    .await;
    app
}

/// Changes fields of one WITHDRAWAL_CHANNEL_SETTING entry.
async fn set_channel(app: &TestApp, name: &str, fields: Value) {
    let mut channels = settings::get(&app.state.db, "WITHDRAWAL_CHANNEL_SETTING")
        .await
        .unwrap();
    let entry = channels
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|c| c["rechargeName"] == name)
        .unwrap();
    for (k, v) in fields.as_object().unwrap() {
        entry[k] = v.clone();
    }
    onyx_testkit::accounts::put_setting(app, "WITHDRAWAL_CHANNEL_SETTING", &channels).await;
}

/// A signed-in user (email `name@example.com`) with `usdt` in spot.
async fn funded(app: &TestApp, name: &str, usdt: &str) -> (i64, String) {
    let (id, token) = user_with_session(app, name).await;
    fund(app, id, Wallet::Spot, "usdt", usdt).await;
    (id, token)
}

fn ask(channel: &str, amount: &str, address: &str) -> String {
    format!(
        "channel={}&amount={}&address={}",
        common::q(channel),
        common::q(amount),
        common::q(address)
    )
}

async fn submit(app: &TestApp, token: &str, query: &str) -> Reply {
    app.post_query(&format!("/api/withdraw/submit?{query}"), Some(token))
        .await
}

async fn submit_keyed(app: &TestApp, token: &str, query: &str, key: &str) -> Reply {
    app.send(
        TestApp::request(
            "POST",
            &format!("/api/withdraw/submit?{query}"),
            Some(token),
        )
        .header("Idempotency-Key", key)
        .body(Body::empty())
        .unwrap(),
    )
    .await
}

async fn quote(app: &TestApp, token: &str, channel: &str, amount: &str) -> Reply {
    app.post_query(
        &format!(
            "/api/withdraw/quote?channel={}&amount={}",
            common::q(channel),
            common::q(amount)
        ),
        Some(token),
    )
    .await
}

async fn spot(app: &TestApp, user_id: i64) -> (Decimal, Decimal) {
    balance(app, user_id, Wallet::Spot, "USDT").await
}

async fn withdrawal_count(app: &TestApp, token: &str) -> u64 {
    app.get("/api/withdraw/list?pageSize=100", Some(token))
        .await
        .ok()["total"]
        .as_u64()
        .unwrap()
}

/// Submits, expects `code`, and checks that nothing moved or was recorded.
async fn refused(app: &TestApp, user_id: i64, token: &str, query: &str, code: i64) -> String {
    let before = spot(app, user_id).await;
    let rows = withdrawal_count(app, token).await;
    let r = submit(app, token, query).await;
    r.fails_with(code);
    assert_eq!(spot(app, user_id).await, before, "a refusal moves nothing");
    assert_eq!(
        withdrawal_count(app, token).await,
        rows,
        "nor records anything"
    );
    r.msg.clone()
}

/// Submits and expects a pending withdrawal.
async fn accepted(app: &TestApp, token: &str, query: &str) -> Value {
    let w = submit(app, token, query).await.ok();
    assert_eq!(w["status"], "pending");
    w
}

/// (available) of a system account.
async fn system(app: &TestApp, account: SystemAccount, coin: &str) -> Decimal {
    let mut txn = app.state.ledger.begin().await.unwrap();
    let (available, _) = txn
        .balance(&AccountId::system(account, coin))
        .await
        .unwrap();
    available
}

/// Title and HTML content of the user's newest message.
async fn latest_message(app: &TestApp, token: &str) -> (String, String) {
    let list = app.get("/api/message/list", Some(token)).await.ok();
    let row = &list["rows"][0];
    let detail = app
        .get(
            &format!("/api/message/detail?id={}", row["id"]),
            Some(token),
        )
        .await
        .ok();
    (
        row["title"].as_str().unwrap().to_string(),
        detail["content"].as_str().unwrap().to_string(),
    )
}

async fn approve_kyc(app: &TestApp, user_id: i64, tier: i32) {
    let s = kyc::create(
        &app.state.db,
        kyc::NewSubmission {
            user_id,
            tier,
            real_name: "Test Person",
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
    assert!(onyx_account::api::kyc::review_kyc(
        &app.state.db,
        s.id,
        kyc::KycStatus::Approved,
        "ok",
        Some(1),
        chrono::Utc::now()
    )
    .await
    .unwrap());
}

#[tokio::test]
async fn an_unknown_channel_and_a_suspended_channel_are_refused() {
    let app = app().await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    let msg = refused(&app, uid, &token, &ask("USDT-NOPE", "100", ADDR), -4010).await;
    assert_eq!(msg, "Unknown withdrawal network");
    quote(&app, &token, "USDT-NOPE", "100")
        .await
        .fails_with(-4010);
    accepted(&app, &token, &ask(TRC20, "100", ADDR)).await;

    set_channel(&app, TRC20, json!({"status": 0})).await;
    refused(&app, uid, &token, &ask(TRC20, "100", ADDR), -4011).await;
    let erc = "0x52908400098527886E0F7030069857D2E4169EE7";
    accepted(&app, &token, &ask("USDT-ERC20", "100", erc)).await;
}

#[tokio::test]
async fn outside_the_window_is_refused_and_inside_it_is_accepted() {
    let app = app().await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    set_setting(&app, "timeZone", json!({"offSet": "+00:00"})).await;
    let hour = Utc::now().hour();
    let at = |h: u32| format!("{:02}:00:00", h % 24);
    // The current hour is in [h-1, h+1) and never in [h+2, h+3).
    set_setting(
        &app,
        "WITHDRAWAL_SETTING",
        json!({"limitTime": 1, "limitTimeStart": at(hour + 2), "limitTimeEnd": at(hour + 3)}),
    )
    .await;
    let msg = refused(&app, uid, &token, &ask(TRC20, "100", ADDR), -4012).await;
    assert_eq!(
        msg,
        format!(
            "Withdrawals are open from {} to {} (platform time)",
            at(hour + 2),
            at(hour + 3)
        )
    );
    let list = app
        .post_query("/api/common/getWithDrawCoinList", Some(&token))
        .await
        .ok();
    assert_eq!(list[0]["window"]["open"], false);
    assert_eq!(list[0]["window"]["timeZone"], "+00:00");

    set_setting(
        &app,
        "WITHDRAWAL_SETTING",
        json!({"limitTimeStart": at(hour + 23), "limitTimeEnd": at(hour + 1)}),
    )
    .await;
    accepted(&app, &token, &ask(TRC20, "100", ADDR)).await;
    let list = app
        .post_query("/api/common/getWithDrawCoinList", Some(&token))
        .await
        .ok();
    assert_eq!(list[0]["window"]["open"], true);
}

#[tokio::test]
async fn the_fund_password_is_required_and_must_match() {
    let app = app().await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    set_setting(&app, "WITHDRAWAL_SETTING", json!({"checkPass": true})).await;
    let base = ask(TRC20, "100", ADDR);
    refused(&app, uid, &token, &base, -4013).await;
    // Without a fund password set, the user is told to set one.
    refused(&app, uid, &token, &format!("{base}&tradePwd=135790"), -1033).await;
    accounts::set_fund_password(&app, uid, &token, "135790")
        .await
        .ok();
    refused(&app, uid, &token, &format!("{base}&tradePwd=135791"), -4013).await;
    accepted(&app, &token, &format!("{base}&tradePwd=135790")).await;
}

#[tokio::test]
async fn the_verification_code_is_required_and_must_match() {
    let app = app().await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    set_setting(&app, "WITHDRAWAL_SETTING", json!({"checkCode": true})).await;
    let base = ask(TRC20, "100", ADDR);
    refused(&app, uid, &token, &base, -4014).await;
    let email = "alice@example.com";
    send_email_code(&app, "security", email, Some(&token))
        .await
        .ok();
    let code = last_code(&app, email).await.unwrap();
    refused(
        &app,
        uid,
        &token,
        &format!("{base}&code={}", wrong(&code)),
        -4014,
    )
    .await;
    accepted(&app, &token, &format!("{base}&code={code}")).await;
    // The code is used up.
    refused(&app, uid, &token, &format!("{base}&code={code}"), -4014).await;
}

#[tokio::test]
async fn only_the_bound_address_is_accepted_when_same_address_is_on() {
    let app = app().await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    set_setting(&app, "WITHDRAWAL_SETTING", json!({"sameAddress": true})).await;
    refused(&app, uid, &token, &ask(TRC20, "100", ADDR), -4015).await;
    app.post_query(
        &format!("/api/user/updateWithdrawAddress?type={TRC20}&address={ADDR}"),
        Some(&token),
    )
    .await
    .ok();
    refused(&app, uid, &token, &ask(TRC20, "100", OTHER_ADDR), -4015).await;
    accepted(&app, &token, &ask(TRC20, "100", ADDR)).await;
    let list = app
        .post_query("/api/common/getWithDrawCoinList", Some(&token))
        .await
        .ok();
    let trc = list
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["channel"] == TRC20)
        .unwrap();
    assert_eq!(trc["boundAddress"], ADDR);
    assert_eq!(trc["sameAddress"], true);
}

#[tokio::test]
async fn a_malformed_address_is_refused_for_the_network() {
    let app = app().await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    refused(
        &app,
        uid,
        &token,
        &ask(TRC20, "100", "0x52908400098527886E0F7030069857D2E4169EE7"),
        -1070,
    )
    .await;
    accepted(&app, &token, &ask(TRC20, "100", ADDR)).await;
}

#[tokio::test]
async fn amounts_finer_than_the_coin_below_the_minimum_or_above_the_maximum_are_refused() {
    let app = app().await;
    let (uid, token) = funded(&app, "alice", "10000").await;
    let msg = refused(&app, uid, &token, &ask(TRC20, "20.0000001", ADDR), -4016).await;
    assert_eq!(msg, "At most 6 decimal places");
    accepted(&app, &token, &ask(TRC20, "20.000001", ADDR)).await;

    let msg = refused(&app, uid, &token, &ask(TRC20, "19.99", ADDR), -4017).await;
    assert_eq!(msg, "The minimum withdrawal is 20");
    accepted(&app, &token, &ask(TRC20, "20", ADDR)).await;

    set_channel(&app, TRC20, json!({"withdrawalMax": "500"})).await;
    let msg = refused(&app, uid, &token, &ask(TRC20, "500.01", ADDR), -4018).await;
    assert_eq!(msg, "The maximum withdrawal is 500");
    accepted(&app, &token, &ask(TRC20, "500", ADDR)).await;

    refused(&app, uid, &token, &ask(TRC20, "abc", ADDR), -11).await;
    // Precision is counted on the text and names the coin's: 30 decimals
    // are refused, never rounded to 6 and accepted.
    let thirty = format!("20.{}1", "0".repeat(29));
    let msg = refused(&app, uid, &token, &ask(TRC20, &thirty, ADDR), -4016).await;
    assert_eq!(msg, "At most 6 decimal places");
    refused(&app, uid, &token, &ask(TRC20, "1e25", ADDR), -11).await;
    refused(
        &app,
        uid,
        &token,
        &ask(TRC20, "10000000000000000000000000", ADDR),
        -4005,
    )
    .await;
    quote(&app, &token, TRC20, &thirty).await.fails_with(-4016);
    quote(&app, &token, TRC20, "+20").await.fails_with(-11);
}

#[tokio::test]
async fn the_daily_count_stops_the_next_withdrawal_and_a_rejected_one_does_not_count() {
    let app = app().await;
    let owner = operator(&app, "boss", "owner").await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    set_channel(&app, TRC20, json!({"dayWithdrawalNum": 2})).await;
    let first = accepted(&app, &token, &ask(TRC20, "20", ADDR)).await;
    let q = quote(&app, &token, TRC20, "20").await.ok();
    assert_eq!(q["remainingTodayCount"], 0);
    accepted(&app, &token, &ask(TRC20, "20", ADDR)).await;
    let msg = refused(&app, uid, &token, &ask(TRC20, "20", ADDR), -4019).await;
    assert_eq!(msg, "You can withdraw at most 2 times a day");
    let list = app
        .post_query("/api/common/getWithDrawCoinList", Some(&token))
        .await
        .ok();
    assert_eq!(list[0]["todayCount"], 2);
    assert_eq!(list[0]["remainingCount"], 0);

    admin_post(
        &app,
        &format!("/api/admin/withdrawals/{}/reject", first["id"]),
        &owner,
        json!({"reason": "wrong network"}),
    )
    .await
    .ok();
    accepted(&app, &token, &ask(TRC20, "20", ADDR)).await;
}

#[tokio::test]
async fn without_primary_kyc_the_day_total_stays_within_the_primary_limit() {
    let app = app().await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    // 1 BTC = 100,000 USDT: 100 USDT is 0.001 BTC.
    set_price(&app, "btc", "100000");
    set_setting(
        &app,
        "AUTH_LIMIT",
        json!({"isOpenPrimary": true, "primaryLimit": "0.001"}),
    )
    .await;
    accepted(&app, &token, &ask(TRC20, "60", ADDR)).await;
    let msg = refused(&app, uid, &token, &ask(TRC20, "50", ADDR), -4020).await;
    assert_eq!(
        msg,
        "Withdrawing more than 0.001 BTC (equivalent) in 24 hours requires primary verification"
    );
    accepted(&app, &token, &ask(TRC20, "40", ADDR)).await;
    let list = app
        .post_query("/api/common/getWithDrawCoinList", Some(&token))
        .await
        .ok();
    let kyc = &list[0]["kyc"];
    assert_eq!(
        (&kyc["tier"], &kyc["unit"], &kyc["windowHours"]),
        (&json!("none"), &json!("BTC"), &json!(24))
    );
    assert_eq!(
        (&kyc["limit"], &kyc["withdrawnBtc"], &kyc["remainingBtc"]),
        (&json!("0.001"), &json!("0.001"), &json!("0"))
    );
    assert_eq!(
        (&kyc["raisedBy"], &kyc["raisedLimit"]),
        (&json!("primary"), &Value::Null)
    );
    approve_kyc(&app, uid, kyc::TIER_PRIMARY).await;
    accepted(&app, &token, &ask(TRC20, "50", ADDR)).await;
    let list = app
        .post_query("/api/common/getWithDrawCoinList", Some(&token))
        .await
        .ok();
    let kyc = &list[0]["kyc"];
    assert_eq!(kyc["tier"], "primary");
    assert_eq!(
        (&kyc["limit"], &kyc["withdrawnBtc"]),
        (&Value::Null, &json!("0.0015"))
    );
}

#[tokio::test]
async fn the_spec_default_limits_let_an_unverified_user_withdraw() {
    // AUTH_LIMIT's defaults (senior 2.002, open) read as BTC: 100 USDT a
    // day is far below them.
    let app = app().await;
    let (_uid, token) = funded(&app, "alice", "1000").await;
    set_price(&app, "btc", "100000");
    let defaults = onyx_kernel::settings::defaults();
    set_setting(&app, "AUTH_LIMIT", defaults["AUTH_LIMIT"].clone()).await;
    accepted(&app, &token, &ask(TRC20, "100", ADDR)).await;
    let list = app
        .post_query("/api/common/getWithDrawCoinList", Some(&token))
        .await
        .ok();
    let kyc = &list[0]["kyc"];
    assert_eq!(
        (&kyc["limit"], &kyc["remainingBtc"]),
        (&json!("2.002"), &json!("2.001"))
    );
    assert_eq!(
        (&kyc["raisedBy"], &kyc["raisedLimit"]),
        (&json!("advanced"), &Value::Null)
    );
}

#[tokio::test]
async fn without_advanced_kyc_the_day_total_stays_within_the_senior_limit() {
    let app = app().await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    set_price(&app, "btc", "100000");
    set_setting(
        &app,
        "AUTH_LIMIT",
        json!({"isOpenSenior": true, "seniorLimit": "0.002"}),
    )
    .await;
    approve_kyc(&app, uid, kyc::TIER_PRIMARY).await;
    accepted(&app, &token, &ask(TRC20, "150", ADDR)).await;
    let msg = refused(&app, uid, &token, &ask(TRC20, "60", ADDR), -4021).await;
    assert_eq!(
        msg,
        "Withdrawing more than 0.002 BTC (equivalent) in 24 hours requires advanced verification"
    );
    approve_kyc(&app, uid, kyc::TIER_ADVANCED).await;
    accepted(&app, &token, &ask(TRC20, "60", ADDR)).await;
}

#[tokio::test]
async fn without_a_fresh_price_a_withdrawal_is_refused_only_where_a_kyc_limit_applies() {
    let app = app().await;
    let (uid, token) = user_with_session(&app, "alice").await;
    fund(&app, uid, Wallet::Spot, "eth", "5").await;
    set_channel(&app, "ETH", json!({"withdrawalMix": "0.01", "ratio": "0"})).await;
    let eth_addr = "0x52908400098527886E0F7030069857D2E4169EE7";
    set_setting(
        &app,
        "AUTH_LIMIT",
        json!({"isOpenPrimary": true, "primaryLimit": "100"}),
    )
    .await;
    // No ETH or BTC index: the value cannot be known, so the open limit
    // refuses it.
    let before = balance(&app, uid, Wallet::Spot, "ETH").await;
    submit(&app, &token, &ask("ETH", "0.5", eth_addr))
        .await
        .fails_with(-4020);
    assert_eq!(balance(&app, uid, Wallet::Spot, "ETH").await, before);
    approve_kyc(&app, uid, kyc::TIER_PRIMARY).await;
    let w = accepted(&app, &token, &ask("ETH", "0.5", eth_addr)).await;
    assert_eq!(w["coin"], "ETH");
    assert_eq!(
        balance(&app, uid, Wallet::Spot, "ETH").await,
        (dec("4.5"), dec("0.5"))
    );
}

#[tokio::test]
async fn a_btc_withdrawal_counts_its_own_amount_without_a_price() {
    let app = app().await;
    let (uid, token) = user_with_session(&app, "alice").await;
    fund(&app, uid, Wallet::Spot, "btc", "5").await;
    set_channel(&app, "BTC", json!({"withdrawalMix": "0.01", "ratio": "0"})).await;
    let btc_addr = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
    set_setting(
        &app,
        "AUTH_LIMIT",
        json!({"isOpenPrimary": true, "primaryLimit": "1"}),
    )
    .await;
    accepted(&app, &token, &ask("BTC", "0.5", btc_addr)).await;
    submit(&app, &token, &ask("BTC", "0.6", btc_addr))
        .await
        .fails_with(-4020);
}

#[tokio::test]
async fn a_malformed_address_is_refused_by_the_quote_and_the_submit() {
    let app = app().await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    // The paste: an EVM-looking fragment on TRC20.
    let q = app
        .post_query(
            &format!("/api/withdraw/quote?channel={TRC20}&amount=30&address=0xabc123"),
            Some(&token),
        )
        .await;
    q.fails_with(-1070);
    refused(&app, uid, &token, &ask(TRC20, "30", "0xabc123"), -1070).await;
    // One wrong character of a valid address fails its checksum.
    let typo = format!(
        "{}{}",
        &ADDR[..33],
        if ADDR.ends_with('a') { 'b' } else { 'a' }
    );
    refused(&app, uid, &token, &ask(TRC20, "30", &typo), -1070).await;
    app.post_query(
        &format!("/api/withdraw/quote?channel={TRC20}&amount=30&address={ADDR}"),
        Some(&token),
    )
    .await
    .ok();
}

#[tokio::test]
async fn a_fee_that_leaves_nothing_is_refused() {
    let app = app().await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    set_channel(&app, TRC20, json!({"ratio": "0", "fee": "25"})).await;
    let msg = refused(&app, uid, &token, &ask(TRC20, "25", ADDR), -4022).await;
    assert_eq!(msg, "The fee of 25 leaves nothing to receive");
    let w = accepted(&app, &token, &ask(TRC20, "26", ADDR)).await;
    assert_eq!(
        (w["fee"].as_str(), w["netAmount"].as_str()),
        (Some("25"), Some("1"))
    );
}

#[tokio::test]
async fn a_shortfall_is_refused_with_the_available_balance() {
    let app = app().await;
    let (uid, token) = funded(&app, "alice", "50").await;
    let msg = refused(&app, uid, &token, &ask(TRC20, "50.5", ADDR), -4001).await;
    assert_eq!(msg, "Insufficient balance: 50 USDT available");
    accepted(&app, &token, &ask(TRC20, "50", ADDR)).await;
    assert_eq!(spot(&app, uid).await, (dec("0"), dec("50")));
}

#[tokio::test]
async fn the_quote_is_what_submit_freezes() {
    let app = app().await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    set_channel(&app, TRC20, json!({"fee": "1.5"})).await;
    let q = quote(&app, &token, TRC20, "123.45").await.ok();
    assert_eq!(
        q,
        json!({"coin": "USDT", "amount": "123.45", "fee": "13.845", "netAmount": "109.605",
            "totalFrozen": "123.45", "separateFee": null, "remainingTodayCount": 9,
            "free": false})
    );
    let w = accepted(&app, &token, &ask(TRC20, "123.45", ADDR)).await;
    assert_eq!(w["amount"], q["amount"]);
    assert_eq!(w["fee"], q["fee"]);
    assert_eq!(w["netAmount"], q["netAmount"]);
    assert_eq!(w["channel"], TRC20);
    assert_eq!(w["address"], ADDR);
    assert_eq!(spot(&app, uid).await, (dec("876.55"), dec("123.45")));
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn a_tax_in_another_coin_is_frozen_from_that_coin_and_released_on_reject() {
    let app = app().await;
    let owner = operator(&app, "boss", "owner").await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    fund(&app, uid, Wallet::Spot, "btc", "0.01").await;
    set_setting(
        &app,
        "WITHDRAWAL_SETTING",
        json!({"checkTax": true, "feeTax": "0.002", "coinTax": "btc"}),
    )
    .await;
    let q = quote(&app, &token, TRC20, "100").await.ok();
    assert_eq!(q["separateFee"], json!({"coin": "BTC", "amount": "0.002"}));
    let w = accepted(&app, &token, &ask(TRC20, "100", ADDR)).await;
    assert_eq!(w["separateFeeCoin"], "BTC");
    assert_eq!(w["separateFee"], "0.002");
    assert_eq!(
        balance(&app, uid, Wallet::Spot, "BTC").await,
        (dec("0.008"), dec("0.002"))
    );
    admin_post(
        &app,
        &format!("/api/admin/withdrawals/{}/reject", w["id"]),
        &owner,
        json!({"reason": "address on a sanctions list"}),
    )
    .await
    .ok();
    assert_eq!(
        balance(&app, uid, Wallet::Spot, "BTC").await,
        (dec("0.01"), dec("0"))
    );
    assert_eq!(spot(&app, uid).await, (dec("1000"), dec("0")));
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn a_retry_with_the_same_key_returns_the_same_withdrawal_and_freezes_once() {
    let app = app().await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    // With a code required, the retry must not be refused for its used-up code.
    set_setting(&app, "WITHDRAWAL_SETTING", json!({"checkCode": true})).await;
    send_email_code(&app, "security", "alice@example.com", Some(&token))
        .await
        .ok();
    let code = last_code(&app, "alice@example.com").await.unwrap();
    let query = format!("{}&code={code}", ask(TRC20, "100", ADDR));
    let first = submit_keyed(&app, &token, &query, "key-1").await.ok();
    let again = submit_keyed(&app, &token, &query, "key-1").await.ok();
    assert_eq!(first, again);
    assert_eq!(spot(&app, uid).await, (dec("900"), dec("100")));
    assert_eq!(withdrawal_count(&app, &token).await, 1);
    submit_keyed(
        &app,
        &token,
        &format!("{}&code={code}", ask(TRC20, "101", ADDR)),
        "key-1",
    )
    .await
    .fails_with(-4004);
    assert_eq!(spot(&app, uid).await, (dec("900"), dec("100")));
}

#[tokio::test]
async fn approval_pays_out_the_frozen_amount_to_external_and_the_fee_to_fees() {
    let app = app().await;
    let owner = operator(&app, "boss", "owner").await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    let w = accepted(&app, &token, &ask(TRC20, "100", ADDR)).await;
    let queue = admin_get(&app, "/api/admin/withdrawals", &owner).await.ok();
    assert_eq!(queue["total"], 1);
    assert_eq!(queue["rows"][0]["userId"], uid);
    assert_eq!(queue["rows"][0]["id"], w["id"]);

    let uri = format!("/api/admin/withdrawals/{}/approve", w["id"]);
    admin_post(&app, &uri, &owner, json!({"txHash": "abc123"}))
        .await
        .fails_with(-2004);
    admin_post(&app, &uri, &owner, json!({"reason": "checked"}))
        .await
        .fails_with(-3);
    let done = admin_post(
        &app,
        &uri,
        &owner,
        json!({"txHash": "a1b2c3", "reason": "checked"}),
    )
    .await
    .ok();
    assert_eq!(done["status"], "approved");
    assert_eq!(done["txHash"], "a1b2c3");
    assert_eq!(spot(&app, uid).await, (dec("900"), dec("0")));
    assert_eq!(
        system(&app, SystemAccount::External, "USDT").await,
        dec("-910")
    );
    assert_eq!(system(&app, SystemAccount::Fees, "USDT").await, dec("10"));

    let status = app
        .post_query(
            &format!("/api/withdraw/getWithdrawStatus?id={}", w["id"]),
            Some(&token),
        )
        .await
        .ok();
    assert_eq!(status["status"], "approved");
    assert_eq!(status["txHash"], "a1b2c3");
    let latest = app
        .post_query("/api/withdraw/getWithdrawStatus", Some(&token))
        .await
        .ok();
    assert_eq!(latest["id"], w["id"]);
    let (title, content) = latest_message(&app, &token).await;
    assert_eq!(title, "Withdrawal sent");
    assert_eq!(
        content,
        format!(
            "<p>Your withdrawal of 100 USDT has been approved: 90 USDT was sent to {ADDR}. \
             Transaction hash: a1b2c3</p>"
        )
    );
    let rows = audit_rows(&app, &owner, "withdrawal.approve").await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["reason"], "checked");

    admin_post(
        &app,
        &uri,
        &owner,
        json!({"txHash": "a1b2c3", "reason": "again"}),
    )
    .await
    .fails_with(-2005);
    admin_post(
        &app,
        &format!("/api/admin/withdrawals/{}/reject", w["id"]),
        &owner,
        json!({"reason": "too late"}),
    )
    .await
    .fails_with(-2005);
    assert_eq!(spot(&app, uid).await, (dec("900"), dec("0")));
    assert_eq!(system(&app, SystemAccount::Fees, "USDT").await, dec("10"));
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn rejection_restores_the_balance_and_tells_the_user_why() {
    let app = app().await;
    let owner = operator(&app, "boss", "owner").await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    let w = accepted(&app, &token, &ask(TRC20, "100", ADDR)).await;
    assert_eq!(spot(&app, uid).await, (dec("900"), dec("100")));
    let uri = format!("/api/admin/withdrawals/{}/reject", w["id"]);
    admin_post(&app, &uri, &owner, json!({"reason": " "}))
        .await
        .fails_with(-2004);
    let done = admin_post(
        &app,
        &uri,
        &owner,
        json!({"reason": "address <unverified>"}),
    )
    .await
    .ok();
    assert_eq!(done["status"], "rejected");
    assert_eq!(done["reason"], "address <unverified>");
    assert_eq!(spot(&app, uid).await, (dec("1000"), dec("0")));
    assert_eq!(system(&app, SystemAccount::Fees, "USDT").await, dec("0"));

    let (title, content) = latest_message(&app, &token).await;
    assert_eq!(title, "Withdrawal not approved");
    // Operator text is escaped into the HTML body.
    assert!(
        content.ends_with("Reason: address &lt;unverified&gt;</p>"),
        "{content}"
    );
    assert_eq!(audit_rows(&app, &owner, "withdrawal.reject").await.len(), 1);
    let rejected = app
        .get("/api/withdraw/list?status=rejected", Some(&token))
        .await
        .ok();
    assert_eq!(rejected["total"], 1);
    assert_eq!(rejected["rows"][0]["reason"], "address <unverified>");

    admin_post(
        &app,
        &format!("/api/admin/withdrawals/{}/approve", w["id"]),
        &owner,
        json!({"txHash": "a1", "reason": "changed my mind"}),
    )
    .await
    .fails_with(-2005);
    assert_eq!(spot(&app, uid).await, (dec("1000"), dec("0")));
    admin_post(
        &app,
        "/api/admin/withdrawals/999999/reject",
        &owner,
        json!({"reason": "x"}),
    )
    .await
    .fails_with(-6);
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn a_user_sees_only_their_own_withdrawals() {
    let app = app().await;
    let (_, alice) = funded(&app, "alice", "1000").await;
    let (_, bob) = funded(&app, "bob", "1000").await;
    let w = accepted(&app, &alice, &ask(TRC20, "100", ADDR)).await;
    app.post_query(
        &format!("/api/withdraw/getWithdrawStatus?id={}", w["id"]),
        Some(&bob),
    )
    .await
    .fails_with(-6);
    assert_eq!(
        app.post_query("/api/withdraw/getWithdrawStatus", Some(&bob))
            .await
            .ok(),
        Value::Null
    );
    assert_eq!(withdrawal_count(&app, &bob).await, 0);
    assert_eq!(withdrawal_count(&app, &alice).await, 1);
    app.get("/api/withdraw/list?status=done", Some(&alice))
        .await
        .fails_with(-4);
}

#[tokio::test]
async fn only_an_operator_who_reviews_funds_may_list_approve_or_reject() {
    let app = app().await;
    let support = operator(&app, "helper", "support").await;
    let compliance = operator(&app, "checker", "compliance").await;
    let (uid, token) = funded(&app, "alice", "1000").await;
    let w = accepted(&app, &token, &ask(TRC20, "100", ADDR)).await;
    for op in [&support, &compliance] {
        admin_get(&app, "/api/admin/withdrawals", op)
            .await
            .fails_with(-9);
        admin_post(
            &app,
            &format!("/api/admin/withdrawals/{}/approve", w["id"]),
            op,
            json!({"txHash": "a1", "reason": "ok"}),
        )
        .await
        .fails_with(-9);
        admin_post(
            &app,
            &format!("/api/admin/withdrawals/{}/reject", w["id"]),
            op,
            json!({"reason": "no"}),
        )
        .await
        .fails_with(-9);
    }
    assert_eq!(spot(&app, uid).await, (dec("900"), dec("100")));
    // A user token is no operator token.
    let r =
        admin_common::admin_send(&app, "GET", "/api/admin/withdrawals", Some(&token), None).await;
    admin_common::assert_token_failure(&r);
}

#[tokio::test]
async fn the_channel_list_shows_the_effective_rules_and_the_balance() {
    let app = app().await;
    let (_, token) = funded(&app, "alice", "321.5").await;
    set_channel(&app, TRC20, json!({"freeNum": 1, "ratio": "2.5"})).await;
    let list = app
        .post_query("/api/common/getWithDrawCoinList", Some(&token))
        .await
        .ok();
    let trc = list
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["channel"] == TRC20)
        .unwrap();
    assert_eq!(trc["coin"], "USDT");
    assert_eq!(trc["status"], 1);
    assert_eq!(trc["ratio"], "2.5");
    assert_eq!(trc["available"], "321.5");
    assert_eq!(trc["scale"], 6);
    assert_eq!(trc["withdrawalMin"], "20");
    assert_eq!(trc["dayWithdrawalNum"], 10);
    assert_eq!(trc["remainingCount"], 10);
    assert_eq!(trc["nextIsFree"], true);
    assert_eq!(trc["window"]["limited"], false);
    assert_eq!(trc["kyc"]["tier"], "none");
    let btc = list
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["channel"] == "BTC")
        .unwrap();
    assert_eq!(btc["available"], "0");
    let q = quote(&app, &token, TRC20, "100").await.ok();
    assert_eq!(
        (q["free"].as_bool(), q["fee"].as_str()),
        (Some(true), Some("0"))
    );
    accepted(&app, &token, &ask(TRC20, "100", ADDR)).await;
    let q = quote(&app, &token, TRC20, "100").await.ok();
    assert_eq!(
        (q["free"].as_bool(), q["fee"].as_str()),
        (Some(false), Some("2.5"))
    );
}
