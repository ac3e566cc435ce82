//! Public content (notices, rules, help centre), the message centre and
//! the demo content.

use onyx_testkit::admin_common;
use onyx_testkit::common;

use admin_common::*;
use common::TestApp;
use onyx_content::api::messages;
use serde_json::json;

/// Creates a published item through the operator API; returns its id.
async fn publish(app: &TestApp, owner: &str, body: serde_json::Value) -> i64 {
    let mut body = body;
    body["reason"] = json!("test content");
    admin_post(app, "/api/admin/content", owner, body)
        .await
        .ok()["id"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn notices_of_a_key_in_sort_order_filtered_by_placement_and_only_published() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let t = |title: &str| json!([{"lang": "en", "title": title, "content": "<p>x</p>"}]);
    publish(&app, &owner, json!({"kind": "notice", "key": "ROLL_NOTICE", "modelKey": "HOME", "sort": 2, "translations": t("second")})).await;
    publish(&app, &owner, json!({"kind": "notice", "key": "ROLL_NOTICE", "modelKey": "HOME", "sort": 1, "translations": t("first")})).await;
    publish(&app, &owner, json!({"kind": "notice", "key": "ROLL_NOTICE", "modelKey": "TRADE", "sort": 0, "translations": t("trade")})).await;
    publish(&app, &owner, json!({"kind": "notice", "key": "ROLL_NOTICE", "modelKey": "HOME", "published": false, "translations": t("draft")})).await;
    publish(&app, &owner, json!({"kind": "notice", "key": "POP_UPS_NOTICE", "modelKey": "HOME", "translations": t("popup")})).await;

    let home = app
        .get("/api/notice/list?key=ROLL_NOTICE&modelKey=HOME", None)
        .await
        .ok();
    let titles: Vec<&str> = home
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["first", "second"]);
    assert_eq!(home[0]["key"], "ROLL_NOTICE");
    assert_eq!(home[0]["modelKey"], "HOME");
    assert!(home[0]["createTime"].as_str().unwrap().ends_with('Z'));

    let all = app.get("/api/notice/list?key=ROLL_NOTICE", None).await.ok();
    assert_eq!(
        all.as_array().unwrap().len(),
        3,
        "every placement, no draft"
    );
    let none = app.get("/api/notice/list?key=NO_SUCH", None).await.ok();
    assert_eq!(none, json!([]));
}

#[tokio::test]
async fn content_calls_refuse_missing_and_malformed_queries_with_codes() {
    let app = TestApp::spawn().await;
    app.get("/api/notice/list", None).await.fails_with(-3);
    app.get("/api/notice/list?key=", None).await.fails_with(-4);
    app.get("/api/notice/list?key=a%20b", None)
        .await
        .fails_with(-4);
    app.get("/api/notice/list?key=ROLL_NOTICE&modelKey=%3Cx%3E", None)
        .await
        .fails_with(-4);
    app.get("/api/option/rules/list", None).await.fails_with(-3);
    app.get("/api/help/detail", None).await.fails_with(-3);
    app.get("/api/help/detail?id=abc", None)
        .await
        .fails_with(-1);
    app.get("/api/help/detail?id=999999", None)
        .await
        .fails_with(-6);
}

#[tokio::test]
async fn content_is_served_in_the_callers_language_and_falls_back_to_english() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let id = publish(
        &app,
        &owner,
        json!({"kind": "rule", "key": "ABOUT", "translations": [
        {"lang": "en", "title": "About", "content": "<p>English</p>"},
        {"lang": "zh", "title": "关于", "content": "<p>中文</p>"}]}),
    )
    .await;

    let zh = get_in(&app, "/api/option/rules/list?key=ABOUT", "zh", None)
        .await
        .ok();
    assert_eq!(zh[0]["id"], id);
    assert_eq!(zh[0]["title"], "关于");
    assert_eq!(zh[0]["content"], "<p>中文</p>");
    let zh_cn = get_in(&app, "/api/option/rules/list?key=ABOUT", "zh-CN", None)
        .await
        .ok();
    assert_eq!(zh_cn[0]["title"], "关于");
    let da = get_in(&app, "/api/option/rules/list?key=ABOUT", "da", None)
        .await
        .ok();
    assert_eq!(da[0]["title"], "About", "no Danish text: English");
    assert_eq!(da[0]["content"], "<p>English</p>");
}

