//! The welfare centre: tasks measured from what the user did, each reward
//! paid once from the rewards account (also when two claims race), and
//! the daily sign-in calendar with its streak across UTC days.

use chrono::{TimeZone, Utc};
use onyx_kernel::clock::ManualClock;
use onyx_kernel::ledger::{AccountId, SystemAccount, Wallet};
use onyx_platform::Context;
use onyx_rewards::api::welfare;
use onyx_store::entity::{ledger_account, user};
use onyx_testkit::accounts::signed_in;
use onyx_testkit::admin_common::{admin_get, admin_post, admin_put, audit_rows, operator};
use onyx_testkit::common::TestApp;
use onyx_testkit::wallet::{assert_audit_clean, balance, dec, fund};
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::{json, Value};
use std::sync::Arc;

const DAY_MS: i64 = 86_400_000;

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

fn at(app: &TestApp, ms: i64) -> Context {
    let mut ctx = app.state.ctx.clone();
    ctx.clock = Arc::new(ManualClock::at(Utc.timestamp_millis_opt(ms).unwrap()));
    ctx
}

async fn setup() -> (TestApp, String, i64, i64) {
    let app = TestApp::spawn().await;
    let admin = operator(&app, "owner", "owner").await;
    let task = |kind: &str, threshold: &str, reward: &str| json!({"kind": kind, "title": {"en": kind}, "threshold": threshold, "rewardAmount": reward, "rewardCoin": "usdt", "reason": "tasks"});
    let email = admin_post(
        &app,
        "/api/admin/welfare/tasks",
        &admin,
        task("bind_email", "1", "1"),
    )
    .await
    .ok()["id"]
        .as_i64()
        .unwrap();
    let volume = admin_post(
        &app,
        "/api/admin/welfare/tasks",
        &admin,
        task("spot_volume", "100", "5"),
    )
    .await
    .ok()["id"]
        .as_i64()
        .unwrap();
    let days: Vec<Value> = (1..=7)
        .map(|d| json!({"day": d, "amount": format!("0.{d}"), "coin": "USDT"}))
        .collect();
    admin_put(
        &app,
        "/api/admin/welfare/calendar",
        &admin,
        json!({"days": days, "reason": "calendar"}),
    )
    .await
    .ok();
    (app, admin, email, volume)
}

fn s(v: &Value) -> String {
    v.as_str()
        .unwrap_or_else(|| panic!("not a string: {v}"))
        .to_string()
}

