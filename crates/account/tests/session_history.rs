//! Sessions kept as history: a session ended by signing out, a password
//! change or reset, a freeze, or (for operators) ending it from another
//! session, signing out everywhere else or a second-factor reset is
//! refused at once, while its row stays with when and why it ended; the
//! operator lists show it. The last-seen time is written by the first
//! use and then at most once a minute, by users' and operators' sessions
//! alike.

use axum::body::Body;
use axum::http::header;
use chrono::{DateTime, Duration, Utc};
use http_body_util::BodyExt;
use onyx_kernel::clock::ManualClock;
use onyx_platform::session_cache::SessionCache;
use onyx_store::entity::session::EndReason;
use onyx_store::entity::{admin_session, session};
use onyx_store::repo::users;
use onyx_testkit::accounts::{
    self, app_with_mailbox, assert_token_failure, login, send_email_code, signed_in, user, PASSWORD,
};
use onyx_testkit::admin_common::{
    admin_get, admin_login, admin_post, admin_send, operator, OPERATOR_PASSWORD,
};
use onyx_testkit::common::{q, TestApp};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};
use std::sync::Arc;
use tower::ServiceExt;

/// Every session row of a user, oldest first.
async fn rows_of(app: &TestApp, user_id: i64) -> Vec<session::Model> {
    session::Entity::find()
        .filter(session::Column::UserId.eq(user_id))
        .order_by_asc(session::Column::Id)
        .all(&app.state.db)
        .await
        .unwrap()
}

/// Every session row of an operator, oldest first.
async fn admin_rows_of(app: &TestApp, admin_id: i64) -> Vec<admin_session::Model> {
    admin_session::Entity::find()
        .filter(admin_session::Column::AdminId.eq(admin_id))
        .order_by_asc(admin_session::Column::Id)
        .all(&app.state.db)
        .await
        .unwrap()
}

#[track_caller]
fn assert_ended(s: &session::Model, reason: EndReason) {
    assert_eq!(s.end_reason, Some(reason), "{s:?}");
    assert!(s.ended_at.is_some(), "{s:?}");
}

fn token_of(r: &Value) -> String {
    r["satoken"]
        .as_str()
        .or_else(|| r["adminToken"].as_str())
        .unwrap()
        .to_string()
}

/// A user's sessions as the operator's user page reads them.
async fn listed(app: &TestApp, operator: &str, user_id: i64, query: &str) -> Value {
    admin_get(
        app,
        &format!("/api/admin/users/{user_id}/sessions?{query}"),
        operator,
    )
    .await
    .ok()
}

#[tokio::test]
async fn a_signed_out_session_is_refused_and_kept_with_its_reason() {
    let app = TestApp::spawn().await;
    let alice = user(&app, "alice").await;
    let token = token_of(&login(&app, "alice", PASSWORD).await.ok());
    app.get("/api/user/getInfo", Some(&token)).await.ok();
    app.post_query("/api/user/loginOut", Some(&token))
        .await
        .ok();
    assert_token_failure(&app.get("/api/user/getInfo", Some(&token)).await);
    // Signing out twice ends nothing more.
    assert_token_failure(&app.post_query("/api/user/loginOut", Some(&token)).await);

    let rows = rows_of(&app, alice.id).await;
    assert_eq!(rows.len(), 1, "the row stays");
    assert_ended(&rows[0], EndReason::SignedOut);
    assert!(rows[0].last_seen_at.is_some(), "it was used once");

    let support = operator(&app, "support1", "support").await;
    let all = listed(&app, &support, alice.id, "").await;
    assert_eq!(all["total"], 1);
    let row = &all["rows"][0];
    assert_eq!(
        (&row["state"], &row["endReason"], &row["active"]),
        (&json!("ended"), &json!("signed_out"), &json!(false))
    );
    assert!(row["endTime"].is_string() && row["lastSeenTime"].is_string());
    let active = listed(&app, &support, alice.id, "state=active").await;
    assert_eq!(active["total"], 0);
}

