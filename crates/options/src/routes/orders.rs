//! Periods, the current issue, placing and listing orders. Thin: parse,
//! call the service, answer.

use crate::orders::{self, IssueQuery, PlaceBody};
use crate::product::Options;
use crate::views::{IssueView, OrderView, PeriodView};
use axum::extract::{FromRef, State};
use onyx_fixed_payout::disclosure::DisclosureView;
use onyx_fixed_payout::routes::RecordQuery;
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_http::IdempotencyKey;
use onyx_platform::Context;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(period_list))
        .routes(routes!(current_issue))
        .routes(routes!(create_order))
        .routes(routes!(order_list))
        .routes(routes!(record_option))
        .routes(routes!(disclosure_status, disclosure_accept))
}

#[derive(Deserialize, ToSchema, Debug)]
#[schema(as = OptionAcceptBody)]
#[serde(rename_all = "camelCase")]
pub struct AcceptBody {
    /// The version the user read (must be the one in force).
    pub version: i32,
}

onyx_fixed_payout::disclosure_routes! {
    product: Options,
    body: AcceptBody,
    path: "/api/optionContract/disclosure",
    tag: "options",
    status_doc: [" Whether the caller acknowledged the options' risk disclosure."],
    accept_doc: [
        " Records that the caller acknowledged the disclosure, with the time;",
        " orders are refused (-6005) until then.",
    ],
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SymbolQuery {
    /// The pair's symbol (`btcusdt`) or coin (`btc`).
    pub symbol: String,
}

/// A pair's periods, each with its cutoff, payout, loss, break-even win
/// rate, the house's edge and the fee; `[]` for a pair not offered.
#[utoipa::path(post, path = "/api/optionContract/periodList", tag = "options",
    params(SymbolQuery),
    responses((status = 200, body = Envelope<Vec<PeriodView>>)))]
async fn period_list(
    State(ctx): State<Context>,
    ApiQuery(q): ApiQuery<SymbolQuery>,
) -> Reply<Vec<PeriodView>> {
    ok(orders::periods(&ctx, &q.symbol).await?)
}

#[derive(Deserialize, IntoParams, Debug, Default)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct IssueParams {
    pub period_id: Option<i64>,
    pub option_id: Option<i64>,
    pub symbol: Option<String>,
    /// Seconds, with `optionId` or `symbol`.
    pub period: Option<i32>,
}

/// The issue running now: its number, window, cutoff and the server's
/// clock.
#[utoipa::path(post, path = "/api/optionContract/currentIssue", tag = "options",
    params(IssueParams),
    responses((status = 200, body = Envelope<IssueView>)))]
async fn current_issue(
    State(ctx): State<Context>,
    ApiQuery(q): ApiQuery<IssueParams>,
) -> Reply<IssueView> {
    let query = IssueQuery {
        period_id: q.period_id,
        option_id: q.option_id,
        symbol: q.symbol,
        period: q.period,
    };
    ok(orders::current_issue(&ctx, &query).await?)
}

/// Accepts an order into the running issue, struck at the coin's last
/// recorded tick; the stake is frozen and the fee taken until it settles.
#[utoipa::path(post, path = "/api/optionContract/createOrder", tag = "options",
    request_body = PlaceBody, security(("satoken" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "retry key")),
    responses((status = 200, body = Envelope<OrderView>,
        description = "-6006 switched off, -6005 disclosure, -6001 no such period, -6002 stake range, -6009 entry closed, -6003 no price, -6004 too many open, -6007 too soon, -6008 exposure cap, -4001 shortfall")))]
async fn create_order(
    State(ctx): State<Context>,
    me: CurrentUser,
    key: IdempotencyKey,
    ApiJson(body): ApiJson<PlaceBody>,
) -> Reply<OrderView> {
    ok(orders::place(&ctx, me.id(), &body, key.into()).await?)
}

#[derive(Deserialize, ToSchema, Debug)]
#[schema(as = OptionOrderListBody)]
#[serde(rename_all = "camelCase")]
pub struct OrderListBody {
    /// 0 open, 1 settled.
    pub is_history: u8,
}

onyx_fixed_payout::order_list_routes! {
    product: Options,
    view: OrderView,
    tag: "options",
    list: order_list(OrderListBody.is_history = "isHistory"),
    list_path: "/api/optionContract/orderList",
    list_doc: [" The caller's open orders (with seconds left) or the latest settled."],
    record: record_option,
    record_path: "/api/record/option",
    record_doc: [" The caller's settled options, newest first, a page at a time."],
}
