//! Login and fund passwords: change, first set, recovery by code, and the
//! revocation of every session after a login-password change.

use onyx_testkit::accounts;
use onyx_testkit::common;

use accounts::{
    app_with_mailbox, assert_token_failure, last_code, login, send_email_code, signed_in, PASSWORD,
};
use common::{q, TestApp};
use onyx_store::repo::users;
use serde_json::json;

async fn change(app: &TestApp, token: &str, old: &str, new: &str, user_id: i64) -> common::Reply {
    app.post_query(
        &format!(
            "/api/user/updateUserLoginPwd?oldPwd={}&newPwd={}&userId={user_id}",
            q(old),
            q(new)
        ),
        Some(token),
    )
    .await
}

#[tokio::test]
async fn changing_the_login_password_revokes_every_session() {
    let app = TestApp::spawn().await;
    let (alice, token) = signed_in(&app, "alice").await;
    let other_device = accounts::session(&app, &alice).await;
    change(&app, &token, PASSWORD, "new-pass-22", alice.id)
        .await
        .ok();
    assert_token_failure(&app.get("/api/user/getInfo", Some(&token)).await);
    assert_token_failure(&app.get("/api/user/getInfo", Some(&other_device)).await);
    login(&app, "alice", PASSWORD).await.fails_with(-1011);
    login(&app, "alice", "new-pass-22").await.ok();
}

#[tokio::test]
async fn login_password_change_checks_owner_old_and_new() {
    let app = TestApp::spawn().await;
    let (alice, token) = signed_in(&app, "alice").await;
    let (bob, _) = signed_in(&app, "bob").await;
    change(&app, &token, PASSWORD, "new-pass-22", bob.id)
        .await
        .fails_with(-1035);
    change(&app, &token, "wrong-pass-1", "new-pass-22", alice.id)
        .await
        .fails_with(-1030);
    change(&app, &token, PASSWORD, PASSWORD, alice.id)
        .await
        .fails_with(-1034);
    change(&app, &token, PASSWORD, "weak", alice.id)
        .await
        .fails_with(-1010);
    app.post_query(
        "/api/user/updateUserLoginPwd?oldPwd=a&newPwd=b",
        Some(&token),
    )
    .await
    .fails_with(-3);
    app.post_query(
        "/api/user/updateUserLoginPwd?oldPwd=a&newPwd=b&userId=abc",
        Some(&token),
    )
    .await
    .fails_with(-1);
    assert_token_failure(&change(&app, "garbage", PASSWORD, "new-pass-22", alice.id).await);
}

#[tokio::test]
async fn wrong_old_passwords_pause_the_checks_in_the_session_but_not_sign_in() {
    let app = TestApp::spawn().await;
    let (alice, token) = signed_in(&app, "alice").await;
    for _ in 0..4 {
        change(&app, &token, "wrong-pass-1", "new-pass-22", alice.id)
            .await
            .fails_with(-1030);
    }
    let fifth = change(&app, &token, "wrong-pass-1", "new-pass-22", alice.id).await;
    fifth.fails_with(-1012);
    assert!(fifth.msg.contains("5 minutes"), "{}", fifth.msg);
    // Even the right one waits: a stolen session cannot keep guessing.
    change(&app, &token, PASSWORD, "new-pass-22", alice.id)
        .await
        .fails_with(-1012);
    // The fund password is a password checked in the session too.
    let hash = onyx_platform::credentials::hash_password("135790")
        .await
        .unwrap();
    users::update(
        &app.state.db,
        alice.id,
        users::Change::TradePasswordHash(&hash),
        app.state.clock.now(),
    )
    .await
    .unwrap();
    app.post_query(
        "/api/user/updatePwd?oldPwd=135790&newPwd=246801&signType=2&code=000000",
        Some(&token),
    )
    .await
    .fails_with(-1012);
    // Guesses inside a session do not lock the owner out of signing in.
    login(&app, "alice", PASSWORD).await.ok();
}

#[tokio::test]
async fn update_pwd_sign_type_1_changes_the_login_password() {
    let app = TestApp::spawn().await;
    let (_, token) = signed_in(&app, "alice").await;
    let uri = format!(
        "/api/user/updatePwd?oldPwd={}&newPwd=new-pass-22&signType=1",
        q(PASSWORD)
    );
    app.post_query(&uri, Some(&token)).await.ok();
    assert_token_failure(&app.get("/api/user/getInfo", Some(&token)).await);
    login(&app, "alice", "new-pass-22").await.ok();
}

#[tokio::test]
async fn a_forgotten_password_is_reset_with_an_email_code() {
    let app = app_with_mailbox().await;
    let (alice, token) = signed_in(&app, "alice").await;
    users::update(
        &app.state.db,
        alice.id,
        users::Change::Email(Some("alice@example.com")),
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    send_email_code(&app, "forget", "alice@example.com", None)
        .await
        .ok();
    let code = last_code(&app, "alice@example.com").await.unwrap();
    let mut body =
        json!({"type": "email", "email": "alice@example.com", "code": code, "password": "weak"});
    app.post_json("/api/user/forgetPwd", None, body.clone())
        .await
        .fails_with(-1010);
    body["password"] = json!("reset-pass-3");
    app.post_json("/api/user/forgetPwd", None, body.clone())
        .await
        .ok();
    assert_token_failure(&app.get("/api/user/getInfo", Some(&token)).await);
    login(&app, "alice", "reset-pass-3").await.ok();
    // Single use.
    app.post_json("/api/user/forgetPwd", None, body)
        .await
        .fails_with(-1021);
}

#[tokio::test]
async fn forget_codes_do_not_reveal_whether_an_address_has_an_account() {
    let app = app_with_mailbox().await;
    send_email_code(&app, "forget", "nobody@example.com", None)
        .await
        .ok();
    send_email_code(&app, "forget", "nobody@example.com", None)
        .await
        .ok();
    assert_eq!(
        last_code(&app, "nobody@example.com").await,
        None,
        "nothing is sent"
    );
    let body = json!({"type": "email", "email": "nobody@example.com", "code": "123456", "password": "reset-pass-3"});
    app.post_json("/api/user/forgetPwd", None, body)
        .await
        .fails_with(-1021);
    let bad = json!({"type": "email", "email": "not-an-email", "code": "123456", "password": "reset-pass-3"});
    app.post_json("/api/user/forgetPwd", None, bad)
        .await
        .fails_with(-1008);
}
