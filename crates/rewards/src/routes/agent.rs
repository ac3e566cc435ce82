//! `/api/agentActivityInfo/getAgentInfo` and the downline and earnings
//! lists. Thin.

use crate::agent::{self, AgentInfo, Earning, Member};
use axum::extract::{FromRef, State};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Page, PageQuery, Reply};
use onyx_http::error::ApiError;
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
    OpenApiRouter::new()
        .routes(routes!(info))
        .routes(routes!(downline))
        .routes(routes!(earnings))
}

/// The caller's referral tree in counts and the rebates it paid them.
#[utoipa::path(post, path = "/api/agentActivityInfo/getAgentInfo", tag = "agent",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<AgentInfo>)))]
async fn info(State(ctx): State<Context>, me: CurrentUser) -> Reply<AgentInfo> {
    ok(agent::info(&ctx, me.id()).await?)
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DownlineQuery {
    /// 1, 2 or 3; every level when absent.
    pub level: Option<u32>,
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

/// The caller's downline, newest first: level, masked account, when they
/// joined, their spot volume band and the USDT rebates from them.
#[utoipa::path(get, path = "/api/agent/downline", tag = "agent",
    params(DownlineQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<Member>>)))]
async fn downline(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<DownlineQuery>,
) -> Reply<Page<Member>> {
    if q.level.is_some_and(|l| !(1..=3).contains(&l)) {
        return Err(ApiError::invalid("level"));
    }
    let (offset, limit) = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .window();
    let (rows, total) = agent::members(&ctx, me.id(), q.level, offset, limit).await?;
    ok(Page { rows, total })
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

/// The rebates the caller received, newest first: level, product, the
/// member's fee, the share and the rebate.
#[utoipa::path(get, path = "/api/agent/earnings", tag = "agent",
    params(PageParams), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<Earning>>)))]
async fn earnings(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<PageParams>,
) -> Reply<Page<Earning>> {
    let (offset, limit) = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .window();
    let (rows, total) = agent::earnings(&ctx, me.id(), offset, limit).await?;
    ok(Page { rows, total })
}
