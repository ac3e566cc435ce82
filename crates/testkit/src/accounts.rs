//! Account helpers for the user_* tests. Users are created straight in the
//! database (one argon2 hash, no rate limit spent) unless a test is about
//! registration itself.
#![allow(dead_code)]

use crate::common::{q, Reply, TestApp};
use axum::body::Body;
use axum::http::{header, Request};
use chrono::{Duration, Utc};
use onyx_store::entity::user;
use onyx_store::repo::{sessions, settings, users};
use serde_json::{json, Value};

pub const PASSWORD: &str = "good-pass-1";

/// A user named `name` with `PASSWORD`, and invite code `INV<NAME>`.
pub async fn user(app: &TestApp, name: &str) -> user::Model {
    let hash = onyx_platform::credentials::hash_password(PASSWORD)
        .await
        .unwrap();
    let invite = format!("INV{}", name.to_ascii_uppercase());
    users::create(
        &app.state.db,
        users::NewUser {
            username: Some(name),
            email: None,
            phone: None,
            password_hash: &hash,
            invite_code: &invite,
            parent_id: None,
            credits: onyx_store::DecimalText::ZERO,
            register_lang: "en",
            register_ip: "127.0.0.1",
            now: app.state.clock.now(),
        },
    )
    .await
    .unwrap()
}

/// A signed-in session token for `user` (no login call spent).
pub async fn session(app: &TestApp, user: &user::Model) -> String {
    let (token, hash) = onyx_platform::credentials::new_token();
    sessions::create(
        &app.state.db,
        sessions::NewSession {
            user_id: user.id,
            token_hash: &hash,
            kind: sessions::KIND_SESSION,
            expires_at: Utc::now() + Duration::hours(1),
            ip: "127.0.0.1",
            user_agent: "test",
            now: app.state.clock.now(),
        },
    )
    .await
    .unwrap();
    token
}

/// A user and a token for them.
pub async fn signed_in(app: &TestApp, name: &str) -> (user::Model, String) {
    let u = user(app, name).await;
    let token = session(app, &u).await;
    (u, token)
}

pub async fn login(app: &TestApp, name: &str, password: &str) -> Reply {
    app.post_json(
        "/api/user/login",
        None,
        json!({"type": "account", "username": name, "password": password}),
    )
    .await
}

/// Changes fields of a setting.
pub async fn set_setting(app: &TestApp, key: &str, fields: Value) {
    let mut value = settings::get(&app.state.db, key).await.unwrap();
    for (k, v) in fields.as_object().unwrap() {
        value[k] = v.clone();
    }
    put_setting(app, key, &value).await;
}

/// Writes a whole setting (a list, say), stamped on the app's clock.
pub async fn put_setting(app: &TestApp, key: &str, value: &Value) {
    settings::put(&app.state.db, key, value, None, app.state.clock.now())
        .await
        .unwrap();
}

/// A fresh app that keeps the development mailbox, as `--demo` without
/// SMTP does (without seeding the demo): tests read their codes there.
pub async fn app_with_mailbox() -> TestApp {
    TestApp::spawn_with(|c| c.dev_mailbox = true).await
}

/// The newest code sent to `target`, read from the development mailbox
/// (`GET /api/dev/mailbox`); the app must keep one (`app_with_mailbox`).
pub async fn last_code(app: &TestApp, target: &str) -> Option<String> {
    let messages = app
        .get(&format!("/api/dev/mailbox?target={}", q(target)), None)
        .await
        .ok();
    messages[0]["code"].as_str().map(str::to_string)
}

/// Signs in from `ip` (the app must trust the proxy header).
pub async fn login_from(app: &TestApp, ip: &str, name: &str, password: &str) -> Reply {
    let body = json!({"type": "account", "username": name, "password": password});
    app.send(json_from(ip, "/api/user/login", body)).await
}

/// A JSON POST from `ip` (the app must trust the proxy header).
pub fn json_from(ip: &str, uri: &str, body: Value) -> Request<Body> {
    TestApp::request("POST", uri, None)
        .header(header::CONTENT_TYPE, "application/json")
        .header("x-forwarded-for", ip)
        .body(Body::from(body.to_string()))
        .unwrap()
}

pub async fn send_email_code(app: &TestApp, kind: &str, email: &str, token: Option<&str>) -> Reply {
    app.post_query(
        &format!("/api/user/sendEmailCode?codeType={kind}&email={}", q(email)),
        token,
    )
    .await
}

pub async fn send_mobile_code(
    app: &TestApp,
    kind: &str,
    phone: &str,
    token: Option<&str>,
) -> Reply {
    app.post_query(
        &format!(
            "/api/user/sendMobileCode?codeType={kind}&phone={}",
            q(phone)
        ),
        token,
    )
    .await
}

/// A code that differs from `code`.
pub fn wrong(code: &str) -> String {
    if code == "000000" {
        "111111".into()
    } else {
        "000000".into()
    }
}

/// Asserts an authentication failure as the client reads it.
#[track_caller]
pub fn assert_token_failure(r: &Reply) {
    assert_eq!(r.code, 500, "{r:?}");
    assert!(r.msg.contains("Token"), "{r:?}");
}

/// Sets `pwd` as user `id`'s fund password the way a user does: an email
/// bound (`user<id>@example.com`, written to the store), a `security` code
/// sent to it and read from the development mailbox (the app must keep
/// one), then `tardPwdSet` with that code. Returns the set call's reply.
pub async fn set_fund_password(app: &TestApp, id: i64, token: &str, pwd: &str) -> Reply {
    let email = format!("user{id}@example.com");
    users::update(
        &app.state.db,
        id,
        users::Change::Email(Some(&email)),
        app.state.clock.now(),
    )
    .await
    .unwrap();
    send_email_code(app, "security", &email, Some(token))
        .await
        .ok();
    let code = last_code(app, &email)
        .await
        .expect("a security code was sent");
    app.post_query(
        &format!("/api/user/tardPwdSet?pwd={pwd}&code={code}"),
        Some(token),
    )
    .await
}
