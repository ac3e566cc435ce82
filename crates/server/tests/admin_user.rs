//! The operator's user page beyond the account: balances with the holds
//! behind frozen funds, ledger postings with their direction, spot orders,
//! futures positions and contract orders, sessions, messages, and the
//! audit entries about the user. Each shows one user's data and nobody
//! else's, pages on the server, is refused to roles that may not see it,
//! and answers NotFound for a user that does not exist.

use onyx_testkit::admin_common;
use onyx_testkit::common;
use onyx_testkit::fund_reviews::{app, claim, withdraw};
use onyx_testkit::wallet;

use admin_common::{admin_get, admin_post, operator, user_with_session};
use common::TestApp;
use onyx_kernel::ledger::Wallet;
use onyx_store::DecimalText;
use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};
use wallet::fund;

async fn get(app: &TestApp, uri: &str, token: &str) -> Value {
    admin_get(app, uri, token).await.ok()
}

fn rows(page: &Value) -> &Vec<Value> {
    page["rows"].as_array().unwrap()
}

/// Alice: a confirmed deposit claim of 250.5, a pending withdrawal of 100
/// and a resting buy of 0.4 BTC at 100. Bob: 55 funded straight in.
struct World {
    app: TestApp,
    owner: String,
    support: String,
    compliance: String,
    alice: i64,
    alice_token: String,
    bob: i64,
    deposit: i64,
    withdrawal: i64,
}

async fn world() -> World {
    let app = app().await;
    let owner = operator(&app, "owner1", "owner").await;
    let support = operator(&app, "support1", "support").await;
    let compliance = operator(&app, "comply1", "compliance").await;
    let (alice, alice_token) = user_with_session(&app, "alice").await;
    let (bob, _) = user_with_session(&app, "bob").await;
    let deposit = claim(&app, &alice_token, "250.5", 1).await;
    admin_post(
        &app,
        &format!("/api/admin/deposits/{deposit}/confirm"),
        &owner,
        json!({"reason": "seen on chain"}),
    )
    .await
    .ok();
    fund(&app, bob, Wallet::Spot, "usdt", "55").await;
    let withdrawal = withdraw(&app, &alice_token, "100").await;
    let order = app
        .post_json(
            "/api/currency/order/submit",
            Some(&alice_token),
            json!({"symbol": "btcusdt", "side": "buy", "type": "limit",
                "price": "100", "amount": "0.4"}),
        )
        .await
        .ok();
    assert_eq!(order["status"], "open");
    World {
        app,
        owner,
        support,
        compliance,
        alice,
        alice_token,
        bob,
        deposit,
        withdrawal,
    }
}

