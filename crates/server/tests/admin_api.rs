//! The operator API: sign-in and lockout, roles, users (freeze revokes
//! sessions), KYC review, settings, content, messages, outbox and the audit
//! log every write lands in.

use onyx_testkit::admin_common;
use onyx_testkit::common;

use admin_common::*;
use chrono::Utc;
use common::{q, Reply, TestApp};
use onyx_account::api::kyc::kyc_submission;
use onyx_store::entity::file;
use onyx_store::repo::users;
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde_json::json;

#[tokio::test]
async fn operator_sign_in_returns_a_token_and_sign_out_ends_it() {
    let app = TestApp::spawn().await;
    let token = operator(&app, "owner1", "owner").await;
    admin_get(&app, "/api/admin/users", &token).await.ok();
    admin_send(&app, "POST", "/api/admin/logout", Some(&token), None)
        .await
        .ok();
    assert_token_failure(&admin_get(&app, "/api/admin/users", &token).await);
}

#[tokio::test]
async fn operator_calls_without_or_with_a_bad_token_are_token_failures() {
    let app = TestApp::spawn().await;
    let (_, user_token) = user_with_session(&app, "alice").await;
    for (method, uri) in [
        ("GET", "/api/admin/users"),
        ("GET", "/api/admin/settings"),
        ("GET", "/api/admin/kyc"),
        ("GET", "/api/admin/outbox"),
        ("GET", "/api/admin/audit"),
        ("GET", "/api/admin/content"),
        ("POST", "/api/admin/logout"),
    ] {
        assert_token_failure(&admin_send(&app, method, uri, None, None).await);
        assert_token_failure(&admin_send(&app, method, uri, Some("nope"), None).await);
        // A user's session is not an operator session.
        assert_token_failure(&admin_send(&app, method, uri, Some(&user_token), None).await);
    }
    let put = admin_send(
        &app,
        "PUT",
        "/api/admin/settings/AUTH_LIMIT",
        None,
        Some(json!({"value": {}, "reason": "x"})),
    )
    .await;
    assert_token_failure(&put);
}

async fn admin_login_from(app: &TestApp, ip: &str, name: &str, password: &str) -> Reply {
    // With a fresh code when the operator has TOTP (owners do).
    let body = login_body(app, name, password).await;
    let req = TestApp::request("POST", "/api/admin/login", None)
        .header("content-type", "application/json")
        .header("x-forwarded-for", ip)
        .body(axum::body::Body::from(body.to_string()))
        .unwrap();
    app.send(req).await
}

#[tokio::test]
async fn five_wrong_passwords_pause_the_address_not_the_operator_elsewhere() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = true).await;
    operator(&app, "owner1", "owner").await;
    let attacker = "203.0.113.7";
    for _ in 0..4 {
        admin_login_from(&app, attacker, "owner1", "wrong-pass-1")
            .await
            .fails_with(-2001);
    }
    let fifth = admin_login_from(&app, attacker, "owner1", "wrong-pass-1").await;
    fifth.fails_with(-1017);
    assert!(fifth.msg.contains("5 minutes"), "{}", fifth.msg);
    admin_login_from(&app, attacker, "owner1", OPERATOR_PASSWORD)
        .await
        .fails_with(-1017);
    admin_login_from(&app, "198.51.100.20", "owner1", OPERATOR_PASSWORD)
        .await
        .ok();
}

#[tokio::test]
async fn nine_parallel_wrong_passwords_all_count_and_end_in_a_pause() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = true).await;
    operator(&app, "owner1", "owner").await;
    let attacker = "203.0.113.7";
    let answers = futures_util::future::join_all(
        (0..9).map(|_| admin_login_from(&app, attacker, "owner1", "wrong-pass-1")),
    )
    .await;
    let codes: Vec<i64> = answers.iter().map(|r| r.code).collect();
    assert!(
        codes.iter().all(|c| *c == -2001 || *c == -1017),
        "{codes:?}"
    );
    assert!(
        codes.contains(&-1017),
        "the fifth failure pauses: {codes:?}"
    );
    // Each failure that was checked was counted: none lost to a race.
    let wrong = codes.iter().filter(|c| **c == -2001).count();
    let stored = onyx_store::entity::login_failure::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap();
    let from_attacker = stored.iter().find(|r| r.source == attacker).unwrap();
    assert!(from_attacker.failures >= 5, "{stored:?}");
    assert_eq!(
        from_attacker.failures as usize,
        stored.iter().find(|r| r.source == "*").unwrap().failures as usize
    );
    assert_eq!(
        wrong + 1,
        from_attacker.failures as usize,
        "{codes:?} {stored:?}"
    );
    admin_login_from(&app, attacker, "owner1", OPERATOR_PASSWORD)
        .await
        .fails_with(-1017);
    admin_login_from(&app, "198.51.100.20", "owner1", OPERATOR_PASSWORD)
        .await
        .ok();
}

#[tokio::test]
async fn an_unknown_operator_name_answers_like_a_known_one_through_the_pause() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = true).await;
    operator(&app, "owner1", "owner").await;
    for attempt in 1..=7 {
        let known = admin_login_from(&app, "203.0.113.7", "owner1", "wrong-pass-1").await;
        let unknown = admin_login_from(&app, "203.0.113.8", "ghost", "wrong-pass-1").await;
        assert_eq!(
            (known.code, &known.msg),
            (unknown.code, &unknown.msg),
            "attempt {attempt}"
        );
        known.fails_with(if attempt < 5 { -2001 } else { -1017 });
    }
}

/// `failures` failures for the subject from `source` (`*`: from
/// everywhere), as if made over the day.
async fn failures_from_everywhere(
    app: &TestApp,
    scope: &str,
    subject: &str,
    source: &str,
    failures: usize,
) {
    let now = Utc::now();
    let key = onyx_store::repo::login_failures::Key {
        scope,
        subject,
        source,
    };
    for _ in 0..failures {
        onyx_store::repo::login_failures::record(
            &app.state.db,
            key,
            now,
            now - chrono::Duration::hours(24),
        )
        .await
        .unwrap();
    }
}

async fn lock_row(app: &TestApp, scope: &str, subject: &str, source: &str) {
    let key = onyx_store::repo::login_failures::Key {
        scope,
        subject,
        source,
    };
    onyx_store::repo::login_failures::lock(
        &app.state.db,
        key,
        Utc::now() + chrono::Duration::hours(24),
    )
    .await
    .unwrap();
}

