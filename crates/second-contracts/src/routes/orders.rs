//! Periods, placing and listing orders. Thin: parse, call the service,
//! answer.

use crate::orders::{self, PlaceBody};
use crate::product::SecondContracts;
use crate::views::{OrderView, PeriodView};
use axum::extract::{FromRef, State};
use onyx_fixed_payout::disclosure::DisclosureView;
use onyx_fixed_payout::routes::RecordQuery;
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::extract::ApiJson;
use onyx_http::IdempotencyKey;
use onyx_platform::Context;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(period_list))
        .routes(routes!(create_order))
        .routes(routes!(select_order_list))
        .routes(routes!(record_second))
        .routes(routes!(disclosure_status, disclosure_accept))
}

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AcceptBody {
    /// The version the user read (must be the one in force).
    pub version: i32,
}

onyx_fixed_payout::disclosure_routes! {
    product: SecondContracts,
    body: AcceptBody,
    path: "/api/secondContractOrder/disclosure",
    tag: "second-contracts",
    status_doc: [" Whether the caller acknowledged the risk disclosure in force."],
    accept_doc: [
        " Records that the caller read and acknowledged the disclosure, with the",
        " time; orders are refused (-6005) until then.",
    ],
}

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct PeriodListBody {
    /// The coin's id in `coinList`.
    pub second_id: i64,
}

/// The periods a coin offers, with each one's payout, loss, break-even win
/// rate and the house's edge at a 50 % win rate.
#[utoipa::path(post, path = "/api/period/list", tag = "second-contracts",
    request_body = PeriodListBody,
    responses((status = 200, body = Envelope<Vec<PeriodView>>)))]
async fn period_list(
    State(ctx): State<Context>,
    ApiJson(body): ApiJson<PeriodListBody>,
) -> Reply<Vec<PeriodView>> {
    ok(orders::periods(&ctx, body.second_id).await?)
}

/// Opens an order on the coin's last recorded tick; the stake is frozen
/// until the order settles at its close time.
#[utoipa::path(post, path = "/api/secondContractOrder/createSecondContractOrder",
    tag = "second-contracts", request_body = PlaceBody, security(("satoken" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "retry key")),
    responses((status = 200, body = Envelope<OrderView>,
        description = "-6006 product switched off, -6005 disclosure not acknowledged, -6001 no such period, -6002 stake out of range, -6003 no recent price, -6004 too many open orders, -4001 shortfall")))]
async fn create_order(
    State(ctx): State<Context>,
    me: CurrentUser,
    key: IdempotencyKey,
    ApiJson(body): ApiJson<PlaceBody>,
) -> Reply<OrderView> {
    ok(orders::place(&ctx, me.id(), &body, key.into()).await?)
}

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct OrderListBody {
    /// 0 open, 1 settled.
    pub status: u8,
}

onyx_fixed_payout::order_list_routes! {
    product: SecondContracts,
    view: OrderView,
    tag: "second-contracts",
    list: select_order_list(OrderListBody.status = "status"),
    list_path: "/api/secondContractOrder/selectOrderList",
    list_doc: [" The caller's open orders (with seconds left) or the latest settled ones."],
    record: record_second,
    record_path: "/api/record/second",
    record_doc: [" The caller's settled orders, newest first, a page at a time."],
}
