//! Identity verification (KYC): a user submits documents for a tier; the
//! rules are in `kyc`.

use crate::kyc::{self, Documents};
use axum::extract::FromRef;
use axum::extract::State;
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::extract::ApiQuery;
use onyx_platform::Context;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(upload_kyc))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct KycQuery {
    /// `1` primary, `2` advanced.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub tier: i32,
    /// 2 to 64 characters.
    pub real_name: String,
    /// Document number: 4 to 32 letters, digits or dashes.
    pub id_card: String,
    pub country: String,
    /// Document front: an upload's `url` (`/api/common/file/{id}`) or id.
    pub front_url: String,
    /// Document back; required for advanced.
    pub back_url: Option<String>,
    /// Selfie holding the document; advanced only, required there.
    pub hand_url: Option<String>,
}

/// Submits identity documents for one tier.
#[utoipa::path(post, path = "/api/user/uploadKYC", tag = "user",
    security(("satoken" = [])), params(KycQuery),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn upload_kyc(
    State(state): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<KycQuery>,
) -> Reply<Option<String>> {
    let documents = Documents {
        front: Some(&q.front_url),
        back: q.back_url.as_deref(),
        hand: q.hand_url.as_deref(),
    };
    kyc::submit(
        &state,
        me.id(),
        q.tier,
        &q.real_name,
        &q.id_card,
        &q.country,
        documents,
    )
    .await?;
    ok(None)
}
