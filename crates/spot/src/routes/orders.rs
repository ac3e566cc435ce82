//! Spot trading, user side: submit and cancel go through the pair's task
//! (see `crate::spot`), the lists read the store.

use crate::entity::spot_trade;
use crate::events::OrderView;
use crate::pair::view;
use crate::repo::{self, OrderFilter};
use crate::repo::{OrderSide, OrderStatus};
use crate::SpotContext;
use crate::{normalize_symbol, SubmitBody};
use axum::extract::FromRef;
use axum::extract::State;
use chrono::{DateTime, Utc};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Page, PageQuery, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_http::IdempotencyKey;
use onyx_platform::amounts::USDT;
use onyx_platform::Context;
use onyx_platform::Idempotency;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    SpotContext: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(submit))
        .routes(routes!(cancel_order))
        .routes(routes!(order_list))
        .routes(routes!(record_currency))
        .routes(routes!(record_trading))
}

/// Places an order. Its funds are frozen before it reaches the book; the
/// answer is the order as it stands after matching.
#[utoipa::path(post, path = "/api/currency/order/submit", tag = "spot",
    request_body = SubmitBody, security(("satoken" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "retry key")),
    responses((status = 200, body = Envelope<OrderView>,
        description = "-5001..-5012 pair rules, -11 not a plain decimal, -4005 too large, -4001 shortfall")))]
async fn submit(
    State(state): State<SpotContext>,
    me: CurrentUser,
    key: IdempotencyKey,
    ApiJson(body): ApiJson<SubmitBody>,
) -> Reply<Value> {
    let order = state.spot.parse(&body)?;
    let idem = Idempotency::new(key, me.id(), "spot.submit", &body);
    ok(state.spot.submit(me.id(), order, idem).await?)
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct CancelQuery {
    pub id: i64,
}

/// Cancels one of the caller's open orders; its remaining funds are
/// released. Another user's order, or one no longer open, is -6.
#[utoipa::path(post, path = "/api/currency/order/cancelOrder", tag = "spot",
    params(CancelQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<OrderView>)))]
async fn cancel_order(
    State(state): State<SpotContext>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<CancelQuery>,
) -> Reply<OrderView> {
    ok(state.spot.cancel(&state, me.id(), q.id).await?)
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderListQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    pub symbol: Option<String>,
    /// `buy` or `sell`.
    pub side: Option<String>,
    /// `open` (open and partial), `history` (the rest) or one status.
    pub status: Option<String>,
}

fn nonblank(v: &Option<String>) -> Option<String> {
    v.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_ascii_lowercase)
}

/// The caller's orders, newest first.
#[utoipa::path(post, path = "/api/currency/order/orderList", tag = "spot",
    params(OrderListQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<OrderView>>)))]
async fn order_list(
    State(state): State<SpotContext>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<OrderListQuery>,
) -> Reply<Page<OrderView>> {
    let side = match nonblank(&q.side) {
        None => None,
        Some(s) => Some(OrderSide::parse(&s).ok_or_else(|| ApiError::invalid("side"))?),
    };
    let statuses: Vec<OrderStatus> = match nonblank(&q.status).as_deref() {
        None => Vec::new(),
        Some("open") => OrderStatus::OPEN.to_vec(),
        Some("history") => OrderStatus::CLOSED.to_vec(),
        Some(s) => vec![OrderStatus::parse(s).ok_or_else(|| ApiError::invalid("status"))?],
    };
    let filter = OrderFilter {
        symbol: nonblank(&q.symbol).map(|s| normalize_symbol(&s)),
        side,
        statuses,
    };
    let (index, size) = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .bounds();
    let (rows, total) =
        repo::page_for_user(&state.db, me.id(), &filter, Default::default(), index, size).await?;
    ok(Page {
        rows: rows.iter().map(view).collect(),
        total,
    })
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TradeQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    pub symbol: Option<String>,
}

/// One of the caller's trades, from the caller's side.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct TradeView {
    pub id: i64,
    pub order_id: i64,
    pub symbol: String,
    /// The caller's side: `buy` or `sell`.
    pub side: String,
    /// `maker` (the caller's order rested) or `taker`.
    pub role: String,
    pub price: String,
    pub amount: String,
    pub total: String,
    pub fee: String,
    pub fee_coin: String,
    pub create_time: DateTime<Utc>,
}

fn trade_view(t: spot_trade::Model, me: i64) -> TradeView {
    let taker = t.taker_user_id == me;
    let side = if taker {
        t.taker_side
    } else {
        t.taker_side.opposite()
    };
    let (fee, fee_coin) = if side == OrderSide::Buy {
        let base = t.symbol.strip_suffix("usdt").unwrap_or(&t.symbol);
        (t.buyer_fee, base.to_ascii_uppercase())
    } else {
        (t.seller_fee, USDT.to_string())
    };
    TradeView {
        id: t.id,
        order_id: if taker {
            t.taker_order_id
        } else {
            t.maker_order_id
        },
        symbol: t.symbol,
        side: side.into(),
        role: if taker { "taker" } else { "maker" }.into(),
        price: t.price.to_string(),
        amount: t.qty.to_string(),
        total: t.quote.to_string(),
        fee: fee.to_string(),
        fee_coin,
        create_time: t.created_at,
    }
}

async fn trades(state: &SpotContext, me: i64, q: &TradeQuery) -> Reply<Page<TradeView>> {
    let symbol = nonblank(&q.symbol).map(|s| normalize_symbol(&s));
    let (index, size) = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .bounds();
    let (rows, total) =
        repo::trades_for_user(&state.db, me, symbol.as_deref(), index, size).await?;
    ok(Page {
        rows: rows.into_iter().map(|t| trade_view(t, me)).collect(),
        total,
    })
}

/// The caller's spot trades, newest first.
#[utoipa::path(get, path = "/api/record/currency", tag = "spot",
    params(TradeQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<TradeView>>)))]
async fn record_currency(
    State(state): State<SpotContext>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<TradeQuery>,
) -> Reply<Page<TradeView>> {
    trades(&state, me.id(), &q).await
}

/// The same list as `/api/record/currency` (both paths are in the spec).
#[utoipa::path(get, path = "/api/record/trading", tag = "spot",
    params(TradeQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<TradeView>>)))]
async fn record_trading(
    State(state): State<SpotContext>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<TradeQuery>,
) -> Reply<Page<TradeView>> {
    trades(&state, me.id(), &q).await
}
