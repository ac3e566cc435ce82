//! Verification codes and binding: resend interval, expiry, attempt limit,
//! single use, codes bound to the requesting user, and phone binding; the
//! outbox records a send without its code, no code reaches the log, and
//! the development mailbox exists only on a demo without SMTP.

use onyx_testkit::accounts;
use onyx_testkit::common;

use accounts::{
    app_with_mailbox, assert_token_failure, last_code, send_email_code, send_mobile_code,
    signed_in, wrong,
};
use chrono::{Duration, Utc};
use common::{q, TestApp};
use onyx_store::entity::{outbox, verification_code};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use std::sync::{Arc, Mutex};

async fn bind_email(app: &TestApp, token: &str, email: &str, code: &str) -> common::Reply {
    app.post_query(
        &format!("/api/user/bindEmail?email={}&emailCode={code}", q(email)),
        Some(token),
    )
    .await
}

#[tokio::test]
async fn a_bind_code_binds_the_email_and_the_outbox_records_the_send_without_it() {
    let app = app_with_mailbox().await;
    let (_, token) = signed_in(&app, "alice").await;
    send_email_code(&app, "bind", "alice@example.com", Some(&token))
        .await
        .ok();
    let row = outbox::Entity::find()
        .filter(outbox::Column::Target.eq("alice@example.com"))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            row.channel.as_str(),
            row.purpose.as_str(),
            row.status.as_str()
        ),
        ("email", "bind", "unsent")
    );
    assert!(row.subject.contains("verification code"));
    let mail = app
        .get("/api/dev/mailbox?target=alice%40example.com", None)
        .await
        .ok();
    let code = mail[0]["code"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 6);
    assert_eq!(mail[0]["id"], row.id);
    assert!(mail[0]["body"].as_str().unwrap().contains(&code));
    assert!(!row.subject.contains(&code));
    let stored = verification_code::Entity::find()
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_ne!(stored.code_hash, code, "codes are stored hashed");

    bind_email(&app, &token, "alice@example.com", &code)
        .await
        .ok();
    let info = app.get("/api/user/getInfo", Some(&token)).await.ok();
    assert_eq!(info["user"]["email"], "alice@example.com");
    bind_email(&app, &token, "alice@example.com", &code)
        .await
        .fails_with(-1042);
}

#[tokio::test]
async fn codes_need_a_session_except_for_register_and_forget() {
    let app = TestApp::spawn().await;
    assert_token_failure(&send_email_code(&app, "bind", "a@example.com", None).await);
    assert_token_failure(
        &send_email_code(&app, "security", "a@example.com", Some("garbage")).await,
    );
    send_email_code(&app, "register", "a@example.com", None)
        .await
        .ok();
    send_email_code(&app, "steal", "a@example.com", None)
        .await
        .fails_with(-1025);
    send_email_code(&app, "register", "not-an-email", None)
        .await
        .fails_with(-1008);
    send_mobile_code(&app, "register", "12", None)
        .await
        .fails_with(-1009);
    app.post_query("/api/user/sendEmailCode?codeType=register", None)
        .await
        .fails_with(-3);
}

#[tokio::test]
async fn a_new_code_waits_for_the_resend_interval_and_retires_the_old_one() {
    let app = app_with_mailbox().await;
    send_email_code(&app, "register", "a@example.com", None)
        .await
        .ok();
    let r = send_email_code(&app, "register", "a@example.com", None).await;
    r.fails_with(-1024);
    assert!(r.msg.contains("seconds"), "{}", r.msg);

    // Pretend the first one was sent two minutes ago.
    verification_code::Entity::update_many()
        .col_expr(
            verification_code::Column::CreatedAt,
            Expr::value(Utc::now() - Duration::minutes(2)),
        )
        .exec(&app.state.db)
        .await
        .unwrap();
    send_email_code(&app, "register", "a@example.com", None)
        .await
        .ok();
    let unused = verification_code::Entity::find()
        .filter(verification_code::Column::ConsumedAt.is_null())
        .all(&app.state.db)
        .await
        .unwrap();
    assert_eq!(unused.len(), 1, "only the newest code stays usable");
    let newest = last_code(&app, "a@example.com").await.unwrap();
    let purpose = onyx_kernel::identity::CodePurpose::Register;
    assert_eq!(
        unused[0].code_hash,
        onyx_platform::codes::hash("a@example.com", purpose, &newest)
    );
}

#[tokio::test]
async fn an_expired_code_is_refused() {
    let app = app_with_mailbox().await;
    let (_, token) = signed_in(&app, "alice").await;
    send_email_code(&app, "bind", "alice@example.com", Some(&token))
        .await
        .ok();
    let code = last_code(&app, "alice@example.com").await.unwrap();
    verification_code::Entity::update_many()
        .col_expr(
            verification_code::Column::ExpiresAt,
            Expr::value(Utc::now() - Duration::seconds(1)),
        )
        .exec(&app.state.db)
        .await
        .unwrap();
    bind_email(&app, &token, "alice@example.com", &code)
        .await
        .fails_with(-1022);
}

