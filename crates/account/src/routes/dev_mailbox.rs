//! The development mailbox: on a `--demo` server without SMTP, the codes
//! the demo sends are read here (`/dev/mailbox`, a plain page, and
//! `/api/dev/mailbox` for tests). Everywhere else both do not exist: the
//! page answers HTTP 404 and the call answers `-6` like any unknown call.

use axum::extract::FromRef;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Json;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::ApiQuery;
use onyx_kernel::ErrorCode;
use onyx_platform::notify::{DevMailbox, DevMessage};
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
        .routes(routes!(messages))
        .route("/dev/mailbox", get(page))
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct MailboxQuery {
    /// Only messages to this email address or phone number (exact).
    pub target: Option<String>,
}

impl MailboxQuery {
    fn target(&self) -> Option<&str> {
        self.target
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
    }
}

/// The development mailbox, newest first, codes included. Exists only on a
/// `--demo` server without SMTP; elsewhere `-6`.
#[utoipa::path(get, path = "/api/dev/mailbox", tag = "dev", params(MailboxQuery),
    responses((status = 200, body = Envelope<Vec<DevMessage>>)))]
async fn messages(
    State(state): State<Context>,
    ApiQuery(q): ApiQuery<MailboxQuery>,
) -> Reply<Vec<DevMessage>> {
    let mailbox = state
        .notify
        .mailbox()
        .ok_or(ApiError::new(ErrorCode::NotFound))?;
    ok(mailbox.newest_first(q.target()))
}

async fn page(State(state): State<Context>, ApiQuery(q): ApiQuery<MailboxQuery>) -> Response {
    let Some(mailbox) = state.notify.mailbox() else {
        // JSON, so the API's envelope layer passes the 404 through as is.
        let body = Envelope {
            code: ErrorCode::NotFound.code(),
            msg: "Not found".to_string(),
            data: serde_json::Value::Null,
        };
        return (StatusCode::NOT_FOUND, Json(body)).into_response();
    };
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        render(mailbox, q.target()),
    )
        .into_response()
}

/// The page: a warning that says what this is, a filter, and the messages.
/// No script and no inline style, so any content policy allows it.
fn render(mailbox: &DevMailbox, target: Option<&str>) -> String {
    let messages = mailbox.newest_first(target);
    let mut html = String::from(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\">\
         <title>Onyx development mailbox</title></head><body>\
         <h1>Development mailbox</h1>\
         <p><strong>This page exists only because this server runs with <code>--demo</code> \
         and without SMTP.</strong> It shows every verification code the server sent, \
         so anyone who can open it can take over any account. A public server must never \
         run with <code>--demo</code>.</p>\
         <p>Messages are kept in memory only (the newest 500; gone on restart), newest first. \
         The operator outbox records that they were sent, never their codes.</p>\
         <form method=\"get\" action=\"/dev/mailbox\"><label>Email or phone \
         <input name=\"target\" value=\"",
    );
    html.push_str(&onyx_kernel::html::escape(target.unwrap_or("")));
    html.push_str(
        "\"></label> <button type=\"submit\">Filter</button> \
         <a href=\"/dev/mailbox\">All</a></form>",
    );
    if messages.is_empty() {
        html.push_str("<p>No messages.</p>");
    } else {
        html.push_str(
            "<table><thead><tr><th>Time (UTC)</th><th>Channel</th><th>To</th>\
             <th>Purpose</th><th>Code</th><th>Message</th></tr></thead><tbody>",
        );
        for m in &messages {
            html.push_str("<tr>");
            for cell in [
                m.create_time.format("%Y-%m-%d %H:%M:%S").to_string(),
                m.channel.to_string(),
                m.target.clone(),
                m.purpose.to_string(),
                m.code.clone(),
                format!("{}: {}", m.subject, m.body),
            ] {
                html.push_str("<td>");
                html.push_str(&onyx_kernel::html::escape(&cell));
                html.push_str("</td>");
            }
            html.push_str("</tr>");
        }
        html.push_str("</tbody></table>");
    }
    html.push_str("</body></html>\n");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_a_filter_or_message_stays_text() {
        let page = render(&DevMailbox::default(), Some("\"><script>x</script>"));
        assert!(!page.contains("<script>"));
        assert!(page.contains("must never run with <code>--demo</code>"));
    }
}
