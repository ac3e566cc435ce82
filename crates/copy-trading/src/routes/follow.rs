//! Followers and lead traders. Thin: parse, call the service, answer.

use super::MaybeUser;
use crate::follows::{self, CopyOrder, FollowBody, MineProfit, MineTrader, SkipView, StopBody};
use crate::traders::{
    self, ApplyBody, LeadPosition, MyTrader, ProfitDay, TraderCard, TraderInfo, UpdateBody,
};
use axum::body::Bytes;
use axum::extract::{FromRef, Path, State};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Page, PageQuery, Reply};
use onyx_http::extract::read_optional_json;
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
        .routes(routes!(trader_list))
        .routes(routes!(trader_info))
        .routes(routes!(trader_profit))
        .routes(routes!(trader_order))
        .routes(routes!(add_trader_user))
        .routes(routes!(edit_trader_user))
        .routes(routes!(del_trader_user))
        .routes(routes!(mine_trader))
        .routes(routes!(mine_profit))
        .routes(routes!(mine_order))
        .routes(routes!(mine_skips))
        .routes(routes!(my_trader))
        .routes(routes!(apply_trader))
        .routes(routes!(update_trader))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// 0 overall, 1 30-day ROI, 2 14-day win rate, 3 AUM.
    pub sort_by: Option<i32>,
    pub trader_name: Option<String>,
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HistoryParams {
    /// 0 open, 1 history.
    pub is_history: Option<u8>,
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

fn window(page_num: Option<u64>, page_size: Option<u64>) -> (u64, u64) {
    PageQuery {
        page_num,
        page_size,
    }
    .window()
}

/// Approved lead traders with their computed figures.
#[utoipa::path(get, path = "/api/follow/traderList", tag = "copy trading",
    params(ListParams), responses((status = 200, body = Envelope<Page<TraderCard>>)))]
async fn trader_list(
    State(ctx): State<Context>,
    me: MaybeUser,
    ApiQuery(q): ApiQuery<ListParams>,
) -> Reply<Page<TraderCard>> {
    let (offset, limit) = window(q.page_num, q.page_size);
    let (rows, total) = traders::list(
        &ctx,
        q.sort_by.unwrap_or(0),
        q.trader_name.as_deref().unwrap_or_default(),
        me.0.map(|u| u.id()),
        offset,
        limit,
    )
    .await?;
    ok(Page { rows, total })
}

/// A lead trader's page.
#[utoipa::path(get, path = "/api/follow/traderInfo/{id}", tag = "copy trading",
    params(("id" = i64, Path, description = "the trader's id")),
    responses((status = 200, body = Envelope<TraderInfo>)))]
async fn trader_info(
    State(ctx): State<Context>,
    me: MaybeUser,
    Path(id): Path<i64>,
) -> Reply<TraderInfo> {
    ok(traders::info(&ctx, id, me.0.map(|u| u.id())).await?)
}

/// The trader's daily ROI over 30 days.
#[utoipa::path(get, path = "/api/follow/traderProfit/{id}", tag = "copy trading",
    params(("id" = i64, Path, description = "the trader's id")),
    responses((status = 200, body = Envelope<Vec<ProfitDay>>)))]
async fn trader_profit(State(ctx): State<Context>, Path(id): Path<i64>) -> Reply<Vec<ProfitDay>> {
    ok(traders::profit(&ctx, id).await?)
}

/// The trader's own positions: open ones after the trader's delay, or
/// the history.
#[utoipa::path(get, path = "/api/follow/traderOrder/{id}", tag = "copy trading",
    params(("id" = i64, Path, description = "the trader's id"), HistoryParams),
    responses((status = 200, body = Envelope<Page<LeadPosition>>)))]
async fn trader_order(
    State(ctx): State<Context>,
    Path(id): Path<i64>,
    ApiQuery(q): ApiQuery<HistoryParams>,
) -> Reply<Page<LeadPosition>> {
    let (offset, limit) = window(q.page_num, q.page_size);
    let (rows, total) =
        traders::orders(&ctx, id, q.is_history.unwrap_or(0) == 1, offset, limit).await?;
    ok(Page { rows, total })
}

/// Starts copying a lead trader.
#[utoipa::path(post, path = "/api/follow/addTraderUser", tag = "copy trading",
    request_body = FollowBody, security(("satoken" = [])),
    responses((status = 200, body = Envelope<MineTrader>)))]
