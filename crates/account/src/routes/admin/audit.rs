//! Reading the audit log, filtered by action, operator, target and time.

use crate::audit_log::AuditRow;
use axum::extract::FromRef;
use axum::extract::State;
use chrono::{DateTime, TimeZone, Utc};
use onyx_http::admin::{filter, page, sort};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::ApiQuery;
use onyx_platform::Context;
use onyx_store::repo::audit::{self, AuditFilter, AuditSort, OperatorMatch};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(list))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// Exact action, e.g. `user.freeze`.
    pub action: Option<String>,
    /// The operator's id (digits) or name as recorded (`cli` for the
    /// command line).
    pub operator: Option<String>,
    /// Exact target, `kind:id`: `user:12`, `deposit:7`, `setting:AUTH_LIMIT`.
    pub target: Option<String>,
    /// From this time on (Unix ms, inclusive).
    pub start: Option<i64>,
    /// Up to this time (Unix ms, inclusive).
    pub end: Option<i64>,
    /// Sort key: `id`, `createTime`, `action`, `actorName`, `target` (default `createTime` desc).
    pub order_by: Option<String>,
    /// `asc` or `desc`.
    pub order: Option<String>,
}

/// Longest target or operator name a filter takes, in bytes.
const FILTER_BYTES_MAX: usize = 200;

/// The query as a store filter; a value no entry could have is an
/// invalid field rather than an empty page.
pub fn audit_filter(q: &AuditQuery) -> Result<AuditFilter, ApiError> {
    let operator = filter(&q.operator).map(parse_operator).transpose()?;
    let target = filter(&q.target).map(parse_target).transpose()?;
    let start = q.start.map(|ms| time(ms, "start")).transpose()?;
    let end = q.end.map(|ms| time(ms, "end")).transpose()?;
    if let (Some(s), Some(e)) = (start, end) {
        if e < s {
            return Err(ApiError::invalid("end"));
        }
    }
    Ok(AuditFilter {
        action: filter(&q.action).map(str::to_string),
        operator,
        targets: target.into_iter().collect(),
        start,
        end,
    })
}

/// Operator names start with a letter, so digits can only be an id.
fn parse_operator(v: &str) -> Result<OperatorMatch, ApiError> {
    let bad = || ApiError::invalid("operator");
    if v.bytes().all(|b| b.is_ascii_digit()) {
        return v.parse().map(OperatorMatch::Id).map_err(|_| bad());
    }
    let ok =
        v.len() <= FILTER_BYTES_MAX && v.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    ok.then(|| OperatorMatch::Name(v.to_ascii_lowercase()))
        .ok_or_else(bad)
}

/// `kind:id`, the shape every audit entry's target has.
fn parse_target(v: &str) -> Result<String, ApiError> {
    let ok = v.len() <= FILTER_BYTES_MAX
        && !v.contains(char::is_whitespace)
        && v.split_once(':').is_some_and(|(kind, id)| {
            !kind.is_empty()
                && kind.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
                && !id.is_empty()
        });
    ok.then(|| v.to_string())
        .ok_or_else(|| ApiError::invalid("target"))
}

fn time(ms: i64, field: &'static str) -> Result<DateTime<Utc>, ApiError> {
    Utc.timestamp_millis_opt(ms)
        .single()
        .ok_or_else(|| ApiError::invalid(field))
}

/// The audit log, newest first unless `orderBy` says otherwise; every
/// filter given must match.
#[utoipa::path(get, path = "/api/admin/audit", tag = "admin", params(AuditQuery),
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<AuditRow>>)))]
async fn list(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<AuditQuery>,
) -> Reply<Page<AuditRow>> {
    me.require(Permission::ReadAudit)?;
    let filter = audit_filter(&q)?;
    let order = sort::<AuditSort>(&q.order_by, &q.order)?;
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) = audit::page(&state.db, &filter, order, index, size).await?;
    ok(Page {
        rows: rows.into_iter().map(AuditRow::from).collect(),
        total,
    })
}