#[tokio::test]
async fn five_wrong_entries_burn_a_code() {
    let app = app_with_mailbox().await;
    let (_, token) = signed_in(&app, "alice").await;
    send_email_code(&app, "bind", "alice@example.com", Some(&token))
        .await
        .ok();
    let code = last_code(&app, "alice@example.com").await.unwrap();
    for _ in 0..4 {
        bind_email(&app, &token, "alice@example.com", &wrong(&code))
            .await
            .fails_with(-1021);
    }
    bind_email(&app, &token, "alice@example.com", &wrong(&code))
        .await
        .fails_with(-1023);
    bind_email(&app, &token, "alice@example.com", &code)
        .await
        .fails_with(-1023);
    bind_email(&app, &token, "alice@example.com", "")
        .await
        .fails_with(-1020);
}

#[tokio::test]
async fn another_user_cannot_use_my_code_or_take_my_email() {
    let app = app_with_mailbox().await;
    let (_, alice) = signed_in(&app, "alice").await;
    let (_, bob) = signed_in(&app, "bob").await;
    send_email_code(&app, "bind", "alice@example.com", Some(&alice))
        .await
        .ok();
    let code = last_code(&app, "alice@example.com").await.unwrap();
    bind_email(&app, &bob, "alice@example.com", &code)
        .await
        .fails_with(-1021);
    bind_email(&app, &alice, "alice@example.com", &code)
        .await
        .ok();
    send_email_code(&app, "bind", "alice@example.com", Some(&bob))
        .await
        .fails_with(-1005);
    bind_email(&app, &bob, "alice@example.com", "123456")
        .await
        .fails_with(-1005);
}

#[tokio::test]
async fn a_phone_is_bound_and_unbound_with_codes_to_that_phone() {
    let app = app_with_mailbox().await;
    let (_, token) = signed_in(&app, "alice").await;
    let (_, bob) = signed_in(&app, "bob").await;
    let phone = "+14155550100";
    app.post_query("/api/user/unBindPhone?code=123456", Some(&token))
        .await
        .fails_with(-1041);
    send_mobile_code(&app, "bind", "+1 415-555-0100", Some(&token))
        .await
        .ok();
    let row = outbox::Entity::find()
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            row.channel.as_str(),
            row.target.as_str(),
            row.status.as_str()
        ),
        ("sms", phone, "unsent")
    );
    let code = last_code(&app, phone).await.unwrap();
    let bind = |code: String| format!("/api/user/bindPhone?phone={}&code={code}", q(phone));
    app.post_query(&bind(code.clone()), Some(&token)).await.ok();
    app.post_query(&bind(code.clone()), Some(&token))
        .await
        .fails_with(-1043);
    app.post_query(&bind(code), Some(&bob))
        .await
        .fails_with(-1006);
    let info = app.get("/api/user/getInfo", Some(&token)).await.ok();
    assert_eq!(info["user"]["phone"], phone);

    // Unbind codes go only to the caller's own bound phone.
    send_mobile_code(&app, "unbind", "+14155550199", Some(&token))
        .await
        .fails_with(-9);
    send_mobile_code(&app, "unbind", phone, Some(&bob))
        .await
        .fails_with(-1041);
    send_mobile_code(&app, "unbind", phone, Some(&token))
        .await
        .ok();
    let code = last_code(&app, phone).await.unwrap();
    app.post_query(
        &format!("/api/user/unBindPhone?code={}", wrong(&code)),
        Some(&token),
    )
    .await
    .fails_with(-1021);
    app.post_query(&format!("/api/user/unBindPhone?code={code}"), Some(&token))
        .await
        .ok();
    let info = app.get("/api/user/getInfo", Some(&token)).await.ok();
    assert!(info["user"]["phone"].is_null());
}

#[tokio::test]
async fn the_country_list_has_dial_codes() {
    let app = TestApp::spawn().await;
    let list = app.post_query("/api/user/getCountryCode", None).await.ok();
    let list = list.as_array().unwrap();
    assert!(list.len() >= 60);
    assert!(list
        .iter()
        .any(|c| c["iso"] == "US" && c["dialCode"] == "+1" && c["name"] == "United States"));
}

#[tokio::test]
async fn the_openapi_document_lists_every_account_call() {
    use axum::body::Body;
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let app = TestApp::spawn().await;
    let req = axum::http::Request::get("/api/openapi.json")
        .body(Body::empty())
        .unwrap();
    let res = app.router.clone().oneshot(req).await.unwrap();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let doc: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    let posts = [
        "register",
        "login",
        "autoLogin",
        "loginOut",
        "updateUserLoginPwd",
        "tardPwdSet",
        "updatePwd",
        "sendEmailCode",
        "bindEmail",
        "sendMobileCode",
        "bindPhone",
        "unBindPhone",
        "getCountryCode",
        "forgetPwd",
        "sendUnlockCode",
        "unlock",
        "uploadKYC",
        "updateWithdrawAddress",
    ];
    for call in posts {
        let path = format!("/api/user/{call}");
        assert!(doc["paths"][&path]["post"].is_object(), "{path}");
    }
    for path in [
        "/api/user/getInfo",
        "/api/user/withdrawAddress",
        "/api/common/file/{id}",
    ] {
        assert!(doc["paths"][path]["get"].is_object(), "{path}");
    }
    assert!(doc["paths"]["/api/common/upload/OSS"]["post"].is_object());
}