#[tokio::test]
async fn failures_from_many_addresses_slow_the_operator_who_still_signs_in_with_the_code() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = true).await;
    operator(&app, "owner1", "owner").await;
    let admin = onyx_store::repo::admins::find_by_username(&app.state.db, "owner1")
        .await
        .unwrap()
        .unwrap();
    let subject = format!("admin:{}", admin.id);
    failures_from_everywhere(&app, "admin", &subject, "*", 49).await;
    // The fiftieth slows the operator (its address paused), locks nothing.
    let fiftieth = admin_login_from(&app, "203.0.113.50", "owner1", "wrong-pass-1").await;
    fiftieth.fails_with(-1017);
    // Guesses without a code no longer reach the password.
    let no_code = json!({"username": "owner1", "password": "wrong-pass-1"});
    let req = TestApp::request("POST", "/api/admin/login", None)
        .header("content-type", "application/json")
        .header("x-forwarded-for", "203.0.113.51")
        .body(axum::body::Body::from(no_code.to_string()))
        .unwrap();
    app.send(req).await.fails_with(-2006);
    // The owner elsewhere with password and code signs in, now and again.
    for ip in ["198.51.100.20", "198.51.100.21"] {
        admin_login_from(&app, ip, "owner1", OPERATOR_PASSWORD)
            .await
            .ok();
    }
}

#[tokio::test]
async fn an_owner_lifts_a_users_sign_in_restrictions_with_a_reason_audited() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let support = operator(&app, "support1", "support").await;
    let (uid, _) = user_with_session(&app, "alice").await;
    let uri = format!("/api/admin/users/{uid}/unlockSignIn");
    let detail = format!("/api/admin/users/{uid}");
    let d = admin_get(&app, &detail, &owner).await.ok();
    assert_eq!(d["signIn"]["restricted"], false);
    assert_eq!(d["signIn"]["failures"], 0);
    // Nothing to lift: said so, nothing audited.
    admin_post(&app, &uri, &owner, json!({"reason": "user called"}))
        .await
        .fails_with(-1018);

    let subject = format!("user:{uid}");
    failures_from_everywhere(&app, "user", &subject, "*", 50).await;
    lock_row(&app, "user", &subject, "*").await;
    failures_from_everywhere(&app, "user", &subject, "203.0.113.7", 5).await;
    lock_row(&app, "user", &subject, "203.0.113.7").await;
    let login = json!({"type": "account", "username": "alice", "password": "user-pass-1"});
    app.post_json("/api/user/login", None, login.clone())
        .await
        .fails_with(-1019);
    let d = admin_get(&app, &detail, &owner).await.ok();
    assert_eq!(d["signIn"]["restricted"], true);
    assert_eq!(d["signIn"]["failures"], 50);
    assert_eq!(d["signIn"]["pausedAddresses"], 1);
    assert!(d["signIn"]["slowedUntil"].is_string(), "{d}");

    // Owners only, with a reason, for a user that exists.
    admin_post(&app, &uri, &support, json!({"reason": "user called"}))
        .await
        .fails_with(-9);
    admin_post(&app, &uri, &owner, json!({"reason": "  "}))
        .await
        .fails_with(-2004);
    admin_post(
        &app,
        "/api/admin/users/999999/unlockSignIn",
        &owner,
        json!({"reason": "user called"}),
    )
    .await
    .fails_with(-6);
    assert!(audit_rows(&app, &owner, "user.sign_in_unlock")
        .await
        .is_empty());

    admin_post(
        &app,
        &uri,
        &owner,
        json!({"reason": "identity checked by phone"}),
    )
    .await
    .ok();
    let d = admin_get(&app, &detail, &owner).await.ok();
    assert_eq!(d["signIn"]["restricted"], false);
    assert!(d["signIn"]["slowedUntil"].is_null());
    app.post_json("/api/user/login", None, login).await.ok();
    let audit = audit_rows(&app, &owner, "user.sign_in_unlock").await;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0]["target"], format!("user:{uid}"));
    assert_eq!(audit[0]["actorName"], "owner1");
    assert_eq!(audit[0]["reason"], "identity checked by phone");
    assert_eq!(audit[0]["detail"]["failures"], 50);
    assert_eq!(audit[0]["detail"]["pausedAddresses"], 1);
    assert_eq!(audit[0]["detail"]["rowsCleared"], 2);
}

#[tokio::test]
async fn a_success_resets_the_failure_count() {
    let app = TestApp::spawn().await;
    operator(&app, "owner1", "owner").await;
    for _ in 0..4 {
        admin_login(&app, "owner1", "wrong-pass-1")
            .await
            .fails_with(-2001);
    }
    admin_login(&app, "owner1", OPERATOR_PASSWORD).await.ok();
    admin_login(&app, "owner1", "wrong-pass-1")
        .await
        .fails_with(-2001);
    admin_login(&app, "owner1", OPERATOR_PASSWORD).await.ok();
}

#[tokio::test]
async fn operator_login_refuses_bad_json_and_is_rate_limited_per_ip() {
    let app = TestApp::spawn().await;
    let req = TestApp::request("POST", "/api/admin/login", None)
        .header("content-type", "application/json")
        .body(axum::body::Body::from("{not json"))
        .unwrap();
    app.send(req).await.fails_with(-2);
    app.post_json("/api/admin/login", None, json!({"username": "x"}))
        .await
        .fails_with(-3);
    // Bodies refused before the handler do not count towards the limit.
    // (Each name once, so no name's pause comes first.)
    for i in 0..10 {
        admin_login(&app, &format!("ghost{i}"), "whatever-1")
            .await
            .fails_with(-2001);
    }
    admin_login(&app, "ghost10", "whatever-1")
        .await
        .fails_with(-7);
}

#[tokio::test]
async fn roles_limit_what_an_operator_may_do() {
    let app = TestApp::spawn().await;
    let support = operator(&app, "support1", "support").await;
    let compliance = operator(&app, "comply1", "compliance").await;
    let (uid, _) = user_with_session(&app, "alice").await;
    let setting = json!({"value": {"primaryLimit": "1", "isOpenPrimary": true, "seniorLimit": "2", "isOpenSenior": true}, "reason": "r"});

    admin_put(
        &app,
        "/api/admin/settings/AUTH_LIMIT",
        &support,
        setting.clone(),
    )
    .await
    .fails_with(-9);
    admin_get(&app, "/api/admin/settings", &support)
        .await
        .fails_with(-9);
    admin_get(&app, "/api/admin/kyc", &support)
        .await
        .fails_with(-9);
    admin_get(&app, "/api/admin/audit", &support)
        .await
        .fails_with(-9);
    admin_post(
        &app,
        &format!("/api/admin/users/{uid}/freeze"),
        &support,
        json!({"reason": "r"}),
    )
    .await
    .fails_with(-9);
    admin_get(&app, "/api/admin/users", &support).await.ok();
    admin_get(&app, "/api/admin/outbox", &support).await.ok();
    admin_post(&app, "/api/admin/messages", &support, json!({"userId": uid, "title": "Hi", "content": "<p>Hello</p>", "reason": "support ticket 7"})).await.ok();

    admin_put(&app, "/api/admin/settings/AUTH_LIMIT", &compliance, setting)
        .await
        .fails_with(-9);
    admin_get(&app, "/api/admin/outbox", &compliance)
        .await
        .fails_with(-9);
    admin_post(
        &app,
        "/api/admin/content",
        &compliance,
        json!({"kind": "rule", "key": "ABOUT", "translations": [], "reason": "r"}),
    )
    .await
    .fails_with(-9);
    admin_get(&app, "/api/admin/kyc", &compliance).await.ok();
    admin_get(&app, &format!("/api/admin/users/{uid}"), &compliance)
        .await
        .ok();
    admin_post(
        &app,
        &format!("/api/admin/users/{uid}/freeze"),
        &compliance,
        json!({"reason": "fraud check"}),
    )
    .await
    .ok();
}

