//! Helpers for the content and operator tests: users and operators made
//! directly in the store, and requests carrying `adminToken`.
#![allow(dead_code)]

use crate::common::{Reply, TestApp};
use axum::body::Body;
use axum::http::header;
use chrono::{Duration, Utc};
use onyx_store::repo::{sessions, users};
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
            credits: "80",
            register_lang: "en",
            register_ip: "127.0.0.1",
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
        },
    )
    .await
    .unwrap();
    token
}

/// Creates an operator with `role` and signs in; returns the adminToken.
pub async fn operator(app: &TestApp, name: &str, role: &str) -> String {
    onyx_server::operators::create(&app.state.db, name, OPERATOR_PASSWORD, role)
        .await
        .unwrap();
    let r = admin_login(app, name, OPERATOR_PASSWORD).await.ok();
    assert_eq!(r["role"], role);
    assert_eq!(r["username"], name);
    r["adminToken"].as_str().unwrap().to_string()
}

pub async fn admin_login(app: &TestApp, name: &str, password: &str) -> Reply {
    app.post_json(
        "/api/admin/login",
        None,
        serde_json::json!({"username": name, "password": password}),
    )
    .await
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
