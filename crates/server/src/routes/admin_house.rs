//! The operators' house page beyond each product's own book (which
//! `GET /api/admin/{futures,second-contracts,options,earn}/house` give):
//! the house accounts' ledger postings. They span several products, so
//! they are wired here. Reading them needs `ReadAudit`, as the books do.

use crate::house_ledger::{self, HouseProduct};
use crate::state::AppState;
use crate::user_money::UserPosting;
use axum::extract::State;
use onyx_http::admin::{filter, page, sort};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::ApiQuery;
use onyx_platform::amounts::asset;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(postings))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HousePostingsQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// `futures`, `insurance` (the futures insurance fund),
    /// `secondContracts`, `options` or `earn`; every book when absent.
    pub product: Option<String>,
    /// A coin, e.g. `USDT`; every coin when absent.
    pub coin: Option<String>,
    /// Sort key: a field of the rows, one of those the call's
    /// description names (default: its own order).
    pub order_by: Option<String>,
    /// `asc` or `desc`.
    pub order: Option<String>,
}

/// The house accounts' ledger postings: newest first, or by `orderBy`
/// `id`, `createTime`, `kind`, `asset` or `amount` (by value).
/// `direction` is seen from the house: `in` to a house account, `out`
/// from one, `own` between two of the books listed.
#[utoipa::path(get, path = "/api/admin/house/postings", tag = "admin",
    params(HousePostingsQuery), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<UserPosting>>)))]
async fn postings(
    State(state): State<AppState>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<HousePostingsQuery>,
) -> Reply<Page<UserPosting>> {
    me.require(Permission::ReadAudit)?;
    let product = match filter(&q.product) {
        None => None,
        Some(p) => Some(HouseProduct::parse(p).ok_or_else(|| ApiError::invalid("product"))?),
    };
    let coin = filter(&q.coin).map(asset);
    if coin
        .as_deref()
        .is_some_and(|c| !c.chars().all(|ch| ch.is_ascii_alphanumeric()))
    {
        return Err(ApiError::invalid("coin"));
    }
    let order = sort(&q.order_by, &q.order)?;
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) =
        house_ledger::postings(&state.db, product, coin.as_deref(), order, index, size).await?;
    ok(Page { rows, total })
}