#[tokio::test]
async fn users_list_filters_by_keyword_and_status_and_detail_has_addresses_and_kyc() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (alice, _) = user_with_session(&app, "alice").await;
    user_with_session(&app, "bobby").await;
    kyc(&app, alice, 1, "approved").await;
    let pending = kyc(&app, alice, 2, "pending").await;
    onyx_account::api::withdraw_addresses::withdraw_address::ActiveModel {
        user_id: Set(alice),
        network: Set("USDT-TRC20".into()),
        address: Set("TXyz".into()),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();

    let all = admin_get(&app, "/api/admin/users?pageNum=1&pageSize=10", &owner)
        .await
        .ok();
    assert_eq!(all["total"], 2);
    assert_eq!(all["rows"][0]["username"], "bobby", "newest first");
    let found = admin_get(&app, "/api/admin/users?keyword=ALICE", &owner)
        .await
        .ok();
    assert_eq!(found["total"], 1);
    let row = &found["rows"][0];
    assert_eq!(row["id"], alice);
    assert_eq!(row["email"], "alice@example.com");
    assert_eq!(row["status"], "active");
    assert_eq!(row["credits"], "80");
    assert_eq!(row["inviteCode"], "INVALICE");
    assert!(row["createTime"].is_string());
    assert_eq!(
        row["kyc"],
        json!({"primary": "approved", "advanced": "pending"})
    );
    let frozen = admin_get(&app, "/api/admin/users?status=frozen", &owner)
        .await
        .ok();
    assert_eq!(frozen["total"], 0);
    admin_get(&app, "/api/admin/users?status=weird", &owner)
        .await
        .fails_with(-4);
    admin_get(&app, "/api/admin/users?pageSize=x", &owner)
        .await
        .fails_with(-1);

    let d = admin_get(&app, &format!("/api/admin/users/{alice}"), &owner)
        .await
        .ok();
    assert_eq!(d["user"]["id"], alice);
    assert_eq!(d["withdrawAddresses"][0]["type"], "USDT-TRC20");
    assert_eq!(d["withdrawAddresses"][0]["address"], "TXyz");
    assert_eq!(d["kycSubmissions"].as_array().unwrap().len(), 2);
    assert_eq!(d["kycSubmissions"][0]["id"], pending);
    admin_get(&app, "/api/admin/users/424242", &owner)
        .await
        .fails_with(-6);
}

#[tokio::test]
async fn freeze_revokes_every_session_and_unfreeze_lets_the_user_back_in() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (uid, token) = user_with_session(&app, "alice").await;
    let other_device = session_for(&app, uid).await;
    app.get("/api/message/list", Some(&token)).await.ok();

    let uri = format!("/api/admin/users/{uid}/freeze");
    admin_post(&app, &uri, &owner, json!({"reason": "  "}))
        .await
        .fails_with(-2004);
    admin_post(&app, &uri, &owner, json!({}))
        .await
        .fails_with(-2004);
    admin_post(
        &app,
        "/api/admin/users/999/freeze",
        &owner,
        json!({"reason": "x"}),
    )
    .await
    .fails_with(-6);
    app.get("/api/message/list", Some(&token)).await.ok();

    admin_post(
        &app,
        &uri,
        &owner,
        json!({"reason": "chargeback investigation"}),
    )
    .await
    .ok();
    assert_token_failure(&app.get("/api/message/list", Some(&token)).await);
    assert_token_failure(&app.get("/api/message/list", Some(&other_device)).await);
    // A session made after the freeze is refused too (the account is frozen).
    let late = session_for(&app, uid).await;
    assert_token_failure(&app.get("/api/message/list", Some(&late)).await);
    let d = admin_get(&app, &format!("/api/admin/users/{uid}"), &owner)
        .await
        .ok();
    assert_eq!(d["user"]["status"], "frozen");
    assert_eq!(d["user"]["frozenReason"], "chargeback investigation");
    admin_post(&app, &uri, &owner, json!({"reason": "again"}))
        .await
        .fails_with(-2005);

    let login = json!({"type": "account", "username": "alice", "password": "user-pass-1"});
    let refused = app.post_json("/api/user/login", None, login.clone()).await;
    assert_ne!(refused.code, 200, "a frozen account cannot sign in");
    let audit = audit_rows(&app, &owner, "user.freeze").await;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0]["target"], format!("user:{uid}"));
    assert_eq!(audit[0]["actorKind"], "admin");
    assert_eq!(audit[0]["actorName"], "owner1");
    assert_eq!(audit[0]["reason"], "chargeback investigation");
    assert_eq!(audit[0]["detail"]["sessionsRevoked"], 2);

    let un = format!("/api/admin/users/{uid}/unfreeze");
    admin_post(&app, &un, &owner, json!({"reason": ""}))
        .await
        .fails_with(-2004);
    admin_post(&app, &un, &owner, json!({"reason": "cleared"}))
        .await
        .ok();
    let back = session_for(&app, uid).await;
    app.get("/api/message/list", Some(&back)).await.ok();
    let signed_in = app.post_json("/api/user/login", None, login).await.ok();
    let fresh = signed_in["satoken"].as_str().unwrap();
    app.get("/api/message/list", Some(fresh)).await.ok();
    admin_post(&app, &un, &owner, json!({"reason": "cleared"}))
        .await
        .fails_with(-2005);
    assert_eq!(audit_rows(&app, &owner, "user.unfreeze").await.len(), 1);
}

