//! Copy trading through the API: a lead trader applies and is approved,
//! followers copy with a ratio or a fixed amount, the lead's open is
//! copied in the same commit at the same price, skipped copies say why,
//! margin adds follow pro rata, closes close the same share of each copy,
//! and each close pays the lead the share above the follower's
//! high-water mark; the ledger, the holds and `onyx verify` agree.

use onyx_kernel::ledger::Wallet;
use onyx_testkit::accounts::signed_in;
use onyx_testkit::admin_common::{admin_get, admin_post, operator};
use onyx_testkit::common::{Reply, TestApp};
use onyx_testkit::tape::Tape;
use onyx_testkit::wallet::{assert_audit_clean, balance, dec, fund};
use onyx_testkit::wallet_calls::post_keyed;
use serde_json::{json, Value};

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}"))
}

async fn follow(app: &TestApp, token: &str, body: Value) -> Reply {
    app.post_json("/api/follow/addTraderUser", Some(token), body)
        .await
}

async fn open_long(app: &TestApp, token: &str, contracts: &str) -> Value {
    let reply = post_keyed(
        app,
        "/api/contract/order/submit",
        token,
        None,
        json!({"symbol": "btc", "leverage": 10, "delegatePrice": "1", "delegateTotal": contracts,
               "type": 0, "delegateType": 1}),
    )
    .await
    .ok();
    reply["position"].clone()
}

async fn copies(app: &TestApp, token: &str, history: u8) -> Vec<Value> {
    app.get(
        &format!("/api/follow/mineOrder?isHistory={history}&pageNum=1&pageSize=50"),
        Some(token),
    )
    .await
    .ok()["rows"]
        .as_array()
        .unwrap()
        .clone()
}

async fn mine(app: &TestApp, token: &str) -> Value {
    app.post_json("/api/follow/mineTrader", Some(token), json!({}))
        .await
        .ok()["rows"][0]
        .clone()
}

/// A lead trader approved by an operator; its trader id.
async fn approved_lead(app: &TestApp, token: &str) -> i64 {
    let applied = app
        .post_json(
            "/api/follow/applyTrader",
            Some(token),
            json!({"traderName": "Steady Hands", "bio": "Trend following on BTC"}),
        )
        .await
        .ok();
    assert_eq!(applied["status"], 0, "pending review: {applied}");
    let id = applied["id"].as_i64().unwrap();
    let owner = operator(app, "boss", "owner").await;
    let pending = admin_get(app, "/api/admin/follow/traders?status=0", &owner)
        .await
        .ok();
    assert_eq!(pending["total"], 1);
    admin_post(
        app,
        &format!("/api/admin/follow/traders/{id}/review"),
        &owner,
        json!({"approve": true, "reason": "track record checked"}),
    )
    .await
    .ok();
    id
}

async fn audited(app: &TestApp) {
    assert!(
        onyx_server::holds::run(&app.state.db).await.unwrap(),
        "holds match"
    );
    assert_audit_clean(app).await;
    assert!(
        onyx_server::verify::run(&app.state.db).await.unwrap(),
        "verify finds nothing"
    );
}

