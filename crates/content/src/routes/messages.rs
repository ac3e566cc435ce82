//! The signed-in user's message centre.

use crate::entity::message;
use crate::repo::messages;
use crate::summary::summary;
use axum::extract::FromRef;
use axum::extract::State;
use chrono::{DateTime, Utc};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, PageQuery, Reply};
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
        .routes(routes!(read_all))
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct MessageRow {
    pub id: i64,
    pub title: String,
    /// The start of the content as plain text.
    pub summary: String,
    pub read: bool,
    pub create_time: DateTime<Utc>,
}

#[derive(Serialize, ToSchema, Debug)]
pub struct MessagePage {
    pub rows: Vec<MessageRow>,
    pub total: u64,
    /// Unread messages across all pages.
    pub unread: u64,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct MessageDetail {
    pub id: i64,
    pub title: String,
    /// Sanitized HTML.
    pub content: String,
    pub read: bool,
    pub create_time: DateTime<Utc>,
}

/// A message in the reader's language, where it was written in it.
fn row(m: message::Model, lang: &str) -> MessageRow {
    MessageRow {
        summary: summary(&messages::in_lang(&m.content, lang)),
        read: m.read_at.is_some(),
        id: m.id,
        title: messages::in_lang(&m.title, lang),
        create_time: m.created_at,
    }
}

/// The caller's messages, newest first, with the unread count.
#[utoipa::path(get, path = "/api/message/list", tag = "message", params(PageQuery),
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<MessagePage>)))]
async fn list(
    State(state): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Reply<MessagePage> {
    let (index, size) = q.bounds();
    let (rows, total) =
        messages::page_for_user(&state.db, me.id(), Default::default(), index, size).await?;
    let unread = messages::unread_count(&state.db, me.id()).await?;
    ok(MessagePage {
        rows: rows.into_iter().map(|m| row(m, lang::current())).collect(),
        total,
        unread,
    })
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct DetailQuery {
    pub id: i64,
}

/// One of the caller's messages; reading it marks it read. Another user's
/// message is NotFound, as is a missing one.
#[utoipa::path(get, path = "/api/message/detail", tag = "message", params(DetailQuery),
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<MessageDetail>)))]
async fn detail(
    State(state): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<DetailQuery>,
) -> Reply<MessageDetail> {
    let m = messages::find_for_user(&state.db, me.id(), q.id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    if m.read_at.is_none() {
        messages::mark_read(&state.db, me.id(), m.id, state.clock.now()).await?;
    }
    ok(MessageDetail {
        id: m.id,
        title: messages::in_lang(&m.title, lang::current()),
        content: messages::in_lang(&m.content, lang::current()),
        read: true,
        create_time: m.created_at,
    })
}

/// Marks all the caller's messages read.
#[utoipa::path(post, path = "/api/message/readAll", tag = "message",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn read_all(State(state): State<Context>, me: CurrentUser) -> Reply<()> {
    messages::mark_all_read(&state.db, me.id(), state.clock.now()).await?;
    ok(())
}
