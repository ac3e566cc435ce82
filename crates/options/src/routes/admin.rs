//! Operators on options: the periods on offer and the house's
//! book. Writes carry a reason and are audited.

use crate::house::{self, HouseBook};
use crate::period_editing::PeriodPatch;
use crate::product::Options;
use crate::views::PeriodView;
use axum::extract::{FromRef, Path, State};
use onyx_fixed_payout::{countries, period_editing};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::extract::ApiJson;
use onyx_platform::Context;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(list_periods, create_period))
        .routes(routes!(update_period))
        .routes(routes!(house_book))
        .routes(routes!(blocked_countries, block_countries))
}

/// Every period of every option pair, on or off.
#[utoipa::path(get, path = "/api/admin/options/periods", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<PeriodView>>)))]
async fn list_periods(State(ctx): State<Context>, me: CurrentAdmin) -> Reply<Vec<PeriodView>> {
    me.require(Permission::EditSettings)?;
    ok(period_editing::all::<Options>(&ctx).await?)
}

/// Adds a period to an option pair.
#[utoipa::path(post, path = "/api/admin/options/periods", tag = "admin",
    request_body = PeriodPatch, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<PeriodView>)))]
async fn create_period(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    ApiJson(p): ApiJson<PeriodPatch>,
) -> Reply<PeriodView> {
    me.require(Permission::EditSettings)?;
    ok(period_editing::create::<Options>(&ctx, &me.actor(), &p).await?)
}

/// Changes a period; orders already open keep the terms they opened on.
#[utoipa::path(put, path = "/api/admin/options/periods/{id}", tag = "admin",
    params(("id" = i64, Path)), request_body = PeriodPatch, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<PeriodView>)))]
async fn update_period(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(p): ApiJson<PeriodPatch>,
) -> Reply<PeriodView> {
    me.require(Permission::EditSettings)?;
    ok(period_editing::update::<Options>(&ctx, &me.actor(), id, &p).await?)
}

/// Per coin: open orders and stakes, settled orders by result, staked and
/// paid out; and the house account's balance in the ledger.
#[utoipa::path(get, path = "/api/admin/options/house", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<HouseBook>)))]
async fn house_book(State(ctx): State<Context>, me: CurrentAdmin) -> Reply<HouseBook> {
    me.require(Permission::ReadAudit)?;
    ok(house::book(&ctx).await?)
}

/// The countries (ISO codes) the product is not offered in.
#[utoipa::path(get, path = "/api/admin/options/blocked-countries", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<String>>)))]
async fn blocked_countries(State(ctx): State<Context>, me: CurrentAdmin) -> Reply<Vec<String>> {
    me.require(Permission::EditSettings)?;
    ok(countries::blocked(&ctx.db, crate::orders::EXPOSURE_PRODUCT).await?)
}

#[derive(serde::Deserialize, utoipa::ToSchema, Debug)]
#[schema(as = OptionBlockedCountries)]
#[serde(rename_all = "camelCase")]
pub struct BlockedCountries {
    /// ISO 3166 codes; the list replaces the one in force.
    pub countries: Vec<String>,
    pub reason: String,
}

/// Replaces the countries the product is not offered in; users whose
/// identity documents name one are refused new orders (-6010).
#[utoipa::path(put, path = "/api/admin/options/blocked-countries", tag = "admin",
    request_body = BlockedCountries, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<String>>)))]
async fn block_countries(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    ApiJson(body): ApiJson<BlockedCountries>,
) -> Reply<Vec<String>> {
    me.require(Permission::EditSettings)?;
    ok(countries::replace(
        &ctx,
        &me.actor(),
        crate::orders::EXPOSURE_PRODUCT,
        &body.countries,
        &body.reason,
    )
    .await?)
}
