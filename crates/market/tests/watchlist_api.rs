//! The watchlist: per user, checked against the catalogue, idempotent.

use onyx_testkit::admin_common;
use onyx_testkit::common;

use admin_common::*;
use common::TestApp;
use serde_json::{json, Value};

fn coins(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|e| e["coin"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn each_user_has_a_watchlist_of_their_own() {
    let app = TestApp::spawn().await;
    let (_, alice) = user_with_session(&app, "alice").await;
    let (_, bob) = user_with_session(&app, "bob").await;
    let mine = "/api/userCoin/getUserCoin";
    assert_eq!(app.get(mine, Some(&alice)).await.ok(), json!([]));

    assert_eq!(
        app.post_query("/api/userCoin/add?coin=btc", Some(&alice))
            .await
            .ok(),
        true
    );
    app.post_query("/api/userCoin/add?coin=ETH", Some(&alice))
        .await
        .ok();
    let list = app.get(mine, Some(&alice)).await.ok();
    assert_eq!(coins(&list), ["btc", "eth"]);
    assert_eq!(list[0]["symbol"], "btcusdt");
    assert_eq!(list[0]["showSymbol"], "BTC/USDT");
    assert!(list[0]["createTime"].is_string());

    assert_eq!(app.get(mine, Some(&bob)).await.ok(), json!([]));
    app.post_query("/api/userCoin/add?coin=sol", Some(&bob))
        .await
        .ok();
    assert_eq!(coins(&app.get(mine, Some(&bob)).await.ok()), ["sol"]);
    assert_eq!(
        coins(&app.get(mine, Some(&alice)).await.ok()),
        ["btc", "eth"]
    );
}

#[tokio::test]
async fn adding_twice_changes_nothing_and_removing_takes_it_off() {
    let app = TestApp::spawn().await;
    let (_, alice) = user_with_session(&app, "alice").await;
    let mine = "/api/userCoin/getUserCoin";
    app.post_query("/api/userCoin/add?coin=btc", Some(&alice))
        .await
        .ok();
    assert_eq!(
        app.post_query("/api/userCoin/add?coin=btc", Some(&alice))
            .await
            .ok(),
        false
    );
    assert_eq!(coins(&app.get(mine, Some(&alice)).await.ok()), ["btc"]);

    assert_eq!(
        app.post_query("/api/userCoin/remove?coin=btc", Some(&alice))
            .await
            .ok(),
        true
    );
    assert_eq!(app.get(mine, Some(&alice)).await.ok(), json!([]));
    assert_eq!(
        app.post_query("/api/userCoin/remove?coin=btc", Some(&alice))
            .await
            .ok(),
        false
    );
}

#[tokio::test]
async fn unknown_or_disabled_coins_are_refused() {
    let app = TestApp::spawn().await;
    let (_, alice) = user_with_session(&app, "alice").await;
    for coin in ["nosuch", "", "%27%3B--", "btcusdt"] {
        app.post_query(&format!("/api/userCoin/add?coin={coin}"), Some(&alice))
            .await
            .fails_with(-3101);
    }
    app.post_query("/api/userCoin/add", Some(&alice))
        .await
        .fails_with(-3);
    app.post_query("/api/userCoin/remove?coin=nosuch", Some(&alice))
        .await
        .fails_with(-3101);

    // An operator disables DOGE: it can no longer be added, and a watched
    // DOGE drops out of the list but can still be removed.
    app.post_query("/api/userCoin/add?coin=doge", Some(&alice))
        .await
        .ok();
    let owner = operator(&app, "owner1", "owner").await;
    let all = admin_get(&app, "/api/admin/catalogue/coins", &owner)
        .await
        .ok();
    let doge = all
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["coin"] == "doge")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    admin_put(
        &app,
        &format!("/api/admin/catalogue/coins/{doge}"),
        &owner,
        json!({"status": 0, "reason": "maintenance"}),
    )
    .await
    .ok();
    app.post_query("/api/userCoin/add?coin=xrp", Some(&alice))
        .await
        .ok();
    let (_, bob) = user_with_session(&app, "bob").await;
    app.post_query("/api/userCoin/add?coin=doge", Some(&bob))
        .await
        .fails_with(-3101);
    assert_eq!(
        coins(
            &app.get("/api/userCoin/getUserCoin", Some(&alice))
                .await
                .ok()
        ),
        ["xrp"]
    );
    assert_eq!(
        app.post_query("/api/userCoin/remove?coin=doge", Some(&alice))
            .await
            .ok(),
        true
    );
}

#[tokio::test]
async fn the_watchlist_holds_at_most_200_coins() {
    let app = TestApp::spawn().await;
    let (user_id, alice) = user_with_session(&app, "alice").await;
    for i in 0..200 {
        onyx_market::api::watchlist::add(
            &app.state.db,
            user_id,
            &format!("c{i}"),
            chrono::Utc::now(),
        )
        .await
        .unwrap();
    }
    let r = app
        .post_query("/api/userCoin/add?coin=btc", Some(&alice))
        .await;
    r.fails_with(-3102);
    assert!(r.msg.contains("200"), "{r:?}");
}

#[tokio::test]
async fn the_watchlist_needs_a_valid_session() {
    let app = TestApp::spawn().await;
    for (method, uri) in [
        ("GET", "/api/userCoin/getUserCoin"),
        ("POST", "/api/userCoin/add?coin=btc"),
        ("POST", "/api/userCoin/remove?coin=btc"),
    ] {
        for token in [None, Some("not-a-token")] {
            let req = TestApp::request(method, uri, token)
                .body(axum::body::Body::empty())
                .unwrap();
            assert_token_failure(&app.send(req).await);
        }
    }
}
