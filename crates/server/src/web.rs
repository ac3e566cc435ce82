//! Serves the built web app: from `--web-dir`, from the binary itself
//! (release builds with `embed-web`), or from ./web/dist. Paths that are not
//! files get the app's page so the client router handles them; that
//! includes folders (no redirect to a trailing slash), so a route named
//! like a folder of the build still opens its screen. The bundles live
//! under `/_app/`, a path no route of the app uses. Under `/admin` the same
//! holds for the operator console, whose page is `admin/index.html`.
//!
//! Loading: every file is sent in the best precompressed copy the client
//! accepts (`.br`, `.gz`, made at build time), hashed bundles are kept a
//! year and everything else is revalidated (`onyx_http::web_cache`). The
//! app's page carries the settings (what `/api/common/getAllSetting`
//! answers) in a JSON data block, so its first screen renders without
//! waiting for that request; the page is then gzipped on the fly.

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use onyx_http::compression;
use onyx_platform::Context;
use serde_json::{Map, Value};
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::services::{ServeDir, ServeFile};

/// The id of the page's settings block; web/src/main.tsx reads it.
pub const SETTINGS_BLOCK_ID: &str = "onyx-settings";

pub fn router(web_dir: Option<PathBuf>, ctx: Context) -> Router {
    #[cfg(feature = "embed-web")]
    if web_dir.is_none() {
        return finish(embedded::router(ctx));
    }
    let dir = web_dir.unwrap_or_else(|| PathBuf::from("web/dist"));
    if !dir.join("index.html").exists() {
        tracing::warn!(dir = %dir.display(), "web app not built: run `make web` (the API still works)");
    }
    let page = Page {
        source: PageSource::File(dir.join("index.html")),
        ctx,
    };
    let console = ServeFile::new(dir.join("admin").join("index.html"))
        .precompressed_br()
        .precompressed_gzip();
    let app_page = get(serve_page).with_state(Arc::new(page));
    let router = Router::new()
        .nest_service(
            "/admin",
            ServeDir::new(dir.join("admin"))
                .append_index_html_on_directories(false)
                .precompressed_br()
                .precompressed_gzip()
                .fallback(console),
        )
        .fallback_service(
            ServeDir::new(&dir)
                .append_index_html_on_directories(false)
                .precompressed_br()
                .precompressed_gzip()
                .fallback(app_page),
        );
    finish(router)
}

/// The layers every web answer passes: caching and `Vary`, then gzip for
/// what is not already encoded (the page with its settings).
fn finish(router: Router) -> Router {
    router
        .layer(compression::dynamic())
        .layer(axum::middleware::from_fn(onyx_http::web_cache::web_cache))
}

/// Where the app's page comes from.
enum PageSource {
    File(PathBuf),
    #[cfg(feature = "embed-web")]
    Embedded,
}

struct Page {
    source: PageSource,
    ctx: Context,
}

impl Page {
    async fn html(&self) -> Option<String> {
        match &self.source {
            PageSource::File(path) => tokio::fs::read_to_string(path).await.ok(),
            #[cfg(feature = "embed-web")]
            PageSource::Embedded => embedded::text("index.html"),
        }
    }
}

/// The app's page with the settings inlined; without them (the store
/// failing) the page as built, which loads them itself.
async fn serve_page(State(page): State<Arc<Page>>, req: Request) -> Response {
    if !matches!(req.method().as_str(), "GET" | "HEAD") {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let Some(html) = page.html().await else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let body = match onyx_store::repo::settings::all(&page.ctx.db).await {
        Ok(settings) => with_settings(&html, &settings),
        Err(e) => {
            tracing::warn!(error = %e, "settings not inlined into the page");
            html
        }
    };
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        )],
        body,
    )
        .into_response()
}

/// `html` with `settings` as a JSON data block before `</head>`. A data
/// block is not script (the page's CSP allows no inline script); `<`, `>`
/// and `&` are escaped so no value can close the block.
pub fn with_settings(html: &str, settings: &Map<String, Value>) -> String {
    let json = Value::Object(settings.clone())
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    let block =
        format!(r#"<script type="application/json" id="{SETTINGS_BLOCK_ID}">{json}</script>"#);
    match html.find("</head>") {
        Some(at) => {
            let mut out = String::with_capacity(html.len() + block.len());
            out.push_str(&html[..at]);
            out.push_str(&block);
            out.push_str(&html[at..]);
            out
        }
        None => html.to_string(),
    }
}

#[cfg(feature = "embed-web")]
mod embedded {
    use super::{serve_page, Page, PageSource};
    use axum::extract::{Request, State};
    use axum::http::{header, HeaderValue, StatusCode};
    use axum::response::{IntoResponse, Response};
    use axum::Router;
    use onyx_http::compression::preferred_encoding;
    use onyx_platform::Context;
    use std::sync::Arc;

    #[derive(rust_embed::RustEmbed)]
    #[folder = "$CARGO_MANIFEST_DIR/../../web/dist"]
    struct Assets;

    pub fn router(ctx: Context) -> Router {
        let page = Arc::new(Page {
            source: PageSource::Embedded,
            ctx,
        });
        Router::new().fallback(serve).with_state(page)
    }

    pub fn text(path: &str) -> Option<String> {
        Assets::get(path).and_then(|f| String::from_utf8(f.data.into_owned()).ok())
    }

    async fn serve(State(page): State<Arc<Page>>, req: Request) -> Response {
        let path = req.uri().path().trim_start_matches('/').to_string();
        let is_console = path == "admin" || path.starts_with("admin/");
        let found = !path.is_empty() && !path.ends_with('/') && Assets::get(&path).is_some();
        if !found && !is_console {
            return serve_page(State(page), req).await;
        }
        let path = if found {
            path
        } else {
            "admin/index.html".into()
        };
        let mime = mime_guess::from_path(&path).first_or_octet_stream();
        for encoding in preferred_encoding(req.headers()) {
            if let Some(file) = Assets::get(&format!("{path}{}", encoding.suffix())) {
                return (
                    [
                        (header::CONTENT_TYPE, mime.as_ref().to_string()),
                        (header::CONTENT_ENCODING, encoding.name().to_string()),
                    ],
                    file.data.into_owned(),
                )
                    .into_response();
            }
        }
        match Assets::get(&path) {
            Some(file) => (
                [(
                    header::CONTENT_TYPE,
                    HeaderValue::from_str(mime.as_ref())
                        .unwrap_or(HeaderValue::from_static("application/octet-stream")),
                )],
                file.data.into_owned(),
            )
                .into_response(),
            None => StatusCode::NOT_FOUND.into_response(),
        }
    }
}
