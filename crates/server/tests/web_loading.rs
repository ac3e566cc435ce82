//! How the web app loads: files in the precompressed copy the client
//! accepts (brotli, then gzip, else plain) with `Vary`, hashed bundles
//! cached for a year, the page and unhashed files revalidated, the page
//! carrying the settings, and the API gzipped when the client accepts it.

use onyx_testkit::common;

use axum::body::Body;
use axum::http::{header, HeaderMap, Request, StatusCode};
use common::TestApp;
use http_body_util::BodyExt;
use onyx_http::web_cache::{IMMUTABLE, REVALIDATE};
use serde_json::Value;
use tower::ServiceExt;

const BUNDLE: &str = "_app/app-kj9S5qcQ.js";
const PAGE: &str = "<!doctype html><html><head><title>Onyx</title></head><body><div id=\"root\"></div></body></html>";

/// A build like `web/dist`: the page, a hashed bundle with its `.br` and
/// `.gz` copies (their bytes tell them apart), and an unhashed favicon.
fn web_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    std::fs::write(p.join("index.html"), PAGE).unwrap();
    std::fs::create_dir(p.join("_app")).unwrap();
    std::fs::write(p.join(BUNDLE), "console.log('plain')").unwrap();
    std::fs::write(p.join(format!("{BUNDLE}.br")), "BROTLI-BYTES").unwrap();
    std::fs::write(p.join(format!("{BUNDLE}.gz")), "GZIP-BYTES").unwrap();
    std::fs::write(p.join("favicon.svg"), "<svg/>").unwrap();
    dir
}

async fn app(web: &tempfile::TempDir) -> TestApp {
    let path = web.path().to_path_buf();
    TestApp::spawn_with(move |c| c.web_dir = Some(path)).await
}

async fn fetch(app: &TestApp, uri: &str, accept: Option<&str>) -> (StatusCode, HeaderMap, Vec<u8>) {
    let mut req = Request::builder().uri(uri).header("lang", "en");
    if let Some(a) = accept {
        req = req.header(header::ACCEPT_ENCODING, a);
    }
    let res = app
        .router
        .clone()
        .oneshot(req.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let (status, headers) = (res.status(), res.headers().clone());
    let body = res.into_body().collect().await.unwrap().to_bytes().to_vec();
    (status, headers, body)
}

fn header_of(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).map(|v| v.to_str().unwrap())
}

fn varies_by_encoding(headers: &HeaderMap) -> bool {
    headers.get_all(header::VARY).iter().any(|v| {
        v.to_str()
            .unwrap()
            .to_ascii_lowercase()
            .contains("accept-encoding")
    })
}

#[tokio::test]
async fn a_bundle_is_sent_in_the_best_precompressed_copy_the_client_accepts() {
    let web = web_dir();
    let app = app(&web).await;
    let uri = format!("/{BUNDLE}");
    for (accept, encoding, body) in [
        (Some("gzip, deflate, br, zstd"), Some("br"), "BROTLI-BYTES"),
        (Some("gzip"), Some("gzip"), "GZIP-BYTES"),
        (Some("br;q=0, gzip"), Some("gzip"), "GZIP-BYTES"),
        (None, None, "console.log('plain')"),
    ] {
        let (status, headers, bytes) = fetch(&app, &uri, accept).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            header_of(&headers, header::CONTENT_ENCODING),
            encoding,
            "{accept:?}"
        );
        assert_eq!(String::from_utf8(bytes).unwrap(), body, "{accept:?}");
        assert!(
            header_of(&headers, header::CONTENT_TYPE)
                .unwrap()
                .contains("javascript"),
            "the copy keeps the file's type: {headers:?}"
        );
        assert_eq!(header_of(&headers, header::CACHE_CONTROL), Some(IMMUTABLE));
        assert!(varies_by_encoding(&headers), "{headers:?}");
    }
}

#[tokio::test]
async fn only_hashed_bundles_are_immutable_and_the_page_is_revalidated() {
    let web = web_dir();
    let app = app(&web).await;
    for uri in ["/", "/trade", "/index.html", "/favicon.svg", "/admin"] {
        let (_, headers, _) = fetch(&app, uri, Some("br, gzip")).await;
        assert_eq!(
            header_of(&headers, header::CACHE_CONTROL),
            Some(REVALIDATE),
            "{uri}"
        );
    }
    // A bundle that does not exist falls back to the page: never kept
    // under the bundle's name.
    let (status, headers, body) = fetch(&app, "/_app/gone-ABCDEFGH.js", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(String::from_utf8(body)
        .unwrap()
        .contains("<div id=\"root\">"));
    assert_eq!(header_of(&headers, header::CACHE_CONTROL), Some(REVALIDATE));
}

/// The settings block of a page.
fn settings_block(html: &str) -> Value {
    let open = r#"<script type="application/json" id="onyx-settings">"#;
    let start = html.find(open).expect("settings block") + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

#[tokio::test]
async fn the_page_carries_the_settings_and_is_gzipped_when_accepted() {
    let web = web_dir();
    let app = app(&web).await;
    let (status, headers, body) = fetch(&app, "/trade", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(header_of(&headers, header::CONTENT_ENCODING), None);
    let html = String::from_utf8(body).unwrap();
    let settings = app.get("/api/common/getAllSetting", None).await.ok();
    assert_eq!(settings_block(&html), settings);
    assert!(html.find("onyx-settings").unwrap() < html.find("</head>").unwrap());

    let (_, headers, body) = fetch(&app, "/trade", Some("gzip")).await;
    assert_eq!(header_of(&headers, header::CONTENT_ENCODING), Some("gzip"));
    assert_eq!(&body[..2], [0x1f, 0x8b], "a gzip stream");
    assert!(varies_by_encoding(&headers));
}

#[test]
fn a_setting_cannot_close_the_settings_block() {
    let mut settings = serde_json::Map::new();
    settings.insert(
        "x".into(),
        Value::String("</script><script>alert(1)</script>&".into()),
    );
    let html = onyx_server::web::with_settings(PAGE, &settings);
    assert_eq!(html.matches("</script>").count(), 1, "{html}");
    assert_eq!(
        settings_block(&html)["x"],
        "</script><script>alert(1)</script>&"
    );
}

#[tokio::test]
async fn api_answers_are_gzipped_when_the_client_accepts_it() {
    let web = web_dir();
    let app = app(&web).await;
    let (_, headers, body) = fetch(&app, "/api/common/getAllSetting", Some("gzip")).await;
    assert_eq!(header_of(&headers, header::CONTENT_ENCODING), Some("gzip"));
    assert_eq!(&body[..2], [0x1f, 0x8b]);
    assert_eq!(header_of(&headers, header::CACHE_CONTROL), Some("no-store"));
    let (_, headers, body) = fetch(&app, "/api/common/getAllSetting", None).await;
    assert_eq!(header_of(&headers, header::CONTENT_ENCODING), None);
    assert_eq!(serde_json::from_slice::<Value>(&body).unwrap()["code"], 200);
}