/// Everything the server logs while the closure's requests run.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Captured {
    type Writer = Captured;
    fn make_writer(&'a self) -> Captured {
        self.clone()
    }
}

#[tokio::test]
async fn no_code_reaches_the_log() {
    let logs = Captured::default();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(logs.clone())
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .without_time()
        .finish();
    // The test runs on one thread, handlers included.
    let _guard = tracing::subscriber::set_default(subscriber);
    let app = app_with_mailbox().await;
    let (alice, token) = signed_in(&app, "alice").await;
    onyx_store::repo::users::update(
        &app.state.db,
        alice.id,
        onyx_store::repo::users::Change::Email(Some("alice@example.com")),
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    send_email_code(&app, "forget", "alice@example.com", None)
        .await
        .ok();
    send_mobile_code(&app, "bind", "+14155550100", Some(&token))
        .await
        .ok();
    send_email_code(&app, "register", "new@example.com", None)
        .await
        .ok();
    let mut codes = Vec::new();
    for target in ["alice@example.com", "+14155550100", "new@example.com"] {
        codes.push(last_code(&app, target).await.unwrap());
    }
    let text = String::from_utf8(logs.0.lock().unwrap().clone()).unwrap();
    assert_eq!(
        text.matches("verification code issued").count(),
        3,
        "{text}"
    );
    for code in codes {
        assert!(!text.contains(&code), "code {code} logged:\n{text}");
    }
}

async fn raw_get(app: &TestApp, uri: &str) -> (u16, String, String) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let req = axum::http::Request::get(uri)
        .body(axum::body::Body::empty())
        .unwrap();
    let res = app.router.clone().oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let kind = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, kind, String::from_utf8(bytes.to_vec()).unwrap())
}

#[tokio::test]
async fn the_development_mailbox_does_not_exist_without_demo_or_with_smtp() {
    let plain = TestApp::spawn().await;
    let demo_with_smtp = TestApp::spawn_with(|c| {
        c.demo = true;
        c.smtp_url = Some("smtp://127.0.0.1:1".into());
    })
    .await;
    let asked_with_smtp = TestApp::spawn_with(|c| {
        c.dev_mailbox = true;
        c.smtp_url = Some("smtp://127.0.0.1:1".into());
    })
    .await;
    for app in [&plain, &demo_with_smtp, &asked_with_smtp] {
        assert!(app.state.notify.mailbox().is_none());
        app.get("/api/dev/mailbox", None).await.fails_with(-6);
        let (status, _, body) = raw_get(app, "/dev/mailbox").await;
        assert_eq!(status, 404, "{body}");
        assert!(!body.contains("mailbox"), "{body}");
    }
    // What is sent still leaves no readable code behind.
    send_email_code(&demo_with_smtp, "register", "new@example.com", None)
        .await
        .ok();
    demo_with_smtp
        .get("/api/dev/mailbox?target=new%40example.com", None)
        .await
        .fails_with(-6);
}

#[tokio::test]
async fn a_demo_without_smtp_shows_its_codes_newest_first_and_says_what_it_is() {
    let app = TestApp::spawn_demo().await;
    assert!(app.state.notify.mailbox().is_some());
    send_email_code(&app, "register", "first@example.com", None)
        .await
        .ok();
    send_email_code(&app, "register", "second@example.com", None)
        .await
        .ok();
    let first = last_code(&app, "first@example.com").await.unwrap();
    let second = last_code(&app, "second@example.com").await.unwrap();
    let all = app.get("/api/dev/mailbox", None).await.ok();
    assert_eq!(all[0]["target"], "second@example.com");
    assert_eq!(all[1]["target"], "first@example.com");
    assert_eq!(all[1]["purpose"], "register");

    let (status, kind, page) = raw_get(&app, "/dev/mailbox").await;
    assert_eq!(status, 200);
    assert!(kind.starts_with("text/html"), "{kind}");
    assert!(page.contains("only because this server runs with <code>--demo</code>"));
    assert!(page.contains("A public server must never run with <code>--demo</code>"));
    assert!(!page.contains("<script"));
    let (at_first, at_second) = (page.find(&first).unwrap(), page.find(&second).unwrap());
    assert!(at_second < at_first, "newest first");

    let (_, _, filtered) = raw_get(&app, "/dev/mailbox?target=first%40example.com").await;
    assert!(filtered.contains(&first) && !filtered.contains("second@example.com"));
    let (_, _, nobody) = raw_get(&app, "/dev/mailbox?target=%3Cb%3Ex").await;
    assert!(nobody.contains("No messages.") && nobody.contains("value=\"&lt;b&gt;x\""));
}
