//! The audit log's filters: by action, by operator (id or name), by
//! target and by time, each alone and together, paged on the server; a
//! value no entry could have is an invalid field, not an empty page.

use onyx_testkit::admin_common::*;
use onyx_testkit::common::TestApp;
use serde_json::{json, Value};

async fn page(app: &TestApp, token: &str, query: &str) -> Value {
    admin_get(app, &format!("/api/admin/audit?{query}"), token)
        .await
        .ok()
}

fn actions(page: &Value) -> Vec<String> {
    page["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["action"].as_str().unwrap().to_string())
        .collect()
}

/// Freezes or unfreezes a user as the operator of `token`.
async fn act(app: &TestApp, token: &str, user: i64, verb: &str) {
    let uri = format!("/api/admin/users/{user}/{verb}");
    admin_post(app, &uri, token, json!({"reason": "case 4"}))
        .await
        .ok();
}

#[tokio::test]
async fn the_audit_log_filters_by_operator_target_and_time() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let compliance = operator(&app, "comply1", "compliance").await;
    let carol_id = admin_get(&app, "/api/admin/me", &compliance).await.ok()["id"]
        .as_i64()
        .unwrap();
    let (alice, _) = user_with_session(&app, "alice").await;
    let (bob, _) = user_with_session(&app, "bob").await;
    // After the owner's enrolment (audited too), before anything else.
    let before = chrono::Utc::now().timestamp_millis();
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;

    act(&app, &owner, alice, "freeze").await;
    act(&app, &compliance, bob, "freeze").await;
    act(&app, &owner, alice, "unfreeze").await;

    let all = page(&app, &owner, "pageSize=100").await;

    let carol = page(&app, &owner, "operator=comply1").await;
    assert_eq!(carol["total"], 1);
    assert_eq!(carol["rows"][0]["target"], format!("user:{bob}"));
    let by_id = page(&app, &owner, &format!("operator={carol_id}")).await;
    assert_eq!(by_id["rows"], carol["rows"]);
    // Names are matched as stored: lower case.
    assert_eq!(page(&app, &owner, "operator=Comply1").await["total"], 1);

    let about_alice = page(&app, &owner, &format!("target=user:{alice}")).await;
    assert_eq!(actions(&about_alice), ["user.unfreeze", "user.freeze"]);
    assert_eq!(
        page(
            &app,
            &owner,
            &format!("target=user:{alice}&operator=comply1")
        )
        .await["total"],
        0
    );
    let both = page(
        &app,
        &owner,
        &format!("target=user:{alice}&action=user.freeze&operator=owner1"),
    )
    .await;
    assert_eq!(actions(&both), ["user.freeze"]);

    // Paged on the server.
    let second = page(
        &app,
        &owner,
        &format!("target=user:{alice}&pageNum=2&pageSize=1"),
    )
    .await;
    assert_eq!(
        (second["total"].as_u64(), actions(&second)),
        (Some(2), vec!["user.freeze".to_string()])
    );

    // Time, in Unix ms, inclusive.
    let since = page(&app, &owner, &format!("start={before}")).await;
    assert_eq!(since["total"], 3);
    let until = page(&app, &owner, &format!("end={}", before - 1)).await;
    assert!(
        actions(&until).iter().all(|a| a.starts_with("operator.")),
        "{until}"
    );
    assert!(until["total"].as_u64().unwrap() >= 1);
    let later = chrono::Utc::now().timestamp_millis() + 60_000;
    assert_eq!(
        page(&app, &owner, &format!("start={later}")).await["total"],
        0
    );
    let window = page(
        &app,
        &owner,
        &format!("start={before}&end={later}&operator=owner1"),
    )
    .await;
    assert_eq!(window["total"], 2);

    // Values no entry could have.
    for bad in [
        "target=user",
        "target=User:1",
        "target=user:",
        "target=:12",
        "operator=no%20such!",
        &format!("start={later}&end={before}"),
        &format!("start={}", i64::MAX),
    ] {
        admin_get(&app, &format!("/api/admin/audit?{bad}"), &owner)
            .await
            .fails_with(-4);
    }
    admin_get(&app, "/api/admin/audit?start=yesterday", &owner)
        .await
        .fails_with(-1);
    // Blank filters are no filters.
    assert_eq!(
        page(&app, &owner, "target=&operator=%20&action=").await["total"],
        all["total"]
    );
}
