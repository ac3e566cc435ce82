//! Finance and staking orders through the API and the accrual sweep run at
//! chosen instants: subscriptions that hold the principal and set aside
//! the interest, refusals that change nothing, daily and at-maturity
//! payment, published rate changes, early redemption by rule, renewal,
//! a sweep resumed after any run, and the operators' calls. The ledger,
//! the holds and `onyx verify` are checked after each.

use chrono::{TimeZone, Utc};
use onyx_earn::api::accrual;
use onyx_earn::api::rules::{day_of, start_of, DAY_MS};
use onyx_earn::api::{earn_accrual, earn_rate};
use onyx_kernel::clock::ManualClock;
use onyx_kernel::ledger::{AccountId, SystemAccount, Wallet};
use onyx_platform::scheduler::Progress;
use onyx_platform::Context;
use onyx_store::DecimalText;
use onyx_testkit::accounts::signed_in;
use onyx_testkit::admin_common::{admin_get, admin_post, admin_put, audit_rows, operator};
use onyx_testkit::common::{Reply, TestApp};
use onyx_testkit::wallet::{assert_audit_clean, balance, dec, fund};
use onyx_testkit::wallet_calls::post_keyed;
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, Set};
use serde_json::{json, Value};
use std::sync::Arc;

const DAILY_5: &str = "0.01369863"; // 100 × 5 % / 365, rounded down

struct Earn {
    app: TestApp,
    admin: String,
    finance: i64,
    staking: i64,
}

fn s(v: &Value) -> String {
    v.as_str()
        .unwrap_or_else(|| panic!("not a string: {v}"))
        .to_string()
}

/// The application's context with the clock standing at `ms`.
fn at(app: &TestApp, ms: i64) -> Context {
    let mut ctx = app.state.ctx.clone();
    ctx.clock = Arc::new(ManualClock::at(Utc.timestamp_millis_opt(ms).unwrap()));
    ctx
}

async fn sweep_at(app: &TestApp, ms: i64) -> Progress {
    accrual::sweep(&at(app, ms)).await.unwrap()
}

async fn sweep_all_at(app: &TestApp, ms: i64) -> u32 {
    let mut runs = 1;
    while sweep_at(app, ms).await == Progress::More {
        runs += 1;
        assert!(runs < 1_000, "the sweep never catches up");
    }
    runs
}

async fn product(app: &TestApp, admin: &str, body: Value) -> i64 {
    admin_post(app, "/api/admin/earn/products", admin, body)
        .await
        .ok()["id"]
        .as_i64()
        .unwrap()
}

async fn publish(app: &TestApp, product_id: i64, from_day: i64, rate: &str) {
    earn_rate::ActiveModel {
        id: NotSet,
        product_id: Set(product_id),
        from_day: Set(from_day),
        rate: Set(DecimalText::from(dec(rate))),
        published_at: Set(0),
        published_by: Set("test".into()),
    }
    .insert(&app.state.db)
    .await
    .unwrap();
}

/// An app with a funded finance house, a 7-day 5 % finance product paying
/// daily (forfeit on early redemption) and a 30-day staking product paying
/// at maturity (5 % penalty), its rate 0.1 %/day since long ago.
async fn setup(house: &str) -> Earn {
    let app = TestApp::spawn().await;
    let admin = operator(&app, "owner", "owner").await;
    if house != "0" {
        admin_post(
            &app,
            "/api/admin/earn/house/fund",
            &admin,
            json!({"coin": "usdt", "amount": house, "reason": "fund the finance house"}),
        )
        .await
        .ok();
    }
    let finance = product(
        &app,
        &admin,
        json!({
            "kind": "finance", "title": {"en": "Fixed", "zh": "定期"}, "coin": "USDT",
            "terms": [{"days": 7, "apr": "5"}, {"days": 30, "apr": "8"}],
            "limitMin": "10", "limitMax": "10000", "timeLimit": 3, "totalCap": "1000",
            "earlyRule": "forfeit", "settlementType": 1, "autoRenew": true, "status": 1,
            "reason": "a product to test"
        }),
    )
    .await;
    let staking = product(
        &app,
        &admin,
        json!({
            "kind": "staking", "title": {"en": "Stake"}, "coin": "USDT", "terms": [{"days": 30}],
            "limitMin": "20", "limitMax": "5000", "earlyRule": "penalty", "penalty": "0.05",
            "settlementType": 2, "status": 1, "reason": "a product to test"
        }),
    )
    .await;
    publish(&app, staking, 0, "0.1").await;
    Earn {
        app,
        admin,
        finance,
        staking,
    }
}

