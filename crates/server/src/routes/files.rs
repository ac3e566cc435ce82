//! The operators' file viewer: a signed link to an upload one of the
//! products shows an operator (a KYC document to a KYC reviewer, a deposit
//! claim's screenshot to a funds reviewer). It asks each product, so it is
//! wired here, where both are known.

use crate::state::AppState;
use axum::extract::{Path, State};
use onyx_account::api::kyc;
use onyx_http::auth::{role_allows, CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_kernel::ErrorCode;
use onyx_platform::files::FileLinkView;
use onyx_platform::files::{Reader, FILE_URL_PREFIX};
use onyx_store::repo::admin_queries;
use onyx_wallet::api::deposits;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(file_link))
}

/// A signed link to an uploaded file an operator may review: a KYC
/// document (with ReviewKyc) or a deposit claim's screenshot (with
/// ReviewFunds). Other uploads are NotFound, as for a missing file.
#[utoipa::path(get, path = "/api/admin/file/{id}/link", tag = "admin",
    params(("id" = String, Path)), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<FileLinkView>)))]
async fn file_link(
    State(state): State<AppState>,
    me: CurrentAdmin,
    Path(id): Path<String>,
) -> Reply<FileLinkView> {
    let kyc_reviewer = role_allows(&me.admin.role, Permission::ReviewKyc);
    let funds_reviewer = role_allows(&me.admin.role, Permission::ReviewFunds);
    if !kyc_reviewer && !funds_reviewer {
        return Err(ErrorCode::Forbidden.into());
    }
    let file = admin_queries::find_file(&state.db, &id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    // Submissions store the bare id; claims store the upload's url.
    let url = format!("{FILE_URL_PREFIX}{}", file.id);
    let reviewable = (kyc_reviewer && kyc::shows_file(&state.db, &[&file.id, &url]).await?)
        || (funds_reviewer && deposits::shows_screenshot(&state.db, &url).await?);
    if !reviewable {
        return Err(ErrorCode::NotFound.into());
    }
    let now = state.clock.now();
    let key = state.files.link_key(&state.db, now).await?;
    let link = key.mint(&file.id, Reader::Operator(me.admin.id), now);
    tracing::info!(
        operator = me.admin.username,
        file_id = file.id,
        "file link minted"
    );
    ok(link.into())
}
