//! Periods, placing and listing orders. Thin: parse, call the service,
//! answer.

use crate::orders::{self, PlaceBody};
use crate::product::SecondContracts;
use crate::views::{OrderView, PeriodView};
use axum::extract::{FromRef, State};
use onyx_fixed_payout::disclosure::{self, DisclosureView};
use onyx_fixed_payout::product::Product;
use onyx_fixed_payout::routes::{record_page, settled_flag, RecordQuery};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::extract::{ApiJson, ApiQuery};
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

/// Whether the caller acknowledged the risk disclosure in force.
#[utoipa::path(get, path = "/api/secondContractOrder/disclosure", tag = "second-contracts",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<DisclosureView>)))]
async fn disclosure_status(State(ctx): State<Context>, me: CurrentUser) -> Reply<DisclosureView> {
    ok(disclosure::status(&ctx, SecondContracts::OFFER.disclosure, me.id()).await?)
}

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AcceptBody {
    /// The version the user read (must be the one in force).
    pub version: i32,
}

/// Records that the caller read and acknowledged the disclosure, with the
/// time; orders are refused (-6005) until then.
#[utoipa::path(post, path = "/api/secondContractOrder/disclosure", tag = "second-contracts",
    request_body = AcceptBody, security(("satoken" = [])),
    responses((status = 200, body = Envelope<DisclosureView>)))]
async fn disclosure_accept(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiJson(body): ApiJson<AcceptBody>,
) -> Reply<DisclosureView> {
    ok(disclosure::accept(
        &ctx,
        SecondContracts::OFFER.disclosure,
        me.id(),
        body.version,
    )
    .await?)
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

/// The caller's open orders (with seconds left) or the latest settled ones.
#[utoipa::path(post, path = "/api/secondContractOrder/selectOrderList",
    tag = "second-contracts", request_body = OrderListBody, security(("satoken" = [])),
    responses((status = 200, body = Envelope<Vec<OrderView>>)))]
async fn select_order_list(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiJson(body): ApiJson<OrderListBody>,
) -> Reply<Vec<OrderView>> {
    let settled = settled_flag(body.status, "status")?;
    ok(orders::list(&ctx, me.id(), settled).await?)
}

/// The caller's settled orders, newest first, a page at a time.
#[utoipa::path(get, path = "/api/record/second", tag = "second-contracts",
    params(RecordQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<OrderView>>)))]
async fn record_second(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<RecordQuery>,
) -> Reply<Page<OrderView>> {
    ok(record_page::<SecondContracts>(&ctx, me.id(), &q).await?)
}