async fn subscribe(app: &TestApp, token: &str, plan: i64, money: &str, days: i32) -> Reply {
    app.post_query(
        &format!("/api/financial/submit?planId={plan}&money={money}&days={days}"),
        Some(token),
    )
    .await
}

async fn stake(app: &TestApp, token: &str, plan: i64, amount: &str) -> Reply {
    app.post_json(
        "/api/mingOrder/submit",
        Some(token),
        json!({"planId": plan, "amount": amount}),
    )
    .await
}

async fn audited(app: &TestApp) {
    assert_audit_clean(app).await;
    assert!(
        onyx_server::holds::run(&app.state.db).await.unwrap(),
        "holds match the frozen balances"
    );
    let v = onyx_earn::api::verify(&app.state.db).await.unwrap();
    assert!(v.mismatches.is_empty(), "verify: {:?}", v.mismatches);
}

async fn spot(app: &TestApp, user: i64) -> Decimal {
    balance(app, user, Wallet::Spot, "USDT").await.0
}

async fn held(app: &TestApp, user: i64) -> Decimal {
    balance(app, user, Wallet::Finance, "USDT").await.1
}

async fn house(app: &TestApp) -> Decimal {
    let key = AccountId::system(SystemAccount::FinanceHouse, "USDT").key();
    onyx_store::entity::ledger_account::Entity::find()
        .filter(onyx_store::entity::ledger_account::Column::AccountKey.eq(key))
        .one(&app.state.db)
        .await
        .unwrap()
        .map(|a| a.available.get())
        .unwrap_or_default()
}

