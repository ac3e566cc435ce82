//! Uploads (identity documents, transfer screenshots) and reading them back
//! through signed links (see `crate::files`). The type is decided by the
//! bytes, never by the client's name or header.

use axum::extract::multipart::{Multipart, MultipartError, MultipartRejection};
use axum::extract::FromRef;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::{ApiError, ApiResult};
use onyx_http::extract::ApiQuery;
use onyx_kernel::ErrorCode;
use onyx_platform::files::FileLinkView;
use onyx_platform::files::{self, FileStore, Reader};
use onyx_platform::limits::Action;
use onyx_platform::Context;
use onyx_store::repo;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    // The upload limit is runtime configuration (`--upload-max-mb`), which
    // a layer built here cannot see: the JSON-sized default is lifted for
    // this route and the handler enforces the configured limit while
    // reading (and up front from Content-Length).
    OpenApiRouter::new()
        .routes(routes!(upload))
        .layer(DefaultBodyLimit::disable())
        .routes(routes!(file))
        .routes(routes!(file_link))
}

/// Multipart framing (boundaries, part headers) on top of the file itself.
const MULTIPART_OVERHEAD_BYTES: usize = 64 * 1024;
/// Longest file name kept (for display only; never part of a path).
const FILE_NAME_MAX_CHARS: usize = 100;

#[derive(ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    /// PNG, JPEG, WEBP, GIF or PDF.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct UploadView {
    pub id: String,
    /// `/api/common/file/{id}`: how a KYC submission or a deposit claim
    /// names the file. Read it through `/api/common/file/{id}/link`.
    pub url: String,
    pub file_name: String,
    /// Bytes.
    pub size: i64,
}

/// Stores an uploaded file (field `file`) privately for the caller.
#[utoipa::path(post, path = "/api/common/upload/OSS", tag = "common",
    security(("satoken" = [])),
    request_body(content_type = "multipart/form-data", content = UploadForm),
    responses((status = 200, body = Envelope<UploadView>)))]
async fn upload(
    State(state): State<Context>,
    me: CurrentUser,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> Reply<UploadView> {
    state.limiter.check(Action::Upload, me.id())?;
    let max_bytes = state.config.upload_max_bytes();
    let too_large =
        || ApiError::new(ErrorCode::UploadTooLarge).with("limit", state.config.upload_max_mb);
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > max_bytes + MULTIPART_OVERHEAD_BYTES) {
        return Err(too_large());
    }
    let mut multipart = multipart.map_err(|_| ErrorCode::UploadMissing)?;
    let (name, bytes) = read_file_field(&mut multipart, max_bytes)
        .await
        .map_err(|e| match e.code {
            ErrorCode::UploadTooLarge => too_large(),
            _ => e,
        })?
        .ok_or(ErrorCode::UploadMissing)?;
    if bytes.is_empty() {
        return Err(ErrorCode::UploadMissing.into());
    }
    let mime = files::sniff(&bytes).ok_or(ErrorCode::UploadType)?;
    let id = FileStore::new_id();
    let key = FileStore::key_for(&id);
    state
        .files
        .put(&key, &bytes)
        .await
        .map_err(ApiError::internal)?;
    let file_name = display_name(name.as_deref(), mime);
    let size = i64::try_from(bytes.len()).map_err(ApiError::internal)?;
    repo::files::create(
        &state.db,
        repo::files::NewFile {
            id: &id,
            user_id: me.id(),
            file_name: &file_name,
            mime,
            size,
            storage_key: &key,
            now: state.clock.now(),
        },
    )
    .await?;
    tracing::info!(user_id = me.id(), file_id = id, mime, size, "file uploaded");
    ok(UploadView {
        url: format!("{}{id}", files::FILE_URL_PREFIX),
        id,
        file_name,
        size,
    })
}

/// The client's file name and the bytes of field `file`. Reading stops as
/// soon as the file passes `max_bytes` (UploadTooLarge); other fields are
/// read and dropped, within the same budget.
async fn read_file_field(
    multipart: &mut Multipart,
    max_bytes: usize,
) -> ApiResult<Option<(Option<String>, Vec<u8>)>> {
    let mut found = None;
    let mut budget = max_bytes + MULTIPART_OVERHEAD_BYTES;
    while let Some(mut field) = multipart.next_field().await.map_err(read_error)? {
        let is_file = field.name() == Some("file") && found.is_none();
        let name = field.file_name().map(str::to_string);
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(read_error)? {
            budget = budget
                .checked_sub(chunk.len())
                .ok_or(ErrorCode::UploadTooLarge)?;
            if is_file {
                if bytes.len() + chunk.len() > max_bytes {
                    return Err(ErrorCode::UploadTooLarge.into());
                }
                bytes.extend_from_slice(&chunk);
            }
        }
        if is_file {
            found = Some((name, bytes));
        }
    }
    Ok(found)
}

