//! Request-wide behaviour: the caller's language and the promise that every
//! /api response is an envelope, even a 404, 405, 413 or panic; and the
//! security headers on every response, API and web app alike.

use crate::error::ApiError;
use crate::lang;
use axum::extract::Request;
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use onyx_kernel::ErrorCode;
use tower_http::set_header::SetResponseHeaderLayer;

/// The page may run only the app's own scripts (no inline script, no
/// eval), be framed by nobody, and talk only to its own origin (the socket
/// included). Images may also come over https: coin logos are URLs an
/// operator sets, and an image cannot run code. Styles are the app's own
/// files; React's `style` props go through the CSSOM, which CSP allows.
/// Frames only show the page's own blobs: the console views an uploaded
/// PDF it fetched with the operator's token.
/// A response that sets its own policy (a file: `sandbox`) keeps it.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self' data: blob: https:; font-src 'self' data:; \
    connect-src 'self' ws: wss:; frame-src 'self' blob:; object-src 'none'; base-uri 'self'; \
    frame-ancestors 'none'; form-action 'self'";

/// A year, sent only when the operator says the site is served over https
/// (`--secure-cookies`): over plain http it would be ignored at best.
pub const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000";

/// Adds the security headers to every response of `router` (API, web app,
/// errors and fallbacks), unless a handler set the same header itself.
pub fn security_headers(router: Router, https: bool) -> Router {
    let always: [(HeaderName, &'static str); 4] = [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
    ];
    let mut router = router;
    for (name, value) in always {
        router = router.layer(SetResponseHeaderLayer::if_not_present(
            name,
            HeaderValue::from_static(value),
        ));
    }
    if https {
        router = router.layer(SetResponseHeaderLayer::if_not_present(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(STRICT_TRANSPORT_SECURITY),
        ));
    }
    router
}

/// Every /api response may carry a token, a balance or a document: no
/// browser or proxy cache keeps any of them.
pub fn no_store() -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))
}

pub async fn api_envelope(req: Request, next: Next) -> Response {
    let language = lang::from_headers(req.headers());
    lang::scope(language, async move {
        let response = next.run(req).await;
        let status = response.status();
        if status == StatusCode::OK || status == StatusCode::SWITCHING_PROTOCOLS {
            return response;
        }
        let is_json = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json"));
        if is_json || status.is_redirection() || status == StatusCode::NOT_MODIFIED {
            return response;
        }
        let code = match status {
            StatusCode::NOT_FOUND | StatusCode::METHOD_NOT_ALLOWED => ErrorCode::NotFound,
            StatusCode::PAYLOAD_TOO_LARGE => ErrorCode::BodyTooLarge,
            StatusCode::TOO_MANY_REQUESTS => ErrorCode::RateLimited,
            s if s.is_client_error() => ErrorCode::BadRequest,
            _ => ErrorCode::Internal,
        };
        let mut err = ApiError::new(code);
        if code == ErrorCode::BadRequest {
            err = err.with("detail", status.canonical_reason().unwrap_or("bad request"));
        }
        if code == ErrorCode::RateLimited {
            err = err.with("seconds", 1);
        }
        err.into_response()
    })
    .await
}

/// A panic in a handler becomes a 500, which `api_envelope` turns into the
/// "system error" envelope. The panic hook has logged it already.
pub fn panic_to_500(_cause: Box<dyn std::any::Any + Send + 'static>) -> Response {
    StatusCode::INTERNAL_SERVER_ERROR.into_response()
}

/// Every panic is one error line in the log: its message and where it
/// happened, inside the request's span (route and request id) when a
/// request caused it. Never a backtrace: a panic a request can reach would
/// otherwise let anyone write kilobytes of log per request.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(log_panic));
}

fn log_panic(info: &std::panic::PanicHookInfo<'_>) {
    let payload = info.payload();
    let message = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(no message)");
    let location = info
        .location()
        .map(|l| format!("{}:{}", l.file(), l.line()))
        .unwrap_or_default();
    tracing::error!(panic = %message, %location, "panicked");
}

/// Request ids: a per-process random prefix and a counter, so ids are
/// unique across restarts without a random draw per request.
#[derive(Clone)]
pub struct RequestIds {
    prefix: u32,
    next: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl Default for RequestIds {
    fn default() -> Self {
        RequestIds {
            prefix: rand_prefix(),
            next: Default::default(),
        }
    }
}

fn rand_prefix() -> u32 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    nanos ^ std::process::id().rotate_left(16)
}

impl RequestIds {
    fn next_id(&self) -> String {
        let n = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        format!("{:08x}-{n:x}", self.prefix)
    }
}

/// Every request runs in a span naming its method, route (the pattern, not
/// the path with its ids), request id, and, once known, the user or
/// operator; every log line inside carries them. The id is also sent back
/// as `X-Request-Id`, so a user's report can be matched to the log.
pub async fn request_span(
    axum::extract::State(ids): axum::extract::State<RequestIds>,
    req: Request,
    next: Next,
) -> Response {
    use tracing::Instrument;
    let request_id = ids.next_id();
    let route = req
        .extensions()
        .get::<axum::extract::MatchedPath>()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| req.uri().path().to_string());
    let span = tracing::info_span!(
        "request",
        method = %req.method(),
        route = %route,
        request_id = %request_id,
        user_id = tracing::field::Empty,
        operator_id = tracing::field::Empty,
    );
    let mut response = next.run(req).instrument(span).await;
    if let Ok(value) = HeaderValue::from_str(&request_id) {
        response.headers_mut().insert("x-request-id", value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    struct Lines(Arc<Mutex<Vec<u8>>>);

    impl Write for Lines {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_panic_in_a_request_is_one_log_line_with_its_route_and_request_id() {
        let lines = Lines::default();
        let writer = lines.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .finish();
        std::env::set_var("RUST_BACKTRACE", "1");
        let previous = std::panic::take_hook();
        install_panic_hook();
        let caught = tracing::subscriber::with_default(subscriber, || {
            let span = tracing::info_span!(
                "request",
                route = "/api/follow/traderOrder/{id}",
                request_id = "r-42"
            );
            let _entered = span.enter();
            std::panic::catch_unwind(|| {
                let offset: u64 = u64::MAX;
                i64::try_from(offset).expect("offset fits")
            })
        });
        std::panic::set_hook(previous);
        assert!(caught.is_err());
        let text = String::from_utf8(lines.0.lock().unwrap().clone()).unwrap();
        let logged: Vec<&str> = text.lines().collect();
        assert_eq!(logged.len(), 1, "{text}");
        assert!(
            logged[0].contains("r-42") && logged[0].contains("traderOrder"),
            "{text}"
        );
        assert!(logged[0].contains("offset fits"), "{text}");
        assert!(!text.contains("backtrace"), "{text}");
    }
}
