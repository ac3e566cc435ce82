//! Operators on copy trading: reviewing lead-trader applications.

use crate::traders::{self, MyTrader, ReviewBody};
use axum::extract::{FromRef, Path, State};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Page, PageQuery, Reply};
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_platform::Context;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(review))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TraderQuery {
    /// 0 pending, 1 approved, 2 rejected; all when absent.
    pub status: Option<i32>,
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

/// Lead-trader applications and traders, newest first.
#[utoipa::path(get, path = "/api/admin/follow/traders", tag = "admin",
    params(TraderQuery), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<MyTrader>>)))]
async fn list(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<TraderQuery>,
) -> Reply<Page<MyTrader>> {
    me.require(Permission::ReadUsers)?;
    let (offset, limit) = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .window();
    let (rows, total) = traders::for_operator(&ctx, q.status, offset, limit).await?;
    ok(Page { rows, total })
}

/// Approves or rejects a pending application (a reason is required;
/// audited).
#[utoipa::path(post, path = "/api/admin/follow/traders/{id}/review", tag = "admin",
    params(("id" = i64, Path, description = "the application's id")),
    request_body = ReviewBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<MyTrader>)))]
async fn review(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(b): ApiJson<ReviewBody>,
) -> Reply<MyTrader> {
    me.require(Permission::ReviewKyc)?;
    ok(traders::review(&ctx, &me.actor(), id, &b).await?)
}
