//! Operators writing to one user's message centre.

use crate::editing;
use axum::extract::FromRef;
use axum::extract::State;
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::extract::ApiJson;
use onyx_platform::Context;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(send))
}

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct SendBody {
    pub user_id: i64,
    pub title: String,
    /// HTML; sanitized like content.
    pub content: String,
    #[serde(default)]
    pub reason: String,
}

#[derive(Serialize, ToSchema, Debug)]
pub struct Sent {
    pub id: i64,
}

/// Sends a message to one user.
#[utoipa::path(post, path = "/api/admin/messages", tag = "admin", request_body = SendBody,
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Sent>)))]
async fn send(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiJson(body): ApiJson<SendBody>,
) -> Reply<Sent> {
    me.require(Permission::SendMessages)?;
    let id = editing::send_message(
        &state,
        &me.actor(),
        body.user_id,
        &body.title,
        &body.content,
        &body.reason,
    )
    .await?;
    ok(Sent { id })
}