#[tokio::test]
async fn a_task_pays_once_when_done_and_progress_comes_from_real_events() {
    let (app, admin, email_task, volume_task) = setup().await;
    let (u, token) = signed_in(&app, "newcomer").await;
    // Rewards wait for a confirmed deposit (welfare_condition_api.rs).
    fund(&app, u.id, Wallet::Spot, "USDT", "200").await;
    let center = app.get("/api/welfare/center", Some(&token)).await.ok();
    assert_eq!(center["tasks"].as_array().unwrap().len(), 2);
    assert_eq!(
        (
            center["tasks"][0]["done"].as_bool(),
            s(&center["tasks"][0]["current"])
        ),
        (Some(false), "0".into())
    );
    app.post_json(
        "/api/welfare/claim",
        Some(&token),
        json!({"taskId": email_task}),
    )
    .await
    .fails_with(-8102);
    app.post_json("/api/welfare/claim", Some(&token), json!({"taskId": 999}))
        .await
        .fails_with(-8101);
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await.0,
        dec("200")
    );

    // The email is bound: the task is done, and pays once even when two
    // claims arrive together.
    let mut row: user::ActiveModel = user::Entity::find_by_id(u.id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .into();
    row.email = Set(Some("newcomer@example.com".into()));
    row.update(&app.state.db).await.unwrap();
    let (a, b) = tokio::join!(
        welfare::claim_task(&app.state.ctx, u.id, email_task),
        welfare::claim_task(&app.state.ctx, u.id, email_task)
    );
    assert!(
        a.is_ok() != b.is_ok(),
        "exactly one claim is paid: {a:?} {b:?}"
    );
    app.post_json(
        "/api/welfare/claim",
        Some(&token),
        json!({"taskId": email_task}),
    )
    .await
    .fails_with(-8103);
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await.0,
        dec("201")
    );
    assert_eq!(rewards_account(&app).await, dec("-1"));

    // Spot volume: 60 of 100 USDT, then past it.
    let (seller, st) = signed_in(&app, "seller").await;
    fund(&app, seller.id, Wallet::Spot, "BTC", "2").await;
    for amount in ["0.6", "0.5"] {
        app.post_json("/api/currency/order/submit", Some(&st), json!({"symbol": "btcusdt", "side": "sell", "type": "limit", "price": "100", "amount": amount})).await.ok();
        app.post_json("/api/currency/order/submit", Some(&token), json!({"symbol": "btcusdt", "side": "buy", "type": "limit", "price": "100", "amount": amount})).await.ok();
        let center = app.get("/api/welfare/center", Some(&token)).await.ok();
        let t = center["tasks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == volume_task)
            .unwrap()
            .clone();
        if amount == "0.6" {
            assert_eq!(
                (s(&t["current"]), s(&t["target"]), t["done"].as_bool()),
                ("60".into(), "100".into(), Some(false))
            );
            app.post_json(
                "/api/welfare/claim",
                Some(&token),
                json!({"taskId": volume_task}),
            )
            .await
            .fails_with(-8102);
        } else {
            assert_eq!(
                (s(&t["current"]), t["done"].as_bool()),
                ("100".into(), Some(true))
            );
        }
    }
    let c = app
        .post_json(
            "/api/welfare/claim",
            Some(&token),
            json!({"taskId": volume_task}),
        )
        .await
        .ok();
    assert_eq!(
        (s(&c["amount"]), s(&c["coin"]), s(&c["kind"])),
        ("5".into(), "USDT".into(), "task".into())
    );
    let history = app
        .get("/api/welfare/claims?pageNum=1&pageSize=10", Some(&token))
        .await
        .ok();
    assert_eq!(history["total"], 2);
    // A switched-off task cannot be claimed.
    admin_put(
        &app,
        &format!("/api/admin/welfare/tasks/{email_task}"),
        &admin,
        json!({"status": 0, "reason": "retired"}),
    )
    .await
    .ok();
    let center = app.get("/api/welfare/center", Some(&token)).await.ok();
    assert_eq!(center["tasks"].as_array().unwrap().len(), 1);
    assert_eq!(
        audit_rows(&app, &admin, "welfare.task_update").await.len(),
        1
    );
    assert_audit_clean(&app).await;
}