#[tokio::test]
async fn a_leads_trades_are_copied_at_its_price_and_profit_above_the_mark_is_shared() {
    let app = TestApp::spawn().await;
    let mut tape = Tape::new(&app, "60000").await;
    let (lead, lead_token) = signed_in(&app, "lead1").await;
    fund(&app, lead.id, Wallet::Contract, "USDT", "5000").await;
    let trader = approved_lead(&app, &lead_token).await;

    // Ratio 50 %, a fixed 100 USDT, a coin not followed, too little money,
    // and a budget the fixed amount does not fit.
    let mut followers = Vec::new();
    for (name, funds, body) in [
        (
            "ratio",
            "1000",
            json!({"followType": 0, "followRate": "50", "followSymbol": "btc"}),
        ),
        (
            "fixed",
            "1000",
            json!({"followType": 1, "followAmount": "100", "followSymbol": "BTC,eth"}),
        ),
        (
            "ethonly",
            "1000",
            json!({"followType": 0, "followRate": "100", "followSymbol": "eth"}),
        ),
        (
            "poor",
            "10",
            json!({"followType": 0, "followRate": "50", "followSymbol": "btc"}),
        ),
        (
            "budget",
            "1000",
            json!({"followType": 1, "followAmount": "100", "followSymbol": "btc", "budget": "50"}),
        ),
    ] {
        let (u, token) = signed_in(&app, name).await;
        fund(&app, u.id, Wallet::Contract, "USDT", funds).await;
        let mut body = body;
        body["traderId"] = json!(trader);
        follow(&app, &token, body).await.ok();
        followers.push((u, token));
    }
    let card = app
        .get(
            &format!("/api/follow/traderInfo/{trader}"),
            Some(&followers[0].1),
        )
        .await
        .ok();
    assert_eq!(
        (card["followUser"].as_u64(), card["following"].as_bool()),
        (Some(5), Some(true))
    );

    // The lead opens 1,000 contracts (0.1 BTC) at 60,000, 10x.
    let lead_pos = open_long(&app, &lead_token, "1000").await;
    assert_eq!(s(&lead_pos["openPrice"]), "60000");
    let ratio = &copies(&app, &followers[0].1, 0).await[0];
    let fixed = &copies(&app, &followers[1].1, 0).await[0];
    // Same price; 50 % is 500 contracts; 100 USDT at 10x buys 166.
    assert_eq!(
        (
            s(&ratio["openPrice"]),
            s(&ratio["openNum"]),
            s(&ratio["amount"])
        ),
        ("60000", "0.05", "300")
    );
    assert_eq!(
        (
            s(&fixed["openPrice"]),
            s(&fixed["openNum"]),
            s(&fixed["amount"])
        ),
        ("60000", "0.0166", "99.6")
    );
    assert_eq!(ratio["leadPositionId"], lead_pos["id"]);
    assert_eq!(ratio["copied"], true);
    for (i, reason) in [(2, "symbol"), (3, "balance"), (4, "budget")] {
        let skips = app
            .get(
                "/api/follow/mineSkips?pageNum=1&pageSize=10",
                Some(&followers[i].1),
            )
            .await
            .ok();
        assert_eq!(skips["total"], 1, "{skips}");
        assert_eq!(skips["rows"][0]["reason"], reason);
        assert!(copies(&app, &followers[i].1, 0).await.is_empty());
    }
    // The poor follower's 10 USDT are untouched.
    assert_eq!(
        balance(&app, followers[3].0.id, Wallet::Contract, "USDT").await,
        (dec("10"), dec("0"))
    );

    // The lead adds 100 of margin to 600: each copy adds its share.
    post_keyed(
        &app,
        &format!(
            "/api/contract/position/adjustAmount?id={}&money=100&flag=0",
            lead_pos["id"]
        ),
        &lead_token,
        None,
        json!({}),
    )
    .await
    .ok();
    let ratio = &copies(&app, &followers[0].1, 0).await[0];
    let fixed = &copies(&app, &followers[1].1, 0).await[0];
    assert_eq!(
        (s(&ratio["adjustAmount"]), s(&fixed["adjustAmount"])),
        ("350", "116.2")
    );

    // 61,000: the lead closes half; each copy closes half.
    tape.set("61000").await;
    post_keyed(
        &app,
        &format!(
            "/api/contract/position/stopOrder?id={}&num=500",
            lead_pos["id"]
        ),
        &lead_token,
        None,
        json!({}),
    )
    .await
    .ok();
    let ratio = &copies(&app, &followers[0].1, 0).await[0];
    assert_eq!(s(&ratio["openNum"]), "0.025");
    // Net: −3 opening fee, +25 profit, −1.525 closing fee = 20.475 above
    // a mark of 0: 20 % of it, 4.095, to the lead.
    let m = mine(&app, &followers[0].1).await;
    assert_eq!(
        (s(&m["realised"]), s(&m["highWaterMark"]), s(&m["shared"])),
        ("20.475", "20.475", "4.095")
    );

    // 60,500: the lead closes the rest, the copies with it. Only the new
    // 10.9875 above the mark is shared.
    tape.set("60500").await;
    post_keyed(
        &app,
        &format!("/api/contract/position/stopOrder?id={}", lead_pos["id"]),
        &lead_token,
        None,
        json!({}),
    )
    .await
    .ok();
    assert!(copies(&app, &followers[0].1, 0).await.is_empty());
    let m = mine(&app, &followers[0].1).await;
    assert_eq!(
        (s(&m["realised"]), s(&m["highWaterMark"]), s(&m["shared"])),
        ("31.4625", "31.4625", "6.2925")
    );
    let m2 = mine(&app, &followers[1].1).await;
    assert_eq!(
        (s(&m2["realised"]), s(&m2["shared"])),
        ("10.44555", "2.08911")
    );
    let history = copies(&app, &followers[0].1, 1).await;
    assert_eq!(s(&history[0]["shareAmount"]), "6.2925");
    let profit = app
        .get("/api/follow/mineProfit", Some(&followers[0].1))
        .await
        .ok();
    assert_eq!(
        s(&profit["profitAndLoss"]),
        "25.17",
        "31.4625 less 6.2925 shared"
    );
    // The follower's wallet: 1,000 + 31.4625 − 6.2925.
    assert_eq!(
        balance(&app, followers[0].0.id, Wallet::Contract, "USDT").await,
        (dec("1025.17"), dec("0"))
    );
    // The lead: 5,000 − 6 + (50 − 3.05) + (25 − 3.025) + both shares.
    assert_eq!(
        balance(&app, lead.id, Wallet::Contract, "USDT").await,
        (dec("5071.30661"), dec("0"))
    );
    let info = app
        .get(&format!("/api/follow/traderInfo/{trader}"), None)
        .await
        .ok();
    assert_eq!(s(&info["rewardAmount"]), "8.38161");
    assert_eq!(s(&info["profitRate14"]), "100", "one closed position, won");
    audited(&app).await;
}

