//! The caller's language for the duration of a request: taken from the
//! `lang` header, then `language`, then `Accept-Language`, else English.

use axum::http::HeaderMap;
use onyx_kernel::i18n;

tokio::task_local! {
    static LANG: &'static str;
}

pub fn from_headers(headers: &HeaderMap) -> &'static str {
    ["lang", "language", "accept-language"]
        .iter()
        .find_map(|h| {
            headers
                .get(*h)
                .and_then(|v| v.to_str().ok())
                .filter(|v| !v.is_empty())
        })
        .map(i18n::normalize)
        .unwrap_or(i18n::FALLBACK)
}

/// Runs `f` with `lang` as the request's language.
pub async fn scope<F: std::future::Future>(lang: &'static str, f: F) -> F::Output {
    LANG.scope(lang, f).await
}

/// The current request's language (English outside a request).
pub fn current() -> &'static str {
    LANG.try_with(|l| *l).unwrap_or(i18n::FALLBACK)
}