/// The first deposit and the first trade are read from the user's own
/// postings, found through the user's accounts: another user's deposit
/// or trade does not count.
#[tokio::test]
async fn first_deposit_and_first_trade_count_only_the_users_own_postings() {
    let (app, admin, _, _) = setup().await;
    for kind in ["first_deposit", "first_trade"] {
        admin_post(
            &app,
            "/api/admin/welfare/tasks",
            &admin,
            json!({"kind": kind, "title": {"en": kind}, "threshold": "1", "rewardAmount": "1", "rewardCoin": "usdt", "reason": "tasks"}),
        )
        .await
        .ok();
    }
    let done = |center: Value| -> Vec<(String, bool)> {
        center["tasks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| s(&t["kind"]).starts_with("first_"))
            .map(|t| (s(&t["kind"]), t["done"].as_bool().unwrap()))
            .collect()
    };
    let (buyer, bt) = signed_in(&app, "buyer").await;
    let (seller, st) = signed_in(&app, "seller").await;
    let (_, idle) = signed_in(&app, "idle").await;
    let nothing = vec![
        ("first_deposit".to_string(), false),
        ("first_trade".to_string(), false),
    ];
    assert_eq!(
        done(app.get("/api/welfare/center", Some(&bt)).await.ok()),
        nothing
    );

    fund(&app, seller.id, Wallet::Spot, "BTC", "1").await;
    // The seller's first trade must be covered by what they deposited,
    // valued in USDT: BTC has no fresh index price here, so USDT too.
    fund(&app, seller.id, Wallet::Spot, "USDT", "100").await;
    fund(&app, buyer.id, Wallet::Spot, "USDT", "200").await;
    assert_eq!(
        done(app.get("/api/welfare/center", Some(&bt)).await.ok()),
        vec![
            ("first_deposit".to_string(), true),
            ("first_trade".to_string(), false)
        ]
    );
    app.post_json("/api/currency/order/submit", Some(&st), json!({"symbol": "btcusdt", "side": "sell", "type": "limit", "price": "100", "amount": "0.5"})).await.ok();
    app.post_json("/api/currency/order/submit", Some(&bt), json!({"symbol": "btcusdt", "side": "buy", "type": "limit", "price": "100", "amount": "0.5"})).await.ok();
    for token in [&bt, &st] {
        assert_eq!(
            done(app.get("/api/welfare/center", Some(token)).await.ok()),
            vec![
                ("first_deposit".to_string(), true),
                ("first_trade".to_string(), true)
            ]
        );
    }
    assert_eq!(
        done(app.get("/api/welfare/center", Some(&idle)).await.ok()),
        nothing
    );
}

#[tokio::test]
async fn the_sign_in_calendar_follows_consecutive_utc_days() {
    let (app, _, _, _) = setup().await;
    let (u, token) = signed_in(&app, "daily").await;
    fund(&app, u.id, Wallet::Spot, "USDT", "1").await;
    let day0 = Utc::now().timestamp_millis().div_euclid(DAY_MS) * DAY_MS + 3_600_000;
    // Day one, then once more the same day: refused.
    let c = welfare::sign_in(&at(&app, day0), u.id).await.unwrap();
    assert_eq!(
        (c.amount.as_str(), c.title.as_str()),
        ("0.1", "Day 1 sign-in")
    );
    assert!(welfare::sign_in(&at(&app, day0 + 3_600_000), u.id)
        .await
        .is_err());
    // The next two days continue the streak.
    welfare::sign_in(&at(&app, day0 + DAY_MS), u.id)
        .await
        .unwrap();
    let c = welfare::sign_in(&at(&app, day0 + 2 * DAY_MS), u.id)
        .await
        .unwrap();
    assert_eq!(c.amount, "0.3");
    let center = welfare::center(&at(&app, day0 + 2 * DAY_MS), u.id, "en")
        .await
        .unwrap();
    assert_eq!(
        (
            center.sign_in.streak,
            center.sign_in.signed_today,
            center.sign_in.next_day
        ),
        (3, true, 4)
    );
    // A missed day starts again at day 1.
    let c = welfare::sign_in(&at(&app, day0 + 4 * DAY_MS), u.id)
        .await
        .unwrap();
    assert_eq!(c.amount, "0.1");
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await.0,
        dec("1.7")
    );
    // Through the API: today's sign-in, then refused.
    let (o, other) = signed_in(&app, "api").await;
    fund(&app, o.id, Wallet::Spot, "USDT", "1").await;
    app.post_query("/api/welfare/signIn", Some(&other))
        .await
        .ok();
    app.post_query("/api/welfare/signIn", Some(&other))
        .await
        .fails_with(-8104);
    let center = app.get("/api/welfare/center", Some(&other)).await.ok();
    assert_eq!(
        (
            center["signIn"]["streak"].as_i64(),
            center["signIn"]["signedToday"].as_bool()
        ),
        (Some(1), Some(true))
    );
    assert_eq!(center["signIn"]["days"].as_array().unwrap().len(), 7);
    let _ = token;
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn operators_define_tasks_and_the_calendar_with_checks() {
    let (app, admin, _, _) = setup().await;
    let support = operator(&app, "helper", "support").await;
    admin_post(
        &app,
        "/api/admin/welfare/tasks",
        &support,
        json!({"kind": "bind_phone", "title": {"en": "x"}, "reason": "r"}),
    )
    .await
    .fails_with(-9);
    admin_post(
        &app,
        "/api/admin/welfare/tasks",
        &admin,
        json!({"kind": "dance", "title": {"en": "x"}, "reason": "r"}),
    )
    .await
    .fails_with(-4);
    admin_post(
        &app,
        "/api/admin/welfare/tasks",
        &admin,
        json!({"kind": "bind_phone", "title": {"en": "x"}, "rewardAmount": "-1", "reason": "r"}),
    )
    .await
    .fails_with(-4);
    admin_post(
        &app,
        "/api/admin/welfare/tasks",
        &admin,
        json!({"kind": "bind_phone", "title": {"en": "x"}}),
    )
    .await
    .fails_with(-2004);
    admin_put(
        &app,
        "/api/admin/welfare/calendar",
        &admin,
        json!({"days": [{"day": 8, "amount": "1"}], "reason": "r"}),
    )
    .await
    .fails_with(-4);
    admin_put(
        &app,
        "/api/admin/welfare/calendar",
        &admin,
        json!({"days": [{"day": 1, "amount": "1"}, {"day": 1, "amount": "2"}], "reason": "r"}),
    )
    .await
    .fails_with(-4);
    assert_eq!(
        audit_rows(&app, &admin, "welfare.calendar_update")
            .await
            .len(),
        1
    );
}

#[tokio::test]
async fn the_calendars_audit_entries_are_found_by_the_audit_logs_target_filter() {
    let (app, admin, _, _) = setup().await;
    admin_put(
        &app,
        "/api/admin/welfare/calendar",
        &admin,
        json!({"days": [{"day": 1, "amount": "2", "coin": "USDT"}], "reason": "a shorter week"}),
    )
    .await
    .ok();
    let target = onyx_rewards::api::welfare::CALENDAR_TARGET;
    assert_eq!(
        target, "welfare_calendar:sign_in",
        "kind:id like every target"
    );
    let found = admin_get(&app, &format!("/api/admin/audit?target={target}"), &admin)
        .await
        .ok();
    let reasons: Vec<&str> = found["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            assert_eq!(r["action"], "welfare.calendar_update");
            assert_eq!(r["target"], target);
            r["reason"].as_str().unwrap()
        })
        .collect();
    assert_eq!(reasons, ["a shorter week", "calendar"], "newest first");
    // With the action too (what the console's note after a write asks).
    let both = admin_get(
        &app,
        &format!("/api/admin/audit?action=welfare.calendar_update&target={target}&pageSize=1"),
        &admin,
    )
    .await
    .ok();
    assert_eq!(both["total"], 2);
    assert_eq!(both["rows"][0]["reason"], "a shorter week");
    // A task's entries are not the calendar's.
    let tasks = audit_rows(&app, &admin, "welfare.task_create").await;
    assert!(!tasks.is_empty());
    assert!(tasks.iter().all(|r| r["target"] != target));
}