fn read_error(e: MultipartError) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return ErrorCode::UploadTooLarge.into();
    }
    ApiError::bad_request(e.body_text())
}

/// The client's file name without any path, control characters or excess
/// length; a default one when nothing is left.
fn display_name(raw: Option<&str>, mime: &str) -> String {
    let base = raw
        .unwrap_or("")
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_control())
        .take(FILE_NAME_MAX_CHARS)
        .collect::<String>();
    let base = base.trim();
    if base.is_empty() || base.chars().all(|c| c == '.') {
        format!("upload.{}", files::extension(mime))
    } else {
        base.to_string()
    }
}

/// A link to one of the caller's own uploads, valid for five minutes; for
/// `<img src>` and downloads, which cannot send the `satoken` header.
/// Anyone else's file is NotFound, as for a file that does not exist.
#[utoipa::path(get, path = "/api/common/file/{id}/link", tag = "common",
    security(("satoken" = [])),
    params(("id" = String, Path, description = "file id")),
    responses((status = 200, body = Envelope<FileLinkView>)))]
async fn file_link(
    State(state): State<Context>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> Reply<FileLinkView> {
    let file = repo::files::find(&state.db, &id)
        .await?
        .filter(|f| f.user_id == me.id())
        .ok_or(ErrorCode::NotFound)?;
    let now = state.clock.now();
    let key = state.files.link_key(&state.db, now).await?;
    ok(key.mint(&file.id, Reader::User(me.id()), now).into())
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct FileLinkQuery {
    /// Unix seconds after which the link stops working.
    pub expires: Option<i64>,
    /// Who the link was minted for (`u<user id>` or `a<operator id>`).
    #[serde(rename = "for")]
    #[param(rename = "for")]
    pub reader: Option<String>,
    /// HMAC-SHA256 of id, expiry and reader, hex.
    pub sig: Option<String>,
}

/// A stored file through a signed link (see `/api/common/file/{id}/link`
/// and `/api/admin/file/{id}/link`): an attachment of its sniffed type,
/// sandboxed. A link that is missing, altered or expired is
/// FileLinkExpired; a session token in the URL is not accepted.
#[utoipa::path(get, path = "/api/common/file/{id}", tag = "common",
    params(("id" = String, Path, description = "file id"), FileLinkQuery),
    responses((status = 200, description = "the file, as an attachment",
        content_type = "application/octet-stream")))]
async fn file(
    State(state): State<Context>,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<FileLinkQuery>,
) -> Result<Response, ApiError> {
    let expired = || ApiError::new(ErrorCode::FileLinkExpired);
    let (Some(expires), Some(reader), Some(sig)) = (q.expires, q.reader, q.sig) else {
        return Err(expired());
    };
    let now = state.clock.now();
    let key = state.files.link_key(&state.db, now).await?;
    let reader = key
        .check(&id, expires, &reader, &sig, now)
        .ok_or_else(expired)?;
    let file = repo::files::find(&state.db, &id)
        .await?
        .filter(|f| match reader {
            Reader::User(user_id) => f.user_id == user_id,
            Reader::Operator(_) => true,
        })
        .ok_or(ErrorCode::NotFound)?;
    let bytes = match state.files.get(&file.storage_key).await {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(ErrorCode::NotFound.into())
        }
        Err(e) => {
            return Err(ApiError::internal(format!(
                "file {} unreadable: {e}",
                file.id
            )))
        }
    };
    tracing::debug!(file_id = file.id, %reader, "file served by link");
    onyx_http::files::file_response(&file.id, bytes).map_err(ApiError::internal)
}

#[cfg(test)]
mod tests {
    use super::display_name;

    #[test]
    fn file_names_lose_paths_and_control_characters() {
        assert_eq!(
            display_name(Some("../../etc/passwd"), "image/png"),
            "passwd"
        );
        assert_eq!(display_name(Some("C:\\x\\id.png"), "image/png"), "id.png");
        assert_eq!(display_name(Some("a\u{0}b.png"), "image/png"), "ab.png");
        assert_eq!(display_name(None, "image/jpeg"), "upload.jpg");
        assert_eq!(display_name(Some(".."), "application/pdf"), "upload.pdf");
    }
}
