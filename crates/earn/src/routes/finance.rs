//! Finance subscriptions (`/api/financial/*`, `/api/order/list`) and the
//! early-redemption preview both product lines share. Thin: parse, call
//! the service, answer.

use super::MaybeUser;
use crate::catalogue::{self, EarnKind, FinanceProductView, FINANCE};
use crate::orders::{self, Income, RedemptionPreview, Subscribe};
use crate::repo;
use crate::views::OrderView;
use axum::body::Bytes;
use axum::extract::{FromRef, Path, State};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Page, PageQuery, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::read_optional_json;
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_http::lang;
use onyx_http::IdempotencyKey;
use onyx_platform::Context;
use serde::Deserialize;
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(submit))
        .routes(routes!(personal_income))
        .routes(routes!(order_list))
        .routes(routes!(redeem))
        .routes(routes!(redemption_preview))
}

#[derive(Deserialize, ToSchema, Debug, Default)]
pub struct ListBody {
    /// "" all, 0 normal, 1 VIP, 2 value-added (a string or a number).
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub classify: Value,
}

fn classify_of(v: &Value) -> Result<Option<i32>, ApiError> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) if s.trim().is_empty() => Ok(None),
        Value::String(s) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| ApiError::invalid("classify")),
        Value::Number(n) => n
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| ApiError::invalid("classify")),
        _ => Err(ApiError::invalid("classify")),
    }
}

/// Finance products on offer, with the caller's purchase counts.
#[utoipa::path(post, path = "/api/financial/list", tag = "finance",
    request_body(content = Option<ListBody>),
    responses((status = 200, body = Envelope<Page<FinanceProductView>>)))]
async fn list(
    State(ctx): State<Context>,
    me: MaybeUser,
    body: Bytes,
) -> Reply<Page<FinanceProductView>> {
    let body: ListBody = read_optional_json(&body)?;
    let classify = classify_of(&body.classify)?;
    let lang = lang::current();
    let mut rows = Vec::new();
    for p in catalogue::products(&ctx.db, FINANCE, classify).await? {
        rows.push(view(&ctx, &p, me.0.as_ref(), lang).await?);
    }
    let total = rows.len() as u64;
    ok(Page { rows, total })
}

async fn view(
    ctx: &Context,
    p: &catalogue::Product,
    me: Option<&CurrentUser>,
    lang: &str,
) -> Result<FinanceProductView, ApiError> {
    let taken = repo::earning(&ctx.db, Some(p.row.id), None)
        .await?
        .iter()
        .try_fold(rust_decimal::Decimal::ZERO, |a, o| {
            a.checked_add(o.amount.get())
        })
        .unwrap_or_default();
    let mine = match me {
        Some(u) => repo::purchases(&ctx.db, p.row.id, u.id()).await?,
        None => 0,
    };
    Ok(FinanceProductView::of(p, lang, taken, mine))
}

/// One finance product.
#[utoipa::path(post, path = "/api/financial/{id}", tag = "finance",
    params(("id" = i64, Path, description = "the product's id")),
    responses((status = 200, body = Envelope<FinanceProductView>)))]
async fn detail(
    State(ctx): State<Context>,
    me: MaybeUser,
    Path(id): Path<i64>,
) -> Reply<FinanceProductView> {
    let p = catalogue::product(&ctx.db, id, FINANCE, false).await?;
    ok(view(&ctx, &p, me.0.as_ref(), lang::current()).await?)
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SubmitQuery {
    pub plan_id: i64,
    /// The principal, a plain decimal (at most 8 decimals).
    pub money: String,
    /// One of the product's terms.
    pub days: i32,
    /// Renew for another term at maturity (where the product offers it).
    pub auto_renew: Option<bool>,
}

/// Subscribes: the principal leaves spot and is held in the finance
/// wallet; interest accrues from 00:00 UTC tomorrow at the term's APR.
#[utoipa::path(post, path = "/api/financial/submit", tag = "finance",
    params(SubmitQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<OrderView>)))]
async fn submit(
    State(ctx): State<Context>,
    me: CurrentUser,
    IdempotencyKey(key): IdempotencyKey,
    ApiQuery(q): ApiQuery<SubmitQuery>,
) -> Reply<OrderView> {
    let s = Subscribe {
        product_id: q.plan_id,
        amount: q.money,
        days: Some(q.days),
        auto_renew: q.auto_renew.unwrap_or(false),
    };
    ok(orders::subscribe(&ctx, me.id(), FINANCE, &s, key, lang::current()).await?)
}

/// The caller's finance totals: subscribed, accrued, in earning orders and
/// today's interest (`commission` and `todayEarn`).
#[utoipa::path(post, path = "/api/financial/personalIncome", tag = "finance",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<Income>)))]
async fn personal_income(State(ctx): State<Context>, me: CurrentUser) -> Reply<Income> {
    ok(orders::income(&ctx, me.id(), FINANCE).await?)
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

pub(super) async fn page_of(
    ctx: &Context,
    user_id: i64,
    kind: EarnKind,
    q: &PageParams,
) -> Result<Page<OrderView>, ApiError> {
    let (offset, limit) = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .window();
    let (rows, total) = orders::list(ctx, user_id, kind, offset, limit, lang::current()).await?;
    Ok(Page { rows, total })
}

/// The caller's finance orders, newest first.
#[utoipa::path(post, path = "/api/order/list", tag = "finance",
    params(PageParams), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<OrderView>>)))]
async fn order_list(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<PageParams>,
) -> Reply<Page<OrderView>> {
    ok(page_of(&ctx, me.id(), FINANCE, &q).await?)
}

#[derive(Deserialize, ToSchema, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct IdBody {
    pub id: i64,
}

/// Redeems a finance order before maturity by its product's rule.
#[utoipa::path(post, path = "/api/financial/redeem", tag = "finance",
    request_body = IdBody, security(("satoken" = [])),
    responses((status = 200, body = Envelope<OrderView>)))]
async fn redeem(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiJson(b): ApiJson<IdBody>,
) -> Reply<OrderView> {
    ok(orders::redeem(&ctx, me.id(), FINANCE, b.id, lang::current()).await?)
}

/// What redeeming the caller's earning order (finance or staking) now
/// would return and cost.
#[utoipa::path(get, path = "/api/earn/redemption/preview", tag = "finance",
    params(IdBody), security(("satoken" = [])),
    responses((status = 200, body = Envelope<RedemptionPreview>)))]
async fn redemption_preview(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdBody>,
) -> Reply<RedemptionPreview> {
    ok(orders::preview(&ctx, me.id(), q.id).await?)
}
