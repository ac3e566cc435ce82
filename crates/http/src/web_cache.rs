//! How long a browser may keep what the web app is served as. The build
//! names every bundle under `/_app/` by a hash of its bytes, so such a file
//! never changes under its name: a year, `immutable`. Everything else (the
//! page itself, under any route, and unhashed files such as the favicon)
//! is revalidated on every visit (`no-cache`), so a new build is picked up
//! at once. Every static answer varies by `Accept-Encoding`: the same path
//! is sent brotli, gzip or plain.

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;

/// Where the build puts its hashed bundles (vite's `assetsDir`).
pub const HASHED_DIR: &str = "/_app/";
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
pub const REVALIDATE: &str = "no-cache";

/// Length of the content hash the build puts in a bundle's name (vite's
/// default: 8 characters of base64url, which may hold `-` and `_`).
pub const HASH_LEN: usize = 8;

/// Whether `path` names a bundle whose name carries its content hash:
/// directly under `/_app/`, a file name whose part before the first `.`
/// ends with `-` and [`HASH_LEN`] characters of the hash alphabet
/// (`app-kj9S5qcQ.js`, `theme-Ab_d-9xZ.css`).
pub fn is_hashed_asset(path: &str) -> bool {
    let Some(name) = path.strip_prefix(HASHED_DIR) else {
        return false;
    };
    if name.contains('/') {
        return false;
    }
    let stem = name.split('.').next().unwrap_or("").as_bytes();
    let Some(cut) = stem.len().checked_sub(HASH_LEN + 1) else {
        return false;
    };
    cut > 0
        && stem[cut] == b'-'
        && stem[cut + 1..]
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-')
}

/// The Cache-Control for an answer to `path`: immutable only for a hashed
/// bundle that was found (a missing bundle falls back to the page, which
/// must never be kept under a bundle's name).
pub fn cache_control(path: &str, status: StatusCode, content_type: Option<&str>) -> &'static str {
    let is_page = content_type.is_some_and(|t| t.starts_with("text/html"));
    if status == StatusCode::OK && !is_page && is_hashed_asset(path) {
        IMMUTABLE
    } else {
        REVALIDATE
    }
}

/// Middleware for the web app's routes: sets Cache-Control (see
/// [`cache_control`]) and `Vary: Accept-Encoding` on every answer.
pub async fn web_cache(req: Request, next: Next) -> Response {
    let path = req.uri().path().to_owned();
    let mut response = next.run(req).await;
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    let cache = cache_control(&path, response.status(), content_type);
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    let varies = headers.get_all(header::VARY).iter().any(|v| {
        v.to_str()
            .is_ok_and(|v| v.to_ascii_lowercase().contains("accept-encoding"))
    });
    if !varies {
        headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hashed_bundles_under_the_assets_dir_are_immutable() {
        assert!(is_hashed_asset("/_app/app-kj9S5qcQ.js"));
        assert!(is_hashed_asset("/_app/chunk-6KYCQHYJ-CLBIsKey.js"));
        assert!(is_hashed_asset("/_app/theme-Ab_d-9xZ.css"));
        assert!(!is_hashed_asset("/_app/app.js"));
        assert!(!is_hashed_asset("/_app/app-short.js"));
        assert!(!is_hashed_asset("/_app/-kj9S5qcQ.js"));
        assert!(!is_hashed_asset("/_app/deep/app-kj9S5qcQ.js"));
        assert!(!is_hashed_asset("/favicon.svg"));
        assert!(!is_hashed_asset("/index.html"));
        assert!(!is_hashed_asset("/trade"));
        assert!(!is_hashed_asset("/app-kj9S5qcQ.js"));
    }

    #[test]
    fn the_page_is_never_kept_even_under_a_bundles_name() {
        let js = Some("text/javascript");
        let html = Some("text/html; charset=utf-8");
        assert_eq!(
            cache_control("/_app/app-kj9S5qcQ.js", StatusCode::OK, js),
            IMMUTABLE
        );
        assert_eq!(
            cache_control("/_app/app-kj9S5qcQ.js", StatusCode::OK, html),
            REVALIDATE
        );
        assert_eq!(
            cache_control("/_app/app-kj9S5qcQ.js", StatusCode::NOT_FOUND, js),
            REVALIDATE
        );
        assert_eq!(cache_control("/", StatusCode::OK, html), REVALIDATE);
        assert_eq!(
            cache_control("/favicon.svg", StatusCode::OK, Some("image/svg+xml")),
            REVALIDATE
        );
    }
}
