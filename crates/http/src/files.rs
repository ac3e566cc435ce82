//! Stored files as HTTP responses.

use axum::body::Body;
use axum::http::{header, HeaderValue};
use axum::response::Response;
use onyx_platform::files::{extension, sniff};

/// The response carrying a stored file: its type sniffed from the bytes
/// again (never what a client once claimed), as an attachment named by its
/// id, and sandboxed, so that even a file that is also valid HTML or
/// script cannot run as a page of this origin.
pub fn file_response(id: &str, bytes: Vec<u8>) -> Result<Response, axum::http::Error> {
    let mime = sniff(&bytes).unwrap_or("application/octet-stream");
    let disposition = format!("attachment; filename=\"{id}.{}\"", extension(mime));
    Response::builder()
        .header(header::CONTENT_TYPE, mime)
        .header(header::CONTENT_DISPOSITION, disposition)
        .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
        .header(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("sandbox"),
        )
        .header(header::CACHE_CONTROL, "no-store")
        .body(Body::from(bytes))
}
