//! Signing in and out: same answer for wrong account or password, the
//! account lockout, the per-IP limit, frozen accounts, the remembered
//! device, and token failures.

#[path = "common/accounts.rs"]
mod accounts;
mod common;

use accounts::{assert_token_failure, login, set_setting, signed_in, user, PASSWORD};
use axum::body::Body;
use axum::http::header;
use chrono::{Duration, Utc};
use common::TestApp;
use onyx_store::entity::{session, user as user_entity};
use onyx_store::repo::sessions;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::json;

fn with_cookie(uri: &str, token: Option<&str>, cookie: &str) -> axum::http::Request<Body> {
    TestApp::request("POST", uri, token)
        .header(header::COOKIE, cookie)
        .body(Body::empty())
        .unwrap()
}

/// `onyx_remember=<value>` from a Set-Cookie header.
fn cookie_pair(set_cookie: &str) -> String {
    set_cookie.split(';').next().unwrap().to_string()
}

#[tokio::test]
async fn login_returns_a_working_token() {
    let app = TestApp::spawn().await;
    user(&app, "alice").await;
    let r = login(&app, "Alice", PASSWORD).await;
    assert!(r.set_cookie.is_none(), "no cookie without remember");
    let token = r.ok()["satoken"].as_str().unwrap().to_string();
    let info = app.get("/api/user/getInfo", Some(&token)).await.ok();
    assert_eq!(info["user"]["username"], "alice");
}

#[tokio::test]
async fn wrong_password_and_unknown_account_look_the_same() {
    let app = TestApp::spawn().await;
    user(&app, "alice").await;
    let wrong = login(&app, "alice", "bad-pass-1").await;
    let unknown = login(&app, "nobody", PASSWORD).await;
    wrong.fails_with(-1011);
    unknown.fails_with(-1011);
    assert_eq!(wrong.msg, unknown.msg);
}

#[tokio::test]
async fn five_wrong_passwords_lock_the_account_for_fifteen_minutes() {
    let app = TestApp::spawn().await;
    let alice = user(&app, "alice").await;
    for _ in 0..4 {
        login(&app, "alice", "bad-pass-1").await.fails_with(-1011);
    }
    let fifth = login(&app, "alice", "bad-pass-1").await;
    fifth.fails_with(-1012);
    assert!(fifth.msg.contains("15 minutes"), "{}", fifth.msg);
    login(&app, "alice", PASSWORD).await.fails_with(-1012);

    // Once the lock runs out, the right password works and clears it.
    user_entity::Entity::update_many()
        .col_expr(
            user_entity::Column::LockedUntil,
            Expr::value(Some(Utc::now() - Duration::minutes(1))),
        )
        .filter(user_entity::Column::Id.eq(alice.id))
        .exec(&app.state.db)
        .await
        .unwrap();
    login(&app, "alice", PASSWORD).await.ok();
    let after = onyx_store::repo::users::find_by_id(&app.state.db, alice.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((after.failed_logins, after.locked_until), (0, None));
}

#[tokio::test]
async fn sign_ins_from_one_ip_are_rate_limited() {
    let app = TestApp::spawn().await;
    for _ in 0..10 {
        login(&app, "nobody", PASSWORD).await.fails_with(-1011);
    }
    let r = login(&app, "nobody", PASSWORD).await;
    r.fails_with(-7);
    assert!(r.msg.contains("seconds"));
}

#[tokio::test]
async fn frozen_accounts_and_closed_types_cannot_sign_in() {
    let app = TestApp::spawn().await;
    let alice = user(&app, "alice").await;
    user_entity::Entity::update_many()
        .col_expr(user_entity::Column::Status, Expr::value("frozen"))
        .filter(user_entity::Column::Id.eq(alice.id))
        .exec(&app.state.db)
        .await
        .unwrap();
    login(&app, "alice", PASSWORD).await.fails_with(-1013);

    set_setting(
        &app,
        "LOGIN_REGIS_SETTING",
        json!({"ordinaryIsOpen": false}),
    )
    .await;
    login(&app, "alice", PASSWORD).await.fails_with(-1015);
    let email = json!({"type": "email", "email": "a@example.com", "password": PASSWORD});
    app.post_json("/api/user/login", None, email)
        .await
        .fails_with(-1015);
}

#[tokio::test]
async fn login_refuses_malformed_bodies() {
    let app = TestApp::spawn().await;
    app.post_json(
        "/api/user/login",
        None,
        json!({"type": "account", "username": "alice"}),
    )
    .await
    .fails_with(-3);
    app.post_json(
        "/api/user/login",
        None,
        json!({"type": "wallet", "password": "x"}),
    )
    .await
    .fails_with(-1);
    let req = TestApp::request("POST", "/api/user/login", None)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("not json"))
        .unwrap();
    app.send(req).await.fails_with(-2);
}

