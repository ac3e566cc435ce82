//! The operators' lists sort on the server: `orderBy` (a field of the
//! rows, from each list's whitelist) and `order` (`asc`/`desc`), each
//! list's own order when neither is given, the id breaking ties so pages
//! neither repeat nor skip a row, amounts by value (not as text), and a
//! name off the list or another direction refused with the names that
//! are accepted.

use onyx_kernel::ledger::Wallet;
use onyx_testkit::admin_common::{admin_get, operator, user_with_session};
use onyx_testkit::common::TestApp;
use onyx_testkit::fund_reviews::{app, claim};
use onyx_testkit::wallet::fund;
use serde_json::{json, Value};

async fn get(app: &TestApp, uri: &str, token: &str) -> Value {
    admin_get(app, uri, token).await.ok()
}

fn column(page: &Value, field: &str) -> Vec<String> {
    page["rows"]
        .as_array()
        .unwrap()
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

#[tokio::test]
async fn postings_sort_by_amount_by_value_either_way_and_ties_page_by_id() {
    let app = app().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (alice, _) = user_with_session(&app, "alice").await;
    // As text "10" < "100.5" < "9": a text sort would put 9 last.
    for amount in ["9", "100.5", "0.75", "10"] {
        fund(&app, alice, Wallet::Spot, "usdt", amount).await;
    }
    let uri = |q: &str| format!("/api/admin/users/{alice}/postings?pageSize=100&{q}");

    let asc = get(&app, &uri("orderBy=amount&order=asc"), &owner).await;
    assert_eq!(column(&asc, "amount"), ["0.75", "9", "10", "100.5"]);
    let desc = get(&app, &uri("orderBy=amount&order=desc"), &owner).await;
    assert_eq!(column(&desc, "amount"), ["100.5", "10", "9", "0.75"]);

    // The list's own order (newest first) when nothing is asked, and
    // `order` alone turns it around.
    let own = get(&app, &uri(""), &owner).await;
    assert_eq!(column(&own, "amount"), ["10", "0.75", "100.5", "9"]);
    let oldest = get(&app, &uri("order=asc"), &owner).await;
    assert_eq!(column(&oldest, "id"), reversed(column(&own, "id")));

    // Every posting ties on the asset: pages of one follow the id, each
    // posting once.
    let mut ids = Vec::new();
    for n in 1..=4 {
        let one = get(
            &app,
            &format!(
                "/api/admin/users/{alice}/postings?orderBy=asset&order=desc&pageSize=1&pageNum={n}"
            ),
            &owner,
        )
        .await;
        ids.extend(column(&one, "id"));
    }
    assert_eq!(ids, column(&own, "id"), "ties newest first, by id");
}

#[tokio::test]
async fn the_deposit_queue_sorts_by_amount_and_user_and_keeps_its_queue_order_otherwise() {
    let app = app().await;
    let owner = operator(&app, "owner1", "owner").await;
    let mut ids = Vec::new();
    for (n, (name, amount)) in [("alice", "250.5"), ("bob", "30"), ("carol", "1000")]
        .into_iter()
        .enumerate()
    {
        let (_, token) = user_with_session(&app, name).await;
        ids.push(claim(&app, &token, amount, n as u8).await.to_string());
    }
    let queue = get(&app, "/api/admin/deposits", &owner).await;
    assert_eq!(column(&queue, "id"), ids, "pending: oldest first");
    let by_amount = get(
        &app,
        "/api/admin/deposits?orderBy=amount&order=desc",
        &owner,
    )
    .await;
    assert_eq!(column(&by_amount, "amount"), ["1000", "250.5", "30"]);
    let by_amount = get(&app, "/api/admin/deposits?orderBy=amount", &owner).await;
    assert_eq!(
        column(&by_amount, "amount"),
        ["30", "250.5", "1000"],
        "asc unless told"
    );
    let by_user = get(
        &app,
        "/api/admin/deposits?orderBy=userId&order=desc",
        &owner,
    )
    .await;
    assert_eq!(column(&by_user, "id"), reversed(ids.clone()));
}

#[tokio::test]
async fn users_and_the_audit_log_sort_by_their_columns() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    for name in ["mallory", "alice", "trent"] {
        user_with_session(&app, name).await;
    }
    let names = |q: &'static str| {
        let (app, owner) = (&app, &owner);
        async move {
            column(
                &get(app, &format!("/api/admin/users?{q}"), owner).await,
                "username",
            )
        }
    };
    assert_eq!(
        names("").await,
        ["trent", "alice", "mallory"],
        "newest first"
    );
    assert_eq!(
        names("orderBy=username&order=asc").await,
        ["alice", "mallory", "trent"]
    );
    assert_eq!(
        names("orderBy=username&order=desc").await,
        ["trent", "mallory", "alice"]
    );
    assert_eq!(
        names("orderBy=createTime&order=asc").await,
        ["mallory", "alice", "trent"]
    );

    // The log holds the operator's enrolment (operator.*) and now two
    // freezes and an unfreeze.
    let alice = column(
        &get(&app, "/api/admin/users?keyword=alice", &owner).await,
        "id",
    )[0]
    .clone();
    for verb in ["freeze", "unfreeze", "freeze"] {
        onyx_testkit::admin_common::admin_post(
            &app,
            &format!("/api/admin/users/{alice}/{verb}"),
            &owner,
            json!({"reason": "case 9"}),
        )
        .await
        .ok();
    }
    let target = format!("target=user:{alice}");
    let asc = get(
        &app,
        &format!("/api/admin/audit?{target}&orderBy=action&order=asc"),
        &owner,
    )
    .await;
    assert_eq!(
        column(&asc, "action"),
        ["user.freeze", "user.freeze", "user.unfreeze"]
    );
    let ids = column(&asc, "id");
    assert!(
        ids[0].parse::<i64>().unwrap() < ids[1].parse::<i64>().unwrap(),
        "ties by id"
    );
    let desc = get(
        &app,
        &format!("/api/admin/audit?{target}&orderBy=action&order=desc"),
        &owner,
    )
    .await;
    assert_eq!(column(&desc, "id"), reversed(ids));
    // The user page's audit entries take the same keys.
    let about = get(
        &app,
        &format!("/api/admin/users/{alice}/audit?orderBy=action&order=desc"),
        &owner,
    )
    .await;
    assert_eq!(column(&about, "action")[0], "user.unfreeze");
}