/// A task's kind or status, or a claim's kind, that the row does not name
/// is refused when read: never taken for a task that is on or done.
#[tokio::test]
async fn a_kind_or_status_the_row_does_not_name_is_refused_on_read() {
    use onyx_rewards::api::welfare::{welfare_claim, welfare_task};
    use sea_orm::{ConnectionTrait, Statement};
    let (app, _, email, _) = setup().await;
    let (u, token) = signed_in(&app, "claimer").await;
    fund(&app, u.id, Wallet::Spot, "USDT", "1").await;
    app.post_query("/api/welfare/signIn", Some(&token))
        .await
        .ok();
    let db = &app.state.db;
    let set = |sql: String| async move {
        db.execute(Statement::from_string(db.get_database_backend(), sql))
            .await
            .unwrap();
    };
    for (column, bad, good) in [("kind", "'bogus'", "'bind_email'"), ("status", "5", "1")] {
        set(format!(
            "UPDATE welfare_tasks SET {column} = {bad} WHERE id = {email}"
        ))
        .await;
        let read = welfare_task::Entity::find_by_id(email).one(db).await;
        assert!(read.is_err(), "task {column} = {bad}: {read:?}");
        set(format!(
            "UPDATE welfare_tasks SET {column} = {good} WHERE id = {email}"
        ))
        .await;
        assert!(welfare_task::Entity::find_by_id(email)
            .one(db)
            .await
            .is_ok());
    }
    assert_eq!(
        welfare_claim::Entity::find().all(db).await.unwrap().len(),
        1
    );
    set("UPDATE welfare_claims SET kind = 'bogus'".into()).await;
    assert!(welfare_claim::Entity::find().all(db).await.is_err());
}