#[tokio::test]
async fn signed_in_calls_refuse_missing_garbage_and_expired_tokens() {
    let app = TestApp::spawn().await;
    assert_token_failure(&app.get("/api/user/getInfo", None).await);
    assert_token_failure(&app.get("/api/user/getInfo", Some("garbage")).await);
    let (alice, token) = signed_in(&app, "alice").await;
    session::Entity::update_many()
        .col_expr(
            session::Column::ExpiresAt,
            Expr::value(Utc::now() - Duration::seconds(1)),
        )
        .filter(session::Column::UserId.eq(alice.id))
        .exec(&app.state.db)
        .await
        .unwrap();
    assert_token_failure(&app.get("/api/user/getInfo", Some(&token)).await);
    assert_token_failure(&app.post_query("/api/user/loginOut", None).await);
}

#[tokio::test]
async fn logout_ends_the_session() {
    let app = TestApp::spawn().await;
    let (_, token) = signed_in(&app, "alice").await;
    let r = app.post_query("/api/user/loginOut", Some(&token)).await;
    assert!(r.set_cookie.as_deref().unwrap().contains("Max-Age=0"));
    assert_eq!(r.ok(), serde_json::Value::Null);
    assert_token_failure(&app.get("/api/user/getInfo", Some(&token)).await);
}

#[tokio::test]
async fn auto_login_without_a_cookie_is_a_quiet_nothing() {
    let app = TestApp::spawn().await;
    let r = app.post_query("/api/user/autoLogin", None).await;
    assert_eq!((r.code, r.msg.as_str()), (200, ""));
    assert!(r.data.is_null());
}

#[tokio::test]
async fn remembered_device_restores_rotates_and_is_cleared_by_logout() {
    let app = TestApp::spawn().await;
    user(&app, "alice").await;
    let body =
        json!({"type": "account", "username": "alice", "password": PASSWORD, "remember": true});
    let r = app.post_json("/api/user/login", None, body).await;
    let set_cookie = r.set_cookie.clone().expect("remember sets a cookie");
    for part in [
        "onyx_remember=",
        "HttpOnly",
        "SameSite=Lax",
        "Path=/api/user",
        "Max-Age=2592000",
    ] {
        assert!(set_cookie.contains(part), "{set_cookie} lacks {part}");
    }
    assert!(!set_cookie.contains("Secure"), "plain http in tests");
    r.ok();
    let first = cookie_pair(&set_cookie);

    let restored = app
        .send(with_cookie("/api/user/autoLogin", None, &first))
        .await;
    let second = cookie_pair(restored.set_cookie.as_deref().expect("rotated cookie"));
    assert_ne!(first, second, "the cookie rotates");
    let token = restored.ok()["satoken"].as_str().unwrap().to_string();
    app.get("/api/user/getInfo", Some(&token)).await.ok();

    // The old cookie is spent: it fails and is cleared.
    let replay = app
        .send(with_cookie("/api/user/autoLogin", None, &first))
        .await;
    replay.fails_with(-1014);
    assert!(replay.set_cookie.unwrap().contains("Max-Age=0"));

    // Logging out forgets the device too.
    let out = app
        .send(with_cookie("/api/user/loginOut", Some(&token), &second))
        .await;
    assert!(out.set_cookie.as_deref().unwrap().contains("Max-Age=0"));
    out.ok();
    app.send(with_cookie("/api/user/autoLogin", None, &second))
        .await
        .fails_with(-1014);
    let left = session::Entity::find()
        .filter(session::Column::Kind.eq(sessions::KIND_REMEMBER))
        .count(&app.state.db)
        .await
        .unwrap();
    assert_eq!(left, 0);
}

#[tokio::test]
async fn secure_cookies_are_marked_secure_and_frozen_users_are_not_restored() {
    let app = TestApp::spawn_with(|c| c.secure_cookies = true).await;
    let alice = user(&app, "alice").await;
    let body =
        json!({"type": "account", "username": "alice", "password": PASSWORD, "remember": true});
    let r = app.post_json("/api/user/login", None, body).await;
    let set_cookie = r.set_cookie.clone().unwrap();
    assert!(set_cookie.ends_with("; Secure"), "{set_cookie}");
    user_entity::Entity::update_many()
        .col_expr(user_entity::Column::Status, Expr::value("frozen"))
        .filter(user_entity::Column::Id.eq(alice.id))
        .exec(&app.state.db)
        .await
        .unwrap();
    app.send(with_cookie(
        "/api/user/autoLogin",
        None,
        &cookie_pair(&set_cookie),
    ))
    .await
    .fails_with(-1013);
}
