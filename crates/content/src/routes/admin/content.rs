//! Operators on content: notices, rules, help categories and articles, with
//! one translation per language (`crate::editing` decides).

use crate::editing::{self, ContentBody, ContentRow};
use axum::extract::FromRef;
use axum::extract::{Path, State};
use onyx_http::admin::ReasonBody;
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Reply};
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
        .routes(routes!(update, delete))
}

#[derive(Deserialize, IntoParams, Debug)]
pub struct KindQuery {
    /// `notice`, `rule`, `help_category` or `help_article`; all when absent.
    pub kind: Option<String>,
}

/// Every item with all its translations.
#[utoipa::path(get, path = "/api/admin/content", tag = "admin", params(KindQuery),
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Vec<ContentRow>>)))]
async fn list(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<KindQuery>,
) -> Reply<Vec<ContentRow>> {
    me.require(Permission::EditContent)?;
    ok(editing::list(&state, onyx_http::admin::filter(&q.kind)).await?)
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
