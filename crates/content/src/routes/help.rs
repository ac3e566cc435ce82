//! The help centre: categories with their articles, and one article.

use crate::repo::content;
use axum::extract::FromRef;
use axum::extract::State;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::extract::ApiQuery;
use onyx_http::lang;
use onyx_kernel::ErrorCode;
use onyx_platform::Context;
use serde::{Deserialize, Serialize};
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
}

#[derive(Serialize, ToSchema, Debug)]
pub struct HelpItem {
    pub id: i64,
    pub title: String,
}

#[derive(Serialize, ToSchema, Debug)]
pub struct HelpCategory {
    pub id: i64,
    pub title: String,
    pub items: Vec<HelpItem>,
}

/// Published categories in order, each with its published articles.
#[utoipa::path(get, path = "/api/help/list", tag = "content",
    responses((status = 200, body = Envelope<Vec<HelpCategory>>)))]
async fn list(State(state): State<Context>) -> Reply<Vec<HelpCategory>> {
    let db = &state.db;
    let lang = lang::current();
    let categories = content::published(db, content::KIND_HELP_CATEGORY, None, None).await?;
    let articles = content::published(db, content::KIND_HELP_ARTICLE, None, None).await?;
    let categories = content::localize(db, categories, lang).await?;
    let articles = content::localize(db, articles, lang).await?;
    ok(categories
        .into_iter()
        .map(|c| HelpCategory {
            items: articles
                .iter()
                .filter(|a| a.item.parent_id == Some(c.item.id))
                .map(|a| HelpItem {
                    id: a.item.id,
                    title: a.title.clone(),
                })
                .collect(),
            id: c.item.id,
            title: c.title,
        })
        .collect())
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct DetailQuery {
    pub id: i64,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct HelpDetail {
    pub id: i64,
    pub title: String,
    /// Sanitized HTML.
    pub content: String,
    pub category_title: String,
}

/// One published article.
#[utoipa::path(get, path = "/api/help/detail", tag = "content", params(DetailQuery),
    responses((status = 200, body = Envelope<HelpDetail>)))]
async fn detail(
    State(state): State<Context>,
    ApiQuery(q): ApiQuery<DetailQuery>,
) -> Reply<HelpDetail> {
    let db = &state.db;
    let lang = lang::current();
    let article = content::find(db, q.id)
        .await?
        .filter(|a| a.kind == content::KIND_HELP_ARTICLE && a.published)
        .ok_or(ErrorCode::NotFound)?;
    let category = match article.parent_id {
        Some(pid) => content::find(db, pid).await?,
        None => None,
    };
    let category_title = match category {
        Some(c) => content::localize(db, vec![c], lang)
            .await?
            .pop()
            .map(|c| c.title)
            .unwrap_or_default(),
        None => String::new(),
    };
    let a = content::localize(db, vec![article], lang)
        .await?
        .pop()
        .ok_or(ErrorCode::NotFound)?;
    ok(HelpDetail {
        id: a.item.id,
        title: a.title,
        content: a.content,
        category_title,
    })
}
