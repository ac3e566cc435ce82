//! Registration: the open types, invite codes, codes for email and phone,
//! duplicate identifiers and malformed input.

use onyx_testkit::accounts;
use onyx_testkit::common;

use accounts::{app_with_mailbox, last_code, send_email_code, set_setting, user, PASSWORD};
use axum::body::Body;
use axum::http::header;
use common::TestApp;
use onyx_content::api::messages::message;
use onyx_store::repo::users;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;

fn account(name: &str, invite: &str) -> serde_json::Value {
    json!({"type": "account", "username": name, "password": PASSWORD, "inviteCode": invite})
}

#[tokio::test]
async fn account_registration_signs_in_credits_and_links_the_inviter() {
    let app = TestApp::spawn().await;
    let parent = user(&app, "parent").await;
    let data = app
        .post_json("/api/user/register", None, account("Newbie_1", "invparent"))
        .await
        .ok();
    let token = data["satoken"].as_str().unwrap().to_string();

    let info = app.get("/api/user/getInfo", Some(&token)).await.ok();
    let u = &info["user"];
    assert_eq!(u["username"], "newbie_1", "names are stored lower-cased");
    assert_eq!(u["credits"], "80");
    assert_eq!(u["parentInviteCode"], parent.invite_code);
    assert_eq!(u["status"], "active");
    assert_eq!(u["hasTradePwd"], false);
    assert_eq!(
        u["vipLevel"],
        serde_json::Value::Null,
        "VIP is off by default"
    );
    assert_eq!(u["kyc"]["primary"]["status"], "none");
    assert_eq!(u["inviteCode"].as_str().unwrap().len(), 8);
    assert_eq!(info["asset"], json!([]));
    assert_eq!(info["withdrawAddress"], json!({"type": "", "address": ""}));

    let me = users::find_by_username(&app.state.db, "newbie_1")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(me.parent_id, Some(parent.id));
    let welcome = message::Entity::find()
        .filter(message::Column::UserId.eq(me.id))
        .all(&app.state.db)
        .await
        .unwrap();
    assert_eq!(welcome.len(), 1);
    let in_lang = onyx_content::api::messages::in_lang;
    assert_eq!(in_lang(&welcome[0].title, "en"), "Welcome to Onyx");
    assert!(in_lang(&welcome[0].content, "en").contains("newbie_1"));

    // Registered in English, the user reads it in Chinese once they switch.
    let zh = |uri: &str| {
        axum::http::Request::get(uri)
            .header("lang", "zh")
            .header("satoken", &token)
            .body(Body::empty())
            .unwrap()
    };
    let list = app.send(zh("/api/message/list")).await.ok();
    let row = &list["rows"][0];
    assert_eq!(row["title"], "欢迎来到 Onyx");
    assert!(row["summary"].as_str().unwrap().contains("newbie_1"));
    let id = row["id"].as_i64().unwrap();
    let detail = app
        .send(zh(&format!("/api/message/detail?id={id}")))
        .await
        .ok();
    assert_eq!(detail["title"], "欢迎来到 Onyx");
    assert!(!detail["content"].as_str().unwrap().contains("Welcome"));
    let en = app
        .get(&format!("/api/message/detail?id={id}"), Some(&token))
        .await
        .ok();
    assert_eq!(en["title"], "Welcome to Onyx");
}

#[tokio::test]
async fn invite_codes_are_required_and_must_exist() {
    let app = TestApp::spawn().await;
    let mut body = account("newbie", "");
    app.post_json("/api/user/register", None, body.clone())
        .await
        .fails_with(-1002);
    body["inviteCode"] = json!("NOPE1234");
    app.post_json("/api/user/register", None, body.clone())
        .await
        .fails_with(-1003);

    set_setting(
        &app,
        "LOGIN_REGIS_SETTING",
        json!({"inviteCodeRequired": false, "newUserNotice": false}),
    )
    .await;
    body["inviteCode"] = json!(null);
    app.post_json("/api/user/register", None, body).await.ok();
}

#[tokio::test]
async fn duplicates_and_bad_identifiers_are_refused_with_their_codes() {
    let app = TestApp::spawn().await;
    user(&app, "parent").await;
    app.post_json("/api/user/register", None, account("PARENT", "INVPARENT"))
        .await
        .fails_with(-1004);
    app.post_json("/api/user/register", None, account("1bad", "INVPARENT"))
        .await
        .fails_with(-1007);
    let mut weak = account("goodname", "INVPARENT");
    weak["password"] = json!("short");
    app.post_json("/api/user/register", None, weak)
        .await
        .fails_with(-1010);
}

