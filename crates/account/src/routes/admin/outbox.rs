//! The outbox: every email and SMS the server produced, to whom, why and
//! whether it arrived, so an operator can help a user whose code did not
//! come. Never the code or the message: an operator who could read a
//! password-reset code could take the account.

use axum::extract::FromRef;
use axum::extract::State;
use chrono::{DateTime, Utc};
use onyx_http::admin::{filter, page, sort};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::extract::ApiQuery;
use onyx_platform::Context;
use onyx_store::repo::admin_queries::{self, OutboxSort};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(list))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OutboxQuery {
    /// Exact email address or phone number.
    pub target: Option<String>,
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// Sort key: `id`, `createTime`, `channel`, `target`, `purpose`, `status` (default `createTime` desc).
    pub order_by: Option<String>,
    /// `asc` or `desc`.
    pub order: Option<String>,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct OutboxRow {
    pub id: i64,
    pub channel: String,
    pub target: String,
    pub subject: String,
    pub purpose: String,
    /// `sending`, `sent`, `failed` (see `error`) or `unsent` (no provider
    /// for the channel).
    pub status: String,
    pub error: Option<String>,
    pub create_time: DateTime<Utc>,
}

/// Outgoing messages, newest first unless `orderBy` says otherwise: what
/// was sent, never the code.
#[utoipa::path(get, path = "/api/admin/outbox", tag = "admin", params(OutboxQuery),
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<OutboxRow>>)))]
async fn list(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<OutboxQuery>,
) -> Reply<Page<OutboxRow>> {
    me.require(Permission::ReadOutbox)?;
    let order = sort::<OutboxSort>(&q.order_by, &q.order)?;
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) =
        admin_queries::outbox_page(&state.db, filter(&q.target), order, index, size).await?;
    ok(Page {
        rows: rows
            .into_iter()
            .map(|o| OutboxRow {
                id: o.id,
                channel: o.channel,
                target: o.target,
                subject: o.subject,
                purpose: o.purpose,
                status: o.status.into(),
                error: o.error,
                create_time: o.created_at,
            })
            .collect(),
        total,
    })
}
