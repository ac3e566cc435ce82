//! Withdrawal addresses: the network must be an enabled channel, the
//! address must fit the network, and the last one set is the current one.

use onyx_testkit::accounts;
use onyx_testkit::common;

use accounts::{assert_token_failure, signed_in};
use common::TestApp;
use serde_json::json;

const TRON: &str = "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio";
const EVM: &str = "0x52908400098527886E0F7030069857D2E4169EE7";

async fn set(app: &TestApp, token: &str, network: &str, address: &str) -> common::Reply {
    app.post_query(
        &format!("/api/user/updateWithdrawAddress?type={network}&address={address}"),
        Some(token),
    )
    .await
}

#[tokio::test]
async fn the_last_address_set_is_the_current_one() {
    let app = TestApp::spawn().await;
    let (_, token) = signed_in(&app, "alice").await;
    assert_eq!(
        app.get("/api/user/withdrawAddress", Some(&token))
            .await
            .ok(),
        json!([])
    );
    set(&app, &token, "USDT-TRC20", TRON).await.ok();
    set(&app, &token, "USDT-ERC20", EVM).await.ok();
    let list = app
        .get("/api/user/withdrawAddress", Some(&token))
        .await
        .ok();
    assert_eq!(list.as_array().unwrap().len(), 2);
    assert_eq!(
        (&list[0]["type"], &list[1]["type"]),
        (&json!("USDT-TRC20"), &json!("USDT-ERC20"))
    );
    assert!(list[0]["id"].is_i64() && list[0]["createTime"].is_string());

    // Setting TRC20 again replaces it and makes it the current one.
    set(&app, &token, "usdt-trc20", TRON).await.ok();
    let list = app
        .get("/api/user/withdrawAddress", Some(&token))
        .await
        .ok();
    assert_eq!(list.as_array().unwrap().len(), 2);
    assert_eq!(list[1]["type"], "USDT-TRC20");
    let info = app.get("/api/user/getInfo", Some(&token)).await.ok();
    assert_eq!(
        info["withdrawAddress"],
        json!({"type": "USDT-TRC20", "address": TRON})
    );
}

#[tokio::test]
async fn unknown_networks_and_malformed_addresses_are_refused() {
    let app = TestApp::spawn().await;
    let (_, token) = signed_in(&app, "alice").await;
    set(&app, &token, "DOGE", TRON).await.fails_with(-1071);
    set(&app, &token, "USDT-TRC20", EVM).await.fails_with(-1070);
    set(
        &app,
        &token,
        "BTC",
        "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb",
    )
    .await
    .fails_with(-1070);
    set(
        &app,
        &token,
        "BTC",
        "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    )
    .await
    .ok();
    app.post_query("/api/user/updateWithdrawAddress?type=BTC", Some(&token))
        .await
        .fails_with(-3);

    let mut channels = onyx_store::repo::settings::get(&app.state.db, "WITHDRAWAL_CHANNEL_SETTING")
        .await
        .unwrap();
    channels[0]["status"] = json!(0);
    onyx_testkit::accounts::put_setting(&app, "WITHDRAWAL_CHANNEL_SETTING", &channels).await;
    set(&app, &token, "USDT-TRC20", TRON)
        .await
        .fails_with(-1071);
    assert_token_failure(&app.get("/api/user/withdrawAddress", Some("garbage")).await);
}
