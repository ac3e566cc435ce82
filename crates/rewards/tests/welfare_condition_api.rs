//! Rewards need skin in the game (issue 32, finding 4): a throwaway
//! account signed in (0.1 USDT), bought 0.09 USDT of TRX with that reward
//! to claim the first-trade task (1 USDT) and bound an email (1 USDT),
//! about 2.1 USDT an account without ever depositing. Task and sign-in
//! rewards now wait for a confirmed deposit (or the operator's minimum of
//! confirmed deposits), and the first trade counts only when it came
//! after that deposit and the deposits covered it.

use axum::body::Body;
use axum::http::{header, Request};
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use onyx_rewards::api::welfare::welfare_claim;
use onyx_store::entity::{ledger_account, user};
use onyx_testkit::accounts::signed_in;
use onyx_testkit::admin_common::{
    admin_get, admin_post, admin_put, audit_rows, operator, session_for,
};
use onyx_testkit::common::{Reply, TestApp};
use onyx_testkit::fund_reviews;
use onyx_testkit::wallet::{assert_audit_clean, balance, dec, fund};
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};
use serde_json::{json, Value};

struct Welfare {
    app: TestApp,
    admin: String,
    email_task: i64,
    trade_task: i64,
}

/// Deposits open on the shared TRC20 address, the finding's two tasks
/// (1 USDT each) and a calendar whose first day pays 0.1 USDT.
async fn setup() -> Welfare {
    let app = fund_reviews::app().await;
    let admin = operator(&app, "owner", "owner").await;
    let mut ids = Vec::new();
    for kind in ["bind_email", "first_trade"] {
        let t = admin_post(
            &app,
            "/api/admin/welfare/tasks",
            &admin,
            json!({"kind": kind, "title": {"en": kind}, "rewardAmount": "1", "rewardCoin": "USDT", "reason": "newcomer tasks"}),
        )
        .await
        .ok();
        ids.push(t["id"].as_i64().unwrap());
    }
    let days: Vec<Value> = (1..=7)
        .map(|d| json!({"day": d, "amount": "0.1", "coin": "USDT"}))
        .collect();
    admin_put(
        &app,
        "/api/admin/welfare/calendar",
        &admin,
        json!({"days": days, "reason": "calendar"}),
    )
    .await
    .ok();
    Welfare {
        app,
        admin,
        email_task: ids[0],
        trade_task: ids[1],
    }
}

/// A deposit claim the user files and an operator confirms: the only way
/// a user's confirmed deposit comes about.
async fn deposit(w: &Welfare, token: &str, amount: &str, n: u8) {
    let id = fund_reviews::claim(&w.app, token, amount, n).await;
    let d = admin_post(
        &w.app,
        &format!("/api/admin/deposits/{id}/confirm"),
        &w.admin,
        json!({"reason": "received on chain"}),
    )
    .await
    .ok();
    assert_eq!(d["status"], "confirmed");
}

/// A seller resting `qty` TRX at `price`, and the user buying it all.
async fn buy_trx(w: &Welfare, token: &str, price: &str, qty: &str, seller: &str) {
    let (s, st) = signed_in(&w.app, seller).await;
    fund(&w.app, s.id, Wallet::Spot, "TRX", qty).await;
    w.app
        .post_json(
            "/api/currency/order/submit",
            Some(&st),
            json!({"symbol": "trxusdt", "side": "sell", "type": "limit", "price": price, "amount": qty}),
        )
        .await
        .ok();
    w.app
        .post_json(
            "/api/currency/order/submit",
            Some(token),
            json!({"symbol": "trxusdt", "side": "buy", "type": "limit", "price": price, "amount": qty}),
        )
        .await
        .ok();
    let (trx, _) = balance(&w.app, s.id, Wallet::Spot, "TRX").await;
    assert_eq!(trx, Decimal::ZERO, "the sell filled");
}

