//! Submitting and cancelling orders, listing, closing and margining
//! positions. Thin: parse, call the service, answer.

use crate::orders::{self, OrderView, Preview, SubmitReply};
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
        .routes(routes!(preview))
        .routes(routes!(order_list, order_list_post))
        .routes(routes!(cancel_order))
        .routes(routes!(position_list))
        .routes(routes!(stop_order))
        .routes(routes!(adjust_amount))
}

/// A market order (filled at the mark with the spread, opening a position
/// or adding to the caller's open one on that side) or a limit order
/// (filled at once when the mark is already at its price or better, else
/// waiting with its margin and fee frozen). A market order may carry a
/// take-profit and a stop-loss, placed on the position with the open.
#[utoipa::path(post, path = "/api/contract/order/submit", tag = "futures",
    request_body = SubmitBody, security(("satoken" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "retry key")),
    responses((status = 200, body = Envelope<SubmitReply>,
        description = "-7001 no such contract, -7002 leverage, -7003 size, -7004 the house's limit, -7006 order type, -7007 a takeProfit or stopLoss the mark would set off at once, -6003 no recent price (market), -4001 shortfall")))]
async fn submit(
    State(ctx): State<Context>,
    me: CurrentUser,
    key: IdempotencyKey,
    ApiJson(body): ApiJson<SubmitBody>,
) -> Reply<SubmitReply> {
    ok(orders::submit(&ctx, me.id(), &body, key.into()).await?)
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PreviewQuery {
    pub symbol: String,
    pub leverage: u32,
    /// Whole contracts; the contract's minimum when absent.
    pub delegate_total: Option<String>,
    /// 0 long, 1 short.
    #[serde(rename = "type")]
    pub side: i32,
    /// 1 market, 0 limit.
    pub delegate_type: Option<i32>,
    /// The limit price (limit orders).
    pub delegate_price: Option<String>,
}

/// What a submit would cost (margin, fee), where it would liquidate and
/// how many contracts the caller's futures balance pays for, from the
/// functions the fill uses.
#[utoipa::path(get, path = "/api/contract/order/preview", tag = "futures",
    params(PreviewQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Preview>)))]
async fn preview(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<PreviewQuery>,
) -> Reply<Preview> {
    let c = crate::contract::named(&ctx.db, &q.symbol).await?;
    let body = SubmitBody {
        symbol: q.symbol,
        leverage: q.leverage,
        delegate_price: q.delegate_price,
        delegate_total: q
            .delegate_total
            .unwrap_or_else(|| c.min_share.normalize().to_string()),
        side: q.side,
        delegate_type: q.delegate_type.unwrap_or(1),
        take_profit: None,
        stop_loss: None,
    };
    ok(orders::preview(&ctx, me.id(), &body).await?)
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderListQuery {
    /// 0 waiting, 1 filled, 3 cancelled.
    pub status: Option<u8>,
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

async fn orders_page(ctx: &Context, user_id: i64, q: OrderListQuery) -> Reply<Page<OrderView>> {
    let status = match q.status.unwrap_or(0) {
        0 => orders::WAITING,
        1 => orders::FILLED,
        3 => orders::CANCELLED,
        _ => return Err(onyx_http::error::ApiError::invalid("status")),
    };
    let (index, size) = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .bounds();
    let (rows, total) =
        orders::list(&ctx.db, user_id, status, index.saturating_mul(size), size).await?;
    ok(Page { rows, total })
}

/// The caller's orders of one status, newest first.
#[utoipa::path(get, path = "/api/contract/order/list", tag = "futures",
    params(OrderListQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<OrderView>>)))]
async fn order_list(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<OrderListQuery>,
) -> Reply<Page<OrderView>> {
    orders_page(&ctx, me.id(), q).await
}

/// The same, as the spec's client posts it.
#[utoipa::path(post, path = "/api/contract/order/list", tag = "futures",
    params(OrderListQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<OrderView>>)))]
async fn order_list_post(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<OrderListQuery>,
) -> Reply<Page<OrderView>> {
    orders_page(&ctx, me.id(), q).await
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    pub id: i64,
}

/// Cancels one of the caller's waiting orders; its margin and fee go back.
#[utoipa::path(post, path = "/api/contract/order/canCelOrder", tag = "futures",
    params(IdQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<OrderView>, description = "-2 not the caller's waiting order")))]
async fn cancel_order(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> Reply<OrderView> {
    ok(orders::cancel(&ctx, me.id(), q.id).await?)
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