#[tokio::test]
async fn bad_follows_are_refused_and_change_nothing() {
    let app = TestApp::spawn().await;
    let _tape = Tape::new(&app, "60000").await;
    let (lead, lead_token) = signed_in(&app, "lead2").await;
    // Below TRADER_SETTING.traderMinAmount (1,000): refused.
    fund(&app, lead.id, Wallet::Contract, "USDT", "999").await;
    app.post_json(
        "/api/follow/applyTrader",
        Some(&lead_token),
        json!({"traderName": "Early"}),
    )
    .await
    .fails_with(-8202);
    fund(&app, lead.id, Wallet::Contract, "USDT", "1").await;
    let trader = approved_lead(&app, &lead_token).await;
    app.post_json(
        "/api/follow/applyTrader",
        Some(&lead_token),
        json!({"traderName": "Again"}),
    )
    .await
    .fails_with(-8203);
    let (_, token) = signed_in(&app, "f").await;
    for (body, code) in [
        (
            json!({"traderId": trader, "followType": 0, "followRate": "600", "followSymbol": "btc"}),
            -8208,
        ),
        (
            json!({"traderId": trader, "followType": 0, "followRate": "0.5", "followSymbol": "btc"}),
            -8208,
        ),
        (
            json!({"traderId": trader, "followType": 0, "followRate": "50", "followSymbol": ""}),
            -8209,
        ),
        (
            json!({"traderId": trader, "followType": 0, "followRate": "50", "followSymbol": "doge2"}),
            -8209,
        ),
        (
            json!({"traderId": 999, "followType": 0, "followRate": "50", "followSymbol": "btc"}),
            -8201,
        ),
        (
            json!({"traderId": trader, "followType": 3, "followRate": "50", "followSymbol": "btc"}),
            -4,
        ),
    ] {
        follow(&app, &token, body).await.fails_with(code);
    }
    let mut own =
        json!({"traderId": trader, "followType": 0, "followRate": "50", "followSymbol": "btc"});
    follow(&app, &lead_token, own.clone())
        .await
        .fails_with(-8204);
    let listed = app
        .post_json("/api/follow/mineTrader", Some(&token), json!({}))
        .await
        .ok();
    assert_eq!(listed["total"], 0, "nothing followed");
    follow(&app, &token, own.clone()).await.ok();
    follow(&app, &token, own.clone()).await.fails_with(-8206);
    own["followRate"] = json!("120");
    let edited = app
        .post_json("/api/follow/editTraderUser", Some(&token), own)
        .await
        .ok();
    assert_eq!(s(&edited["followRate"]), "120");
    app.post_json(
        "/api/follow/delTraderUser",
        Some(&token),
        json!({"traderId": trader}),
    )
    .await
    .ok();
    app.post_json(
        "/api/follow/delTraderUser",
        Some(&token),
        json!({"traderId": trader}),
    )
    .await
    .fails_with(-8207);
    // A stopped follower gets no copy.
    open_long(&app, &lead_token, "100").await;
    assert!(copies(&app, &token, 0).await.is_empty());
}