/// Reward money in the user's spot wallet, posted from `rewards` as the
/// welfare centre paid it before this change (what the finding's account
/// bought its TRX with).
async fn reward_money(app: &TestApp, user_id: i64, amount: &str) {
    let mut txn = app.state.ledger.begin().await.unwrap();
    let reference = PostingRef::Other(format!("test-reward:{user_id}"));
    txn.post(
        &reference,
        vec![Posting {
            kind: PostingKind::Reward,
            asset: "USDT".into(),
            amount: Amount::parse(amount).unwrap(),
            from: Side::available(AccountId::system(SystemAccount::Rewards, "USDT")),
            to: Side::available(AccountId::user(user_id as u64, Wallet::Spot, "USDT")),
            reference: reference.clone(),
            at_ms: chrono::Utc::now().timestamp_millis(),
        }],
    )
    .await
    .unwrap();
    txn.commit().await.unwrap();
}

async fn rewards_account(app: &TestApp) -> Decimal {
    let key = AccountId::system(SystemAccount::Rewards, "USDT").key();
    ledger_account::Entity::find()
        .filter(ledger_account::Column::AccountKey.eq(key))
        .one(&app.state.db)
        .await
        .unwrap()
        .map(|a| a.available.get())
        .unwrap_or_default()
}

async fn claims_of(app: &TestApp, user_id: i64) -> u64 {
    welfare_claim::Entity::find()
        .filter(welfare_claim::Column::UserId.eq(user_id))
        .count(&app.state.db)
        .await
        .unwrap()
}