#[tokio::test]
async fn help_centre_lists_categories_with_articles_and_serves_one_article() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let en =
        |title: &str, content: &str| json!([{"lang": "en", "title": title, "content": content}]);
    let cat = publish(&app, &owner, json!({"kind": "help_category", "key": "account", "sort": 1, "translations": en("Account", "")})).await;
    let other = publish(&app, &owner, json!({"kind": "help_category", "key": "trading", "sort": 2, "translations": en("Trading", "")})).await;
    let art = publish(&app, &owner, json!({"kind": "help_article", "key": "fund-password", "parentId": cat,
        "translations": [{"lang": "en", "title": "Fund password", "content": "<p>Six digits</p>"},
                         {"lang": "de", "title": "Fondspasswort", "content": "<p>Sechs Ziffern</p>"}]})).await;
    let draft = publish(&app, &owner, json!({"kind": "help_article", "key": "draft", "parentId": cat, "published": false, "translations": en("Draft", "<p>d</p>")})).await;

    let list = app.get("/api/help/list", None).await.ok();
    assert_eq!(list.as_array().unwrap().len(), 2);
    assert_eq!(list[0]["id"], cat);
    assert_eq!(list[0]["title"], "Account");
    assert_eq!(
        list[0]["items"],
        json!([{"id": art, "title": "Fund password"}])
    );
    assert_eq!(list[1]["id"], other);
    assert_eq!(list[1]["items"], json!([]));

    let d = app
        .get(&format!("/api/help/detail?id={art}"), None)
        .await
        .ok();
    assert_eq!(
        d,
        json!({"id": art, "title": "Fund password", "content": "<p>Six digits</p>", "categoryTitle": "Account"})
    );
    let de = get_in(&app, &format!("/api/help/detail?id={art}"), "de", None)
        .await
        .ok();
    assert_eq!(de["title"], "Fondspasswort");
    assert_eq!(
        de["categoryTitle"], "Account",
        "category falls back on its own"
    );

    app.get(&format!("/api/help/detail?id={draft}"), None)
        .await
        .fails_with(-6);
    app.get(&format!("/api/help/detail?id={cat}"), None)
        .await
        .fails_with(-6);
}

