//! Helpers for the content and operator tests: users and operators made
//! directly in the store, requests carrying `adminToken`, and the
//! operators' second factor (codes computed as an authenticator app
//! would).
#![allow(dead_code)]

use crate::common::{Reply, TestApp};
use axum::body::Body;
use axum::http::header;
use chrono::{Duration, Utc};
use onyx_store::entity::admin;
use onyx_store::repo::{admins, sessions, users};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::Value;

pub const OPERATOR_PASSWORD: &str = "operator-pass-1";

/// A user with an active session; returns (user id, token).
pub async fn user_with_session(app: &TestApp, name: &str) -> (i64, String) {
    let hash = onyx_platform::credentials::hash_password("user-pass-1")
        .await
        .unwrap();
    let u = users::create(
        &app.state.db,
        users::NewUser {
            username: Some(name),
            email: Some(&format!("{name}@example.com")),
            phone: None,
            password_hash: &hash,
            invite_code: &format!("INV{name}").to_uppercase(),
            parent_id: None,
            credits: "80".parse().expect("a decimal"),
            register_lang: "en",
            register_ip: "127.0.0.1",
            now: app.state.clock.now(),
        },
    )
    .await
    .unwrap();
    let token = session_for(app, u.id).await;
    (u.id, token)
}

/// A new session for an existing user (what a sign-in issues).
pub async fn session_for(app: &TestApp, user_id: i64) -> String {
    let (token, hash) = onyx_platform::credentials::new_token();
    sessions::create(
        &app.state.db,
        sessions::NewSession {
            user_id,
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

/// Creates an operator with `role` and signs in; returns the adminToken.
/// An owner must have a second factor, so an owner is enrolled on the way
/// (enrol, confirm with a code from the app) and signed in again with a
/// code, as the console does; the enrolment session is signed out.
pub async fn operator(app: &TestApp, name: &str, role: &str) -> String {
    onyx_server::operators::create(
        &app.state.db,
        name,
        OPERATOR_PASSWORD,
        role,
        app.state.clock.now(),
    )
    .await
    .unwrap();
    let first = admin_login_raw(
        app,
        serde_json::json!({"username": name, "password": OPERATOR_PASSWORD}),
    )
    .await
    .ok();
    assert_eq!(first["role"], role);
    assert_eq!(first["username"], name);
    let token = first["adminToken"].as_str().unwrap().to_string();
    if first["totpRequired"] != true {
        return token;
    }
    enrol_totp(app, &token).await;
    admin_send(app, "POST", "/api/admin/logout", Some(&token), None)
        .await
        .ok();
    let body = login_body(app, name, OPERATOR_PASSWORD).await;
    let r = admin_login_raw(app, body).await.ok();
    assert_eq!(r["totpEnabled"], true);
    assert_eq!(r["totpRequired"], false);
    r["adminToken"].as_str().unwrap().to_string()
}

/// Signs in as the console would: with a fresh code when the operator has
/// TOTP enabled, and, for an owner not enrolled yet, enrolling (the
/// session answered then serves every call).
pub async fn admin_login(app: &TestApp, name: &str, password: &str) -> Reply {
    let body = login_body(app, name, password).await;
    let r = admin_login_raw(app, body).await;
    if r.code == 200 && r.data["totpRequired"] == true {
        enrol_totp(app, r.data["adminToken"].as_str().unwrap()).await;
    }
    r
}

/// `POST /api/admin/login` with exactly this body.
pub async fn admin_login_raw(app: &TestApp, body: Value) -> Reply {
    app.post_json("/api/admin/login", None, body).await
}

/// A sign-in body for `name`, with a fresh code (see [`fresh_totp_code`])
/// when the operator has TOTP enabled.
pub async fn login_body(app: &TestApp, name: &str, password: &str) -> Value {
    let mut body = serde_json::json!({"username": name, "password": password});
    let admin = admins::find_by_username(&app.state.db, name).await.unwrap();
    if admin.is_some_and(|a| a.totp_enabled()) {
        body["code"] = Value::String(fresh_totp_code(app, name).await);
    }
    body
}

/// The 6-digit TOTP code of a base32 secret at a Unix time (seconds).
pub fn totp_code(secret: &str, unix_time: i64) -> String {
    onyx_platform::totp::code_at(secret, unix_time).unwrap()
}

/// A code the server takes now from operator `name`: of the current
/// 30-second step and the next, the first later than the last step taken.
/// When both are taken (three sign-ins within one step) the stored last
/// step is moved back, as waiting out the step would: tests do not sleep.
pub async fn fresh_totp_code(app: &TestApp, name: &str) -> String {
    let db = &app.state.db;
    let a = admins::find_by_username(db, name).await.unwrap().unwrap();
    let secret = a
        .totp_secret
        .clone()
        .expect("the operator has a TOTP secret");
    let now_secs = Utc::now().timestamp();
    let now = onyx_platform::totp::step_at(now_secs);
    let last = a.totp_last_step.unwrap_or(i64::MIN);
    let step = if last < now {
        now
    } else if last < now + 1 {
        now + 1
    } else {
        admin::Entity::update_many()
            .col_expr(admin::Column::TotpLastStep, Expr::value(now - 1))
            .filter(admin::Column::Id.eq(a.id))
            .exec(db)
            .await
            .unwrap();
        now
    };
    let at = step * onyx_platform::totp::PERIOD_SECS;
    totp_code(&secret, at)
}

/// Enrols and confirms TOTP with the session `token`; returns the secret
/// and the ten recovery codes.
pub async fn enrol_totp(app: &TestApp, token: &str) -> (String, Vec<String>) {
    let enrolment = admin_post(
        app,
        "/api/admin/totp/enrol",
        token,
        serde_json::json!({"reason": "first sign-in"}),
    )
    .await
    .ok();
    let secret = enrolment["secret"].as_str().unwrap().to_string();
    let code = totp_code(&secret, Utc::now().timestamp());
    let confirmed = admin_post(
        app,
        "/api/admin/totp/confirm",
        token,
        serde_json::json!({"code": code, "reason": "first sign-in"}),
    )
    .await
    .ok();
    let codes = confirmed["recoveryCodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    (secret, codes)
}

pub async fn admin_send(
    app: &TestApp,
    method: &str,
    uri: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Reply {
    let mut b = TestApp::request(method, uri, None);
    if let Some(t) = token {
        b = b.header("adminToken", t);
    }
    let req = match body {
        Some(v) => b
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(v.to_string())),
        None => b.body(Body::empty()),
    };
    app.send(req.unwrap()).await
}

pub async fn admin_get(app: &TestApp, uri: &str, token: &str) -> Reply {
    admin_send(app, "GET", uri, Some(token), None).await
}

pub async fn admin_post(app: &TestApp, uri: &str, token: &str, body: Value) -> Reply {
    admin_send(app, "POST", uri, Some(token), Some(body)).await
}

pub async fn admin_put(app: &TestApp, uri: &str, token: &str, body: Value) -> Reply {
    admin_send(app, "PUT", uri, Some(token), Some(body)).await
}

pub async fn admin_delete(app: &TestApp, uri: &str, token: &str, body: Value) -> Reply {
    admin_send(app, "DELETE", uri, Some(token), Some(body)).await
}

/// GET with a chosen `lang` header.
pub async fn get_in(app: &TestApp, uri: &str, lang: &str, token: Option<&str>) -> Reply {
    let mut b = axum::http::Request::builder()
        .method("GET")
        .uri(uri)
        .header("lang", lang);
    if let Some(t) = token {
        b = b.header("satoken", t);
    }
    app.send(b.body(Body::empty()).unwrap()).await
}

/// The newest audit rows of `action`.
pub async fn audit_rows(app: &TestApp, owner_token: &str, action: &str) -> Vec<Value> {
    admin_get(
        app,
        &format!("/api/admin/audit?action={action}"),
        owner_token,
    )
    .await
    .ok()["rows"]
        .as_array()
        .unwrap()
        .clone()
}

#[track_caller]
pub fn assert_token_failure(r: &Reply) {
    assert_eq!(r.code, 500, "expected a token failure, got {r:?}");
    assert!(r.msg.contains("Token"), "{r:?}");
}
