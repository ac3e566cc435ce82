//! Submitting market orders, listing, closing and margining positions.
//! Thin: parse, call the service, answer.

use crate::positions::{self, SubmitBody};
use crate::views::PositionView;
use axum::extract::{FromRef, State};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Page, PageQuery, Reply};
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_http::IdempotencyKey;
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
        .routes(routes!(submit))
        .routes(routes!(position_list))
        .routes(routes!(stop_order))
        .routes(routes!(adjust_amount))
}

/// Opens a position (or adds to the caller's open one on that side) at
/// the mark with a market order; limit orders are refused (-7006).
#[utoipa::path(post, path = "/api/contract/order/submit", tag = "futures",
    request_body = SubmitBody, security(("satoken" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "retry key")),
    responses((status = 200, body = Envelope<PositionView>,
        description = "-7001 no such contract, -7002 leverage, -7003 size, -7004 the house's limit, -7006 not a market order, -6003 no recent price, -4001 shortfall")))]
async fn submit(
    State(ctx): State<Context>,
    me: CurrentUser,
    key: IdempotencyKey,
    ApiJson(body): ApiJson<SubmitBody>,
) -> Reply<PositionView> {
    ok(positions::submit(&ctx, me.id(), &body, key.into()).await?)
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// 0 open, 1 history (closed and liquidated).
    pub status: Option<u8>,
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

/// The caller's positions valued at the current mark, newest first.
#[utoipa::path(get, path = "/api/contract/position/list", tag = "futures",
    params(ListQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<PositionView>>)))]
async fn position_list(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> Reply<Page<PositionView>> {
    let history = match q.status.unwrap_or(0) {
        0 => false,
        1 => true,
        _ => return Err(onyx_http::error::ApiError::invalid("status")),
    };
    let (index, size) = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .bounds();
    let (rows, total) =
        positions::list(&ctx, me.id(), history, index.saturating_mul(size), size).await?;
    ok(Page { rows, total })
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StopQuery {
    pub id: i64,
    /// Contracts to close; all when absent.
    pub num: Option<String>,
}

/// Closes a position, or `num` contracts of it, at the mark.
#[utoipa::path(post, path = "/api/contract/position/stopOrder", tag = "futures",
    params(StopQuery, ("Idempotency-Key" = Option<String>, Header, description = "retry key")),
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<PositionView>)))]
async fn stop_order(
    State(ctx): State<Context>,
    me: CurrentUser,
    key: IdempotencyKey,
    ApiQuery(q): ApiQuery<StopQuery>,
) -> Reply<PositionView> {
    ok(positions::close(&ctx, me.id(), q.id, q.num.as_deref(), key.into()).await?)
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdjustQuery {
    pub id: i64,
    /// USDT.
    pub money: String,
    /// "0" add, "1" reduce.
    pub flag: String,
}

/// Adds margin to a position or takes some back (never below its initial
/// margin, nor to where the mark would liquidate it: -7005).
#[utoipa::path(post, path = "/api/contract/position/adjustAmount", tag = "futures",
    params(AdjustQuery, ("Idempotency-Key" = Option<String>, Header, description = "retry key")),
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<PositionView>)))]
async fn adjust_amount(
    State(ctx): State<Context>,
    me: CurrentUser,
    key: IdempotencyKey,
    ApiQuery(q): ApiQuery<AdjustQuery>,
) -> Reply<PositionView> {
    let add = match q.flag.trim() {
        "0" => true,
        "1" => false,
        _ => return Err(onyx_http::error::ApiError::invalid("flag")),
    };
    ok(positions::adjust(&ctx, me.id(), q.id, &q.money, add, key.into()).await?)
}