#[tokio::test]
async fn two_operators_freezing_at_once_freeze_once_and_audit_once() {
    let app = TestApp::spawn().await;
    let a = operator(&app, "owner1", "owner").await;
    let b = operator(&app, "owner2", "owner").await;
    let (uid, _token) = user_with_session(&app, "alice").await;
    let uri = format!("/api/admin/users/{uid}/freeze");
    let (x, y) = tokio::join!(
        admin_post(&app, &uri, &a, json!({"reason": "first"})),
        admin_post(&app, &uri, &b, json!({"reason": "second"})),
    );
    let codes = [x.code, y.code];
    assert!(codes.contains(&200), "one freeze wins: {codes:?}");
    assert!(
        codes.contains(&-2005),
        "the other finds it frozen: {codes:?}"
    );
    let audit = audit_rows(&app, &a, "user.freeze").await;
    assert_eq!(audit.len(), 1, "one decision, one audit row");
}

async fn kyc(app: &TestApp, user_id: i64, tier: i32, status: &str) -> i64 {
    kyc_submission::ActiveModel {
        user_id: Set(user_id),
        tier: Set(tier),
        real_name: Set("Alice Example".into()),
        id_number: Set("X1234567".into()),
        country: Set("DE".into()),
        front_file: Set("/api/common/file/front123".into()),
        back_file: Set(Some("back123".into())),
        hand_file: Set(None),
        status: Set(kyc_submission::KycStatus::parse(status).unwrap()),
        reason: Set(None),
        reviewed_by: Set(None),
        reviewed_at: Set(None),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap()
    .id
}

#[tokio::test]
async fn kyc_queue_is_oldest_first_and_review_only_from_pending_with_a_message() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (uid, token) = user_with_session(&app, "alice").await;
    let (bob, bob_token) = user_with_session(&app, "bobby").await;
    let first = kyc(&app, uid, 1, "pending").await;
    let second = kyc(&app, bob, 1, "pending").await;
    kyc(&app, bob, 2, "approved").await;

    let q = admin_get(
        &app,
        "/api/admin/kyc?status=pending&pageNum=1&pageSize=10",
        &owner,
    )
    .await
    .ok();
    assert_eq!(q["total"], 2);
    assert_eq!(q["rows"][0]["id"], first);
    assert_eq!(q["rows"][1]["id"], second);
    assert_eq!(
        q["rows"][0]["frontFile"],
        json!({"id": "front123", "url": "/api/admin/file/front123/link"})
    );
    assert_eq!(q["rows"][0]["backFile"]["id"], "back123");
    assert!(q["rows"][0]["handFile"].is_null());
    admin_get(&app, "/api/admin/kyc?status=odd", &owner)
        .await
        .fails_with(-4);

    let approve = format!("/api/admin/kyc/{first}/approve");
    admin_post(&app, &approve, &owner, json!({"reason": ""}))
        .await
        .fails_with(-2004);
    admin_post(&app, &approve, &owner, json!({"reason": "Documents match"}))
        .await
        .ok();
    admin_post(&app, &approve, &owner, json!({"reason": "twice"}))
        .await
        .fails_with(-2005);
    admin_post(
        &app,
        &format!("/api/admin/kyc/{first}/reject"),
        &owner,
        json!({"reason": "late"}),
    )
    .await
    .fails_with(-2005);
    admin_post(
        &app,
        "/api/admin/kyc/999/approve",
        &owner,
        json!({"reason": "x"}),
    )
    .await
    .fails_with(-6);

    let reject = format!("/api/admin/kyc/{second}/reject");
    admin_post(
        &app,
        &reject,
        &owner,
        json!({"reason": "Photo is <blurred>"}),
    )
    .await
    .ok();

    let inbox = app.get("/api/message/list", Some(&token)).await.ok();
    assert_eq!(inbox["total"], 1);
    assert!(inbox["rows"][0]["title"]
        .as_str()
        .unwrap()
        .contains("approved"));
    let id = inbox["rows"][0]["id"].as_i64().unwrap();
    let m = app
        .get(&format!("/api/message/detail?id={id}"), Some(&token))
        .await
        .ok();
    assert!(m["content"].as_str().unwrap().contains("Documents match"));

    let bob_inbox = app.get("/api/message/list", Some(&bob_token)).await.ok();
    assert!(bob_inbox["rows"][0]["title"]
        .as_str()
        .unwrap()
        .contains("not approved"));
    let id = bob_inbox["rows"][0]["id"].as_i64().unwrap();
    let m = app
        .get(&format!("/api/message/detail?id={id}"), Some(&bob_token))
        .await
        .ok();
    let content = m["content"].as_str().unwrap();
    assert!(
        content.contains("Photo is &lt;blurred&gt;"),
        "reason escaped: {content}"
    );

    let detail = admin_get(&app, &format!("/api/admin/users/{bob}"), &owner)
        .await
        .ok();
    let rejected = detail["kycSubmissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["id"] == second)
        .unwrap()
        .clone();
    assert_eq!(rejected["status"], "rejected");
    assert_eq!(rejected["reason"], "Photo is <blurred>");
    assert_eq!(
        admin_get(&app, "/api/admin/kyc", &owner).await.ok()["total"],
        0
    );
    assert_eq!(
        audit_rows(&app, &owner, "kyc.approve").await[0]["target"],
        format!("kyc:{first}")
    );
    assert_eq!(audit_rows(&app, &owner, "kyc.reject").await.len(), 1);

    // The review is written in every language: a user who registered in
    // English and reads in Chinese reads it in Chinese.
    let (carol, carol_token) = user_with_session(&app, "carol").await;
    let third = kyc(&app, carol, 1, "pending").await;
    admin_post(
        &app,
        &format!("/api/admin/kyc/{third}/approve"),
        &owner,
        json!({"reason": "ok"}),
    )
    .await
    .ok();
    let in_chinese = axum::http::Request::get("/api/message/list")
        .header("lang", "zh")
        .header("satoken", &carol_token)
        .body(axum::body::Body::empty())
        .unwrap();
    let carol_inbox = app.send(in_chinese).await.ok();
    assert_eq!(carol_inbox["rows"][0]["title"], "初级认证已通过");
    let carol_inbox = app.get("/api/message/list", Some(&carol_token)).await.ok();
    assert_eq!(
        carol_inbox["rows"][0]["title"],
        "Primary verification approved"
    );
}

/// An upload of `user_id` stored as `id` (hex, as ids are), with its bytes
/// on disk.
async fn stored_file(app: &TestApp, user_id: i64, id: &str, bytes: &[u8]) {
    let dir = app.state.config.db.data_dir.join("uploads").join(&id[..2]);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(id), bytes).unwrap();
    file::ActiveModel {
        id: Set(id.into()),
        user_id: Set(user_id),
        file_name: Set("front.png".into()),
        mime: Set("image/png".into()),
        size: Set(bytes.len() as i64),
        storage_key: Set(format!("{}/{id}", &id[..2])),
        created_at: Set(Utc::now()),
    }
    .insert(&app.state.db)
    .await
    .unwrap();
}

