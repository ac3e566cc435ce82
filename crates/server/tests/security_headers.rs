//! Security headers on every response: the API (success, failure, unknown
//! call), the web app's pages and a missing page; HSTS only when the
//! operator serves over https; no caching of anything under /api.

use onyx_testkit::common;

use axum::body::Body;
use axum::http::{header, HeaderMap, Request, StatusCode};
use common::TestApp;
use onyx_http::middleware::CONTENT_SECURITY_POLICY;
use tower::ServiceExt;

/// A web app folder with a page and a script, like `web/dist`.
fn web_dir(with_index: bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    if with_index {
        std::fs::write(dir.path().join("index.html"), "<!doctype html><p>onyx").unwrap();
    }
    std::fs::create_dir(dir.path().join("_app")).unwrap();
    std::fs::write(dir.path().join("_app/app.js"), "console.log(1)").unwrap();
    dir
}

async fn app(web: &tempfile::TempDir, https: bool) -> TestApp {
    let path = web.path().to_path_buf();
    TestApp::spawn_with(move |c| {
        c.web_dir = Some(path);
        c.secure_cookies = https;
    })
    .await
}

async fn head(app: &TestApp, method: &str, uri: &str) -> (StatusCode, HeaderMap) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .body(Body::empty())
        .unwrap();
    let res = app.router.clone().oneshot(req).await.unwrap();
    (res.status(), res.headers().clone())
}

#[track_caller]
fn assert_protected(what: &str, h: &HeaderMap) {
    let csp = h[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    assert_eq!(csp, CONTENT_SECURITY_POLICY, "{what}");
    for needed in [
        "script-src 'self';",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
    ] {
        assert!(csp.contains(needed), "{what}: {needed} in {csp}");
    }
    assert!(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"));
    assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{what}");
    assert_eq!(h[header::X_FRAME_OPTIONS], "DENY", "{what}");
    assert_eq!(h[header::REFERRER_POLICY], "no-referrer", "{what}");
}

#[tokio::test]
async fn every_response_carries_the_security_headers_and_api_ones_are_never_cached() {
    let web = web_dir(true);
    let app = app(&web, false).await;
    let api_calls = [
        ("GET", "/api/common/getAllSetting"),
        ("GET", "/api/user/getInfo"),
        ("GET", "/api/no/such/call"),
        ("POST", "/api/openapi.json"),
    ];
    for (method, uri) in api_calls {
        let (status, h) = head(&app, method, uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}: the API answers envelopes");
        assert_protected(uri, &h);
        assert_eq!(h[header::CACHE_CONTROL], "no-store", "{uri}");
        assert!(h.get(header::STRICT_TRANSPORT_SECURITY).is_none());
    }
    for page in ["/", "/trade", "/_app/app.js"] {
        let (status, h) = head(&app, "GET", page).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_protected(page, &h);
        assert_ne!(
            h.get(header::CACHE_CONTROL).map(|v| v.to_str().unwrap()),
            Some("no-store")
        );
    }
    // A plain GET on the socket path is no upgrade: refused, still protected.
    let (status, h) = head(&app, "GET", "/ws/client").await;
    assert!(status.is_client_error(), "{status}");
    assert_protected("/ws", &h);
}

#[tokio::test]
async fn a_missing_page_is_a_404_with_the_same_headers() {
    let web = web_dir(false);
    let app = app(&web, false).await;
    let (status, h) = head(&app, "GET", "/wallet").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_protected("404", &h);
    let (status, h) = head(&app, "GET", "/_app/app.js").await;
    assert_eq!(status, StatusCode::OK);
    assert_protected("asset", &h);
}

#[tokio::test]
async fn a_route_named_like_a_folder_opens_the_app_not_a_redirect() {
    // The spec's menus link to /assets; the build's own folder is /_app.
    let web = web_dir(true);
    std::fs::create_dir(web.path().join("assets")).unwrap();
    let app = app(&web, false).await;
    for uri in ["/assets", "/_app", "/option", "/primary"] {
        let res = app
            .router
            .clone()
            .oneshot(Request::builder().uri(uri).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{uri}");
        let body = axum::body::to_bytes(res.into_body(), 1 << 16)
            .await
            .unwrap();
        assert!(
            body.starts_with(b"<!doctype html>"),
            "{uri}: the app's page"
        );
    }
}

#[tokio::test]
async fn strict_transport_security_is_sent_only_when_served_over_https() {
    let web = web_dir(true);
    let app = app(&web, true).await;
    for uri in ["/", "/api/common/getAllSetting", "/api/nothing"] {
        let (_, h) = head(&app, "GET", uri).await;
        assert_eq!(
            h[header::STRICT_TRANSPORT_SECURITY],
            "max-age=31536000",
            "{uri}"
        );
        assert_protected(uri, &h);
    }
}
