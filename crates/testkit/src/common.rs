//! `TestApp`: a fresh Onyx per test, on SQLite (a temporary file) or, when
//! `ONYX_TEST_DATABASE_URL` is a postgres URL, in a new PostgreSQL database
//! of its own. Requests go straight into the router (no socket).

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use onyx_kernel::clock::{Clock, SystemClock};
use onyx_platform::config::Config;
use onyx_server::state::AppState;
use serde_json::Value;
use std::sync::Arc;
use tower::ServiceExt;

pub struct TestApp {
    pub router: Router,
    pub state: AppState,
    _dir: tempfile::TempDir,
}

/// A decoded envelope.
#[derive(Debug, Clone)]
pub struct Reply {
    pub code: i64,
    pub msg: String,
    pub data: Value,
    pub set_cookie: Option<String>,
}

impl Reply {
    #[track_caller]
    pub fn ok(self) -> Value {
        assert_eq!(
            self.code, 200,
            "expected success, got {} {:?}",
            self.code, self.msg
        );
        self.data
    }

    #[track_caller]
    pub fn fails_with(&self, code: i64) -> &Self {
        assert_eq!(
            self.code, code,
            "expected code {code}, got {} {:?}",
            self.code, self.msg
        );
        assert!(!self.msg.is_empty());
        self
    }
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        Self::spawn_with(|_| {}).await
    }

    pub async fn spawn_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
        Self::spawn_with_clock(Arc::new(SystemClock), adjust).await
    }

    /// A fresh app whose requests, jobs and ledger writes read their time
    /// from `clock` (a `ManualClock` the test moves instead of sleeping or
    /// rewriting stored times).
    pub async fn spawn_with_clock(
        clock: Arc<dyn Clock>,
        adjust: impl FnOnce(&mut Config),
    ) -> TestApp {
        let dir = tempfile::tempdir().unwrap();
        let database_url = match std::env::var("ONYX_TEST_DATABASE_URL") {
            Ok(url) if url.starts_with("postgres") => Some(fresh_postgres_database(&url).await),
            _ => None,
        };
        let mut config = Config::for_data_dir(dir.path().to_path_buf(), database_url);
        adjust(&mut config);
        let state = onyx_server::prepare_with_clock(config, clock)
            .await
            .expect("app prepares");
        TestApp {
            router: onyx_server::app(state.clone()),
            state,
            _dir: dir,
        }
    }

    /// A fresh app seeded like `onyx serve --demo`.
    pub async fn spawn_demo() -> TestApp {
        Self::spawn_with(|c| c.demo = true).await
    }

    pub async fn send(&self, req: Request<Body>) -> Reply {
        let res = self.router.clone().oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "the API always answers 200");
        let set_cookie = res
            .headers()
            .get(header::SET_COOKIE)
            .map(|v| v.to_str().unwrap().to_string());
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let v: Value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| panic!("not an envelope: {}", String::from_utf8_lossy(&bytes)));
        Reply {
            code: v["code"].as_i64().expect("code is a number"),
            msg: v["msg"].as_str().expect("msg is a string").to_string(),
            data: v["data"].clone(),
            set_cookie,
        }
    }

    pub fn request(method: &str, uri: &str, token: Option<&str>) -> axum::http::request::Builder {
        let mut b = Request::builder()
            .method(method)
            .uri(uri)
            .header("lang", "en");
        if let Some(t) = token {
            b = b.header("satoken", t);
        }
        b
    }

    pub async fn get(&self, uri: &str, token: Option<&str>) -> Reply {
        self.send(
            Self::request("GET", uri, token)
                .body(Body::empty())
                .unwrap(),
        )
        .await
    }

    /// POST with parameters in the query string (the spec's `?a&b` calls).
    pub async fn post_query(&self, uri: &str, token: Option<&str>) -> Reply {
        self.send(
            Self::request("POST", uri, token)
                .body(Body::empty())
                .unwrap(),
        )
        .await
    }

    pub async fn post_json(&self, uri: &str, token: Option<&str>, body: Value) -> Reply {
        self.send(
            Self::request("POST", uri, token)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(body.to_string()))
                .unwrap(),
        )
        .await
    }
}

/// Creates `onyx_t_<random>` next to the database named in `base` and
/// returns its URL.
pub async fn fresh_postgres_database(base: &str) -> String {
    use sea_orm::{ConnectionTrait, Database};
    let name = format!("onyx_t_{}", hex::encode(rand::random::<[u8; 6]>()));
    let admin = Database::connect(base).await.expect("postgres reachable");
    admin
        .execute_unprepared(&format!("CREATE DATABASE {name}"))
        .await
        .expect("create test database");
    admin.close().await.ok();
    let (server, _) = base
        .rsplit_once('/')
        .expect("postgres URL ends in /database");
    format!("{server}/{name}")
}

/// Encodes a query-string value.
pub fn q(v: &str) -> String {
    let mut out = String::new();
    for b in v.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}
