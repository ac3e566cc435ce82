//! Operators on earn: products, staking rates, the finance house.

use crate::operator::{self, FundBody, HouseCoin, ProductAdminView, ProductBody, RateBody};
use axum::extract::{FromRef, Path, State};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Reply};
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
        .routes(routes!(list, create))
        .routes(routes!(update))
        .routes(routes!(publish_rate))
        .routes(routes!(house))
        .routes(routes!(fund))
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct KindQuery {
    /// `finance` or `staking`; all when absent.
    pub kind: Option<String>,
}

/// Every earn product, on or off, with its rates and earning principal.
#[utoipa::path(get, path = "/api/admin/earn/products", tag = "admin",
    params(KindQuery), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<ProductAdminView>>)))]
async fn list(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<KindQuery>,
) -> Reply<Vec<ProductAdminView>> {
    me.require(Permission::EditSettings)?;
    ok(operator::products(&ctx, q.kind.as_deref().unwrap_or_default()).await?)
}

/// Creates a finance or staking product (a reason is required; audited).
#[utoipa::path(post, path = "/api/admin/earn/products", tag = "admin",
    request_body = ProductBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<ProductAdminView>)))]
async fn create(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    ApiJson(b): ApiJson<ProductBody>,
) -> Reply<ProductAdminView> {
    me.require(Permission::EditSettings)?;
    ok(operator::create(&ctx, &me.actor(), &b).await?)
}

/// Changes a product; earning orders keep the terms they were subscribed on.
#[utoipa::path(put, path = "/api/admin/earn/products/{id}", tag = "admin",
    params(("id" = i64, Path, description = "the product's id")),
    request_body = ProductBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<ProductAdminView>)))]
async fn update(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(b): ApiJson<ProductBody>,
) -> Reply<ProductAdminView> {
    me.require(Permission::EditSettings)?;
    ok(operator::update(&ctx, &me.actor(), id, &b).await?)
}

/// Publishes a staking product's daily rate from a day after today.
#[utoipa::path(post, path = "/api/admin/earn/products/{id}/rates", tag = "admin",
    params(("id" = i64, Path, description = "the staking product's id")),
    request_body = RateBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<ProductAdminView>)))]
async fn publish_rate(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(b): ApiJson<RateBody>,
) -> Reply<ProductAdminView> {
    me.require(Permission::EditSettings)?;
    ok(operator::publish_rate(&ctx, &me.actor(), id, &b).await?)
}

/// The finance house per coin: balance, interest set aside for earning
/// orders, what is free to promise, interest paid and penalties taken.
#[utoipa::path(get, path = "/api/admin/earn/house", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<HouseCoin>>)))]
async fn house(State(ctx): State<Context>, me: CurrentAdmin) -> Reply<Vec<HouseCoin>> {
    me.require(Permission::ReadAudit)?;
    ok(operator::house_book(&ctx).await?)
}

/// Funds the finance house from outside (audited).
#[utoipa::path(post, path = "/api/admin/earn/house/fund", tag = "admin",
    request_body = FundBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<HouseCoin>>)))]
async fn fund(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    ApiJson(b): ApiJson<FundBody>,
) -> Reply<Vec<HouseCoin>> {
    me.require(Permission::ReviewFunds)?;
    ok(operator::fund(&ctx, &me.actor(), &b).await?)
}