#[tokio::test]
async fn stopping_with_close_closes_the_copies_and_the_follower_may_close_one_alone() {
    let app = TestApp::spawn().await;
    let _tape = Tape::new(&app, "60000").await;
    let (lead, lead_token) = signed_in(&app, "lead3").await;
    fund(&app, lead.id, Wallet::Contract, "USDT", "5000").await;
    let trader = approved_lead(&app, &lead_token).await;
    let (a, a_token) = signed_in(&app, "a").await;
    let (b, b_token) = signed_in(&app, "b").await;
    for (u, token) in [(&a, &a_token), (&b, &b_token)] {
        fund(&app, u.id, Wallet::Contract, "USDT", "1000").await;
        follow(&app, token, json!({"traderId": trader, "followType": 0, "followRate": "100", "followSymbol": "btc"}))
            .await
            .ok();
    }
    let lead_pos = open_long(&app, &lead_token, "100").await;
    // a closes its copy alone, like any position; the lead's stays.
    let a_copy = copies(&app, &a_token, 0).await[0]["id"].clone();
    post_keyed(
        &app,
        &format!("/api/contract/position/stopOrder?id={a_copy}"),
        &a_token,
        None,
        json!({}),
    )
    .await
    .ok();
    assert!(copies(&app, &a_token, 0).await.is_empty());
    let lead_open = app
        .get(
            "/api/contract/position/list?status=0&pageNum=1&pageSize=10",
            Some(&lead_token),
        )
        .await
        .ok();
    assert_eq!(lead_open["rows"][0]["id"], lead_pos["id"]);
    // b stops and closes its copies in the same call.
    app.post_json(
        "/api/follow/delTraderUser",
        Some(&b_token),
        json!({"traderId": trader, "closePositions": true}),
    )
    .await
    .ok();
    assert!(copies(&app, &b_token, 0).await.is_empty());
    assert_eq!(copies(&app, &b_token, 1).await.len(), 1);
    let m = mine(&app, &b_token).await;
    assert_eq!(
        (m["status"].as_str(), m["stopReason"].as_str()),
        (Some("stopped"), Some("user"))
    );
    audited(&app).await;
}

#[tokio::test]
async fn the_demo_has_two_lead_traders_with_a_history_verify_replays() {
    let app = TestApp::spawn_demo().await;
    let list = app
        .get(
            "/api/follow/traderList?sortBy=0&pageNum=1&pageSize=10",
            None,
        )
        .await
        .ok();
    assert_eq!(list["total"], 2, "{list}");
    for card in list["rows"].as_array().unwrap() {
        let id = card["id"].as_i64().unwrap();
        let history = app
            .get(
                &format!("/api/follow/traderOrder/{id}?isHistory=1&pageNum=1&pageSize=50"),
                None,
            )
            .await
            .ok();
        assert_eq!(history["total"], 10, "ten closed trades: {history}");
        assert_ne!(s(&card["profitAmount30"]), "0", "{card}");
        let days = app
            .get(&format!("/api/follow/traderProfit/{id}"), None)
            .await
            .ok();
        let days = days.as_array().unwrap();
        assert_eq!(days.len(), 30);
        assert!(days.iter().filter(|d| s(&d["rewardRate"]) != "0").count() >= 5);
    }
    assert!(
        onyx_server::verify::run(&app.state.db).await.unwrap(),
        "verify replays the demo leads"
    );
    assert_audit_clean(&app).await;
}

/// A lead's or a follow's status that the row does not name is refused
/// when read: never taken for an approved lead or an active follow.
#[tokio::test]
async fn a_status_the_row_does_not_name_is_refused_on_read() {
    use onyx_copy_trading::api::{copy_follow, copy_trader};
    use sea_orm::{ConnectionTrait, EntityTrait, Statement};
    let app = TestApp::spawn().await;
    let (_, trader) = crate::support::approved_lead(&app, "Lead").await;
    let (f, token) = signed_in(&app, "follower").await;
    fund(&app, f.id, Wallet::Contract, "USDT", "1000").await;
    follow(&app, &token, crate::support::follow_body(&trader, true, 1))
        .await
        .ok();
    let db = &app.state.db;
    let set = |sql: &'static str| async move {
        db.execute(Statement::from_string(db.get_database_backend(), sql))
            .await
            .unwrap();
    };
    assert_eq!(copy_trader::Entity::find().all(db).await.unwrap().len(), 1);
    set("UPDATE copy_traders SET status = 9").await;
    assert!(copy_trader::Entity::find().all(db).await.is_err());
    let follows = copy_follow::Entity::find().all(db).await.unwrap();
    assert_eq!(follows.len(), 1);
    set("UPDATE copy_follows SET status = 'paused'").await;
    assert!(copy_follow::Entity::find().all(db).await.is_err());
    let standing = onyx_copy_trading::api::standings(db, &[follows[0].id]).await;
    assert!(standing.is_err(), "{standing:?}");
}