/// GET of a link's url: status headers and bytes, no token sent.
async fn open_link(app: &TestApp, url: &str) -> (axum::http::HeaderMap, Vec<u8>) {
    let req = TestApp::request("GET", url, None)
        .body(axum::body::Body::empty())
        .unwrap();
    let res = tower::ServiceExt::oneshot(app.router.clone(), req)
        .await
        .unwrap();
    let headers = res.headers().clone();
    let bytes = http_body_util::BodyExt::collect(res.into_body())
        .await
        .unwrap()
        .to_bytes();
    (headers, bytes.to_vec())
}

const PNG: &[u8] =
    b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

#[tokio::test]
async fn operators_who_review_kyc_open_the_documents_through_signed_links() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let support = operator(&app, "support1", "support").await;
    let compliance = operator(&app, "compliance1", "compliance").await;
    let (uid, user_token) = user_with_session(&app, "alice").await;
    stored_file(&app, uid, "abf11e01", PNG).await;
    stored_file(&app, uid, "cdf11e02", PNG).await;
    let submission = kyc(&app, uid, 1, "pending").await;
    kyc_submission::ActiveModel {
        id: Set(submission),
        front_file: Set("abf11e01".into()),
        ..Default::default()
    }
    .update(&app.state.db)
    .await
    .unwrap();

    let row = admin_get(&app, "/api/admin/kyc", &compliance).await.ok()["rows"][0].clone();
    assert_eq!(row["frontFile"]["url"], "/api/admin/file/abf11e01/link");
    for reviewer in [&owner, &compliance] {
        let link = admin_get(&app, "/api/admin/file/abf11e01/link", reviewer)
            .await
            .ok();
        let url = link["url"].as_str().unwrap();
        assert!(
            url.starts_with("/api/common/file/abf11e01?expires="),
            "{url}"
        );
        assert!(url.contains("&for=a"), "minted for an operator: {url}");
        assert!(!url.contains(reviewer.as_str()), "no token in the link");
        let (headers, bytes) = open_link(&app, url).await;
        assert_eq!(bytes, PNG);
        assert_eq!(headers["content-type"], "image/png");
        assert!(headers["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment"));
        assert_eq!(headers["content-security-policy"], "sandbox");
    }

    // A token in the URL opens nothing any more.
    let by_query = TestApp::request(
        "GET",
        &format!("/api/admin/file/abf11e01/link?adminToken={owner}"),
        None,
    )
    .body(axum::body::Body::empty())
    .unwrap();
    assert_token_failure(&app.send(by_query).await);
    // An upload no submission shows is no document to review.
    admin_get(&app, "/api/admin/file/cdf11e02/link", &compliance)
        .await
        .fails_with(-6);
    admin_get(&app, "/api/admin/file/abf11e01/link", &support)
        .await
        .fails_with(-9);
    admin_get(&app, "/api/admin/file/missing/link", &owner)
        .await
        .fails_with(-6);
    assert_token_failure(
        &admin_send(&app, "GET", "/api/admin/file/abf11e01/link", None, None).await,
    );
    assert_token_failure(&admin_get(&app, "/api/admin/file/abf11e01/link", &user_token).await);
}

#[tokio::test]
async fn settings_edits_are_validated_audited_and_visible_to_clients() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let before = app.get("/api/common/getAllSetting", None).await.ok();
    let all = admin_get(&app, "/api/admin/settings", &owner).await.ok();
    assert_eq!(all.as_object().unwrap().len(), 25);

    let mut value = before["AUTH_LIMIT"].clone();
    value["isOpenPrimary"] = json!("yes");
    let bad = admin_put(
        &app,
        "/api/admin/settings/AUTH_LIMIT",
        &owner,
        json!({"value": value, "reason": "open KYC"}),
    )
    .await;
    bad.fails_with(-2101);
    assert!(
        bad.msg.contains("AUTH_LIMIT") && bad.msg.contains("isOpenPrimary"),
        "{}",
        bad.msg
    );
    admin_put(
        &app,
        "/api/admin/settings/NO_SUCH",
        &owner,
        json!({"value": 1, "reason": "x"}),
    )
    .await
    .fails_with(-2003);
    let mut good = before["AUTH_LIMIT"].clone();
    good["isOpenPrimary"] = json!(!good["isOpenPrimary"].as_bool().unwrap());
    admin_put(
        &app,
        "/api/admin/settings/AUTH_LIMIT",
        &owner,
        json!({"value": good, "reason": ""}),
    )
    .await
    .fails_with(-2004);
    let malformed = TestApp::request("PUT", "/api/admin/settings/AUTH_LIMIT", None)
        .header("adminToken", &owner)
        .header("content-type", "application/json")
        .body(axum::body::Body::from("{\"value\": "))
        .unwrap();
    app.send(malformed).await.fails_with(-2);
    admin_put(
        &app,
        "/api/admin/settings/AUTH_LIMIT",
        &owner,
        json!({"reason": "x"}),
    )
    .await
    .fails_with(-3);
    assert_eq!(
        app.get("/api/common/getAllSetting", None).await.ok(),
        before,
        "nothing changed"
    );
    assert!(audit_rows(&app, &owner, "setting.update").await.is_empty());

    admin_put(
        &app,
        "/api/admin/settings/AUTH_LIMIT",
        &owner,
        json!({"value": good, "reason": "open primary KYC"}),
    )
    .await
    .ok();
    let after = app.get("/api/common/getAllSetting", None).await.ok();
    assert_eq!(after["AUTH_LIMIT"], good);
    let audit = audit_rows(&app, &owner, "setting.update").await;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0]["target"], "setting:AUTH_LIMIT");
    assert_eq!(audit[0]["reason"], "open primary KYC");
    assert_eq!(audit[0]["detail"]["old"], before["AUTH_LIMIT"]);
    assert_eq!(audit[0]["detail"]["new"], good);
}