#[tokio::test]
async fn a_column_off_the_list_or_another_direction_is_refused_naming_what_is_accepted() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (alice, _) = user_with_session(&app, "alice").await;
    let lists: Vec<(String, &str)> = vec![
        (
            "/api/admin/users".to_string(),
            "id, username, email, status, credits, createTime",
        ),
        (
            "/api/admin/audit".to_string(),
            "id, createTime, action, actorName, target",
        ),
        (
            "/api/admin/deposits".to_string(),
            "id, userId, coin, amount, createTime, reviewTime",
        ),
        (
            "/api/admin/withdrawals".to_string(),
            "id, userId, coin, amount, createTime, reviewTime",
        ),
        (
            "/api/admin/kyc".to_string(),
            "id, userId, tier, realName, country, createTime, reviewedAt",
        ),
        (
            "/api/admin/content".to_string(),
            "kind, id, key, published, createTime, updateTime",
        ),
        (
            "/api/admin/outbox".to_string(),
            "id, createTime, channel, target, purpose, status",
        ),
        (
            format!("/api/admin/users/{alice}/postings"),
            "id, createTime, kind, asset, amount",
        ),
        (
            format!("/api/admin/users/{alice}/spot-orders"),
            "id, symbol, side, price, qty, status, createTime",
        ),
        (
            format!("/api/admin/users/{alice}/futures-positions"),
            "id, symbol, side, qty, entryPrice, margin, status, openTimeMs",
        ),
        (
            format!("/api/admin/users/{alice}/contract-orders?product=options"),
            "id, symbol, stake, outcome, openTimeMs, closeTimeMs",
        ),
        (
            format!("/api/admin/users/{alice}/contract-orders?product=secondContracts"),
            "id, symbol, stake, outcome, openTimeMs, closeTimeMs",
        ),
        (
            format!("/api/admin/users/{alice}/futures-orders"),
            "id, symbol, side, kind, leverage, qty, margin, fee, status, createTimeMs, updateTimeMs",
        ),
        (
            format!("/api/admin/users/{alice}/futures-orders?state=closed"),
            "id, symbol, side, kind, leverage, qty, margin, fee, status, createTimeMs, updateTimeMs",
        ),
        (
            format!("/api/admin/users/{alice}/earn-orders"),
            "id, kind, coin, amount, days, reserved, accrued, status, createTimeMs, endTimeMs",
        ),
        (
            "/api/admin/house/postings".to_string(),
            "id, createTime, kind, asset, amount",
        ),
        (
            format!("/api/admin/users/{alice}/messages"),
            "id, title, createTime, readTime",
        ),
        (
            format!("/api/admin/users/{alice}/audit"),
            "id, createTime, action, actorName, target",
        ),
    ];
    for (uri, names) in lists {
        let join = if uri.contains('?') { '&' } else { '?' };
        for bad in ["password_hash", "created_at", "CreateTime"] {
            let r = admin_get(&app, &format!("{uri}{join}orderBy={bad}&order=asc"), &owner).await;
            r.fails_with(-1);
            assert_eq!(
                r.msg,
                format!("Invalid request: orderBy must be one of {names}"),
                "{uri}"
            );
        }
        for bad in ["up", "DESC"] {
            let r = admin_get(&app, &format!("{uri}{join}orderBy=id&order={bad}"), &owner).await;
            r.fails_with(-1);
            assert_eq!(r.msg, "Invalid request: order must be asc or desc", "{uri}");
        }
        // Every whitelisted name is taken, both ways.
        for name in names.split(", ") {
            for order in ["asc", "desc"] {
                admin_get(
                    &app,
                    &format!("{uri}{join}orderBy={name}&order={order}"),
                    &owner,
                )
                .await
                .ok();
            }
        }
    }
}
