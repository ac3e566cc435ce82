//! Operators on futures: the contracts' terms (changes carry a reason and
//! are audited) and the house's book with the insurance fund.

use crate::operator::{self, HouseView, TermsPatch, TermsView};
use axum::extract::{FromRef, Path, State};
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
        .routes(routes!(list_terms))
        .routes(routes!(update_terms))
        .routes(routes!(house_book))
}

/// Every contract's futures terms with its brackets as they apply.
#[utoipa::path(get, path = "/api/admin/futures/terms", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<TermsView>>)))]
async fn list_terms(State(ctx): State<Context>, me: CurrentAdmin) -> Reply<Vec<TermsView>> {
    me.require(Permission::EditSettings)?;
    ok(operator::terms(&ctx).await?)
}

/// Changes a contract's terms; open positions are valued on them from the
/// next check.
#[utoipa::path(put, path = "/api/admin/futures/terms/{id}", tag = "admin",
    params(("id" = i64, Path, description = "the contract pair's id")),
    request_body = TermsPatch, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<TermsView>)))]
async fn update_terms(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(p): ApiJson<TermsPatch>,
) -> Reply<TermsView> {
    me.require(Permission::EditSettings)?;
    ok(operator::update_terms(&ctx, &me.actor(), id, &p).await?)
}

/// Per contract: open interest, the house's net exposure against its
/// limit, its realised and unrealised profit and the funding it took; the
/// house account and the insurance fund.
#[utoipa::path(get, path = "/api/admin/futures/house", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<HouseView>)))]
async fn house_book(State(ctx): State<Context>, me: CurrentAdmin) -> Reply<HouseView> {
    me.require(Permission::ReadAudit)?;
    ok(operator::house(&ctx).await?)
}
