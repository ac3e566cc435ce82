//! The operator console's dashboard and the audit run: both compose every
//! product (house books, holds, settlement recomputations), so they are
//! wired here rather than in a product crate.

use crate::audit_runs::{self, AuditRunView};
use crate::dashboard::{self, Dashboard, Sight};
use crate::state::AppState;
use axum::extract::State;
use onyx_http::admin::{page, ReasonBody};
use onyx_http::auth::{role_allows, CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::extract::{ApiJson, ApiQuery};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(overview))
        .routes(routes!(run_audit))
        .routes(routes!(audit_runs))
}

/// The dashboard: today's sign-ups, confirmed deposits and approved
/// withdrawals; what waits for review; fees per product and every house's
/// book (both null unless the operator reviews funds); the last audit run
/// (its report null unless the operator reads the audit log); and each
/// coin's price feed with its age. Any signed-in operator.
#[utoipa::path(get, path = "/api/admin/dashboard", tag = "admin",
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Dashboard>)))]
async fn overview(State(state): State<AppState>, me: CurrentAdmin) -> Reply<Dashboard> {
    let role = me.admin.role.as_str();
    let sight = Sight {
        funds: role_allows(role, Permission::ReviewFunds),
        audit_details: role_allows(role, Permission::ReadAudit),
    };
    ok(dashboard::dashboard(&state.ctx, sight).await?)
}

/// Runs the checks of `onyx audit` (every balance recomputed from the
/// ledger's postings, every frozen balance against the products' holds)
/// and of `onyx verify` (every settlement recomputed from the price tape),
/// stores the run and returns it. A reason is required; audited as
/// `audit.run`. One run at a time: a second waits for the first.
#[utoipa::path(post, path = "/api/admin/audit/run", tag = "admin",
    request_body = ReasonBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<AuditRunView>)))]
async fn run_audit(
    State(state): State<AppState>,
    me: CurrentAdmin,
    ApiJson(b): ApiJson<ReasonBody>,
) -> Reply<AuditRunView> {
    me.require(Permission::ReadAudit)?;
    ok(audit_runs::run(&state.ctx, &me.actor(), &b.reason).await?)
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RunsQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

/// Audit runs, newest first, from the API and from `onyx audit`
/// (operator `cli`).
#[utoipa::path(get, path = "/api/admin/audit/runs", tag = "admin", params(RunsQuery),
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<AuditRunView>>)))]
async fn audit_runs(
    State(state): State<AppState>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<RunsQuery>,
) -> Reply<Page<AuditRunView>> {
    me.require(Permission::ReadAudit)?;
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) = audit_runs::page(&state.db, index.saturating_mul(size), size).await?;
    ok(Page { rows, total })
}
