//! Serves the built web app: from `--web-dir`, from the binary itself
//! (release builds with `embed-web`), or from ./web/dist. Paths that are not
//! files get index.html so the client router handles them; that includes
//! folders (no redirect to a trailing slash), so a route named like a
//! folder of the build still opens its screen. The bundles live under
//! `/_app/`, a path no route of the app uses. Under `/admin` the same holds
//! for the operator console, whose page is `admin/index.html`.

use axum::Router;
use std::path::PathBuf;
use tower_http::services::{ServeDir, ServeFile};

pub fn router(web_dir: Option<PathBuf>) -> Router {
    #[cfg(feature = "embed-web")]
    if web_dir.is_none() {
        return embedded::router();
    }
    let dir = web_dir.unwrap_or_else(|| PathBuf::from("web/dist"));
    if !dir.join("index.html").exists() {
        tracing::warn!(dir = %dir.display(), "web app not built: run `make web` (the API still works)");
    }
    let index = ServeFile::new(dir.join("index.html"));
    let console = ServeFile::new(dir.join("admin").join("index.html"));
    Router::new()
        .nest_service(
            "/admin",
            ServeDir::new(dir.join("admin"))
                .append_index_html_on_directories(false)
                .fallback(console),
        )
        .fallback_service(
            ServeDir::new(&dir)
                .append_index_html_on_directories(false)
                .fallback(index),
        )
}

#[cfg(feature = "embed-web")]
mod embedded {
    use axum::http::{header, StatusCode, Uri};
    use axum::response::{IntoResponse, Response};
    use axum::Router;

    #[derive(rust_embed::RustEmbed)]
    #[folder = "$CARGO_MANIFEST_DIR/../../web/dist"]
    struct Assets;

    pub fn router() -> Router {
        Router::new().fallback(serve)
    }

    async fn serve(uri: Uri) -> Response {
        let path = uri.path().trim_start_matches('/');
        let page = if path == "admin" || path.starts_with("admin/") {
            "admin/index.html"
        } else {
            "index.html"
        };
        let (path, file) = match Assets::get(path) {
            Some(f) => (path, f),
            None => match Assets::get(page) {
                Some(f) => (page, f),
                None => return StatusCode::NOT_FOUND.into_response(),
            },
        };
        let mime = mime_guess::from_path(path).first_or_octet_stream();
        (
            [(header::CONTENT_TYPE, mime.as_ref().to_string())],
            file.data.into_owned(),
        )
            .into_response()
    }
}
