//! The fund password: at least six digits, not a trivial sequence, and set
//! or changed only with a `security` code sent to the bound email (else
//! phone). Every refusal leaves the stored password as it was.

use chrono::{Duration, Utc};
use onyx_kernel::clock::ManualClock;
use onyx_store::repo::users;
use onyx_testkit::accounts::{last_code, send_email_code, signed_in, user};
use onyx_testkit::common::TestApp;
use std::sync::Arc;

const EMAIL: &str = "alice@example.com";

/// An app with a development mailbox on a clock the test moves (a new
/// code to the same address waits a minute).
async fn app_on(clock: Arc<ManualClock>) -> TestApp {
    TestApp::spawn_with_clock(clock, |c| c.dev_mailbox = true).await
}

/// Alice with `EMAIL` bound, and her session.
async fn alice_with_email(app: &TestApp) -> (i64, String) {
    let (alice, token) = signed_in(app, "alice").await;
    users::update(
        &app.state.db,
        alice.id,
        users::Change::Email(Some(EMAIL)),
        app.state.clock.now(),
    )
    .await
    .unwrap();
    (alice.id, token)
}

/// A fresh `security` code to `EMAIL`, a minute after the last one.
async fn security_code(app: &TestApp, clock: &ManualClock, token: &str) -> String {
    clock.advance(Duration::seconds(61));
    send_email_code(app, "security", EMAIL, Some(token))
        .await
        .ok();
    last_code(app, EMAIL).await.expect("a code was sent")
}

async fn stored_hash(app: &TestApp, id: i64) -> Option<String> {
    users::find_by_id(&app.state.db, id)
        .await
        .unwrap()
        .unwrap()
        .trade_password_hash
}

async fn set(app: &TestApp, token: &str, pwd: &str, code: &str) -> onyx_testkit::common::Reply {
    app.post_query(
        &format!("/api/user/tardPwdSet?pwd={pwd}&code={code}"),
        Some(token),
    )
    .await
}

async fn change(
    app: &TestApp,
    token: &str,
    old: &str,
    new: &str,
    code: &str,
) -> onyx_testkit::common::Reply {
    app.post_query(
        &format!("/api/user/updatePwd?oldPwd={old}&newPwd={new}&signType=2&code={code}"),
        Some(token),
    )
    .await
}

#[tokio::test]
async fn setting_needs_a_good_password_and_a_security_code() {
    let clock = Arc::new(ManualClock::at(Utc::now()));
    let app = app_on(clock.clone()).await;
    let (id, token) = alice_with_email(&app).await;
    let code = security_code(&app, &clock, &token).await;

    // Trivial sequences, short ones and letters are refused before the
    // code is looked at: the code stays good.
    for bad in [
        "123456",
        "111111",
        "654321",
        "0123456789",
        "12345",
        "13579a",
    ] {
        set(&app, &token, bad, &code).await.fails_with(-1032);
    }
    // No code, a wrong code: refused, and nothing is stored.
    set(&app, &token, "135790", "").await.fails_with(-1020);
    let wrong = if code == "000000" { "111111" } else { "000000" };
    set(&app, &token, "135790", wrong).await.fails_with(-1021);
    assert_eq!(stored_hash(&app, id).await, None);

    set(&app, &token, "135790", &code).await.ok();
    let info = app.get("/api/user/getInfo", Some(&token)).await.ok();
    assert_eq!(info["user"]["hasTradePwd"], true);
    // A code is used once, and a set password is changed, not set again.
    let first = stored_hash(&app, id).await;
    set(&app, &token, "246802", &code).await.fails_with(-1031);
    assert_eq!(stored_hash(&app, id).await, first);
}

#[tokio::test]
async fn without_an_email_or_phone_there_is_nowhere_to_send_the_code() {
    let app = TestApp::spawn().await;
    let (alice, token) = signed_in(&app, "alice").await;
    set(&app, &token, "135790", "123456")
        .await
        .fails_with(-1040);
    assert_eq!(stored_hash(&app, alice.id).await, None);
}

#[tokio::test]
async fn changing_needs_the_old_password_a_new_good_one_and_a_fresh_code() {
    let clock = Arc::new(ManualClock::at(Utc::now()));
    let app = app_on(clock.clone()).await;
    let (id, token) = alice_with_email(&app).await;
    change(&app, &token, "135790", "246802", "000000")
        .await
        .fails_with(-1033);
    let code = security_code(&app, &clock, &token).await;
    set(&app, &token, "135790", &code).await.ok();
    let before = stored_hash(&app, id).await;

    // The used code does not change it again.
    change(&app, &token, "135790", "246802", &code)
        .await
        .fails_with(-1021);
    let code = security_code(&app, &clock, &token).await;
    change(&app, &token, "135790", "123456", &code)
        .await
        .fails_with(-1032);
    change(&app, &token, "000001", "246802", &code)
        .await
        .fails_with(-1030);
    change(&app, &token, "135790", "135790", &code)
        .await
        .fails_with(-1034);
    change(&app, &token, "135790", "246802", "")
        .await
        .fails_with(-1020);
    assert_eq!(
        stored_hash(&app, id).await,
        before,
        "refusals change nothing"
    );

    change(&app, &token, "135790", "246802", &code).await.ok();
    assert_ne!(stored_hash(&app, id).await, before);
    // A fund-password change leaves the session alone.
    app.get("/api/user/getInfo", Some(&token)).await.ok();
}

#[tokio::test]
async fn a_code_sent_to_another_user_does_not_set_alices() {
    let clock = Arc::new(ManualClock::at(Utc::now()));
    let app = app_on(clock.clone()).await;
    let (id, token) = alice_with_email(&app).await;
    let bob = user(&app, "bob").await;
    users::update(
        &app.state.db,
        bob.id,
        users::Change::Email(Some("bob@example.com")),
        app.state.clock.now(),
    )
    .await
    .unwrap();
    let bob_token = onyx_testkit::accounts::session(&app, &bob).await;
    send_email_code(&app, "security", "bob@example.com", Some(&bob_token))
        .await
        .ok();
    let bobs = last_code(&app, "bob@example.com").await.unwrap();
    set(&app, &token, "135790", &bobs).await.fails_with(-1021);
    assert_eq!(stored_hash(&app, id).await, None);
}

#[tokio::test]
async fn the_rules_are_published_as_the_server_applies_them() {
    let app = TestApp::spawn().await;
    let rules = app.get("/api/user/credentialRules", None).await.ok();
    assert_eq!(rules["username"]["minLength"], 4);
    assert_eq!(rules["username"]["maxLength"], 20);
    assert_eq!(rules["username"]["extraChars"], "_");
    assert_eq!(rules["password"]["minLength"], 8);
    assert_eq!(rules["password"]["maxLength"], 64);
    assert_eq!(rules["fundPassword"]["minLength"], 6);
    assert_eq!(rules["fundPassword"]["maxLength"], 12);
    // A name with a dot is refused, and the refusal names the characters
    // that are allowed.
    let body = serde_json::json!({"type": "account", "username": "lina.k",
        "password": "good-pass-1"});
    let refused = app.post_json("/api/user/register", None, body).await;
    refused.fails_with(-1007);
    assert!(refused.msg.contains("underscores"), "{}", refused.msg);
}