#[tokio::test]
async fn content_list_pages_on_the_server_by_kind_language_and_keyword() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let make = |kind: &str, key: &str, parent: Option<i64>, texts: serde_json::Value| {
        let mut body = json!({"kind": kind, "key": key, "translations": texts, "reason": "r"});
        if let Some(p) = parent {
            body["parentId"] = json!(p);
        }
        body
    };
    let en = |title: &str| json!([{"lang": "en", "title": title, "content": "<p>x</p>"}]);
    let mut ids = Vec::new();
    for (kind, key, texts) in [
        ("help_category", "deposits", en("Deposits")),
        ("rule", "TERMS", en("Terms of use")),
        (
            "notice",
            "ROLL_NOTICE",
            json!([{"lang": "en", "title": "Maintenance", "content": ""}, {"lang": "zh", "title": "维护通知", "content": ""}]),
        ),
    ] {
        let made = admin_post(
            &app,
            "/api/admin/content",
            &owner,
            make(kind, key, None, texts),
        )
        .await
        .ok();
        ids.push(made["id"].as_i64().unwrap());
    }
    let category = ids[0];
    admin_post(
        &app,
        "/api/admin/content",
        &owner,
        make(
            "help_article",
            "first-deposit",
            Some(category),
            en("Your first deposit"),
        ),
    )
    .await
    .ok();
    let list = |q: &str| {
        let app = &app;
        let owner = owner.clone();
        let uri = format!("/api/admin/content?{q}");
        async move { admin_get(app, &uri, &owner).await.ok() }
    };
    let keys = |page: &serde_json::Value| -> Vec<String> {
        page["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["key"].as_str().unwrap().to_string())
            .collect()
    };

    // Kinds in their order (notices, rules, categories, articles), paged.
    let all = list("pageSize=100").await;
    let total = all["total"].as_u64().unwrap();
    assert!(total >= 4, "{all}");
    let order: Vec<String> = all["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["kind"].as_str().unwrap().to_string())
        .collect();
    let rank = |k: &str| {
        ["notice", "rule", "help_category", "help_article"]
            .iter()
            .position(|x| *x == k)
            .unwrap()
    };
    assert!(
        order.windows(2).all(|w| rank(&w[0]) <= rank(&w[1])),
        "{order:?}"
    );
    let second = list("pageNum=2&pageSize=1").await;
    assert_eq!(second["total"], total);
    assert_eq!(second["rows"].as_array().unwrap().len(), 1);
    assert_eq!(second["rows"][0], all["rows"][1]);

    // A language: items with a translation in it.
    let zh = list("lang=zh").await;
    assert!(keys(&zh).contains(&"ROLL_NOTICE".to_string()), "{zh}");
    assert!(zh["rows"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["translations"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["lang"] == "zh")));
    // A keyword: in the key or any title, any case.
    assert_eq!(
        keys(&list("keyword=FIRST%20deposit").await),
        ["first-deposit"]
    );
    assert_eq!(keys(&list("keyword=terms").await), ["TERMS"]);
    assert_eq!(
        keys(&list("keyword=%E7%BB%B4%E6%8A%A4").await),
        ["ROLL_NOTICE"]
    );
    assert_eq!(list("kind=rule&keyword=deposit").await["total"], 0);

    admin_get(&app, "/api/admin/content?lang=xx", &owner)
        .await
        .fails_with(-4);
    admin_get(&app, "/api/admin/content?kind=odd", &owner)
        .await
        .fails_with(-4);
    admin_get(&app, "/api/admin/content/999999", &owner)
        .await
        .fails_with(-6);
    let support = operator(&app, "support1", "support").await;
    admin_get(&app, &format!("/api/admin/content/{category}"), &support)
        .await
        .fails_with(-9);
}

#[tokio::test]
async fn content_crud_sanitizes_upserts_translations_and_audits() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let body = json!({"kind": "notice", "key": "ROLL_NOTICE", "modelKey": "HOME", "sort": 1,
        "translations": [{"lang": "en", "title": "Hello", "content": "<p onclick=\"x()\">Hi<script>alert(1)</script> <a href=\"javascript:alert(1)\">x</a> <a href=\"https://onyx.example\">ok</a></p>"}],
        "reason": "launch"});
    let created = admin_post(&app, "/api/admin/content", &owner, body.clone())
        .await
        .ok();
    let id = created["id"].as_i64().unwrap();
    let html = created["translations"][0]["content"].as_str().unwrap();
    assert!(
        !html.contains("script") && !html.contains("onclick") && !html.contains("javascript"),
        "{html}"
    );
    assert!(html.contains("href=\"https://onyx.example\""), "{html}");

    let mut no_reason = body.clone();
    no_reason["reason"] = json!("");
    admin_post(&app, "/api/admin/content", &owner, no_reason)
        .await
        .fails_with(-2004);
    let mut bad_kind = body.clone();
    bad_kind["kind"] = json!("banner");
    admin_post(&app, "/api/admin/content", &owner, bad_kind)
        .await
        .fails_with(-4);
    let mut no_en = body.clone();
    no_en["translations"] = json!([{"lang": "de", "title": "Hallo", "content": ""}]);
    admin_post(&app, "/api/admin/content", &owner, no_en)
        .await
        .fails_with(-1);
    let mut bad_lang = body.clone();
    bad_lang["translations"] = json!([{"lang": "xx", "title": "?", "content": ""}]);
    admin_post(&app, "/api/admin/content", &owner, bad_lang)
        .await
        .fails_with(-1);
    let orphan = json!({"kind": "help_article", "key": "a", "parentId": id, "translations": [{"lang": "en", "title": "t", "content": ""}], "reason": "r"});
    admin_post(&app, "/api/admin/content", &owner, orphan)
        .await
        .fails_with(-4);

    let update = json!({"kind": "notice", "key": "ROLL_NOTICE", "modelKey": "HOME", "sort": 1,
        "translations": [{"lang": "de", "title": "Hallo", "content": "<p>Hallo</p>"}], "reason": "add German"});
    let updated = admin_put(
        &app,
        &format!("/api/admin/content/{id}"),
        &owner,
        update.clone(),
    )
    .await
    .ok();
    let langs: Vec<&str> = updated["translations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["lang"].as_str().unwrap())
        .collect();
    assert_eq!(langs, ["de", "en"], "en kept, de added");
    assert_eq!(
        get_in(&app, "/api/notice/list?key=ROLL_NOTICE", "de", None)
            .await
            .ok()[0]["title"],
        "Hallo"
    );
    admin_put(&app, "/api/admin/content/99999", &owner, update)
        .await
        .fails_with(-6);

    let listed = admin_get(&app, "/api/admin/content?kind=notice", &owner)
        .await
        .ok();
    assert_eq!(listed["total"], 1);
    assert_eq!(listed["rows"].as_array().unwrap().len(), 1);
    let one = admin_get(&app, &format!("/api/admin/content/{id}"), &owner)
        .await
        .ok();
    assert_eq!(one, listed["rows"][0]);
    admin_get(&app, "/api/admin/content?kind=odd", &owner)
        .await
        .fails_with(-4);

    admin_delete(
        &app,
        &format!("/api/admin/content/{id}"),
        &owner,
        json!({"reason": ""}),
    )
    .await
    .fails_with(-2004);
    admin_delete(
        &app,
        &format!("/api/admin/content/{id}"),
        &owner,
        json!({"reason": "expired"}),
    )
    .await
    .ok();
    assert_eq!(
        app.get("/api/notice/list?key=ROLL_NOTICE", None).await.ok(),
        json!([])
    );
    admin_delete(
        &app,
        &format!("/api/admin/content/{id}"),
        &owner,
        json!({"reason": "again"}),
    )
    .await
    .fails_with(-6);
    for action in ["content.create", "content.update", "content.delete"] {
        let rows = audit_rows(&app, &owner, action).await;
        assert_eq!(rows.len(), 1, "{action}");
        assert_eq!(rows[0]["target"], format!("content:{id}"));
    }
}

#[tokio::test]
async fn a_category_with_articles_cannot_be_deleted() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let en = json!([{"lang": "en", "title": "t", "content": ""}]);
    let cat = admin_post(
        &app,
        "/api/admin/content",
        &owner,
        json!({"kind": "help_category", "key": "c", "translations": en, "reason": "r"}),
    )
    .await
    .ok()["id"]
        .as_i64()
        .unwrap();
    let art = admin_post(&app, "/api/admin/content", &owner, json!({"kind": "help_article", "key": "a", "parentId": cat, "translations": en, "reason": "r"})).await.ok()["id"].as_i64().unwrap();
    admin_delete(
        &app,
        &format!("/api/admin/content/{cat}"),
        &owner,
        json!({"reason": "r"}),
    )
    .await
    .fails_with(-2005);
    admin_delete(
        &app,
        &format!("/api/admin/content/{art}"),
        &owner,
        json!({"reason": "r"}),
    )
    .await
    .ok();
    admin_delete(
        &app,
        &format!("/api/admin/content/{cat}"),
        &owner,
        json!({"reason": "r"}),
    )
    .await
    .ok();
}

