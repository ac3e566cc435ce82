//! A test app whose deposits go to the shared TRC20 address and whose
//! withdrawals ask for nothing but the amount (no window, fund password
//! or code, 10 % fee, KYC limits off), with a user's claim and withdrawal
//! as the web app files them: what the operator's fund reviews start from.

use crate::accounts;
use crate::common::{self, TestApp};
use axum::body::Body;
use axum::http::header;
use onyx_store::repo::settings;
use serde_json::json;

pub const TRON_SHARED: &str = "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL";
pub const TRC20: &str = "USDT-TRC20";
pub const ADDR: &str = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";

/// Deposits to the shared TRC20 address; withdrawals without window,
/// fund password or code, 10 % fee, KYC limits off.
pub async fn app() -> TestApp {
    let app = TestApp::spawn().await;
    let mut coins = settings::get(&app.state.db, "ASSET_COIN").await.unwrap();
    for e in coins.as_array_mut().unwrap() {
        if e["coinName"] == TRC20 {
            e["coinAddress"] = json!(TRON_SHARED);
        }
    }
    settings::put(
        &app.state.db,
        "ASSET_COIN",
        &coins,
        None,
        app.state.clock.now(),
    )
    .await
    .unwrap();
    accounts::set_setting(
        &app,
        "WITHDRAWAL_SETTING",
        json!({"limitTime": 0, "checkPass": false, "checkCode": false,
            "sameAddress": false, "checkTax": false, "ratio": "10",
            "dayWithdrawalNum": 10, "freeNum": 0, "withdrawalMix": "20",
            "withdrawalMax": "100000"}),
    )
    .await;
    accounts::set_setting(
        &app,
        "AUTH_LIMIT",
        json!({"isOpenPrimary": false, "isOpenSenior": false}),
    )
    .await;
    app
}

/// Files a deposit claim of `amount` USDT and returns its id.
pub async fn claim(app: &TestApp, token: &str, amount: &str, n: u8) -> i64 {
    let body = json!({"coin": "usdt", "symbol": TRC20, "amount": amount,
        "txHash": format!("{:064x}", u64::from(n) + 0xabcd_0000)});
    let r = app
        .send(
            TestApp::request("POST", "/api/recharge/payAddress", Some(token))
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(body.to_string()))
                .unwrap(),
        )
        .await
        .ok();
    assert_eq!(r["status"], "pending");
    r["id"].as_i64().unwrap()
}

pub async fn withdraw(app: &TestApp, token: &str, amount: &str) -> i64 {
    let w = app
        .post_query(
            &format!(
                "/api/withdraw/submit?channel={}&amount={amount}&address={ADDR}",
                common::q(TRC20)
            ),
            Some(token),
        )
        .await
        .ok();
    assert_eq!(w["status"], "pending");
    w["id"].as_i64().unwrap()
}