#[tokio::test]
async fn balances_show_each_wallet_with_the_holds_behind_frozen_funds() {
    let w = world().await;
    let (app, owner) = (&w.app, &w.owner);

    let alice = get(
        app,
        &format!("/api/admin/users/{}/balances", w.alice),
        owner,
    )
    .await;
    assert_eq!(
        alice["accounts"],
        json!([{"wallet": "spot", "asset": "USDT", "available": "110.5",
            "frozen": "140", "held": "140"}])
    );
    assert_eq!(
        alice["holds"],
        json!([
            {"kind": "spot_order", "wallet": "spot", "asset": "USDT", "count": 1, "amount": "40"},
            {"kind": "withdrawal", "wallet": "spot", "asset": "USDT", "count": 1, "amount": "100"},
        ])
    );

    let bob = get(app, &format!("/api/admin/users/{}/balances", w.bob), owner).await;
    assert_eq!(
        bob,
        json!({"accounts": [{"wallet": "spot", "asset": "USDT", "available": "55",
            "frozen": "0", "held": "0"}], "holds": []})
    );

    // Approving the withdrawal releases its hold: the page follows.
    admin_post(
        app,
        &format!("/api/admin/withdrawals/{}/approve", w.withdrawal),
        owner,
        json!({"txHash": "a1b2c3", "reason": "checked"}),
    )
    .await
    .ok();
    let alice = get(
        app,
        &format!("/api/admin/users/{}/balances", w.alice),
        owner,
    )
    .await;
    assert_eq!(alice["accounts"][0]["frozen"], "40");
    assert_eq!(alice["accounts"][0]["held"], "40");
    assert_eq!(alice["holds"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn postings_are_the_users_own_newest_first_with_their_direction() {
    let w = world().await;
    let (app, owner) = (&w.app, &w.owner);
    let uri = |user: i64, q: &str| format!("/api/admin/users/{user}/postings?{q}");

    let all = get(app, &uri(w.alice, "pageSize=100"), owner).await;
    let total = all["total"].as_u64().unwrap();
    assert_eq!(total, 3);
    assert_eq!(rows(&all).len(), 3);
    let held = &rows(&all)[1];
    assert_eq!(
        (&held["kind"], &held["amount"], &held["reference"]),
        (
            &json!("freeze"),
            &json!("100"),
            &json!(format!("withdrawal:{}", w.withdrawal))
        )
    );
    // Newest first: the order's freeze, the withdrawal's, the deposit.
    let first = &rows(&all)[0];
    assert_eq!(
        (
            &first["kind"],
            &first["direction"],
            &first["from"],
            &first["to"]
        ),
        (
            &json!("freeze"),
            &json!("own"),
            &json!("spot"),
            &json!("spot")
        )
    );
    assert_eq!(
        (&first["fromBucket"], &first["toBucket"]),
        (&json!("available"), &json!("frozen"))
    );
    assert_eq!(first["amount"], "40");
    let deposit = rows(&all).last().unwrap();
    assert_eq!(
        (
            &deposit["kind"],
            &deposit["direction"],
            &deposit["from"],
            &deposit["to"]
        ),
        (
            &json!("deposit"),
            &json!("in"),
            &json!("external"),
            &json!("spot")
        )
    );
    assert_eq!(deposit["amount"], "250.5");
    assert_eq!(deposit["asset"], "USDT");
    assert_eq!(deposit["toUserId"], w.alice);
    assert_eq!(deposit["fromUserId"], Value::Null);
    assert_eq!(deposit["reference"], format!("deposit:{}", w.deposit));
    assert!(
        rows(&all).iter().all(|p| p["amount"] != "55"),
        "bob's posting"
    );

    // Paged on the server: the last page of one holds the oldest.
    let last = get(
        app,
        &uri(w.alice, &format!("pageNum={total}&pageSize=1")),
        owner,
    )
    .await;
    assert_eq!(last["total"], total);
    assert_eq!(rows(&last).len(), 1);
    assert_eq!(rows(&last)[0]["id"], deposit["id"]);

    // Approving the withdrawal pays out of the frozen funds: out.
    admin_post(
        app,
        &format!("/api/admin/withdrawals/{}/approve", w.withdrawal),
        owner,
        json!({"txHash": "a1b2c3", "reason": "checked"}),
    )
    .await
    .ok();
    let after = get(app, &uri(w.alice, "pageSize=100"), owner).await;
    let paid = rows(&after)
        .iter()
        .find(|p| p["kind"] == "withdrawal")
        .unwrap_or_else(|| panic!("no payout in {after}"));
    assert_eq!(
        (&paid["direction"], &paid["from"], &paid["to"]),
        (&json!("out"), &json!("spot"), &json!("external"))
    );
    assert_eq!(paid["fromBucket"], "frozen");

    let bob = get(app, &uri(w.bob, ""), owner).await;
    assert_eq!(bob["total"], 1);
    assert_eq!(
        (&rows(&bob)[0]["amount"], &rows(&bob)[0]["direction"]),
        (&json!("55"), &json!("in"))
    );
}

#[tokio::test]
async fn spot_orders_futures_positions_and_contract_orders_page_per_state() {
    let w = world().await;
    let (app, owner) = (&w.app, &w.owner);
    let spot = |q: &str| format!("/api/admin/users/{}/spot-orders?{q}", w.alice);

    let open = get(app, &spot(""), owner).await;
    assert_eq!(open["total"], 1);
    let o = &rows(&open)[0];
    assert_eq!(
        (
            &o["symbol"],
            &o["side"],
            &o["price"],
            &o["qty"],
            &o["frozen"],
            &o["status"]
        ),
        (
            &json!("btcusdt"),
            &json!("buy"),
            &json!("100"),
            &json!("0.4"),
            &json!("40"),
            &json!("open")
        )
    );
    assert_eq!(get(app, &spot("state=closed"), owner).await["total"], 0);
    admin_get(app, &spot("state=sometimes"), owner)
        .await
        .fails_with(-4);
    let bob_spot = format!("/api/admin/users/{}/spot-orders", w.bob);
    assert_eq!(get(app, &bob_spot, owner).await["total"], 0);

    // Positions and contract orders as the products store them.
    let now = chrono::Utc::now().timestamp_millis();
    let d = |s: &str| DecimalText(s.parse().unwrap());
    for (user, status, qty) in [
        (w.alice, "closed", "0.5"),
        (w.alice, "open", "0.2"),
        (w.bob, "open", "1"),
    ] {
        onyx_futures::api::futures_position::ActiveModel {
            user_id: Set(user),
            contract_id: Set(1),
            coin: Set("btc".into()),
            symbol: Set("btcusdt".into()),
            side: Set(onyx_futures::api::PositionSide::Long),
            leverage: Set(10),
            qty: Set(d(qty)),
            entry_price: Set(d("60000")),
            initial_margin: Set(d("1200")),
            margin: Set(d("1200")),
            fees: Set(d("6")),
            realised: Set(d("0")),
            funding: Set(d("-0.5")),
            status: Set(onyx_futures::api::PositionStatus::parse(status).unwrap()),
            opened_at: Set(now),
            updated_at: Set(now),
            closed_at: Set((status == "closed").then_some(now)),
            close_price: Set((status == "closed").then(|| d("61000"))),
            portfolio: Set(0),
            ..Default::default()
        }
        .insert(&app.state.db)
        .await
        .unwrap();
    }
    let futures = |q: &str| format!("/api/admin/users/{}/futures-positions?{q}", w.alice);
    let open = get(app, &futures("pageSize=5"), owner).await;
    assert_eq!(open["total"], 1);
    assert_eq!(
        (
            &rows(&open)[0]["qty"],
            &rows(&open)[0]["funding"],
            &rows(&open)[0]["openTimeMs"]
        ),
        (&json!("0.2"), &json!("-0.5"), &json!(now))
    );
    let closed = get(app, &futures("state=closed"), owner).await;
    assert_eq!(closed["total"], 1);
    assert_eq!(rows(&closed)[0]["closePrice"], "61000");

    let contracts = |q: &str| format!("/api/admin/users/{}/contract-orders?{q}", w.alice);
    for product in ["secondContracts", "options"] {
        let page = get(app, &contracts(&format!("product={product}")), owner).await;
        assert_eq!(page, json!({"rows": [], "total": 0}));
    }
    admin_get(app, &contracts("product=lottery"), owner)
        .await
        .fails_with(-4);
    admin_get(app, &contracts(""), owner).await.fails_with(-3);

    // Trading is money: only operators who review funds see it.
    for token in [&w.support, &w.compliance] {
        admin_get(app, &spot(""), token).await.fails_with(-9);
        admin_get(app, &futures(""), token).await.fails_with(-9);
        admin_get(app, &contracts("product=options"), token)
            .await
            .fails_with(-9);
    }
}

#[tokio::test]
async fn sessions_messages_and_audit_entries_are_the_users_own() {
    let w = world().await;
    let (app, owner) = (&w.app, &w.owner);

    // A second sign-in.
    admin_common::session_for(app, w.alice).await;
    let sessions = get(
        app,
        &format!("/api/admin/users/{}/sessions?pageSize=1", w.alice),
        &w.support,
    )
    .await;
    assert_eq!(sessions["total"], 2);
    assert_eq!(rows(&sessions).len(), 1);
    let s = &rows(&sessions)[0];
    assert_eq!(
        (&s["kind"], &s["ip"], &s["userAgent"], &s["active"]),
        (
            &json!("session"),
            &json!("127.0.0.1"),
            &json!("test"),
            &json!(true)
        )
    );

    admin_post(app, "/api/admin/messages", &w.support,
        json!({"userId": w.alice, "title": "About your order", "content": "<p>Hello <b>Alice</b></p>", "reason": "ticket 9"}))
        .await
        .ok();
    admin_post(
        app,
        "/api/admin/messages",
        &w.support,
        json!({"userId": w.bob, "title": "For Bob", "content": "<p>Hi</p>", "reason": "ticket 10"}),
    )
    .await
    .ok();
    let messages = get(
        app,
        &format!("/api/admin/users/{}/messages", w.alice),
        &w.compliance,
    )
    .await;
    // The deposit confirmation's notice, then the operator's message.
    assert_eq!(messages["total"], 2);
    let newest = &rows(&messages)[0];
    assert_eq!(
        (&newest["title"], &newest["summary"], &newest["readTime"]),
        (
            &json!("About your order"),
            &json!("Hello Alice"),
            &Value::Null
        )
    );
    assert!(rows(&messages).iter().all(|m| m["title"] != "For Bob"));
    // Alice reads her messages.
    app.post_query("/api/message/readAll", Some(&w.alice_token))
        .await
        .ok();
    let messages = get(
        app,
        &format!("/api/admin/users/{}/messages", w.alice),
        owner,
    )
    .await;
    assert!(rows(&messages).iter().all(|m| m["readTime"].is_string()));

    admin_post(
        app,
        &format!("/api/admin/withdrawals/{}/approve", w.withdrawal),
        owner,
        json!({"txHash": "a1b2c3", "reason": "checked"}),
    )
    .await
    .ok();
    let audit = get(app, &format!("/api/admin/users/{}/audit", w.alice), owner).await;
    let seen: Vec<(&str, String)> = rows(&audit)
        .iter()
        .map(|a| {
            (
                a["action"].as_str().unwrap(),
                a["target"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            ("withdrawal.approve", format!("withdrawal:{}", w.withdrawal)),
            ("message.send", format!("user:{}", w.alice)),
            ("deposit.confirm", format!("deposit:{}", w.deposit)),
        ]
    );
    assert_eq!(audit["total"], 3);
    let page2 = get(
        app,
        &format!("/api/admin/users/{}/audit?pageNum=2&pageSize=2", w.alice),
        owner,
    )
    .await;
    assert_eq!((page2["total"].as_u64(), rows(&page2).len()), (Some(3), 1));
    let bob = get(app, &format!("/api/admin/users/{}/audit", w.bob), owner).await;
    assert_eq!(bob["total"], 1);
    assert_eq!(rows(&bob)[0]["reason"], "ticket 10");

    // The audit log is for operators who read it.
    for token in [&w.support, &w.compliance] {
        admin_get(app, &format!("/api/admin/users/{}/audit", w.alice), token)
            .await
            .fails_with(-9);
    }
}

#[tokio::test]
async fn roles_are_refused_money_and_a_missing_user_is_not_found() {
    let w = world().await;
    let app = &w.app;
    let id = w.alice;
    for token in [&w.support, &w.compliance] {
        for path in ["balances", "postings"] {
            admin_get(app, &format!("/api/admin/users/{id}/{path}"), token)
                .await
                .fails_with(-9);
        }
    }
    // Refused before the user is looked up: the refusal tells nothing.
    admin_get(app, "/api/admin/users/999999/balances", &w.support)
        .await
        .fails_with(-9);
    for path in [
        "balances",
        "postings",
        "spot-orders",
        "futures-positions",
        "contract-orders?product=options",
        "sessions",
        "messages",
        "audit",
    ] {
        admin_get(app, &format!("/api/admin/users/999999/{path}"), &w.owner)
            .await
            .fails_with(-6);
    }
}