#[tokio::test]
async fn a_password_change_ends_the_live_sessions_and_keeps_them() {
    let app = TestApp::spawn().await;
    let (alice, token) = signed_in(&app, "alice").await;
    let other_device = accounts::session(&app, &alice).await;
    let expired = accounts::session(&app, &alice).await;
    let expired_id = rows_of(&app, alice.id).await[2].id;
    let past = Utc::now() - Duration::minutes(5);
    session::Entity::update_many()
        .col_expr(session::Column::ExpiresAt, Expr::value(past))
        .filter(session::Column::Id.eq(expired_id))
        .exec(&app.state.db)
        .await
        .unwrap();
    app.post_query(
        &format!(
            "/api/user/updateUserLoginPwd?oldPwd={}&newPwd=new-pass-22&userId={}",
            q(PASSWORD),
            alice.id
        ),
        Some(&token),
    )
    .await
    .ok();
    for t in [&token, &other_device, &expired] {
        assert_token_failure(&app.get("/api/user/getInfo", Some(t)).await);
    }
    let rows = rows_of(&app, alice.id).await;
    assert_eq!(rows.len(), 3);
    assert_ended(&rows[0], EndReason::PasswordChanged);
    assert_ended(&rows[1], EndReason::PasswordChanged);
    // One that had run out already keeps its expiry as its end.
    assert_eq!((rows[2].ended_at, rows[2].end_reason), (None, None));

    let support = operator(&app, "support1", "support").await;
    let all = listed(&app, &support, alice.id, "state=all").await;
    let states: Vec<&str> = all["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["state"].as_str().unwrap())
        .collect();
    assert_eq!(states, ["expired", "ended", "ended"], "newest first");
    assert_eq!(all["rows"][1]["endReason"], "password_changed");
    assert_eq!(all["rows"][0]["endReason"], Value::Null);
}

#[tokio::test]
async fn a_password_reset_with_a_code_ends_the_sessions_as_reset() {
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
    let code = accounts::last_code(&app, "alice@example.com")
        .await
        .unwrap();
    let body = json!({"type": "email", "email": "alice@example.com", "code": code,
        "password": "reset-pass-3"});
    app.post_json("/api/user/forgetPwd", None, body).await.ok();
    assert_token_failure(&app.get("/api/user/getInfo", Some(&token)).await);
    assert_ended(&rows_of(&app, alice.id).await[0], EndReason::PasswordReset);
}

#[tokio::test]
async fn a_freeze_ends_the_sessions_and_an_unfreeze_does_not_bring_them_back() {
    let app = TestApp::spawn().await;
    let (alice, token) = signed_in(&app, "alice").await;
    app.get("/api/user/getInfo", Some(&token)).await.ok();
    let compliance = operator(&app, "comply1", "compliance").await;
    let freeze = admin_post(
        &app,
        &format!("/api/admin/users/{}/freeze", alice.id),
        &compliance,
        json!({"reason": "chargeback under review"}),
    )
    .await
    .ok();
    assert_eq!(freeze, Value::Null);
    assert_token_failure(&app.get("/api/user/getInfo", Some(&token)).await);
    assert_ended(&rows_of(&app, alice.id).await[0], EndReason::Frozen);

    admin_post(
        &app,
        &format!("/api/admin/users/{}/unfreeze", alice.id),
        &compliance,
        json!({"reason": "cleared"}),
    )
    .await
    .ok();
    assert_token_failure(&app.get("/api/user/getInfo", Some(&token)).await);
    let again = token_of(&login(&app, "alice", PASSWORD).await.ok());
    app.get("/api/user/getInfo", Some(&again)).await.ok();
}

#[tokio::test]
async fn a_remembered_device_is_spent_once_and_kept_as_replaced() {
    let app = TestApp::spawn().await;
    let alice = user(&app, "alice").await;
    let body =
        json!({"type": "account", "username": "alice", "password": PASSWORD, "remember": true});
    let r = app.post_json("/api/user/login", None, body).await;
    let cookie = r.set_cookie.clone().unwrap();
    let first = cookie.split(';').next().unwrap().to_string();
    r.ok();
    let auto_login = |cookie: String| {
        TestApp::request("POST", "/api/user/autoLogin", None)
            .header(header::COOKIE, cookie)
            .body(Body::empty())
            .unwrap()
    };
    app.send(auto_login(first.clone())).await.ok();
    app.send(auto_login(first)).await.fails_with(-1014);

    let remembered: Vec<session::Model> = rows_of(&app, alice.id)
        .await
        .into_iter()
        .filter(|s| s.kind == session::SessionKind::Remember)
        .collect();
    assert_eq!(remembered.len(), 2);
    assert_ended(&remembered[0], EndReason::Replaced);
    // Spent twice: the token the first use issued ends with it.
    assert_ended(&remembered[1], EndReason::RememberReused);
    assert_eq!(remembered[1].family_id, Some(remembered[0].id));
}

#[tokio::test]
async fn operator_sessions_ended_any_way_are_refused_and_listed_as_history() {
    let app = TestApp::spawn().await;
    let a1 = operator(&app, "owner1", "owner").await;
    let login_token = |r: Value| token_of(&r);
    let a2 = login_token(admin_login(&app, "owner1", OPERATOR_PASSWORD).await.ok());
    let a3 = login_token(admin_login(&app, "owner1", OPERATOR_PASSWORD).await.ok());
    let a4 = login_token(admin_login(&app, "owner1", OPERATOR_PASSWORD).await.ok());
    let live = admin_get(&app, "/api/admin/sessions", &a2).await.ok();
    assert_eq!(live.as_array().unwrap().len(), 4, "{live}");
    let a2_id = live
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["current"] == true)
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    for row in live.as_array().unwrap() {
        assert_eq!(row["state"], "active");
        assert_eq!(row["endReason"], Value::Null);
    }

    // a4 signs out; a1 ends a2, then everything but itself (a3).
    admin_send(&app, "POST", "/api/admin/logout", Some(&a4), None)
        .await
        .ok();
    admin_send(
        &app,
        "DELETE",
        &format!("/api/admin/sessions/{a2_id}"),
        Some(&a1),
        Some(json!({"reason": "an old browser"})),
    )
    .await
    .ok();
    // Ended already: not found, and not ended again.
    admin_send(
        &app,
        "DELETE",
        &format!("/api/admin/sessions/{a2_id}"),
        Some(&a1),
        Some(json!({"reason": "an old browser"})),
    )
    .await
    .fails_with(-6);
    let r = admin_send(
        &app,
        "POST",
        "/api/admin/sessions/revoke-others",
        Some(&a1),
        Some(json!({"reason": "sign out the rest"})),
    )
    .await
    .ok();
    assert_eq!(r["revoked"], 1, "only a3 was still live");
    for t in [&a2, &a3, &a4] {
        assert_token_failure(&admin_get(&app, "/api/admin/me", t).await);
    }
    admin_get(&app, "/api/admin/me", &a1).await.ok();

    let admin_id = onyx_store::repo::admins::find_by_username(&app.state.db, "owner1")
        .await
        .unwrap()
        .unwrap()
        .id;
    let reasons: Vec<Option<EndReason>> = admin_rows_of(&app, admin_id)
        .await
        .iter()
        .map(|s| s.end_reason)
        .collect();
    // The enrolment session `operator()` signed out, a1, a2, a3, a4.
    assert_eq!(
        reasons,
        [
            Some(EndReason::SignedOut),
            None,
            Some(EndReason::Revoked),
            Some(EndReason::SignedOutEverywhere),
            Some(EndReason::SignedOut),
        ]
    );

    let history = admin_get(&app, "/api/admin/sessions/history?pageSize=3", &a1)
        .await
        .ok();
    assert_eq!(history["total"], 4);
    let page: Vec<(&str, &str)> = history["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["state"].as_str().unwrap(),
                r["endReason"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        page,
        [
            ("ended", "signed_out"),
            ("ended", "signed_out_everywhere"),
            ("ended", "revoked"),
        ],
        "newest first"
    );
    assert!(history["rows"][0]["endedAt"].is_string());
    let second = admin_get(
        &app,
        "/api/admin/sessions/history?pageNum=2&pageSize=3",
        &a1,
    )
    .await
    .ok();
    assert_eq!(second["rows"].as_array().unwrap().len(), 1);
    let live = admin_get(&app, "/api/admin/sessions", &a1).await.ok();
    assert_eq!(live.as_array().unwrap().len(), 1);
    assert!(live[0]["lastSeenAt"].is_string());

    // A second-factor reset from the command line ends the last one.
    onyx_server::operators::reset_totp(&app.state.db, "owner1", "lost phone", chrono::Utc::now())
        .await
        .unwrap();
    assert_token_failure(&admin_get(&app, "/api/admin/me", &a1).await);
    assert_eq!(
        admin_rows_of(&app, admin_id).await[1].end_reason,
        Some(EndReason::TotpReset)
    );
}

#[tokio::test]
async fn the_history_call_refuses_a_caller_without_a_live_session() {
    let app = TestApp::spawn().await;
    let support = operator(&app, "support1", "support").await;
    admin_send(&app, "POST", "/api/admin/logout", Some(&support), None)
        .await
        .ok();
    assert_token_failure(&admin_get(&app, "/api/admin/sessions/history", &support).await);
    assert_token_failure(&admin_get(&app, "/api/admin/sessions", &support).await);
}

#[tokio::test]
async fn the_user_sessions_call_refuses_an_unknown_state() {
    let app = TestApp::spawn().await;
    let (alice, _) = signed_in(&app, "alice").await;
    let support = operator(&app, "support1", "support").await;
    admin_get(
        &app,
        &format!("/api/admin/users/{}/sessions?state=ended", alice.id),
        &support,
    )
    .await
    .fails_with(-4);
    let active = listed(&app, &support, alice.id, "state=active").await;
    assert_eq!(active["rows"][0]["state"], "active");
    assert_eq!(active["rows"][0]["lastSeenTime"], Value::Null, "never used");
}

// ---- last seen -----------------------------------------------------------

async fn user_seen(app: &TestApp, id: i64) -> Option<DateTime<Utc>> {
    session::Entity::find_by_id(id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .last_seen_at
}

async fn set_user_seen(app: &TestApp, id: i64, at: DateTime<Utc>) {
    session::Entity::update_many()
        .col_expr(session::Column::LastSeenAt, Expr::value(at))
        .filter(session::Column::Id.eq(id))
        .exec(&app.state.db)
        .await
        .unwrap();
}

/// `GET /api/user/getInfo` through `router`, answered in order.
async fn get_info_through(router: axum::Router, token: &str) {
    let req = TestApp::request("GET", "/api/user/getInfo", Some(token))
        .body(Body::empty())
        .unwrap();
    let res = router.oneshot(req).await.unwrap();
    let body = res.into_body().collect().await.unwrap().to_bytes();
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v["code"], 200, "{v}");
}

#[tokio::test]
async fn a_users_last_seen_time_is_written_at_most_once_a_minute() {
    let app = TestApp::spawn().await;
    let (alice, token) = signed_in(&app, "alice").await;
    let id = rows_of(&app, alice.id).await[0].id;
    assert_eq!(user_seen(&app, id).await, None);

    let before = Utc::now();
    app.get("/api/user/getInfo", Some(&token)).await.ok();
    let first = user_seen(&app, id).await.expect("the first use is written");
    assert!(first >= before - Duration::seconds(1) && first <= Utc::now());
    app.get("/api/user/getInfo", Some(&token)).await.ok();
    assert_eq!(user_seen(&app, id).await, Some(first), "not again at once");

    // Moved back by hand: this process wrote a minute ago or less, so it
    // leaves it...
    let long_ago = first - Duration::minutes(10);
    set_user_seen(&app, id, long_ago).await;
    app.get("/api/user/getInfo", Some(&token)).await.ok();
    assert_eq!(user_seen(&app, id).await, Some(long_ago));
    // ...another process sharing the database (a cold cache) reads the
    // old time and moves it forward...
    let mut other = app.state.clone();
    other.ctx.sessions = Arc::new(SessionCache::default());
    get_info_through(onyx_server::app(other), &token).await;
    let moved = user_seen(&app, id).await.unwrap();
    assert!(
        moved > long_ago + Duration::minutes(9),
        "{moved} after {long_ago}"
    );
    // ...and this process does too once its minute is over.
    set_user_seen(&app, id, long_ago).await;
    let mut later = app.state.clone();
    let in_two_minutes = Utc::now() + Duration::minutes(2);
    later.ctx.clock = Arc::new(ManualClock::at(in_two_minutes));
    get_info_through(onyx_server::app(later), &token).await;
    assert_eq!(
        user_seen(&app, id).await.map(|t| t.timestamp_millis()),
        Some(in_two_minutes.timestamp_millis())
    );
}

#[tokio::test]
async fn an_operators_last_seen_time_is_written_at_most_once_a_minute() {
    let app = TestApp::spawn().await;
    let token = operator(&app, "support1", "support").await;
    let admin_id = onyx_store::repo::admins::find_by_username(&app.state.db, "support1")
        .await
        .unwrap()
        .unwrap()
        .id;
    let seen = || async {
        admin_rows_of(&app, admin_id)
            .await
            .last()
            .unwrap()
            .last_seen_at
    };
    assert_eq!(seen().await, None, "signing in is not a use");

    admin_get(&app, "/api/admin/me", &token).await.ok();
    let first = seen().await.expect("the first use is written");
    admin_get(&app, "/api/admin/me", &token).await.ok();
    assert_eq!(seen().await, Some(first), "not again at once");

    let long_ago = first - Duration::minutes(10);
    admin_session::Entity::update_many()
        .col_expr(admin_session::Column::LastSeenAt, Expr::value(long_ago))
        .filter(admin_session::Column::AdminId.eq(admin_id))
        .exec(&app.state.db)
        .await
        .unwrap();
    admin_get(&app, "/api/admin/me", &token).await.ok();
    let moved = seen().await.unwrap();
    assert!(
        moved > long_ago + Duration::minutes(9),
        "{moved} after {long_ago}"
    );

    let live = admin_get(&app, "/api/admin/sessions", &token).await.ok();
    assert_eq!(
        live[0]["lastSeenAt"]
            .as_str()
            .map(|t| t.parse::<DateTime<Utc>>().unwrap()),
        Some(moved)
    );
}

/// A session row whose kind is neither a session nor a remembered device
/// is refused when read: never taken for either (a remembered device's
/// token would sign in for months).
#[tokio::test]
async fn a_session_kind_the_row_does_not_name_is_refused_on_read() {
    use sea_orm::{ConnectionTrait, Statement};
    let app = TestApp::spawn().await;
    let (alice, _) = signed_in(&app, "alice").await;
    let db = &app.state.db;
    let id = rows_of(&app, alice.id).await[0].id;
    let set = |kind: &str| {
        let sql = format!("UPDATE sessions SET kind = '{kind}' WHERE id = {id}");
        db.execute(Statement::from_string(db.get_database_backend(), sql))
    };
    for bad in ["api", "Session", ""] {
        set(bad).await.unwrap();
        let read = session::Entity::find_by_id(id).one(db).await;
        assert!(read.is_err(), "kind = {bad:?}: {read:?}");
        set("session").await.unwrap();
        let row = session::Entity::find_by_id(id).one(db).await.unwrap();
        assert_eq!(row.unwrap().kind, session::SessionKind::Session);
    }
}
