//! The welfare centre's calls, users' and operators'. Thin.

use crate::welfare::{self, CalendarDay, ClaimView, WelfareCenter};
use crate::welfare_editing::{
    self, CalendarBody, ConditionBody, ConditionView, TaskAdminView, TaskBody,
};
use axum::extract::{FromRef, Path, State};
use onyx_http::auth::{CurrentAdmin, CurrentUser, Permission};
use onyx_http::envelope::{ok, Envelope, Page, PageQuery, Reply};
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_http::lang;
use onyx_platform::Context;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(center))
        .routes(routes!(claim))
        .routes(routes!(sign_in))
        .routes(routes!(claims))
        .routes(routes!(tasks, create_task))
        .routes(routes!(update_task))
        .routes(routes!(set_calendar))
        .routes(routes!(condition, set_condition))
}

/// The caller's tasks with their measured progress, the sign-in calendar
/// with their streak, and the rules.
#[utoipa::path(get, path = "/api/welfare/center", tag = "welfare",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<WelfareCenter>)))]
async fn center(State(ctx): State<Context>, me: CurrentUser) -> Reply<WelfareCenter> {
    ok(welfare::center(&ctx, me.id(), lang::current()).await?)
}

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct ClaimBody {
    pub task_id: i64,
}

/// Claims a complete task's reward, once.
#[utoipa::path(post, path = "/api/welfare/claim", tag = "welfare",
    request_body = ClaimBody, security(("satoken" = [])),
    responses((status = 200, body = Envelope<ClaimView>)))]
async fn claim(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiJson(b): ApiJson<ClaimBody>,
) -> Reply<ClaimView> {
    ok(welfare::claim_task(&ctx, me.id(), b.task_id).await?)
}

/// Today's sign-in (UTC), paying the calendar's reward for the streak.
#[utoipa::path(post, path = "/api/welfare/signIn", tag = "welfare",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<ClaimView>)))]
async fn sign_in(State(ctx): State<Context>, me: CurrentUser) -> Reply<ClaimView> {
    ok(welfare::sign_in(&ctx, me.id()).await?)
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

/// The rewards the caller claimed, newest first.
#[utoipa::path(get, path = "/api/welfare/claims", tag = "welfare",
    params(PageParams), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<ClaimView>>)))]
async fn claims(
    State(ctx): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<PageParams>,
) -> Reply<Page<ClaimView>> {
    let (offset, limit) = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .window();
    let (rows, total) = welfare::claims(&ctx, me.id(), offset, limit).await?;
    ok(Page { rows, total })
}

/// Every welfare task, on or off.
#[utoipa::path(get, path = "/api/admin/welfare/tasks", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<TaskAdminView>>)))]
async fn tasks(State(ctx): State<Context>, me: CurrentAdmin) -> Reply<Vec<TaskAdminView>> {
    me.require(Permission::EditSettings)?;
    ok(welfare_editing::tasks(&ctx).await?)
}

/// Creates a task (a reason is required; audited).
#[utoipa::path(post, path = "/api/admin/welfare/tasks", tag = "admin",
    request_body = TaskBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<TaskAdminView>)))]
async fn create_task(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    ApiJson(b): ApiJson<TaskBody>,
) -> Reply<TaskAdminView> {
    me.require(Permission::EditSettings)?;
    ok(welfare_editing::create_task(&ctx, &me.actor(), &b).await?)
}

/// Changes a task; rewards already claimed stay as paid.
#[utoipa::path(put, path = "/api/admin/welfare/tasks/{id}", tag = "admin",
    params(("id" = i64, Path, description = "the task's id")),
    request_body = TaskBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<TaskAdminView>)))]
async fn update_task(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(b): ApiJson<TaskBody>,
) -> Reply<TaskAdminView> {
    me.require(Permission::EditSettings)?;
    ok(welfare_editing::update_task(&ctx, &me.actor(), id, &b).await?)
}

/// Replaces the sign-in calendar's rewards.
#[utoipa::path(put, path = "/api/admin/welfare/calendar", tag = "admin",
    request_body = CalendarBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<CalendarDay>>)))]
async fn set_calendar(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    ApiJson(b): ApiJson<CalendarBody>,
) -> Reply<Vec<CalendarDay>> {
    me.require(Permission::EditSettings)?;
    ok(welfare_editing::set_calendar(&ctx, &me.actor(), &b).await?)
}

/// The deposit condition welfare rewards are paid after.
#[utoipa::path(get, path = "/api/admin/welfare/condition", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<ConditionView>)))]
async fn condition(State(ctx): State<Context>, me: CurrentAdmin) -> Reply<ConditionView> {
    me.require(Permission::EditSettings)?;
    ok(welfare_editing::condition(&ctx).await?)
}

/// Sets the confirmed deposits (USDT; 0: any first deposit) that task and
/// sign-in rewards wait for (a reason is required; audited).
#[utoipa::path(put, path = "/api/admin/welfare/condition", tag = "admin",
    request_body = ConditionBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<ConditionView>)))]
async fn set_condition(
    State(ctx): State<Context>,
    me: CurrentAdmin,
    ApiJson(b): ApiJson<ConditionBody>,
) -> Reply<ConditionView> {
    me.require(Permission::EditSettings)?;
    ok(welfare_editing::set_condition(&ctx, &me.actor(), &b).await?)
}
