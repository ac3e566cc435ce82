//! Staking ("livecoin", `/api/mingProduct/*`, `/api/mingOrder/*`). Thin.

use super::finance::{page_of, IdBody, PageParams};
use super::MaybeUser;
use crate::catalogue::{self, StakingProductView, STAKING};
use crate::orders::{self, Subscribe};
use crate::repo;
use crate::views::OrderView;
use axum::extract::{FromRef, State};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_http::lang;
use onyx_http::IdempotencyKey;
use onyx_platform::Context;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(products))
        .routes(routes!(show))
        .routes(routes!(submit))
        .routes(routes!(list))
        .routes(routes!(redemption))
}

/// Staking products on offer with their published rates.
#[utoipa::path(post, path = "/api/mingProduct/list", tag = "staking",
    responses((status = 200, body = Envelope<Page<StakingProductView>>)))]
async fn products(State(ctx): State<Context>, me: MaybeUser) -> Reply<Page<StakingProductView>> {
    let now = ctx.now_ms();
    let lang = lang::current();
    let mut rows = Vec::new();
    for p in catalogue::products(&ctx.db, STAKING, None).await? {
        let mine = match &me.0 {
            Some(u) => repo::purchases(&ctx.db, p.row.id, u.id()).await?,
            None => 0,
        };
        rows.push(StakingProductView::of(&p, lang, mine, now));
    }
    let total = rows.len() as u64;
    ok(Page { rows, total })
}

/// The caller's staking totals.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct StakingSummary {
    /// Principal in earning orders.
    pub amount: String,
    pub order_num: u64,
    /// Interest accrued, less what redemptions forfeited.
    pub profit_money: String,
    /// Interest accrued today (UTC), from today's postings.
    pub today_profit: String,
}

#[utoipa::path(post, path = "/api/mingOrder/show", tag = "staking",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<StakingSummary>)))]
async fn show(State(ctx): State<Context>, me: CurrentUser) -> Reply<StakingSummary> {
    let i = orders::income(&ctx, me.id(), STAKING).await?;
    ok(StakingSummary {
        amount: i.position,
        order_num: i.order_num,
        profit_money: i.sum_earn,
        today_profit: i.today_earn,
    })
}

#[derive(Deserialize, Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct StakeBody {
    pub plan_id: i64,
    /// The principal, a plain decimal string.
    pub amount: String,
    #[serde(default)]
    pub auto_renew: bool,
}

/// Stakes: the principal leaves spot and is held in the finance wallet;
/// each day from 00:00 UTC tomorrow earns the rate published for it.
#[utoipa::path(post, path = "/api/mingOrder/submit", tag = "staking",
    request_body = StakeBody, security(("satoken" = [])),
    responses((status = 200, body = Envelope<OrderView>)))]
async fn submit(
    State(ctx): State<Context>,
    me: CurrentUser,
    IdempotencyKey(key): IdempotencyKey,
    ApiJson(b): ApiJson<StakeBody>,
) -> Reply<OrderView> {
    let s = Subscribe {
        product_id: b.plan_id,
        amount: b.amount,
        days: None,
        auto_renew: b.auto_renew,
    };
    ok(orders::subscribe(&ctx, me.id(), STAKING, &s, key, lang::current()).await?)
}

/// The caller's staking orders, newest first.
#[utoipa::path(post, path = "/api/mingOrder/list", tag = "staking",
    params(PageParams), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<OrderView>>)))]
async fn list(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<PageParams>,
) -> Reply<Page<OrderView>> {
    ok(page_of(&ctx, me.id(), STAKING, &q).await?)
}

/// Redeems a staking order before maturity: the principal less the
/// published penalty back to spot.
#[utoipa::path(post, path = "/api/mingOrder/redemption", tag = "staking",
    request_body = IdBody, security(("satoken" = [])),
    responses((status = 200, body = Envelope<OrderView>)))]
async fn redemption(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiJson(b): ApiJson<IdBody>,
) -> Reply<OrderView> {
    ok(orders::redeem(&ctx, me.id(), STAKING, b.id, lang::current()).await?)
}
