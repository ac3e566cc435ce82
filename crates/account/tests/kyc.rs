//! Uploads (type by content, size limit, reading back through signed links
//! only, served as sandboxed attachments) and identity verification
//! submissions.

use onyx_testkit::accounts;
use onyx_testkit::common;

use accounts::{assert_token_failure, set_setting, signed_in};
use axum::body::Body;
use axum::http::{header, Request};
use common::{q, Reply, TestApp};
use http_body_util::BodyExt;
use onyx_account::api::kyc::kyc_submission;
use sea_orm::sea_query::Expr;
use sea_orm::EntityTrait;
use serde_json::json;
use tower::ServiceExt;

const PNG: &[u8] =
    b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
const BOUNDARY: &str = "onyxtestboundary";

fn multipart(name: &str, content_type: &str, bytes: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: {content_type}\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

async fn upload(app: &TestApp, token: Option<&str>, name: &str, bytes: &[u8]) -> Reply {
    let body = multipart(name, "image/png", bytes);
    let req = TestApp::request("POST", "/api/common/upload/OSS", token)
        .header(
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .header(header::CONTENT_LENGTH, body.len())
        .body(Body::from(body))
        .unwrap();
    app.send(req).await
}

/// Raw GET of a file: status, headers and bytes (not an envelope on success).
async fn fetch(app: &TestApp, uri: &str, token: Option<&str>) -> (axum::http::HeaderMap, Vec<u8>) {
    let req = TestApp::request("GET", uri, token)
        .body(Body::empty())
        .unwrap();
    let res = app.router.clone().oneshot(req).await.unwrap();
    let headers = res.headers().clone();
    (
        headers,
        res.into_body().collect().await.unwrap().to_bytes().to_vec(),
    )
}

fn envelope_code(bytes: &[u8]) -> i64 {
    serde_json::from_slice::<serde_json::Value>(bytes).unwrap()["code"]
        .as_i64()
        .unwrap()
}

/// A link to the file, minted by its owner's session (header token).
async fn link(app: &TestApp, token: &str, id: &str) -> Reply {
    app.get(&format!("/api/common/file/{id}/link"), Some(token))
        .await
}

async fn link_url(app: &TestApp, token: &str, id: &str) -> String {
    link(app, token, id).await.ok()["url"]
        .as_str()
        .unwrap()
        .to_string()
}

#[track_caller]
fn assert_served_as_attachment(headers: &axum::http::HeaderMap, mime: &str, id: &str) {
    assert_eq!(headers[header::CONTENT_TYPE], mime);
    let disposition = headers[header::CONTENT_DISPOSITION].to_str().unwrap();
    assert!(
        disposition.starts_with("attachment;") && disposition.contains(id),
        "{disposition}"
    );
    assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    assert_eq!(headers[header::CONTENT_SECURITY_POLICY], "sandbox");
    assert_eq!(headers[header::CACHE_CONTROL], "no-store");
}

#[tokio::test]
async fn a_png_is_stored_privately_and_read_back_through_a_link_of_its_owner() {
    let app = TestApp::spawn().await;
    let (_, alice) = signed_in(&app, "alice").await;
    let (_, bob) = signed_in(&app, "bob").await;
    let data = upload(&app, Some(&alice), "../../My ID.png", PNG)
        .await
        .ok();
    let id = data["id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 32);
    assert_eq!(data["url"], format!("/api/common/file/{id}"));
    assert_eq!(data["fileName"], "My ID.png");
    assert_eq!(data["size"], PNG.len());
    let on_disk = app
        .state
        .config
        .db
        .data_dir
        .join("uploads")
        .join(&id[..2])
        .join(&id);
    assert_eq!(
        std::fs::read(on_disk).unwrap(),
        PNG,
        "stored under its id, not its name"
    );

    let minted = link(&app, &alice, &id).await.ok();
    let url = minted["url"].as_str().unwrap();
    assert!(
        url.starts_with(&format!("/api/common/file/{id}?expires=")),
        "{url}"
    );
    assert!(!url.contains(&alice), "no session token in the link");
    assert!(minted["expireTime"].is_string());
    // The link needs no token: it is what an <img src> carries.
    let (headers, bytes) = fetch(&app, url, None).await;
    assert_eq!(bytes, PNG);
    assert_served_as_attachment(&headers, "image/png", &id);

    // Someone else's file cannot be linked: not found, as for a missing one.
    link(&app, &bob, &id).await.fails_with(-6);
    link(&app, &alice, "0123456789abcdef0123456789abcdef")
        .await
        .fails_with(-6);
    assert_token_failure(&app.get(&format!("/api/common/file/{id}/link"), None).await);
    assert_token_failure(&link(&app, "garbage", &id).await);
}

#[tokio::test]
async fn a_session_token_no_longer_opens_a_file_and_a_link_only_as_signed() {
    let app = TestApp::spawn().await;
    let (_, alice) = signed_in(&app, "alice").await;
    let id = upload(&app, Some(&alice), "id.png", PNG).await.ok()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let plain = format!("/api/common/file/{id}");
    // The old ways: the token in the query, or in the header, on the file itself.
    let (_, bytes) = fetch(&app, &format!("{plain}?satoken={}", q(&alice)), None).await;
    assert_eq!(envelope_code(&bytes), -1063);
    let (_, bytes) = fetch(&app, &plain, Some(&alice)).await;
    assert_eq!(envelope_code(&bytes), -1063);

    let url = link_url(&app, &alice, &id).await;
    let (_, bytes) = fetch(&app, &url, None).await;
    assert_eq!(bytes, PNG);
    let sig_at = url.find("&sig=").unwrap() + 5;
    let mut forged = url.clone().into_bytes();
    forged[sig_at] = if forged[sig_at] == b'0' { b'1' } else { b'0' };
    let tampered = [
        String::from_utf8(forged).unwrap(),
        url.replace("&for=u", "&for=a"),
        url.replace("?expires=", "?expires=9"),
        url[..sig_at - 5].to_string(),
    ];
    for bad in &tampered {
        let (_, bytes) = fetch(&app, bad, None).await;
        assert_eq!(envelope_code(&bytes), -1063, "{bad}");
    }
    // A valid signature for one file does not open another.
    let other = upload(&app, Some(&alice), "other.png", PNG).await.ok()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (_, bytes) = fetch(&app, &url.replace(&id, &other), None).await;
    assert_eq!(envelope_code(&bytes), -1063);
}

#[tokio::test]
async fn a_link_works_until_it_expires_and_not_after() {
    let app = TestApp::spawn().await;
    let (alice, token) = signed_in(&app, "alice").await;
    let (alice_id, alice) = (alice.id, token);
    let id = upload(&app, Some(&alice), "id.png", PNG).await.ok()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let key = app
        .state
        .files
        .link_key(&app.state.db, chrono::Utc::now())
        .await
        .unwrap();
    let now = chrono::Utc::now().timestamp();
    let reader = onyx_platform::files::Reader::User(alice_id);
    let (_, bytes) = fetch(&app, &key.sign(&id, now + 60, reader), None).await;
    assert_eq!(bytes, PNG, "a minute left: opens");
    let (_, bytes) = fetch(&app, &key.sign(&id, now - 1, reader), None).await;
    assert_eq!(envelope_code(&bytes), -1063, "a second past: expired");
    let r: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    assert!(r["msg"].as_str().unwrap().contains("expired"), "{r}");
    // A link signed for another user does not open alice's file.
    let bob = onyx_platform::files::Reader::User(alice_id + 1);
    let (_, bytes) = fetch(&app, &key.sign(&id, now + 60, bob), None).await;
    assert_eq!(envelope_code(&bytes), -6);
}

#[tokio::test]
async fn the_link_key_survives_a_restart_and_is_shared_by_nodes_on_one_database() {
    let app = TestApp::spawn().await;
    let (_, alice) = signed_in(&app, "alice").await;
    let id = upload(&app, Some(&alice), "id.png", PNG).await.ok()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let url = link_url(&app, &alice, &id).await;
    // A second node (or this one after a restart): a fresh file store on
    // the same database and the same upload folder.
    let node = onyx_server::state::AppState::new(app.state.db.clone(), (*app.state.config).clone());
    let router = onyx_server::app(node);
    let req = TestApp::request("GET", &url, None)
        .body(Body::empty())
        .unwrap();
    let res = router.oneshot(req).await.unwrap();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(&bytes[..], PNG);
}

#[tokio::test]
async fn a_gif_that_is_also_html_is_served_as_a_sandboxed_attachment() {
    let app = TestApp::spawn().await;
    let (_, alice) = signed_in(&app, "alice").await;
    let mut polyglot = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;".to_vec();
    polyglot.extend_from_slice(
        b"<html><body><script>fetch('/api/user/getInfo')</script></body></html>",
    );
    let up = upload(&app, Some(&alice), "cat.html", &polyglot).await.ok();
    let id = up["id"].as_str().unwrap();
    let url = link_url(&app, &alice, id).await;
    let (headers, bytes) = fetch(&app, &url, None).await;
    assert_eq!(bytes, polyglot);
    assert_served_as_attachment(&headers, "image/gif", id);
    assert!(headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .ends_with(".gif\""));

    let mut pdf = b"%PDF-1.7\n".to_vec();
    pdf.extend_from_slice(b"1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>");
    let up = upload(&app, Some(&alice), "doc.pdf", &pdf).await.ok();
    let id = up["id"].as_str().unwrap();
    let (headers, _) = fetch(&app, &link_url(&app, &alice, id).await, None).await;
    assert_served_as_attachment(&headers, "application/pdf", id);
}

#[tokio::test]
async fn the_content_decides_the_type_not_the_name() {
    let app = TestApp::spawn().await;
    let (_, token) = signed_in(&app, "alice").await;
    upload(&app, Some(&token), "id.png", b"this is only text, honest")
        .await
        .fails_with(-1061);
    upload(&app, Some(&token), "scan.pdf", b"%PDF-1.7\n%...")
        .await
        .ok();
    upload(&app, Some(&token), "empty.png", b"")
        .await
        .fails_with(-1060);
    assert_token_failure(&upload(&app, None, "id.png", PNG).await);
    let req = TestApp::request("POST", "/api/common/upload/OSS", Some(&token))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{}"))
        .unwrap();
    app.send(req).await.fails_with(-1060);
}

#[tokio::test]
async fn files_over_the_limit_are_refused_with_the_limit() {
    let app = TestApp::spawn_with(|c| c.upload_max_mb = 1).await;
    let (_, token) = signed_in(&app, "alice").await;
    let mut big = PNG.to_vec();
    big.resize(1024 * 1024 + 1, 0);
    let r = upload(&app, Some(&token), "big.png", &big).await;
    r.fails_with(-1062);
    assert!(r.msg.contains("1 MB"), "{}", r.msg);
    // Without Content-Length the limit still holds while reading.
    let req = Request::post("/api/common/upload/OSS")
        .header("satoken", &token)
        .header(
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .body(Body::from_stream(futures_util::stream::iter(
            multipart("big.png", "image/png", &big)
                .chunks(64 * 1024)
                .map(|c| Ok::<_, std::io::Error>(c.to_vec()))
                .collect::<Vec<_>>(),
        )))
        .unwrap();
    app.send(req).await.fails_with(-1062);
    big.truncate(1024 * 1024);
    upload(&app, Some(&token), "fits.png", &big).await.ok();
}

async fn submit(app: &TestApp, token: &str, query: &str) -> Reply {
    app.post_query(&format!("/api/user/uploadKYC?{query}"), Some(token))
        .await
}

#[tokio::test]
async fn kyc_tiers_follow_auth_limit_and_the_review_state() {
    let app = TestApp::spawn().await;
    let (_, token) = signed_in(&app, "alice").await;
    let front = upload(&app, Some(&token), "front.png", PNG).await.ok()["url"]
        .as_str()
        .unwrap()
        .to_string();
    let back = upload(&app, Some(&token), "back.png", PNG).await.ok()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let hand = upload(&app, Some(&token), "hand.png", PNG).await.ok()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let primary = format!(
        "type=1&realName=Alice%20Doe&idCard=AB-1234&country=US&frontUrl={}&backUrl={back}",
        q(&front)
    );
    let advanced = format!("type=2&realName=Alice%20Doe&idCard=AB-1234&country=US&frontUrl={}&backUrl={back}&handUrl={hand}", q(&front));

    // Defaults: primary closed, advanced open (and then needs no primary).
    submit(&app, &token, &primary).await.fails_with(-1050);
    set_setting(&app, "AUTH_LIMIT", json!({"isOpenPrimary": true})).await;
    submit(&app, &token, &advanced).await.fails_with(-1053);
    submit(&app, &token, &primary).await.ok();
    submit(&app, &token, &primary).await.fails_with(-1051);
    let info = app.get("/api/user/getInfo", Some(&token)).await.ok();
    let kyc = &info["user"]["kyc"];
    assert_eq!(
        (&kyc["primary"]["status"], &kyc["primary"]["realName"]),
        (&json!("pending"), &json!("Alice Doe"))
    );
    assert_eq!(kyc["advanced"]["status"], "none");

    // An operator rejects, the user resubmits; then approves.
    review(&app, "rejected", Some("blurry")).await;
    let info = app.get("/api/user/getInfo", Some(&token)).await.ok();
    assert_eq!(info["user"]["kyc"]["primary"]["reason"], "blurry");
    submit(&app, &token, &primary).await.ok();
    review(&app, "approved", None).await;
    submit(&app, &token, &primary).await.fails_with(-1052);

    let no_selfie = advanced.replace(&format!("&handUrl={hand}"), "");
    submit(&app, &token, &no_selfie).await.fails_with(-1054);
    submit(&app, &token, &advanced).await.ok();
    set_setting(&app, "AUTH_LIMIT", json!({"isOpenSenior": false})).await;
    submit(&app, &token, &advanced).await.fails_with(-1050);
}

/// Sets every submission's status, as the operator review does.
async fn review(app: &TestApp, status: &str, reason: Option<&str>) {
    kyc_submission::Entity::update_many()
        .col_expr(kyc_submission::Column::Status, Expr::value(status))
        .col_expr(
            kyc_submission::Column::Reason,
            Expr::value(reason.map(str::to_string)),
        )
        .exec(&app.state.db)
        .await
        .unwrap();
}

#[tokio::test]
async fn kyc_documents_must_be_the_callers_own_uploads_and_fields_are_checked() {
    let app = TestApp::spawn().await;
    let (_, alice) = signed_in(&app, "alice").await;
    let (_, bob) = signed_in(&app, "bob").await;
    let bobs = upload(&app, Some(&bob), "front.png", PNG).await.ok()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let mine = upload(&app, Some(&alice), "front.png", PNG).await.ok()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let query = |front: &str, name: &str, id_card: &str| {
        format!("type=2&realName={name}&idCard={id_card}&country=US&frontUrl={front}&backUrl={mine}&handUrl={mine}")
    };
    submit(&app, &alice, &query(&bobs, "Alice", "AB1234"))
        .await
        .fails_with(-1054);
    submit(&app, &alice, &query("nope", "Alice", "AB1234"))
        .await
        .fails_with(-1054);
    submit(&app, &alice, &query(&mine, "A", "AB1234"))
        .await
        .fails_with(-4);
    submit(&app, &alice, &query(&mine, "Alice", "AB%201234"))
        .await
        .fails_with(-4);
    submit(
        &app,
        &alice,
        "type=3&realName=Alice&idCard=AB1234&country=US&frontUrl=x",
    )
    .await
    .fails_with(-4);
    submit(&app, &alice, "type=1&realName=Alice")
        .await
        .fails_with(-3);
    let absolute = format!("https://onyx.example/api/common/file/{mine}");
    submit(&app, &alice, &query(&q(&absolute), "Alice", "AB1234"))
        .await
        .ok();
    assert_token_failure(&app.post_query("/api/user/uploadKYC?type=1", None).await);
}

#[tokio::test]
async fn simultaneous_submissions_leave_exactly_one_pending() {
    let app = TestApp::spawn().await;
    set_setting(&app, "AUTH_LIMIT", json!({"isOpenPrimary": true})).await;
    let (_, token) = signed_in(&app, "carol").await;
    let front = upload(&app, Some(&token), "front.png", PNG).await.ok()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let query = format!("type=1&realName=Carol%20Roe&idCard=CR-777&country=DE&frontUrl={front}");
    let replies =
        futures_util::future::join_all((0..8).map(|_| submit(&app, &token, &query))).await;
    let accepted = replies.iter().filter(|r| r.code == 200).count();
    assert_eq!(accepted, 1, "{replies:?}");
    assert!(replies.iter().all(|r| r.code == 200 || r.code == -1051));
    let rows = kyc_submission::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap();
    assert_eq!(rows.len(), 1);
}
