//! The operator's user page: the user's earn orders (finance
//! subscriptions and staking, earning or done) and futures orders
//! (waiting, or filled and cancelled), one user's and nobody else's,
//! paged and sorted on the server, refused to roles that may not see
//! trading, and NotFound for a user that does not exist.

use onyx_testkit::admin_common;
use onyx_testkit::common;
use onyx_testkit::wallet;

use admin_common::{admin_get, admin_post, operator, user_with_session};
use common::TestApp;
use onyx_kernel::ledger::Wallet;
use onyx_store::DecimalText;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, Set};
use serde_json::{json, Value};
use wallet::fund;

fn rows(page: &Value) -> &Vec<Value> {
    page["rows"].as_array().unwrap()
}

fn ids(page: &Value) -> Vec<i64> {
    rows(page)
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect()
}

async fn product(app: &TestApp, owner: &str, body: Value) -> i64 {
    admin_post(app, "/api/admin/earn/products", owner, body)
        .await
        .ok()["id"]
        .as_i64()
        .unwrap()
}

async fn subscribe(app: &TestApp, token: &str, plan: i64, money: &str, days: i32) -> i64 {
    app.post_query(
        &format!("/api/financial/submit?planId={plan}&money={money}&days={days}"),
        Some(token),
    )
    .await
    .ok()["id"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn earn_orders_are_the_users_own_earning_or_done_paged() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let support = operator(&app, "support1", "support").await;
    let compliance = operator(&app, "comply1", "compliance").await;
    admin_post(
        &app,
        "/api/admin/earn/house/fund",
        &owner,
        json!({"coin": "USDT", "amount": "1000", "reason": "fund the finance house"}),
    )
    .await
    .ok();
    let finance = product(
        &app,
        &owner,
        json!({"kind": "finance", "title": {"en": "Fixed", "zh": "定期"}, "coin": "USDT",
            "terms": [{"days": 7, "apr": "5"}, {"days": 30, "apr": "8"}],
            "limitMin": "10", "limitMax": "10000", "earlyRule": "forfeit",
            "settlementType": 1, "status": 1, "reason": "a product to test"}),
    )
    .await;
    let staking = product(
        &app,
        &owner,
        json!({"kind": "staking", "title": {"en": "Stake"}, "coin": "USDT",
            "terms": [{"days": 30}], "limitMin": "20", "limitMax": "5000",
            "earlyRule": "penalty", "penalty": "0.05", "settlementType": 2,
            "status": 1, "reason": "a product to test"}),
    )
    .await;
    // Staking earns at the rates published for each day: one since long ago.
    onyx_earn::api::earn_rate::ActiveModel {
        id: NotSet,
        product_id: Set(staking),
        from_day: Set(0),
        rate: Set(DecimalText("0.1".parse().unwrap())),
        published_at: Set(0),
        published_by: Set("test".into()),
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    let (alice, alice_token) = user_with_session(&app, "alice").await;
    let (bob, bob_token) = user_with_session(&app, "bob").await;
    fund(&app, alice, Wallet::Spot, "usdt", "1000").await;
    fund(&app, bob, Wallet::Spot, "usdt", "100").await;

    let fixed = subscribe(&app, &alice_token, finance, "100", 7).await;
    let staked = app
        .post_json(
            "/api/mingOrder/submit",
            Some(&alice_token),
            json!({"planId": staking, "amount": "200"}),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let redeemed = subscribe(&app, &alice_token, finance, "50", 30).await;
    app.post_json(
        "/api/financial/redeem",
        Some(&alice_token),
        json!({"id": redeemed}),
    )
    .await
    .ok();
    let bobs = subscribe(&app, &bob_token, finance, "20", 7).await;

    let uri = |user: i64, q: &str| format!("/api/admin/users/{user}/earn-orders?{q}");
    let earning = admin_get(&app, &uri(alice, ""), &owner).await.ok();
    assert_eq!(earning["total"], 2);
    assert_eq!(ids(&earning), vec![staked, fixed]);
    let s = &rows(&earning)[0];
    assert_eq!(
        (
            &s["kind"],
            &s["productTitle"],
            &s["amount"],
            &s["days"],
            &s["status"],
            &s["apr"]
        ),
        (
            &json!("staking"),
            &json!("Stake"),
            &json!("200"),
            &json!(30),
            &json!("earning"),
            &Value::Null
        )
    );
    let f = &rows(&earning)[1];
    assert_eq!(
        (
            &f["kind"],
            &f["productTitle"],
            &f["productId"],
            &f["amount"],
            &f["apr"],
            &f["coin"]
        ),
        (
            &json!("finance"),
            &json!("Fixed"),
            &json!(finance),
            &json!("100"),
            &json!("5"),
            &json!("USDT")
        )
    );
    // 7 days at 5 % on 100, set aside against the house.
    assert_eq!(f["reserved"], "0.09589041");
    assert_eq!(
        f["endTimeMs"].as_i64().unwrap() - f["startTimeMs"].as_i64().unwrap(),
        7 * 86_400_000
    );

    let done = admin_get(&app, &uri(alice, "state=closed"), &owner)
        .await
        .ok();
    assert_eq!(ids(&done), vec![redeemed]);
    assert_eq!(rows(&done)[0]["status"], "redeemed");
    assert!(rows(&done)[0]["settleTimeMs"].is_i64());

    let only_finance = admin_get(&app, &uri(alice, "kind=finance"), &owner)
        .await
        .ok();
    assert_eq!(ids(&only_finance), vec![fixed]);
    let only_staking = admin_get(&app, &uri(alice, "kind=staking&state=closed"), &owner)
        .await
        .ok();
    assert_eq!(only_staking, json!({"rows": [], "total": 0}));

    // Pages on the server.
    let second = admin_get(&app, &uri(alice, "pageNum=2&pageSize=1"), &owner)
        .await
        .ok();
    assert_eq!(
        (second["total"].as_u64(), ids(&second)),
        (Some(2), vec![fixed])
    );

    // Bob's own, and none of Alice's in his.
    let bob_page = admin_get(&app, &uri(bob, ""), &owner).await.ok();
    assert_eq!(ids(&bob_page), vec![bobs]);

    admin_get(&app, &uri(alice, "state=sometimes"), &owner)
        .await
        .fails_with(-4);
    admin_get(&app, &uri(alice, "kind=savings"), &owner)
        .await
        .fails_with(-4);
    admin_get(&app, &uri(999_999, ""), &owner)
        .await
        .fails_with(-6);
    for token in [&support, &compliance] {
        admin_get(&app, &uri(alice, ""), token).await.fails_with(-9);
        // Refused before the user is looked up.
        admin_get(&app, &uri(999_999, ""), token)
            .await
            .fails_with(-9);
    }
}

/// A futures order row as the product stores it.
async fn order(app: &TestApp, user: i64, kind: &str, status: &str, limit: Option<&str>) -> i64 {
    let now = chrono::Utc::now().timestamp_millis();
    let d = |s: &str| DecimalText(s.parse().unwrap());
    let filled = status == "filled";
    onyx_futures::api::futures_order::ActiveModel {
        user_id: Set(user),
        contract_id: Set(1),
        coin: Set("btc".into()),
        symbol: Set("btcusdt".into()),
        side: Set(onyx_futures::api::PositionSide::Long),
        kind: Set(onyx_futures::api::orders::OrderKind::parse(kind).unwrap()),
        action: Set(onyx_futures::api::orders::OPEN_ACTION),
        leverage: Set(10),
        contracts: Set(d("2")),
        qty: Set(d("0.02")),
        limit_price: Set(limit.map(d)),
        margin: Set(d("120")),
        fee: Set(d("0.6")),
        status: Set(onyx_futures::api::orders::OrderStatus::parse(status).unwrap()),
        reason: Set(
            (status == "cancelled").then_some(onyx_futures::api::orders::CancelReason::HouseLimit)
        ),
        position_id: Set(None),
        stop_id: Set(None),
        deal_price: Set(filled.then(|| d("60010.5"))),
        created_at: Set(now),
        updated_at: Set(now),
        dealt_at: Set(filled.then_some(now)),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap()
    .id
}

#[tokio::test]
async fn futures_orders_are_the_users_own_waiting_or_done_paged() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let support = operator(&app, "support1", "support").await;
    let (alice, _) = user_with_session(&app, "alice").await;
    let (bob, _) = user_with_session(&app, "bob").await;

    let market = order(&app, alice, "market", "filled", None).await;
    let cancelled = order(&app, alice, "limit", "cancelled", Some("55000")).await;
    let waiting = order(&app, alice, "limit", "waiting", Some("58000.5")).await;
    let bobs = order(&app, bob, "limit", "waiting", Some("50000")).await;

    let uri = |user: i64, q: &str| format!("/api/admin/users/{user}/futures-orders?{q}");
    let open = admin_get(&app, &uri(alice, ""), &owner).await.ok();
    assert_eq!(open["total"], 1);
    let w = &rows(&open)[0];
    assert_eq!(
        (
            &w["id"],
            &w["kind"],
            &w["status"],
            &w["limitPrice"],
            &w["margin"],
            &w["fee"],
            &w["dealPrice"]
        ),
        (
            &json!(waiting),
            &json!("limit"),
            &json!("waiting"),
            &json!("58000.5"),
            &json!("120"),
            &json!("0.6"),
            &Value::Null
        )
    );
    assert_eq!(w["orderNo"], format!("F{waiting:010}"));
    assert_eq!(
        (&w["contracts"], &w["qty"], &w["leverage"]),
        (&json!("2"), &json!("0.02"), &json!(10))
    );

    let done = admin_get(&app, &uri(alice, "state=closed"), &owner)
        .await
        .ok();
    assert_eq!(ids(&done), vec![cancelled, market]);
    assert_eq!(rows(&done)[0]["reason"], "house_limit");
    assert_eq!(rows(&done)[1]["dealPrice"], "60010.5");
    assert!(rows(&done)[1]["dealTimeMs"].is_i64());

    let second = admin_get(
        &app,
        &uri(alice, "state=closed&pageNum=2&pageSize=1"),
        &owner,
    )
    .await
    .ok();
    assert_eq!(
        (second["total"].as_u64(), ids(&second)),
        (Some(2), vec![market])
    );

    let bob_page = admin_get(&app, &uri(bob, ""), &owner).await.ok();
    assert_eq!(ids(&bob_page), vec![bobs]);
    assert_eq!(
        admin_get(&app, &uri(bob, "state=closed"), &owner)
            .await
            .ok(),
        json!({"rows": [], "total": 0})
    );

    admin_get(&app, &uri(alice, "state=pending"), &owner)
        .await
        .fails_with(-4);
    admin_get(&app, &uri(999_999, ""), &owner)
        .await
        .fails_with(-6);
    admin_get(&app, &uri(alice, ""), &support)
        .await
        .fails_with(-9);
}

/// One field of each row, as text.
fn column(page: &Value, field: &str) -> Vec<String> {
    rows(page)
        .iter()
        .map(|r| match &r[field] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
        .collect()
}

fn reversed(mut v: Vec<String>) -> Vec<String> {
    v.reverse();
    v
}

/// A waiting futures order with this margin on this pair.
async fn order_at(app: &TestApp, user: i64, symbol: &str, margin: &str) -> i64 {
    use onyx_futures::api::futures_order;
    let id = order(app, user, "limit", "waiting", Some("50000")).await;
    futures_order::Entity::update_many()
        .col_expr(futures_order::Column::Symbol, Expr::value(symbol))
        .col_expr(
            futures_order::Column::Margin,
            Expr::value(DecimalText(margin.parse().unwrap())),
        )
        .filter(futures_order::Column::Id.eq(id))
        .exec(&app.state.db)
        .await
        .unwrap();
    id
}

#[tokio::test]
async fn futures_orders_sort_on_the_server_by_value_and_ties_page_by_id() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (alice, _) = user_with_session(&app, "alice").await;
    let (bob, _) = user_with_session(&app, "bob").await;
    // As text "10" < "100.5" < "9": a text sort would put 9 last.
    let eth = order_at(&app, alice, "ethusdt", "9").await;
    let btc1 = order_at(&app, alice, "btcusdt", "100.5").await;
    let sol = order_at(&app, alice, "solusdt", "10").await;
    let btc2 = order_at(&app, alice, "btcusdt", "0.75").await;
    // Done, and somebody else's: in neither page.
    order(&app, alice, "market", "filled", None).await;
    order_at(&app, bob, "btcusdt", "5").await;
    let uri = |q: &str| format!("/api/admin/users/{alice}/futures-orders?{q}");
    let get = |q: String| {
        let (app, owner) = (&app, &owner);
        async move { admin_get(app, &q, owner).await.ok() }
    };

    let own = get(uri("")).await;
    assert_eq!(ids(&own), vec![btc2, sol, btc1, eth], "newest first");
    let asc = get(uri("orderBy=margin&order=asc")).await;
    assert_eq!(column(&asc, "margin"), ["0.75", "9", "10", "100.5"]);
    let desc = get(uri("orderBy=margin&order=desc")).await;
    assert_eq!(column(&desc, "margin"), reversed(column(&asc, "margin")));
    assert_eq!(desc["total"], 4);
    // Ties on the pair follow the id the same way, across pages of one.
    let by_pair = get(uri("orderBy=symbol")).await;
    assert_eq!(ids(&by_pair), vec![btc1, btc2, eth, sol]);
    let mut paged = Vec::new();
    for n in 1..=4 {
        let one = get(uri(&format!(
            "orderBy=symbol&order=desc&pageSize=1&pageNum={n}"
        )))
        .await;
        paged.extend(ids(&one));
    }
    assert_eq!(paged, vec![sol, eth, btc2, btc1]);
    let oldest = get(uri("order=asc")).await;
    assert_eq!(ids(&oldest), vec![eth, btc1, sol, btc2]);
    // The done list sorts its own rows.
    let done = get(uri("state=closed&orderBy=margin&order=desc")).await;
    assert_eq!(done["total"], 1);

    let r = admin_get(&app, &uri("orderBy=limitPrice"), &owner).await;
    r.fails_with(-1);
    assert_eq!(
        r.msg,
        "Invalid request: orderBy must be one of id, symbol, side, kind, leverage, qty, margin, fee, status, createTimeMs, updateTimeMs"
    );
    admin_get(&app, &uri("orderBy=margin&order=largest"), &owner)
        .await
        .fails_with(-1);
}

/// An earn order row as the product stores it.
async fn earn_order(
    app: &TestApp,
    user: i64,
    kind: &str,
    amount: &str,
    days: i32,
    end_day: i64,
    status: i32,
) -> i64 {
    let d = |s: &str| DecimalText(s.parse().unwrap());
    let now = chrono::Utc::now().timestamp_millis();
    onyx_earn::api::earn_order::ActiveModel {
        id: NotSet,
        order_no: Set(format!("E{user}-{amount}-{end_day}")),
        kind: Set(onyx_earn::api::EarnKind::parse(kind).unwrap()),
        user_id: Set(user),
        product_id: Set(1),
        coin: Set("USDT".into()),
        amount: Set(d(amount)),
        days: Set(days),
        apr: Set(None),
        start_day: Set(end_day - i64::from(days)),
        end_day: Set(end_day),
        settlement_type: Set(onyx_earn::api::earn_product::SettlementType::Daily),
        auto_renew: Set(0),
        early_rule: Set("forfeit".into()),
        penalty_rate: Set(d("0")),
        reserved: Set(d("1")),
        accrued: Set(d("0")),
        paid: Set(d("0")),
        last_day: Set(end_day - i64::from(days) - 1),
        status: Set(match status {
            0 => onyx_earn::api::EARNING,
            1 => onyx_earn::api::SETTLED,
            _ => onyx_earn::api::REDEEMED,
        }),
        penalty: Set(d("0")),
        forfeited: Set(d("0")),
        created_at: Set(now),
        settled_at: Set((status != 0).then_some(now)),
        renewed_from: Set(None),
        subscribe_tx: Set(0),
        settle_tx: Set(None),
    }
    .insert(&app.state.db)
    .await
    .unwrap()
    .id
}

#[tokio::test]
async fn earn_orders_sort_on_the_server_by_value_and_maturity() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (alice, _) = user_with_session(&app, "alice").await;
    let (bob, _) = user_with_session(&app, "bob").await;
    let a = earn_order(&app, alice, "finance", "9", 30, 20_100, 0).await;
    let b = earn_order(&app, alice, "staking", "100.5", 7, 20_050, 0).await;
    let c = earn_order(&app, alice, "finance", "10", 90, 20_200, 0).await;
    let settled = earn_order(&app, alice, "finance", "1000", 7, 20_000, 1).await;
    earn_order(&app, bob, "finance", "5", 7, 20_300, 0).await;
    let uri = |q: &str| format!("/api/admin/users/{alice}/earn-orders?{q}");
    let get = |q: String| {
        let (app, owner) = (&app, &owner);
        async move { admin_get(app, &q, owner).await.ok() }
    };

    assert_eq!(ids(&get(uri("")).await), vec![c, b, a], "newest first");
    let by_amount = get(uri("orderBy=amount&order=asc")).await;
    assert_eq!(column(&by_amount, "amount"), ["9", "10", "100.5"]);
    let by_maturity = get(uri("orderBy=endTimeMs&order=desc")).await;
    assert_eq!(ids(&by_maturity), vec![c, a, b]);
    let ends: Vec<i64> = rows(&by_maturity)
        .iter()
        .map(|r| r["endTimeMs"].as_i64().unwrap())
        .collect();
    assert!(ends.windows(2).all(|w| w[0] > w[1]), "{ends:?}");
    let by_days = get(uri("orderBy=days&order=desc")).await;
    assert_eq!(column(&by_days, "days"), ["90", "30", "7"]);
    // With the kind filter, and paged.
    let finance = get(uri("kind=finance&orderBy=amount&order=desc&pageSize=1")).await;
    assert_eq!(
        (finance["total"].as_u64(), ids(&finance)),
        (Some(2), vec![c])
    );
    let done = get(uri("state=closed&orderBy=amount")).await;
    assert_eq!(ids(&done), vec![settled]);

    let r = admin_get(&app, &uri("orderBy=productTitle"), &owner).await;
    r.fails_with(-1);
    assert_eq!(
        r.msg,
        "Invalid request: orderBy must be one of id, kind, coin, amount, days, reserved, accrued, status, createTimeMs, endTimeMs"
    );
}