async fn bind_email(app: &TestApp, user_id: i64, email: &str) {
    let mut row: user::ActiveModel = user::Entity::find_by_id(user_id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .into();
    row.email = Set(Some(email.into()));
    row.update(&app.state.db).await.unwrap();
}

fn task(center: &Value, id: i64) -> Value {
    center["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == id)
        .unwrap()
        .clone()
}

async fn post_in(app: &TestApp, uri: &str, lang: &str, token: &str, body: Value) -> Reply {
    app.send(
        Request::builder()
            .method("POST")
            .uri(uri)
            .header("lang", lang)
            .header("satoken", token)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

#[tokio::test]
async fn the_findings_farming_path_pays_nothing_without_a_deposit() {
    let w = setup().await;
    let app = &w.app;
    let (u, token) = signed_in(app, "throwaway").await;

    // The day's sign-in: refused, in the caller's language, nothing paid.
    let r = post_in(app, "/api/welfare/signIn", "en", &token, json!({})).await;
    r.fails_with(-8105);
    assert!(r.msg.contains("first confirmed deposit"), "{}", r.msg);
    let r = post_in(app, "/api/welfare/signIn", "zh", &token, json!({})).await;
    r.fails_with(-8105);
    assert!(r.msg.contains("入金"), "{}", r.msg);

    // A trade bought with reward money (as the old sign-in paid it).
    reward_money(app, u.id, "0.1").await;
    buy_trx(&w, &token, "0.1", "0.9", "trx-seller").await;
    let center = app.get("/api/welfare/center", Some(&token)).await.ok();
    assert_eq!(
        (
            task(&center, w.trade_task)["done"].as_bool(),
            center["condition"]["met"].as_bool(),
            center["condition"]["minDeposit"].as_str(),
        ),
        (Some(false), Some(false), Some("0")),
        "a bonus-funded first trade does not qualify"
    );
    app.post_json(
        "/api/welfare/claim",
        Some(&token),
        json!({"taskId": w.trade_task}),
    )
    .await
    .fails_with(-8102);

    // The email is bound: the task is done but not paid before a deposit.
    bind_email(app, u.id, "throwaway@example.com").await;
    let center = app.get("/api/welfare/center", Some(&token)).await.ok();
    assert_eq!(task(&center, w.email_task)["done"].as_bool(), Some(true));
    let r = post_in(
        app,
        "/api/welfare/claim",
        "en",
        &token,
        json!({"taskId": w.email_task}),
    )
    .await;
    r.fails_with(-8105);

    assert_eq!(claims_of(app, u.id).await, 0, "nothing was claimed");
    assert_eq!(
        rewards_account(app).await,
        dec("-0.1"),
        "only the test's own reward left the rewards account"
    );
    assert_audit_clean(app).await;
}

#[tokio::test]
async fn after_a_confirmed_deposit_the_same_path_is_paid_once() {
    let w = setup().await;
    let app = &w.app;
    let (u, token) = signed_in(app, "newcomer").await;
    // A trade before any deposit, paid with reward money, never counts.
    reward_money(app, u.id, "0.1").await;
    buy_trx(&w, &token, "0.1", "0.9", "early-seller").await;
    bind_email(app, u.id, "newcomer@example.com").await;

    deposit(&w, &token, "10", 1).await;
    let center = app.get("/api/welfare/center", Some(&token)).await.ok();
    assert_eq!(
        (
            center["condition"]["met"].as_bool(),
            center["condition"]["deposited"].as_str(),
            task(&center, w.trade_task)["done"].as_bool(),
        ),
        (Some(true), Some("10"), Some(false)),
        "the trade before the deposit does not count"
    );

    // The day's sign-in and the email task are paid, each once.
    let c = app
        .post_query("/api/welfare/signIn", Some(&token))
        .await
        .ok();
    assert_eq!(c["amount"], "0.1");
    app.post_query("/api/welfare/signIn", Some(&token))
        .await
        .fails_with(-8104);
    app.post_json(
        "/api/welfare/claim",
        Some(&token),
        json!({"taskId": w.email_task}),
    )
    .await
    .ok();
    app.post_json(
        "/api/welfare/claim",
        Some(&token),
        json!({"taskId": w.email_task}),
    )
    .await
    .fails_with(-8103);

    // A trade after the deposit, covered by it, earns the first-trade task.
    buy_trx(&w, &token, "0.1", "10", "later-seller").await;
    let center = app.get("/api/welfare/center", Some(&token)).await.ok();
    assert_eq!(task(&center, w.trade_task)["done"].as_bool(), Some(true));
    let c = app
        .post_json(
            "/api/welfare/claim",
            Some(&token),
            json!({"taskId": w.trade_task}),
        )
        .await
        .ok();
    assert_eq!(
        (c["amount"].as_str(), c["kind"].as_str()),
        (Some("1"), Some("task"))
    );
    app.post_json(
        "/api/welfare/claim",
        Some(&token),
        json!({"taskId": w.trade_task}),
    )
    .await
    .fails_with(-8103);

    assert_eq!(claims_of(app, u.id).await, 3);
    // 0.1 test reward + 0.1 sign-in + 1 + 1 from rewards.
    assert_eq!(rewards_account(app).await, dec("-2.2"));
    assert_audit_clean(app).await;
}

/// A deposit smaller than the trade: the rest of the trade was reward
/// money, so it does not earn the first-trade task; a trade the deposit
/// covers does.
#[tokio::test]
async fn a_trade_bigger_than_the_deposits_does_not_earn_the_first_trade_task() {
    let w = setup().await;
    let app = &w.app;
    let (u, token) = signed_in(app, "small").await;
    deposit(&w, &token, "1", 2).await;
    reward_money(app, u.id, "5").await;
    // 20 TRX at 0.1 = 2 USDT: 1 of it can only have been reward money.
    buy_trx(&w, &token, "0.1", "20", "big-seller").await;
    let center = app.get("/api/welfare/center", Some(&token)).await.ok();
    assert_eq!(task(&center, w.trade_task)["done"].as_bool(), Some(false));
    app.post_json(
        "/api/welfare/claim",
        Some(&token),
        json!({"taskId": w.trade_task}),
    )
    .await
    .fails_with(-8102);
    // 5 TRX = 0.5 USDT, within the 1 USDT deposited.
    buy_trx(&w, &token, "0.1", "5", "small-seller").await;
    app.post_json(
        "/api/welfare/claim",
        Some(&token),
        json!({"taskId": w.trade_task}),
    )
    .await
    .ok();
    assert_eq!(claims_of(app, u.id).await, 1);
    assert_audit_clean(app).await;
}

/// A deposit withdrawn again no longer pays for a trade: deposit, take it
/// all out, then trade with reward money.
#[tokio::test]
async fn a_deposit_withdrawn_again_does_not_cover_a_trade() {
    let w = setup().await;
    let app = &w.app;
    let (u, token) = signed_in(app, "roundtrip").await;
    deposit(&w, &token, "30", 5).await;
    let id = fund_reviews::withdraw(app, &token, "30").await;
    admin_post(
        app,
        &format!("/api/admin/withdrawals/{id}/approve"),
        &w.admin,
        json!({"txHash": "f00d", "reason": "sent"}),
    )
    .await
    .ok();
    assert_eq!(
        balance(app, u.id, Wallet::Spot, "USDT").await.0,
        Decimal::ZERO
    );
    reward_money(app, u.id, "1").await;
    buy_trx(&w, &token, "0.1", "5", "roundtrip-seller").await;
    let center = app.get("/api/welfare/center", Some(&token)).await.ok();
    assert_eq!(
        (
            center["condition"]["met"].as_bool(),
            task(&center, w.trade_task)["done"].as_bool()
        ),
        (Some(true), Some(false)),
        "the condition stays met, but nothing deposited is left to pay for the trade"
    );
    assert_audit_clean(app).await;
}

/// The operator's minimum: confirmed deposits must reach it; the refusal
/// names it and what the user has; the change is audited.
#[tokio::test]
async fn an_operators_minimum_deposit_holds_rewards_until_it_is_reached() {
    let w = setup().await;
    let app = &w.app;
    let support = operator(app, "helper", "support").await;
    admin_put(
        app,
        "/api/admin/welfare/condition",
        &support,
        json!({"minDeposit": "20", "reason": "r"}),
    )
    .await
    .fails_with(-9);
    admin_put(
        app,
        "/api/admin/welfare/condition",
        &w.admin,
        json!({"minDeposit": "-1", "reason": "r"}),
    )
    .await
    .fails_with(-4);
    admin_put(
        app,
        "/api/admin/welfare/condition",
        &w.admin,
        json!({"minDeposit": "20"}),
    )
    .await
    .fails_with(-2004);
    let set = admin_put(
        app,
        "/api/admin/welfare/condition",
        &w.admin,
        json!({"minDeposit": "20.00", "reason": "farmers"}),
    )
    .await
    .ok();
    assert_eq!(set["minDeposit"], "20");
    assert_eq!(
        admin_get(app, "/api/admin/welfare/condition", &w.admin)
            .await
            .ok()["minDeposit"],
        "20"
    );
    let audit = audit_rows(app, &w.admin, "welfare.condition_update").await;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0]["target"], "welfare_condition:deposit");

    let (u, token) = signed_in(app, "saver").await;
    deposit(&w, &token, "10", 3).await;
    let r = app.post_query("/api/welfare/signIn", Some(&token)).await;
    r.fails_with(-8106);
    assert!(
        r.msg.contains("20 USDT") && r.msg.contains("10 USDT"),
        "{}",
        r.msg
    );
    let center = app.get("/api/welfare/center", Some(&token)).await.ok();
    assert_eq!(
        center["condition"],
        json!({"minDeposit": "20", "deposited": "10", "met": false})
    );
    assert_eq!(claims_of(app, u.id).await, 0);

    deposit(&w, &token, "10", 4).await;
    app.post_query("/api/welfare/signIn", Some(&token))
        .await
        .ok();
    assert_eq!(
        balance(app, u.id, Wallet::Spot, "USDT").await.0,
        dec("20.1")
    );
    assert_audit_clean(app).await;
}

/// `onyx serve --demo`: the demo user's opening balance is a confirmed
/// deposit, so the welfare centre shows the condition met and pays.
#[tokio::test]
async fn the_demo_user_has_a_confirmed_deposit_and_is_paid() {
    let app = TestApp::spawn_demo().await;
    let demo = user::Entity::find()
        .filter(user::Column::Username.eq("demo"))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    let token = session_for(&app, demo.id).await;
    let center = app.get("/api/welfare/center", Some(&token)).await.ok();
    assert_eq!(center["condition"]["met"], true);
    assert_eq!(center["condition"]["minDeposit"], "0");
    let before = balance(&app, demo.id, Wallet::Spot, "USDT").await.0;
    let c = app
        .post_query("/api/welfare/signIn", Some(&token))
        .await
        .ok();
    let paid = dec(c["amount"].as_str().unwrap());
    assert!(paid > Decimal::ZERO);
    assert_eq!(
        balance(&app, demo.id, Wallet::Spot, "USDT").await.0,
        before + paid
    );
    assert_audit_clean(&app).await;
}
