//! The flash exchange's calls (the spec's `texchange`): quotes, exchanges
//! and the user's exchange list. The rules and the ledger work are
//! `crate::exchange`'s.

use crate::exchange::{self as service, CurrencyQuery, ExchangeRequest, ExchangeView, QuoteView};
use crate::repo::wallet_records;
use crate::WalletContext;
use axum::extract::{FromRef, State};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Page, PageQuery, Reply};
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_http::IdempotencyKey;
use onyx_platform::Context;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    WalletContext: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(get_currency_price))
        .routes(routes!(currency_exchange))
        .routes(routes!(list))
}

/// Quotes `from` to `to` for 15 s. Same coin -4052, a coin outside the
/// flash exchange -3101, no fresh index price -4050.
#[utoipa::path(get, path = "/api/texchange/getCurrencyPrice", tag = "texchange",
    params(CurrencyQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<QuoteView>)))]
async fn get_currency_price(
    State(state): State<WalletContext>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<CurrencyQuery>,
) -> Reply<QuoteView> {
    ok(service::quote(&state, me.id(), &q.currency).await?)
}

/// Exchanges `amount` of `from` (spot wallet) for `to` at the quote's
/// price, against the house. The quote is single use. Idempotent.
#[utoipa::path(post, path = "/api/texchange/currencyExchange", tag = "texchange",
    request_body = ExchangeRequest, security(("satoken" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "retry key")),
    responses((status = 200, body = Envelope<ExchangeView>,
        description = "-4051 quote expired or unknown, -4050 no fresh price, -4052 same coin, -4053 below the minimum, -4001 shortfall, -11 not a plain decimal, -4003 too precise, -4005 too large")))]
async fn currency_exchange(
    State(state): State<WalletContext>,
    me: CurrentUser,
    key: IdempotencyKey,
    ApiJson(req): ApiJson<ExchangeRequest>,
) -> Reply<ExchangeView> {
    ok(service::exchange(&state, me.id(), key.0, &req).await?)
}

/// The user's exchanges, newest first.
#[utoipa::path(get, path = "/api/texchange/list", tag = "texchange",
    params(PageQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<ExchangeView>>)))]
async fn list(
    State(state): State<WalletContext>,
    me: CurrentUser,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Reply<Page<ExchangeView>> {
    let (index, size) = page.bounds();
    let (rows, total) = wallet_records::exchanges(&state.db, me.id(), index, size).await?;
    ok(Page {
        rows: rows.into_iter().map(ExchangeView::from).collect(),
        total,
    })
}