async fn order(app: &TestApp, token: &str, kind: &str, id: i64) -> Value {
    let path = if kind == "finance" {
        "/api/order/list"
    } else {
        "/api/mingOrder/list"
    };
    let page = app
        .post_query(&format!("{path}?pageNum=1&pageSize=50"), Some(token))
        .await
        .ok();
    page["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["id"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("order {id} not listed"))
}

#[tokio::test]
async fn a_subscription_holds_the_principal_pays_each_day_and_returns_it_at_maturity() {
    let e = setup("1000").await;
    let app = &e.app;
    let (u, token) = signed_in(app, "saver").await;
    fund(app, u.id, Wallet::Spot, "USDT", "1000").await;
    let before =
        onyx_earn::api::rules::Term::from_subscription(Utc::now().timestamp_millis(), 7).unwrap();
    let o = subscribe(app, &token, e.finance, "100", 7).await.ok();
    let id = o["id"].as_i64().unwrap();
    // The term starts at the next 00:00 UTC (the test may cross midnight).
    let start = o["startTime"].as_i64().unwrap();
    assert!(
        start == start_of(before.start).unwrap() || start == start_of(before.start + 1).unwrap()
    );
    assert_eq!(o["endTime"].as_i64().unwrap(), start + 7 * DAY_MS);
    assert_eq!(o["nextPayout"].as_i64().unwrap(), start + DAY_MS);
    assert_eq!(
        (s(&o["apr"]), s(&o["estimatedEarn"]), o["status"].as_i64()),
        ("5".into(), "0.09589041".into(), Some(0))
    );
    assert_eq!(spot(app, u.id).await, dec("900"));
    assert_eq!(held(app, u.id).await, dec("100"));
    audited(app).await;

    // Nothing is due until the first day has passed, however often it runs.
    assert_eq!(sweep_at(app, start + DAY_MS - 1).await, Progress::Done);
    assert_eq!(spot(app, u.id).await, dec("900"));
    // The first day, paid once however often the sweep runs.
    for _ in 0..3 {
        sweep_at(app, start + DAY_MS + 1_000).await;
    }
    assert_eq!(spot(app, u.id).await, dec("900") + dec(DAILY_5));
    let shown = order(app, &token, "finance", id).await;
    assert_eq!(
        (s(&shown["accumulaEarn"]), s(&shown["paidEarn"])),
        (DAILY_5.into(), DAILY_5.into())
    );
    assert_eq!(shown["nextPayout"].as_i64().unwrap(), start + 2 * DAY_MS);
    audited(app).await;

    // Long after maturity: every day once, and the principal back.
    sweep_all_at(app, start + 20 * DAY_MS).await;
    assert_eq!(spot(app, u.id).await, dec("1000.09589041"));
    assert_eq!(held(app, u.id).await, Decimal::ZERO);
    let shown = order(app, &token, "finance", id).await;
    assert_eq!(
        (shown["status"].as_i64(), s(&shown["accumulaEarn"])),
        (Some(1), "0.09589041".into())
    );
    assert!(shown["nextPayout"].is_null());
    let days = earn_accrual::Entity::find()
        .filter(earn_accrual::Column::OrderId.eq(id))
        .all(&app.state.db)
        .await
        .unwrap();
    assert_eq!(days.len(), 7);
    assert!(days
        .iter()
        .all(|d| d.rate.get() == dec("5") && d.amount.get() == dec(DAILY_5)));
    assert_eq!(house(app).await, dec("1000") - dec("0.09589041"));
    let income = app
        .post_query("/api/financial/personalIncome", Some(&token))
        .await
        .ok();
    assert_eq!(
        (
            s(&income["sumAmount"]),
            s(&income["sumEarn"]),
            s(&income["position"])
        ),
        ("100".into(), "0.09589041".into(), "0".into())
    );
    audited(app).await;
}

#[tokio::test]
async fn refusals_change_nothing() {
    let e = setup("0.05").await;
    let app = &e.app;
    let (u, token) = signed_in(app, "careful").await;
    fund(app, u.id, Wallet::Spot, "USDT", "50").await;
    subscribe(app, &token, e.finance, "9.99", 7)
        .await
        .fails_with(-8002);
    subscribe(app, &token, e.finance, "10", 8)
        .await
        .fails_with(-8003);
    subscribe(app, &token, e.finance, "10.000000001", 7)
        .await
        .fails_with(-4003);
    subscribe(app, &token, e.finance, "60", 7)
        .await
        .fails_with(-4001);
    subscribe(app, &token, 999, "10", 7).await.fails_with(-8001);
    subscribe(app, &token, e.staking, "20", 30)
        .await
        .fails_with(-8001);
    // 0.05 USDT in the house covers 10 USDT × 5 % × 7 / 365 = 0.0095…, not
    // 30 days of 40 USDT at 8 %.
    subscribe(app, &token, e.finance, "40", 30)
        .await
        .fails_with(-8007);
    let detail = app
        .post_query(&format!("/api/financial/{}", e.finance), None)
        .await
        .ok();
    assert_eq!(
        (
            s(&detail["days"]),
            s(&detail["process"]),
            detail["buyPurchase"].as_u64()
        ),
        ("7,30".into(), "0.00".into(), Some(0))
    );
    assert_eq!(spot(app, u.id).await, dec("50"));
    assert_eq!(held(app, u.id).await, Decimal::ZERO);

    // Three purchases is the limit.
    for _ in 0..3 {
        subscribe(app, &token, e.finance, "10", 7).await.ok();
    }
    subscribe(app, &token, e.finance, "10", 7)
        .await
        .fails_with(-8004);
    assert_eq!(spot(app, u.id).await, dec("20"));

    // A product switched off, a VIP level out of reach, a cap reached.
    admin_put(
        app,
        &format!("/api/admin/earn/products/{}", e.finance),
        &e.admin,
        json!({"status": 0, "reason": "pause"}),
    )
    .await
    .ok();
    stake(app, &token, e.finance, "20").await.fails_with(-8001);
    subscribe(app, &token, e.finance, "10", 7)
        .await
        .fails_with(-8001);
    admin_put(
        app,
        &format!("/api/admin/earn/products/{}", e.finance),
        &e.admin,
        json!({"status": 1, "level": 3, "timeLimit": 0, "reason": "vip"}),
    )
    .await
    .ok();
    subscribe(app, &token, e.finance, "10", 7)
        .await
        .fails_with(-8006);
    admin_put(
        app,
        &format!("/api/admin/earn/products/{}", e.finance),
        &e.admin,
        json!({"level": 0, "totalCap": "35", "reason": "cap"}),
    )
    .await
    .ok();
    let r = subscribe(app, &token, e.finance, "10", 7).await;
    r.fails_with(-8005);
    assert!(r.msg.contains('5'), "{}", r.msg);
    assert_eq!(spot(app, u.id).await, dec("20"));
    assert_eq!(held(app, u.id).await, dec("30"));
    audited(app).await;
}

#[tokio::test]
async fn one_key_one_subscription() {
    let e = setup("1000").await;
    let app = &e.app;
    let (u, token) = signed_in(app, "twice").await;
    fund(app, u.id, Wallet::Spot, "USDT", "100").await;
    let body = json!({"planId": e.staking, "amount": "50"});
    let a = post_keyed(
        app,
        "/api/mingOrder/submit",
        &token,
        Some("k-1"),
        body.clone(),
    )
    .await
    .ok();
    let b = post_keyed(app, "/api/mingOrder/submit", &token, Some("k-1"), body)
        .await
        .ok();
    assert_eq!(a, b);
    assert_eq!(spot(app, u.id).await, dec("50"));
}

#[tokio::test]
async fn staking_holds_its_interest_at_the_published_rates_until_maturity() {
    let e = setup("1000").await;
    let app = &e.app;
    let (u, token) = signed_in(app, "staker").await;
    fund(app, u.id, Wallet::Spot, "USDT", "1000").await;
    let o = stake(app, &token, e.staking, "1000").await.ok();
    let id = o["id"].as_i64().unwrap();
    let start = o["startTime"].as_i64().unwrap();
    let first = day_of(start);
    // From the term's 11th day the rate is 0.2 %, published in advance.
    publish(app, e.staking, first + 10, "0.2").await;
    sweep_all_at(app, start + 5 * DAY_MS).await;
    assert_eq!(spot(app, u.id).await, Decimal::ZERO);
    assert_eq!(
        held(app, u.id).await,
        dec("1005"),
        "5 days at 1 USDT held with the stake"
    );
    let show = app
        .post_query("/api/mingOrder/show", Some(&token))
        .await
        .ok();
    assert_eq!(
        (
            s(&show["amount"]),
            s(&show["profitMoney"]),
            show["orderNum"].as_i64()
        ),
        ("1000".into(), "5".into(), Some(1))
    );
    audited(app).await;

    sweep_all_at(app, start + 30 * DAY_MS).await;
    // 10 days at 0.1 % and 20 at 0.2 % of 1000.
    assert_eq!(spot(app, u.id).await, dec("1050"));
    assert_eq!(held(app, u.id).await, Decimal::ZERO);
    let rates: Vec<Decimal> = earn_accrual::Entity::find()
        .filter(earn_accrual::Column::OrderId.eq(id))
        .all(&app.state.db)
        .await
        .unwrap()
        .iter()
        .map(|a| a.rate.get())
        .collect();
    assert_eq!(rates.len(), 30);
    assert_eq!((rates[9], rates[10]), (dec("0.1"), dec("0.2")));
    let shown = order(app, &token, "staking", id).await;
    assert_eq!(
        (
            shown["status"].as_i64(),
            s(&shown["accumulaEarn"]),
            s(&shown["paidEarn"])
        ),
        (Some(1), "50".into(), "50".into())
    );
    audited(app).await;
}

#[tokio::test]
async fn early_redemption_follows_the_rule_shown_beforehand() {
    let e = setup("1000").await;
    let app = &e.app;
    let (u, token) = signed_in(app, "early").await;
    let (_, other) = signed_in(app, "other").await;
    fund(app, u.id, Wallet::Spot, "USDT", "1000").await;
    let f = subscribe(app, &token, e.finance, "100", 7).await.ok();
    let st = stake(app, &token, e.staking, "200").await.ok();
    let start = f["startTime"].as_i64().unwrap();
    sweep_all_at(app, start + 3 * DAY_MS).await;
    let paid = dec(DAILY_5) * Decimal::from(3);
    assert_eq!(spot(app, u.id).await, dec("700") + paid);
    let house_before = house(app).await;

    // Forfeit: the interest paid comes out of the principal.
    let fid = f["id"].as_i64().unwrap();
    let p = app
        .get(
            &format!("/api/earn/redemption/preview?id={fid}"),
            Some(&token),
        )
        .await
        .ok();
    assert_eq!(
        (
            s(&p["principal"]),
            s(&p["interestForfeited"]),
            s(&p["penalty"])
        ),
        ("100".into(), paid.to_string(), "0".into())
    );
    assert_eq!(dec(&s(&p["receive"])), dec("100") - paid);
    app.get(
        &format!("/api/earn/redemption/preview?id={fid}"),
        Some(&other),
    )
    .await
    .fails_with(-8009);
    app.post_json("/api/financial/redeem", Some(&other), json!({"id": fid}))
        .await
        .fails_with(-8009);
    app.post_json(
        "/api/mingOrder/redemption",
        Some(&token),
        json!({"id": fid}),
    )
    .await
    .fails_with(-8009);
    let r = app
        .post_json("/api/financial/redeem", Some(&token), json!({"id": fid}))
        .await
        .ok();
    assert_eq!(
        (r["status"].as_i64(), s(&r["forfeited"])),
        (Some(2), paid.to_string())
    );
    app.post_json("/api/financial/redeem", Some(&token), json!({"id": fid}))
        .await
        .fails_with(-8009);
    assert_eq!(
        spot(app, u.id).await,
        dec("800"),
        "the paid interest came back out of the principal"
    );

    // Penalty: 5 % of the stake; the 3 days held are kept.
    let sid = st["id"].as_i64().unwrap();
    let p = app
        .get(
            &format!("/api/earn/redemption/preview?id={sid}"),
            Some(&token),
        )
        .await
        .ok();
    assert_eq!(
        (s(&p["held"]), s(&p["penalty"]), s(&p["receive"])),
        ("0.6".into(), "10".into(), "190.6".into())
    );
    let r = app
        .post_json(
            "/api/mingOrder/redemption",
            Some(&token),
            json!({"id": sid}),
        )
        .await
        .ok();
    assert_eq!(
        (r["status"].as_i64(), s(&r["penalty"])),
        (Some(2), "10".into())
    );
    assert_eq!(spot(app, u.id).await, dec("990.6"));
    assert_eq!(held(app, u.id).await, Decimal::ZERO);
    assert_eq!(house(app).await, house_before + paid + dec("10"));
    // Nothing more accrues on redeemed orders.
    sweep_all_at(app, start + 40 * DAY_MS).await;
    assert_eq!(spot(app, u.id).await, dec("990.6"));

    // A product without early redemption.
    admin_put(
        app,
        &format!("/api/admin/earn/products/{}", e.finance),
        &e.admin,
        json!({"earlyRule": "none", "reason": "locked"}),
    )
    .await
    .ok();
    let locked = subscribe(app, &token, e.finance, "10", 7).await.ok();
    app.post_json(
        "/api/financial/redeem",
        Some(&token),
        json!({"id": locked["id"]}),
    )
    .await
    .fails_with(-8008);
    audited(app).await;
}

#[tokio::test]
async fn a_renewal_keeps_the_principal_for_another_term() {
    let e = setup("1000").await;
    let app = &e.app;
    let (u, token) = signed_in(app, "renewer").await;
    fund(app, u.id, Wallet::Spot, "USDT", "100").await;
    let o = app
        .post_query(
            &format!(
                "/api/financial/submit?planId={}&money=100&days=7&autoRenew=true",
                e.finance
            ),
            Some(&token),
        )
        .await
        .ok();
    assert_eq!(o["autoRenew"], true);
    let start = o["startTime"].as_i64().unwrap();
    sweep_all_at(app, start + 7 * DAY_MS).await;
    let page = app
        .post_query("/api/order/list?pageNum=1&pageSize=10", Some(&token))
        .await
        .ok();
    let rows = page["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    let (new, old) = (&rows[0], &rows[1]);
    assert_eq!(
        (old["status"].as_i64(), new["status"].as_i64()),
        (Some(1), Some(0))
    );
    assert_eq!(new["renewedFrom"], old["id"]);
    assert_eq!(new["startTime"], old["endTime"]);
    assert_eq!(spot(app, u.id).await, dec("0.09589041"));
    assert_eq!(held(app, u.id).await, dec("100"));
    // A renewal is not a purchase: the totals count the principal once.
    let income = app
        .post_query("/api/financial/personalIncome", Some(&token))
        .await
        .ok();
    assert_eq!(s(&income["sumAmount"]), "100");
    audited(app).await;
}

#[tokio::test]
async fn a_sweep_resumed_after_any_run_pays_each_day_exactly_once() {
    let e = setup("100000").await;
    let app = &e.app;
    admin_put(app, &format!("/api/admin/earn/products/{}", e.finance), &e.admin, json!({"timeLimit": 0, "totalCap": "0", "terms": [{"days": 7, "apr": "5"}, {"days": 60, "apr": "8"}], "reason": "many"})).await.ok();
    let mut users = Vec::new();
    // More orders than one run takes.
    for i in 0..(accrual::ORDERS_PER_RUN as usize / 2 + 10) {
        let (u, token) = signed_in(app, &format!("u{i}")).await;
        fund(app, u.id, Wallet::Spot, "USDT", "200").await;
        subscribe(app, &token, e.finance, "100", 60).await.ok();
        subscribe(app, &token, e.finance, "100", 7).await.ok();
        users.push(u.id);
    }
    let start = start_of(day_of(Utc::now().timestamp_millis()) + 1).unwrap();
    // Runs stopped at every slice boundary, as a restart would leave them,
    // and days far behind (more than a run accrues per order).
    assert_eq!(sweep_at(app, start + 70 * DAY_MS).await, Progress::More);
    audited(app).await;
    // The rest: the first run's orders still have 29 of their 60 days.
    let runs = sweep_all_at(app, start + 70 * DAY_MS).await;
    assert!(runs >= 2, "{runs}");
    let sixty = dec("0.0219178") * Decimal::from(60); // 100 × 8 % / 365, rounded down
    for id in &users {
        assert_eq!(spot(app, *id).await, dec("200") + dec("0.09589041") + sixty);
    }
    let rows = earn_accrual::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap();
    assert_eq!(rows.len(), users.len() * 67);
    audited(app).await;
}

#[tokio::test]
async fn operators_write_products_and_rates_with_a_reason_and_read_the_house() {
    let e = setup("500").await;
    let app = &e.app;
    let support = operator(app, "helper", "support").await;
    admin_get(app, "/api/admin/earn/products", &support)
        .await
        .fails_with(-9);
    admin_post(
        app,
        "/api/admin/earn/house/fund",
        &support,
        json!({"coin": "USDT", "amount": "1", "reason": "x"}),
    )
    .await
    .fails_with(-9);
    admin_post(app, "/api/admin/earn/products", &e.admin, json!({"kind": "finance", "title": {"en": "X"}, "terms": [{"days": 7}], "reason": "no apr"})).await.fails_with(-4);
    admin_post(
        app,
        "/api/admin/earn/products",
        &e.admin,
        json!({"kind": "staking", "title": {"en": "X"}, "terms": [{"days": 7}]}),
    )
    .await
    .fails_with(-2004);
    let today = Utc::now().date_naive();
    let rate = |date: chrono::NaiveDate, r: &str| json!({"fromDate": date.format("%Y-%m-%d").to_string(), "rate": r, "reason": "schedule"});
    let url = format!("/api/admin/earn/products/{}/rates", e.staking);
    admin_post(app, &url, &e.admin, rate(today, "0.3"))
        .await
        .fails_with(-8010);
    let tomorrow = today.succ_opt().unwrap();
    let p = admin_post(app, &url, &e.admin, rate(tomorrow, "0.3"))
        .await
        .ok();
    assert_eq!(p["rates"].as_array().unwrap().len(), 2);
    assert_eq!(
        audit_rows(app, &e.admin, "earn.rate_publish").await.len(),
        1
    );
    assert_eq!(
        audit_rows(app, &e.admin, "earn.product_create").await.len(),
        2
    );
    // Users see the schedule: today's rate and tomorrow's.
    let list = app.post_query("/api/mingProduct/list", None).await.ok();
    let row = &list["rows"][0];
    assert_eq!(
        (s(&row["dailyRate"]), s(&row["minOdds"]), s(&row["maxOdds"])),
        ("0.1".into(), "0.1".into(), "0.3".into())
    );
    assert_eq!(row["schedule"].as_array().unwrap().len(), 2);

    let (u, token) = signed_in(app, "held").await;
    fund(app, u.id, Wallet::Spot, "USDT", "100").await;
    subscribe(app, &token, e.finance, "100", 30).await.ok();
    let book = admin_get(app, "/api/admin/earn/house", &e.admin).await.ok();
    let usdt = &book.as_array().unwrap()[0];
    assert_eq!(
        (
            s(&usdt["balance"]),
            s(&usdt["reserved"]),
            s(&usdt["earningPrincipal"])
        ),
        ("500".into(), "0.657534".into(), "100".into())
    );
    assert_eq!(s(&usdt["free"]), "499.342466");
    let fin = app
        .post_json("/api/financial/list", None, json!({"classify": ""}))
        .await
        .ok();
    assert_eq!(
        (
            s(&fin["rows"][0]["purchasedAmount"]),
            s(&fin["rows"][0]["process"])
        ),
        ("100".into(), "10.00".into())
    );
    let none = app
        .post_json("/api/financial/list", None, json!({"classify": 1}))
        .await
        .ok();
    assert_eq!(none["total"], 0);
}

#[tokio::test]
async fn the_vip_gate_reads_the_value_of_what_the_user_owns() {
    let e = setup("1000").await;
    let app = &e.app;
    onyx_testkit::accounts::set_setting(app, "VIP_LEVEL_SETTING", json!({"isOpen": true})).await;
    admin_put(
        app,
        &format!("/api/admin/earn/products/{}", e.finance),
        &e.admin,
        json!({"level": 1, "reason": "vip"}),
    )
    .await
    .ok();
    let (small, small_token) = signed_in(app, "small").await;
    fund(app, small.id, Wallet::Spot, "USDT", "50").await;
    let (big, big_token) = signed_in(app, "big").await;
    // 12,000 USDT across two wallets: VIP 1 (10,000 to 30,000).
    fund(app, big.id, Wallet::Spot, "USDT", "2000").await;
    fund(app, big.id, Wallet::Contract, "USDT", "10000").await;
    subscribe(app, &small_token, e.finance, "10", 7)
        .await
        .fails_with(-8006);
    subscribe(app, &big_token, e.finance, "10", 7).await.ok();
    let info = app.get("/api/user/getInfo", Some(&big_token)).await.ok();
    assert_eq!(info["user"]["vipLevel"], 1);
    let info = app.get("/api/user/getInfo", Some(&small_token)).await.ok();
    assert_eq!(info["user"]["vipLevel"], 0);
}

/// Rows of the ledger (accounts, transactions, postings) and of the audit
/// log: what a refused operator write must leave as it was.
async fn ledger_rows(app: &TestApp) -> (u64, u64, u64, u64) {
    use onyx_store::entity::{audit_entry, ledger_account, ledger_posting, ledger_transaction};
    use sea_orm::PaginatorTrait;
    let db = &app.state.db;
    (
        ledger_account::Entity::find().count(db).await.unwrap(),
        ledger_transaction::Entity::find().count(db).await.unwrap(),
        ledger_posting::Entity::find().count(db).await.unwrap(),
        audit_entry::Entity::find().count(db).await.unwrap(),
    )
}

#[tokio::test]
async fn the_house_is_funded_only_in_a_listed_coin() {
    let e = setup("500").await;
    let app = &e.app;
    let before = ledger_rows(app).await;
    let refused = [
        "NOTACOIN",
        "<b>BTC</b>",
        "<script>alert(1)</script>",
        "BT\u{7}C",
        "US\u{0}DT",
        "USDT\u{1b}[31m",
        "btc usdt",
        "ÜSDT",
    ];
    for coin in refused {
        let r = admin_post(
            app,
            "/api/admin/earn/house/fund",
            &e.admin,
            json!({"coin": coin, "amount": "100", "reason": "fund"}),
        )
        .await;
        // The refusal names the field, never repeats the input; a NUL is
        // no text of any field and is refused as the body is read.
        if coin.contains('\0') {
            assert_eq!((r.code, r.msg.as_str()), (-1, "Invalid request: coin"));
        } else {
            assert_eq!(r.code, -3104, "{coin:?}: {}", r.msg);
            assert_eq!(r.msg, "coin must name a listed coin", "{coin:?}");
        }
    }
    assert_eq!(
        ledger_rows(app).await,
        before,
        "a refused fund changes nothing"
    );
    let book = admin_get(app, "/api/admin/earn/house", &e.admin).await.ok();
    let coins: Vec<_> = book
        .as_array()
        .unwrap()
        .iter()
        .map(|h| s(&h["coin"]))
        .collect();
    assert_eq!(coins, ["USDT"]);

    // A coin switched off in the catalogue is not listed either.
    use onyx_market::api::coin;
    use sea_orm::IntoActiveModel;
    let ltc = onyx_market::api::catalogue::find_coin(&app.state.db, "ltc")
        .await
        .unwrap()
        .unwrap();
    let mut off = ltc.into_active_model();
    off.status = Set(coin::CoinStatus::Off);
    coin::Entity::update(off).exec(&app.state.db).await.unwrap();
    admin_post(
        app,
        "/api/admin/earn/house/fund",
        &e.admin,
        json!({"coin": "ltc", "amount": "1", "reason": "fund"}),
    )
    .await
    .fails_with(-3104);
    assert_eq!(ledger_rows(app).await, before);

    // A listed coin, in any case, is the ledger's asset name.
    let book = admin_post(
        app,
        "/api/admin/earn/house/fund",
        &e.admin,
        json!({"coin": " btc ", "amount": "2", "reason": "fund"}),
    )
    .await
    .ok();
    let btc = book
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["coin"] == "BTC")
        .unwrap();
    assert_eq!(s(&btc["balance"]), "2");

    // A product's coin too: a new product, or a product moved to another coin.
    let before = ledger_rows(app).await;
    for coin in ["NOTACOIN", "<i>eth</i>", "E\u{8}TH"] {
        admin_post(
            app,
            "/api/admin/earn/products",
            &e.admin,
            json!({"kind": "finance", "title": {"en": "X"}, "coin": coin,
                   "terms": [{"days": 7, "apr": "5"}], "reason": "a product"}),
        )
        .await
        .fails_with(-3104);
        admin_put(
            app,
            &format!("/api/admin/earn/products/{}", e.finance),
            &e.admin,
            json!({"coin": coin, "reason": "move it"}),
        )
        .await
        .fails_with(-3104);
    }
    assert_eq!(ledger_rows(app).await, before);
    let p = admin_put(
        app,
        &format!("/api/admin/earn/products/{}", e.finance),
        &e.admin,
        json!({"coin": "eth", "reason": "move it"}),
    )
    .await
    .ok();
    assert_eq!(p["coin"], "ETH");
    audited(app).await;
}

/// A product's or order's kind, status or settlement type that the row
/// does not name is refused when read: never taken for a product that is
/// on, for an order that is still earning, nor for interest paid daily.
#[tokio::test]
async fn a_kind_or_status_the_row_does_not_name_is_refused_on_read() {
    use onyx_earn::api::{earn_order, earn_product};
    use sea_orm::{ConnectionTrait, Statement};
    let e = setup("1000").await;
    let app = &e.app;
    let (u, token) = signed_in(app, "saver").await;
    fund(app, u.id, Wallet::Spot, "USDT", "1000").await;
    let o = subscribe(app, &token, e.finance, "100", 7).await.ok();
    let id = o["id"].as_i64().unwrap();
    let db = &app.state.db;
    let set = |sql: String| async move {
        db.execute(Statement::from_string(db.get_database_backend(), sql))
            .await
            .unwrap();
    };
    for (column, bad, good) in [
        ("kind", "'bogus'", "'finance'"),
        ("status", "7", "0"),
        ("settlement_type", "0", "1"),
        ("settlement_type", "3", "1"),
    ] {
        set(format!(
            "UPDATE earn_orders SET {column} = {bad} WHERE id = {id}"
        ))
        .await;
        let read = earn_order::Entity::find_by_id(id).one(db).await;
        assert!(read.is_err(), "order {column} = {bad}: {read:?}");
        set(format!(
            "UPDATE earn_orders SET {column} = {good} WHERE id = {id}"
        ))
        .await;
        assert!(earn_order::Entity::find_by_id(id).one(db).await.is_ok());
    }
    let p = e.finance;
    for (column, bad, good) in [
        ("settlement_type", "0", "1"),
        ("settlement_type", "3", "1"),
        ("kind", "'bogus'", "'finance'"),
        ("status", "2", "1"),
    ] {
        set(format!(
            "UPDATE earn_products SET {column} = {bad} WHERE id = {p}"
        ))
        .await;
        let read = earn_product::Entity::find_by_id(p).one(db).await;
        assert!(read.is_err(), "product {column} = {bad}: {read:?}");
        set(format!(
            "UPDATE earn_products SET {column} = {good} WHERE id = {p}"
        ))
        .await;
        assert!(earn_product::Entity::find_by_id(p).one(db).await.is_ok());
    }
}