#[tokio::test]
async fn message_centre_lists_newest_first_with_unread_and_marks_read() {
    let app = TestApp::spawn().await;
    let (a, token) = user_with_session(&app, "alice").await;
    let (b, _) = user_with_session(&app, "bobby").await;
    let db = &app.state.db;
    let first = messages::create(
        db,
        a,
        "First",
        "<p>Hello <b>Alice</b> &amp; co</p>",
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    let second = messages::create(db, a, "Second", "<p>Two</p>", chrono::Utc::now())
        .await
        .unwrap();
    messages::create(db, b, "Not yours", "<p>b</p>", chrono::Utc::now())
        .await
        .unwrap();

    let page = app
        .get("/api/message/list?pageNum=1&pageSize=10", Some(&token))
        .await
        .ok();
    assert_eq!(page["total"], 2);
    assert_eq!(page["unread"], 2);
    assert_eq!(page["rows"][0]["id"], second.id);
    assert_eq!(page["rows"][1]["summary"], "Hello Alice & co");
    assert_eq!(page["rows"][1]["read"], false);
    let one = app
        .get("/api/message/list?pageNum=2&pageSize=1", Some(&token))
        .await
        .ok();
    assert_eq!(one["rows"][0]["id"], first.id);

    let d = app
        .get(
            &format!("/api/message/detail?id={}", first.id),
            Some(&token),
        )
        .await
        .ok();
    assert_eq!(d["title"], "First");
    assert_eq!(d["content"], "<p>Hello <b>Alice</b> &amp; co</p>");
    assert_eq!(d["read"], true);
    let page = app.get("/api/message/list", Some(&token)).await.ok();
    assert_eq!(page["unread"], 1);
    assert_eq!(page["rows"][1]["read"], true);

    app.post_query("/api/message/readAll", Some(&token))
        .await
        .ok();
    assert_eq!(
        app.get("/api/message/list", Some(&token)).await.ok()["unread"],
        0
    );
}

#[tokio::test]
async fn another_users_message_is_not_found_and_stays_unread() {
    let app = TestApp::spawn().await;
    let (a, _) = user_with_session(&app, "alice").await;
    let (_, token_b) = user_with_session(&app, "bobby").await;
    let m = messages::create(&app.state.db, a, "Private", "<p>a</p>", chrono::Utc::now())
        .await
        .unwrap();

    let r = app
        .get(&format!("/api/message/detail?id={}", m.id), Some(&token_b))
        .await;
    r.fails_with(-6);
    let missing = app
        .get("/api/message/detail?id=987654", Some(&token_b))
        .await;
    assert_eq!(
        missing.msg, r.msg,
        "someone else's and missing look the same"
    );
    app.post_query("/api/message/readAll", Some(&token_b))
        .await
        .ok();
    let still = messages::find_for_user(&app.state.db, a, m.id)
        .await
        .unwrap()
        .unwrap();
    assert!(
        still.read_at.is_none(),
        "B's readAll does not touch A's messages"
    );
}

#[tokio::test]
async fn message_centre_needs_a_valid_token_and_a_numeric_id() {
    let app = TestApp::spawn().await;
    let (_, token) = user_with_session(&app, "alice").await;
    assert_token_failure(&app.get("/api/message/list", None).await);
    assert_token_failure(&app.get("/api/message/list", Some("not-a-token")).await);
    assert_token_failure(&app.get("/api/message/detail?id=1", None).await);
    assert_token_failure(&app.post_query("/api/message/readAll", Some("bogus")).await);
    app.get("/api/message/detail", Some(&token))
        .await
        .fails_with(-3);
    app.get("/api/message/detail?id=x", Some(&token))
        .await
        .fails_with(-1);
    app.get("/api/message/list?pageNum=-1", Some(&token))
        .await
        .fails_with(-1);
}

#[tokio::test]
async fn demo_seed_has_content_and_a_welcome_message_and_is_not_seeded_twice() {
    let app = TestApp::spawn_demo().await;
    let roll = app
        .get("/api/notice/list?key=ROLL_NOTICE&modelKey=HOME", None)
        .await
        .ok();
    assert_eq!(roll.as_array().unwrap().len(), 3);
    let popup = app
        .get("/api/notice/list?key=POP_UPS_NOTICE", None)
        .await
        .ok();
    assert_eq!(popup.as_array().unwrap().len(), 1);
    let activity = app
        .get("/api/notice/list?key=ACTIVITY_NOTICE", None)
        .await
        .ok();
    assert_eq!(activity.as_array().unwrap().len(), 2);
    for key in ["ABOUT", "TERMS", "PRIVACY"] {
        let r = app
            .get(&format!("/api/option/rules/list?key={key}"), None)
            .await
            .ok();
        assert_eq!(r.as_array().unwrap().len(), 1, "{key}");
        assert!(r[0]["content"].as_str().unwrap().len() > 100, "{key}");
    }
    let about_en = app.get("/api/option/rules/list?key=ABOUT", None).await.ok();
    let about_zh = get_in(&app, "/api/option/rules/list?key=ABOUT", "zh", None)
        .await
        .ok();
    assert_eq!(about_en[0]["id"], about_zh[0]["id"]);
    assert_ne!(
        about_en[0]["title"], about_zh[0]["title"],
        "demo content is translated"
    );
    let about_da = get_in(&app, "/api/option/rules/list?key=ABOUT", "da", None)
        .await
        .ok();
    assert_eq!(about_da[0]["title"], about_en[0]["title"]);
    let help = app.get("/api/help/list", None).await.ok();
    let help = help.as_array().unwrap();
    assert_eq!(help.len(), 4);
    for cat in help {
        let n = cat["items"].as_array().unwrap().len();
        assert!((2..=3).contains(&n), "{cat}");
    }
    let article = help[0]["items"][0]["id"].as_i64().unwrap();
    let d = app
        .get(&format!("/api/help/detail?id={article}"), None)
        .await
        .ok();
    assert_eq!(d["categoryTitle"], "Account & security");

    let demo = onyx_store::repo::users::find_by_invite_code(
        &app.state.db,
        onyx_server::demo::DEMO_INVITE_CODE,
    )
    .await
    .unwrap()
    .unwrap();
    let token = session_for(&app, demo.id).await;
    // The welcome, and the notice of the demo's opening deposit.
    let inbox = app.get("/api/message/list", Some(&token)).await.ok();
    assert_eq!(inbox["total"], 2);
    assert_eq!(inbox["unread"], 2);

    let items = onyx_content::api::items::count(&app.state.db)
        .await
        .unwrap();
    assert!(!onyx_server::demo::seed_if_empty(&app.state).await.unwrap());
    assert_eq!(
        onyx_content::api::demo::seed_content(&app.state.db, chrono::Utc::now())
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        onyx_content::api::items::count(&app.state.db)
            .await
            .unwrap(),
        items
    );
    assert_eq!(
        app.get("/api/message/list", Some(&token)).await.ok()["total"],
        2
    );
}

/// An item whose kind the row does not name is refused when read, never
/// shown as some other kind.
#[tokio::test]
async fn an_item_whose_kind_the_row_does_not_name_is_refused_on_read() {
    use onyx_content::api::items::content_item;
    use sea_orm::{ConnectionTrait, EntityTrait, Statement};
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let t = json!([{"lang": "en", "title": "t", "content": "<p>x</p>"}]);
    let id = publish(
        &app,
        &owner,
        json!({"kind": "notice", "key": "ROLL_NOTICE", "translations": t}),
    )
    .await;
    let db = &app.state.db;
    let read = || content_item::Entity::find_by_id(id).one(db);
    assert!(read().await.unwrap().is_some());
    let sql = format!("UPDATE content_items SET kind = 'bogus' WHERE id = {id}");
    db.execute(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap();
    assert!(read().await.is_err());
}
