//! Take-profit and stop-loss orders on positions. Thin.

use crate::stops::{self, StopBody, StopView};
use axum::extract::{FromRef, State};
use onyx_http::auth::CurrentUser;
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
        .routes(routes!(set_stop))
        .routes(routes!(list_stops))
        .routes(routes!(cancel_stop))
}

/// Sets a take-profit (`lossType` 0) or stop-loss (1) on a position,
/// triggered by the mark and closing at it; it replaces the position's
/// active one of that kind.
#[utoipa::path(post, path = "/api/contract/loss/sett", tag = "futures",
    request_body = StopBody, security(("satoken" = [])),
    responses((status = 200, body = Envelope<StopView>,
        description = "-7007 the trigger would fire at the mark now, -7008 a size that is not all of the position nor whole contracts short of it, -7006 neither a market nor a limit close, -6003 no recent price")))]
async fn set_stop(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiJson(body): ApiJson<StopBody>,
) -> Reply<StopView> {
    ok(stops::set(&ctx, me.id(), &body).await?)
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

/// The caller's active take-profits and stop-losses, newest first.
#[utoipa::path(post, path = "/api/contract/loss/list", tag = "futures",
    params(PageParams), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<StopView>>)))]
async fn list_stops(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<PageParams>,
) -> Reply<Page<StopView>> {
    let (index, size) = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .bounds();
    let (rows, total) = stops::list(&ctx, me.id(), index.saturating_mul(size), size).await?;
    ok(Page { rows, total })
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    pub id: i64,
}

/// Cancels one of the caller's active take-profits or stop-losses.
#[utoipa::path(post, path = "/api/contract/loss/cancel", tag = "futures",
    params(IdQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<StopView>)))]
async fn cancel_stop(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> Reply<StopView> {
    ok(stops::cancel(&ctx, me.id(), q.id).await?)
}
