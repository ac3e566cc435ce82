//! Operators writing to one user's message centre.

use super::content::sanitize_html;
use crate::repo::messages;
use axum::extract::FromRef;
use axum::extract::State;
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::ApiJson;
use onyx_kernel::ErrorCode;
use onyx_platform::audit;
use onyx_platform::Context;
use onyx_store::repo::admin_queries;
use sea_orm::TransactionTrait;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub const TITLE_CHARS_MAX: usize = 200;

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
    let reason = audit::reason(&body.reason)?;
    let title = body.title.trim();
    if title.is_empty() || title.chars().count() > TITLE_CHARS_MAX {
        return Err(ApiError::invalid("title"));
    }
    let content = sanitize_html(&body.content);
    if content.trim().is_empty() {
        return Err(ApiError::invalid("content"));
    }
    admin_queries::find_user(&state.db, body.user_id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    let txn = state.db.begin().await?;
    let m = messages::create(&txn, body.user_id, title, &content).await?;
    let detail = json!({"messageId": m.id, "title": title});
    let target = format!("user:{}", body.user_id);
    audit::record(&txn, &me.actor(), "message.send", &target, reason, detail).await?;
    txn.commit().await?;
    ok(Sent { id: m.id })
}