async fn add_trader_user(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiJson(b): ApiJson<FollowBody>,
) -> Reply<MineTrader> {
    ok(follows::add(&ctx, me.id(), &b).await?)
}

/// Changes how the caller copies a trader they follow.
#[utoipa::path(post, path = "/api/follow/editTraderUser", tag = "copy trading",
    request_body = FollowBody, security(("satoken" = [])),
    responses((status = 200, body = Envelope<MineTrader>)))]
async fn edit_trader_user(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiJson(b): ApiJson<FollowBody>,
) -> Reply<MineTrader> {
    ok(follows::edit(&ctx, me.id(), &b).await?)
}

/// Stops copying; the open copies stay or close at the mark.
#[utoipa::path(post, path = "/api/follow/delTraderUser", tag = "copy trading",
    request_body = StopBody, security(("satoken" = [])),
    responses((status = 200, body = Envelope<bool>)))]
async fn del_trader_user(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiJson(b): ApiJson<StopBody>,
) -> Reply<bool> {
    follows::stop(&ctx, me.id(), &b).await?;
    ok(true)
}

/// The traders the caller follows or followed.
#[utoipa::path(post, path = "/api/follow/mineTrader", tag = "copy trading",
    security(("satoken" = [])), responses((status = 200, body = Envelope<Page<MineTrader>>)))]
async fn mine_trader(State(ctx): State<Context>, me: CurrentUser) -> Reply<Page<MineTrader>> {
    let rows = follows::mine(&ctx, me.id()).await?;
    let total = u64::try_from(rows.len()).unwrap_or(u64::MAX);
    ok(Page { rows, total })
}

/// The caller's totals over their copies.
#[utoipa::path(get, path = "/api/follow/mineProfit", tag = "copy trading",
    security(("satoken" = [])), responses((status = 200, body = Envelope<MineProfit>)))]
async fn mine_profit(State(ctx): State<Context>, me: CurrentUser) -> Reply<MineProfit> {
    ok(follows::profit(&ctx, me.id()).await?)
}

/// The caller's copied positions, open or history.
#[utoipa::path(get, path = "/api/follow/mineOrder", tag = "copy trading",
    params(HistoryParams), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<CopyOrder>>)))]
async fn mine_order(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<HistoryParams>,
) -> Reply<Page<CopyOrder>> {
    let (offset, limit) = window(q.page_num, q.page_size);
    let (rows, total) =
        follows::orders(&ctx, me.id(), q.is_history.unwrap_or(0) == 1, offset, limit).await?;
    ok(Page { rows, total })
}

/// Copies that were not made for the caller, and why.
#[utoipa::path(get, path = "/api/follow/mineSkips", tag = "copy trading",
    params(HistoryParams), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<SkipView>>)))]
async fn mine_skips(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<HistoryParams>,
) -> Reply<Page<SkipView>> {
    let (offset, limit) = window(q.page_num, q.page_size);
    let (rows, total) = follows::skips(&ctx, me.id(), offset, limit).await?;
    ok(Page { rows, total })
}

/// The caller's application or trader profile (null: none).
#[utoipa::path(get, path = "/api/follow/myTrader", tag = "copy trading",
    security(("satoken" = [])), responses((status = 200, body = Envelope<Option<MyTrader>>)))]
async fn my_trader(State(ctx): State<Context>, me: CurrentUser) -> Reply<Option<MyTrader>> {
    ok(traders::mine(&ctx, me.id()).await?)
}

/// Applies to become a lead trader.
#[utoipa::path(post, path = "/api/follow/applyTrader", tag = "copy trading",
    request_body = ApplyBody, security(("satoken" = [])),
    responses((status = 200, body = Envelope<MyTrader>)))]
async fn apply_trader(State(ctx): State<Context>, me: CurrentUser, body: Bytes) -> Reply<MyTrader> {
    // The spec's client posts no body: the profile is then asked for.
    let b: ApplyBody = read_optional_json(&body)?;
    ok(traders::apply(&ctx, me.id(), &b).await?)
}

/// An approved trader's profile and order delay.
#[utoipa::path(post, path = "/api/follow/updateTrader", tag = "copy trading",
    request_body = UpdateBody, security(("satoken" = [])),
    responses((status = 200, body = Envelope<MyTrader>)))]
async fn update_trader(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiJson(b): ApiJson<UpdateBody>,
) -> Reply<MyTrader> {
    ok(traders::update(&ctx, me.id(), &b).await?)
}
