//! Operators on content: notices, rules, help categories and articles, with
//! one translation per language (`crate::editing` decides).

use crate::editing::{self, ContentBody, ContentRow};
use crate::repo::content::{ContentKind, ContentSort, ItemFilter};
use axum::extract::FromRef;
use axum::extract::{Path, State};
use onyx_http::admin::{filter, page, sort, ReasonBody};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::error::ApiError;
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
        .routes(routes!(one, update, delete))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ContentQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// `notice`, `rule`, `help_category` or `help_article`; all when absent.
    pub kind: Option<String>,
    /// Only items with a translation in this language (`en`, `zh`, ...).
    pub lang: Option<String>,
    /// In the key or in any translation's title, any case.
    pub keyword: Option<String>,
    /// Sort key: `kind` (then category and `sort`), `id`, `key`, `published`, `createTime`, `updateTime` (default `kind` asc).
    pub order_by: Option<String>,
    /// `asc` or `desc`.
    pub order: Option<String>,
}

/// Items with all their translations, a page at a time: by kind
/// (notices, rules, help categories, help articles), then category,
/// `sort` and id, unless `orderBy` says otherwise.
#[utoipa::path(get, path = "/api/admin/content", tag = "admin", params(ContentQuery),
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<ContentRow>>)))]
async fn list(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<ContentQuery>,
) -> Reply<Page<ContentRow>> {
    me.require(Permission::EditContent)?;
    let lang = filter(&q.lang).map(str::to_ascii_lowercase);
    // A kind that does not exist is an invalid field, not an empty page.
    let kind = match filter(&q.kind) {
        Some(k) => Some(ContentKind::parse(k).ok_or_else(|| ApiError::invalid("kind"))?),
        None => None,
    };
    let items = ItemFilter {
        kind,
        lang: lang.as_deref(),
        keyword: filter(&q.keyword),
    };
    let order = sort::<ContentSort>(&q.order_by, &q.order)?;
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) = editing::page(&state, items, order, index, size).await?;
    ok(Page { rows, total })
}

/// One item with all its translations.
#[utoipa::path(get, path = "/api/admin/content/{id}", tag = "admin",
    params(("id" = i64, Path)), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<ContentRow>)))]
async fn one(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
) -> Reply<ContentRow> {
    me.require(Permission::EditContent)?;
    ok(editing::one(&state, id).await?)
}

/// Creates an item; an English translation is required (the fallback).
#[utoipa::path(post, path = "/api/admin/content", tag = "admin", request_body = ContentBody,
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<ContentRow>)))]
async fn create(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiJson(body): ApiJson<ContentBody>,
) -> Reply<ContentRow> {
    me.require(Permission::EditContent)?;
    ok(editing::create(&state, &me.actor(), &body).await?)
}

/// Replaces an item's fields; translations given are upserted per
/// language, others kept.
#[utoipa::path(put, path = "/api/admin/content/{id}", tag = "admin",
    params(("id" = i64, Path)), request_body = ContentBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<ContentRow>)))]
async fn update(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ContentBody>,
) -> Reply<ContentRow> {
    me.require(Permission::EditContent)?;
    ok(editing::update(&state, &me.actor(), id, &body).await?)
}

/// Deletes an item and its translations. A category that still has
/// articles cannot be deleted.
#[utoipa::path(delete, path = "/api/admin/content/{id}", tag = "admin",
    params(("id" = i64, Path)), request_body = ReasonBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn delete(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> Reply<()> {
    me.require(Permission::EditContent)?;
    editing::delete(&state, &me.actor(), id, &body.reason).await?;
    ok(())
}
