//! Public notices and rules (about, terms, privacy), in the caller's
//! language with English as the fallback per item.

use crate::repo::content;
use axum::extract::FromRef;
use axum::extract::State;
use chrono::{DateTime, Utc};
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::{ApiError, ApiResult};
use onyx_http::extract::ApiQuery;
use onyx_http::lang;
use onyx_platform::Context;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub const KEY_CHARS_MAX: usize = 64;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(notice_list))
        .routes(routes!(rules_list))
}

/// A key-like query value: non-empty, at most 64 letters, digits, `_`, `-`.
pub(crate) fn key_param<'a>(value: &'a str, field: &'static str) -> ApiResult<&'a str> {
    let v = value.trim();
    let fits = !v.is_empty()
        && v.len() <= KEY_CHARS_MAX
        && v.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if fits {
        Ok(v)
    } else {
        Err(ApiError::invalid(field))
    }
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct NoticeQuery {
    /// `ROLL_NOTICE`, `POP_UPS_NOTICE`, `ACTIVITY_NOTICE`.
    pub key: String,
    /// Placement, e.g. `HOME`; all placements when absent.
    pub model_key: Option<String>,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct NoticeRow {
    pub id: i64,
    pub key: String,
    pub model_key: Option<String>,
    pub title: String,
    /// Sanitized HTML.
    pub content: String,
    pub create_time: DateTime<Utc>,
}

/// Published notices of one key, in display order (`sort`, then newest).
#[utoipa::path(get, path = "/api/notice/list", tag = "content", params(NoticeQuery),
    responses((status = 200, body = Envelope<Vec<NoticeRow>>)))]
async fn notice_list(
    State(state): State<Context>,
    ApiQuery(q): ApiQuery<NoticeQuery>,
) -> Reply<Vec<NoticeRow>> {
    let key = key_param(&q.key, "key")?;
    let model_key = match q.model_key.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(m) => Some(key_param(m, "modelKey")?),
    };
    let items = content::published(&state.db, content::KIND_NOTICE, Some(key), model_key).await?;
    let rows = content::localize(&state.db, items, lang::current()).await?;
    ok(rows
        .into_iter()
        .map(|l| NoticeRow {
            id: l.item.id,
            key: l.item.key,
            model_key: l.item.model_key,
            title: l.title,
            content: l.content,
            create_time: l.item.created_at,
        })
        .collect())
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct RulesQuery {
    /// `ABOUT`, `TERMS`, `PRIVACY`, ...
    pub key: String,
}

#[derive(Serialize, ToSchema, Debug)]
pub struct RuleRow {
    pub id: i64,
    pub key: String,
    pub title: String,
    /// Sanitized HTML.
    pub content: String,
}

/// Published rule texts of one key (the about page is `key=ABOUT`).
#[utoipa::path(get, path = "/api/option/rules/list", tag = "content", params(RulesQuery),
    responses((status = 200, body = Envelope<Vec<RuleRow>>)))]
async fn rules_list(
    State(state): State<Context>,
    ApiQuery(q): ApiQuery<RulesQuery>,
) -> Reply<Vec<RuleRow>> {
    let key = key_param(&q.key, "key")?;
    let items = content::published(&state.db, content::KIND_RULE, Some(key), None).await?;
    let rows = content::localize(&state.db, items, lang::current()).await?;
    ok(rows
        .into_iter()
        .map(|l| RuleRow {
            id: l.item.id,
            key: l.item.key,
            title: l.title,
            content: l.content,
        })
        .collect())
}