#[tokio::test]
async fn closed_types_and_malformed_requests_are_refused() {
    let app = TestApp::spawn().await;
    user(&app, "parent").await;
    let email = json!({"type": "email", "email": "a@example.com", "password": PASSWORD, "inviteCode": "INVPARENT", "code": "123456"});
    app.post_json("/api/user/register", None, email)
        .await
        .fails_with(-1001);
    let wrong_type = json!({"type": "wallet", "username": "abcd", "password": PASSWORD});
    app.post_json("/api/user/register", None, wrong_type)
        .await
        .fails_with(-1);
    let missing = json!({"type": "account", "username": "abcd"});
    let r = app.post_json("/api/user/register", None, missing).await;
    r.fails_with(-3);
    assert!(r.msg.contains("password"), "{}", r.msg);
    let no_name = json!({"type": "account", "password": PASSWORD, "inviteCode": "INVPARENT"});
    app.post_json("/api/user/register", None, no_name)
        .await
        .fails_with(-3);
    let req = TestApp::request("POST", "/api/user/register", None)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{\"type\": \"account\","))
        .unwrap();
    app.send(req).await.fails_with(-2);
}

#[tokio::test]
async fn email_registration_needs_the_code_sent_to_that_email() {
    let app = app_with_mailbox().await;
    user(&app, "parent").await;
    set_setting(&app, "LOGIN_REGIS_SETTING", json!({"emailIsOpen": true})).await;
    let mut body = json!({"type": "email", "email": "New@Example.com", "password": PASSWORD, "inviteCode": "INVPARENT"});
    app.post_json("/api/user/register", None, body.clone())
        .await
        .fails_with(-1020);
    send_email_code(&app, "register", "new@example.com", None)
        .await
        .ok();
    let code = last_code(&app, "new@example.com").await.unwrap();
    body["code"] = json!(accounts::wrong(&code));
    app.post_json("/api/user/register", None, body.clone())
        .await
        .fails_with(-1021);
    body["code"] = json!(code);
    app.post_json("/api/user/register", None, body.clone())
        .await
        .ok();
    assert!(users::find_by_email(&app.state.db, "new@example.com")
        .await
        .unwrap()
        .is_some());

    // The address is now taken: neither a new code nor a second account.
    send_email_code(&app, "register", "new@example.com", None)
        .await
        .fails_with(-1005);
    app.post_json("/api/user/register", None, body)
        .await
        .fails_with(-1005);
}

#[tokio::test]
async fn phone_registration_works_without_a_code_when_the_setting_says_so() {
    let app = TestApp::spawn().await;
    user(&app, "parent").await;
    set_setting(
        &app,
        "LOGIN_REGIS_SETTING",
        json!({"phoneIsOpen": true, "phoneCode": false}),
    )
    .await;
    let body = json!({"type": "phone", "phone": "+44 7700 900123", "password": PASSWORD, "inviteCode": "INVPARENT"});
    app.post_json("/api/user/register", None, body.clone())
        .await
        .ok();
    app.post_json("/api/user/register", None, body)
        .await
        .fails_with(-1006);
    let bad =
        json!({"type": "phone", "phone": "12", "password": PASSWORD, "inviteCode": "INVPARENT"});
    app.post_json("/api/user/register", None, bad)
        .await
        .fails_with(-1009);
}

#[tokio::test]
async fn registrations_from_one_ip_are_rate_limited() {
    let app = TestApp::spawn().await;
    for i in 0..5 {
        // Refused for the missing invite code, but each attempt counts.
        app.post_json("/api/user/register", None, account(&format!("user{i}"), ""))
            .await
            .fails_with(-1002);
    }
    app.post_json("/api/user/register", None, account("user9", ""))
        .await
        .fails_with(-7);
}

/// Credits that are not a decimal are refused: a user row holding them is
/// an error when read, and a registration setting holding them refuses to
/// register anyone rather than grant zero.
#[tokio::test]
async fn credits_that_are_not_a_decimal_are_refused() {
    use onyx_store::entity::user as user_row;
    use sea_orm::{ConnectionTrait, Statement};
    let app = TestApp::spawn().await;
    let parent = user(&app, "parent").await;
    let db = &app.state.db;
    let set_credits = |text: &str| {
        let sql = format!(
            "UPDATE users SET credits = '{text}' WHERE id = {}",
            parent.id
        );
        db.execute(Statement::from_string(db.get_database_backend(), sql))
    };
    set_credits("lots").await.unwrap();
    assert!(user_row::Entity::find_by_id(parent.id)
        .one(db)
        .await
        .is_err());
    set_credits("80").await.unwrap();

    set_setting(&app, "LOGIN_REGIS_SETTING", json!({"credits": "lots"})).await;
    let r = app
        .post_json("/api/user/register", None, account("Newbie_2", "invparent"))
        .await;
    assert_ne!(r.code, 200, "{r:?}");
    assert_eq!(users::count(db).await.unwrap(), 1);
}