#[tokio::test]
async fn operator_messages_reach_the_user_sanitized_and_audited() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (uid, token) = user_with_session(&app, "alice").await;
    let body = json!({"userId": uid, "title": "Your ticket", "content": "<p>Solved<img src=x onerror=alert(1)></p>", "reason": "ticket 12"});
    let mut empty = body.clone();
    empty["reason"] = json!(" ");
    admin_post(&app, "/api/admin/messages", &owner, empty)
        .await
        .fails_with(-2004);
    let mut nobody = body.clone();
    nobody["userId"] = json!(9999);
    admin_post(&app, "/api/admin/messages", &owner, nobody)
        .await
        .fails_with(-6);
    let mut untitled = body.clone();
    untitled["title"] = json!("");
    admin_post(&app, "/api/admin/messages", &owner, untitled)
        .await
        .fails_with(-4);
    admin_post(&app, "/api/admin/messages", &owner, json!({"userId": "x"}))
        .await
        .fails_with(-1);

    let sent = admin_post(&app, "/api/admin/messages", &owner, body)
        .await
        .ok();
    let id = sent["id"].as_i64().unwrap();
    let m = app
        .get(&format!("/api/message/detail?id={id}"), Some(&token))
        .await
        .ok();
    assert_eq!(m["title"], "Your ticket");
    assert_eq!(m["content"], "<p>Solved</p>");
    let audit = audit_rows(&app, &owner, "message.send").await;
    assert_eq!(audit[0]["target"], format!("user:{uid}"));
    assert_eq!(audit[0]["detail"]["messageId"], id);
}

#[tokio::test]
async fn a_support_operator_sees_in_the_outbox_that_codes_went_out_but_never_a_code() {
    let app = TestApp::spawn_with(|c| c.dev_mailbox = true).await;
    let owner = operator(&app, "owner1", "owner").await;
    let support = operator(&app, "support1", "support").await;
    let (uid, _) = user_with_session(&app, "alice").await;
    users::update(
        &app.state.db,
        uid,
        users::Change::Email(Some("a@example.com")),
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    // The takeover of the issue: an unauthenticated reset code for alice...
    app.post_query(
        "/api/user/sendEmailCode?codeType=forget&email=a%40example.com",
        None,
    )
    .await
    .ok();
    app.post_query(
        "/api/user/sendEmailCode?codeType=register&email=b%40example.com",
        None,
    )
    .await
    .ok();
    let code = app
        .get(
            &format!("/api/dev/mailbox?target={}", q("a@example.com")),
            None,
        )
        .await
        .ok()[0]["code"]
        .as_str()
        .unwrap()
        .to_string();
    // ...which the outbox shows as sent, and nothing more.
    let r = admin_get(
        &app,
        "/api/admin/outbox?target=a%40example.com&pageNum=1&pageSize=10",
        &support,
    )
    .await
    .ok();
    assert_eq!(r["total"], 1);
    let row = &r["rows"][0];
    assert_eq!(row["channel"], "email");
    assert_eq!(row["target"], "a@example.com");
    assert_eq!(row["purpose"], "forget");
    assert_eq!(row["status"], "unsent");
    assert!(row["subject"].is_string() && row["createTime"].is_string());
    assert!(
        row.get("code").is_none() && row.get("body").is_none(),
        "{row}"
    );
    assert!(!r.to_string().contains(&code), "{r}");
    let all = admin_get(&app, "/api/admin/outbox", &owner).await.ok();
    assert_eq!(all["total"], 2);
    assert_eq!(all["rows"][0]["target"], "b@example.com", "newest first");
    assert!(!all.to_string().contains(&code));
}

#[tokio::test]
async fn audit_log_pages_newest_first() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (uid, _) = user_with_session(&app, "alice").await;
    admin_post(
        &app,
        &format!("/api/admin/users/{uid}/freeze"),
        &owner,
        json!({"reason": "one"}),
    )
    .await
    .ok();
    admin_post(
        &app,
        &format!("/api/admin/users/{uid}/unfreeze"),
        &owner,
        json!({"reason": "two"}),
    )
    .await
    .ok();
    let page = admin_get(&app, "/api/admin/audit?pageNum=1&pageSize=1", &owner)
        .await
        .ok();
    // The two decisions and, first of all, the owner's first sign-in:
    // enrolling, turning TOTP on and signing out of that session.
    assert_eq!(page["total"], 5);
    assert_eq!(page["rows"][0]["action"], "user.unfreeze");
    let next = admin_get(&app, "/api/admin/audit?pageNum=2&pageSize=1", &owner)
        .await
        .ok();
    assert_eq!(next["rows"][0]["action"], "user.freeze");
    assert!(next["rows"][0]["actorId"].is_number());
    let all = admin_get(&app, "/api/admin/audit?pageSize=10", &owner)
        .await
        .ok();
    let actions: Vec<&str> = all["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        [
            "user.unfreeze",
            "user.freeze",
            "operator.sign_out",
            "operator.totp_enable",
            "operator.totp_enrol"
        ]
    );
}

