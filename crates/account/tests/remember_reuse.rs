//! A remembered-device token is spent once: presented again after it was
//! rotated, it is refused and every token and session issued from it,
//! whoever holds them, is ended (refresh-token reuse detection). A token
//! from another sign-in, or one merely signed out, ends nothing else.

use axum::body::Body;
use axum::http::header;
use onyx_store::entity::session::{self, EndReason};
use onyx_testkit::accounts::{assert_token_failure, login, user, PASSWORD};
use onyx_testkit::common::{Reply, TestApp};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::json;

/// Signs in remembering the device; its `onyx_remember=` cookie.
async fn remembered(app: &TestApp, name: &str) -> String {
    let body = json!({"type": "account", "username": name, "password": PASSWORD, "remember": true});
    let r = app.post_json("/api/user/login", None, body).await;
    let cookie = r
        .set_cookie
        .clone()
        .unwrap_or_else(|| panic!("a cookie: {r:?}"));
    r.ok();
    cookie.split(';').next().unwrap().to_string()
}

/// Restores from `cookie`: the reply and the rotated cookie, if any.
async fn restore(app: &TestApp, cookie: &str) -> (Reply, Option<String>) {
    let r = app
        .send(
            TestApp::request("POST", "/api/user/autoLogin", None)
                .header(header::COOKIE, cookie)
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    let next = r
        .set_cookie
        .as_deref()
        .map(|c| c.split(';').next().unwrap().to_string())
        .filter(|c| c != "onyx_remember=");
    (r, next)
}

fn satoken(r: Reply) -> String {
    r.ok()["satoken"].as_str().unwrap().to_string()
}

async fn rows_of(app: &TestApp, user_id: i64) -> Vec<session::Model> {
    session::Entity::find()
        .filter(session::Column::UserId.eq(user_id))
        .order_by_asc(session::Column::Id)
        .all(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_rotated_remember_token_presented_again_ends_its_whole_family() {
    let app = TestApp::spawn().await;
    let alice = user(&app, "alice").await;
    let first = remembered(&app, "alice").await;
    // Another device of hers, remembered from its own sign-in.
    let other_device = remembered(&app, "alice").await;

    // The thief restores with a copy of the first cookie, twice over.
    let (r, second) = restore(&app, &first).await;
    let thief_1 = satoken(r);
    let (r, third) = restore(&app, &second.unwrap()).await;
    let thief_2 = satoken(r);
    let third = third.unwrap();
    app.get("/api/user/getInfo", Some(&thief_2)).await.ok();

    // The owner comes back with the first cookie: refused, and the thief's
    // sessions and newest token end with it.
    let (r, cleared) = restore(&app, &first).await;
    r.fails_with(-1014);
    assert!(cleared.is_none(), "the cookie is cleared");
    for token in [&thief_1, &thief_2] {
        assert_token_failure(&app.get("/api/user/getInfo", Some(token)).await);
    }
    restore(&app, &third).await.0.fails_with(-1014);

    let rows = rows_of(&app, alice.id).await;
    let family = rows
        .iter()
        .find(|s| s.kind == session::SessionKind::Remember)
        .unwrap()
        .id;
    let of_family: Vec<_> = rows
        .iter()
        .filter(|s| s.id == family || s.family_id == Some(family))
        .collect();
    // The first token, two restores' tokens and sessions.
    assert_eq!(of_family.len(), 5, "{rows:#?}");
    assert!(of_family.iter().all(|s| s.ended_at.is_some()), "{rows:#?}");
    let reused = of_family
        .iter()
        .filter(|s| s.end_reason == Some(EndReason::RememberReused))
        .count();
    assert_eq!(reused, 3, "the live ones end as reused: {rows:#?}");

    // The other device's sign-in is another family: untouched.
    let (r, _) = restore(&app, &other_device).await;
    app.get("/api/user/getInfo", Some(&satoken(r))).await.ok();
}

#[tokio::test]
async fn a_remember_token_signed_out_or_unknown_ends_nothing_else() {
    let app = TestApp::spawn().await;
    user(&app, "bobby").await;
    let first = remembered(&app, "bobby").await;
    let (r, second) = restore(&app, &first).await;
    let restored = satoken(r);
    let second = second.unwrap();
    // Bob signs out of another session, forgetting this device: the
    // token is ended as signed out, not spent on a restore.
    let elsewhere = satoken(login(&app, "bobby", PASSWORD).await);
    app.send(
        TestApp::request("POST", "/api/user/loginOut", Some(&elsewhere))
            .header(header::COOKIE, &second)
            .body(Body::empty())
            .unwrap(),
    )
    .await
    .ok();
    restore(&app, &second).await.0.fails_with(-1014);
    restore(&app, "onyx_remember=not-a-token")
        .await
        .0
        .fails_with(-1014);
    app.get("/api/user/getInfo", Some(&restored)).await.ok();
}