#[tokio::test]
async fn the_openapi_document_lists_the_operator_and_content_calls() {
    let app = TestApp::spawn().await;
    let req = axum::http::Request::get("/api/openapi.json")
        .body(axum::body::Body::empty())
        .unwrap();
    let res = tower::ServiceExt::oneshot(app.router.clone(), req)
        .await
        .unwrap();
    let bytes = http_body_util::BodyExt::collect(res.into_body())
        .await
        .unwrap()
        .to_bytes();
    let doc: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    for (path, method) in [
        ("/api/notice/list", "get"),
        ("/api/option/rules/list", "get"),
        ("/api/help/list", "get"),
        ("/api/help/detail", "get"),
        ("/api/message/list", "get"),
        ("/api/message/detail", "get"),
        ("/api/message/readAll", "post"),
        ("/api/admin/login", "post"),
        ("/api/admin/logout", "post"),
        ("/api/admin/users", "get"),
        ("/api/admin/users/{id}", "get"),
        ("/api/admin/users/{id}/freeze", "post"),
        ("/api/admin/users/{id}/unfreeze", "post"),
        ("/api/admin/kyc", "get"),
        ("/api/admin/kyc/{id}/approve", "post"),
        ("/api/admin/kyc/{id}/reject", "post"),
        ("/api/admin/file/{id}/link", "get"),
        ("/api/admin/settings", "get"),
        ("/api/admin/settings/{key}", "put"),
        ("/api/admin/settings/schema", "get"),
        ("/api/admin/content", "get"),
        ("/api/admin/content", "post"),
        ("/api/admin/content/{id}", "put"),
        ("/api/admin/content/{id}", "delete"),
        ("/api/admin/messages", "post"),
        ("/api/admin/outbox", "get"),
        ("/api/admin/audit", "get"),
        ("/api/admin/users/{id}/balances", "get"),
        ("/api/admin/users/{id}/postings", "get"),
        ("/api/admin/users/{id}/spot-orders", "get"),
        ("/api/admin/users/{id}/futures-positions", "get"),
        ("/api/admin/users/{id}/contract-orders", "get"),
        ("/api/admin/users/{id}/sessions", "get"),
        ("/api/admin/users/{id}/messages", "get"),
        ("/api/admin/users/{id}/audit", "get"),
    ] {
        assert!(doc["paths"][path][method].is_object(), "{method} {path}");
    }
}

/// Every string field with a decimal maximum in the served schema, at the
/// top level of an object key: (key, field, maximum, exclusive).
fn bounded_fields(schema: &serde_json::Value) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for (key, s) in schema["settings"].as_object().unwrap() {
        let Some(props) = s["properties"].as_object() else {
            continue;
        };
        for (field, f) in props {
            if let Some(max) = f["maxDecimal"].as_str() {
                out.push((key.clone(), field.clone(), max.to_string()));
            }
        }
    }
    out
}

#[tokio::test]
async fn settings_are_validated_by_the_schema_the_console_is_served() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let served = admin_get(&app, "/api/admin/settings/schema", &owner)
        .await
        .ok();
    // The document the console renders is the one the server checks with.
    assert_eq!(
        served,
        serde_json::to_value(onyx_kernel::settings::schema::document()).unwrap()
    );
    let keys: Vec<&str> = served["keys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap())
        .collect();
    assert_eq!(keys, onyx_kernel::settings::KEYS);
    let support = operator(&app, "helper", "support").await;
    admin_get(&app, "/api/admin/settings/schema", &support)
        .await
        .fails_with(-9);

    let before = admin_get(&app, "/api/admin/settings", &owner).await.ok();
    let put = |key: &str, value: serde_json::Value| {
        let app = &app;
        let owner = owner.clone();
        let uri = format!("/api/admin/settings/{key}");
        async move { admin_put(app, &uri, &owner, json!({"value": value, "reason": "edit"})).await }
    };

    // Rebate ratios: each a percent, together 100 at most.
    let rebate = |one: &str, two: &str, three: &str| json!({"isOpen": true, "oneRatio": one, "twoRatio": two, "threeRatio": three});
    let r = put("FINANCIAL_REBATE_SETTING", rebate("150", "0", "0")).await;
    r.fails_with(-2105);
    assert_eq!(
        r.msg,
        "FINANCIAL_REBATE_SETTING.oneRatio must be from 0 to 100"
    );
    let r = put("FINANCIAL_REBATE_SETTING", rebate("100", "100", "100")).await;
    r.fails_with(-2107);
    assert_eq!(
        r.msg,
        "FINANCIAL_REBATE_SETTING.oneRatio + twoRatio + threeRatio must add up to at most 100"
    );
    put("FINANCIAL_REBATE_SETTING", rebate("50", "30", "20.5"))
        .await
        .fails_with(-2107);

    // Every bounded field the console is told about is bounded here too.
    let bounded = bounded_fields(&served);
    assert!(bounded.len() >= 5, "{bounded:?}");
    for (key, field, max) in &bounded {
        let mut v = before[key.as_str()].clone();
        v[field.as_str()] = json!(format!("{max}.000001"));
        let r = put(key, v).await;
        assert!(
            r.code == -2105 || r.code == -2106,
            "{key}.{field}: {} {}",
            r.code,
            r.msg
        );
        assert!(r.msg.starts_with(&format!("{key}.{field} ")), "{}", r.msg);
    }

    // A coin a setting names must be listed.
    let mut coins = before["HOME_COIN_SETTING"].clone();
    coins[2]["coin"] = json!("NOTACOIN");
    let r = put("HOME_COIN_SETTING", coins).await;
    r.fails_with(-3104);
    assert_eq!(r.msg, "HOME_COIN_SETTING[2].coin must name a listed coin");
    let mut w = before["WITHDRAWAL_SETTING"].clone();
    w["coinTax"] = json!("<b>usdt</b>");
    put("WITHDRAWAL_SETTING", w).await.fails_with(-3104);

    assert_eq!(
        admin_get(&app, "/api/admin/settings", &owner).await.ok(),
        before,
        "nothing changed"
    );
    assert!(audit_rows(&app, &owner, "setting.update").await.is_empty());

    // Every stored value (the defaults) passes, and a fair rebate is taken.
    for key in keys {
        put(key, before[key].clone()).await.ok();
    }
    put("FINANCIAL_REBATE_SETTING", rebate("50", "30", "20"))
        .await
        .ok();
    let after = app.get("/api/common/getAllSetting", None).await.ok();
    assert_eq!(after["FINANCIAL_REBATE_SETTING"], rebate("50", "30", "20"));
}
