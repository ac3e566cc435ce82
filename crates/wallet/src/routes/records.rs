//! The financial record: every posting that touched one of the user's
//! accounts, straight from the ledger, so the record and the balances can
//! never disagree.

use crate::asset;
use crate::repo::wallet_records::{self, RecordFilter, RecordRow};
use crate::WalletContext;
use axum::extract::FromRef;
use axum::extract::State;
use chrono::{DateTime, TimeZone, Utc};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Page, PageQuery, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::ApiQuery;
use onyx_kernel::ledger::PostingKind;
use onyx_platform::Context;
use onyx_store::entity::ledger_account;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    WalletContext: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(financial))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RecordQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// Only this coin (any case).
    pub coin: Option<String>,
    /// Only this posting kind (`transfer`, `exchange`, ...).
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// From this time on (ms, inclusive).
    pub start: Option<i64>,
    /// Up to this time (ms, inclusive).
    pub end: Option<i64>,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct RecordEntry {
    pub id: i64,
    pub tx_id: i64,
    /// The posting kind.
    #[serde(rename = "type")]
    pub kind: String,
    pub coin: String,
    pub amount: String,
    /// Signed effect on the user's total holdings: `-amount` leaving the
    /// user, `amount` arriving, `0` between the user's own accounts.
    pub change: String,
    /// A wallet of the user, a system account, or `user` for another user.
    pub from: String,
    pub to: String,
    pub from_bucket: String,
    pub to_bucket: String,
    pub reference: String,
    pub create_time: DateTime<Utc>,
}

/// Whose side this is, as the caller may see it: never another user's id.
fn label(account: &ledger_account::Model, me: i64) -> String {
    match (&account.user_id, &account.wallet, &account.system) {
        (Some(id), Some(wallet), _) if *id == me => wallet.clone(),
        (Some(_), _, _) => "user".into(),
        (None, _, Some(system)) => system.clone(),
        _ => "unknown".into(),
    }
}

fn entry(row: RecordRow, me: i64) -> Result<RecordEntry, ApiError> {
    let p = row.posting;
    let amount = p.amount.get();
    let mine = |a: &ledger_account::Model| a.user_id == Some(me);
    let change = match (mine(&row.from), mine(&row.to)) {
        (true, false) => {
            // A sign flip: exact, and cannot overflow.
            let mut leaving = amount;
            leaving.set_sign_negative(!amount.is_sign_negative());
            leaving
        }
        (false, true) => amount,
        _ => Decimal::ZERO,
    };
    Ok(RecordEntry {
        id: p.id,
        tx_id: p.tx_id,
        kind: p.kind.into(),
        coin: p.asset,
        amount: amount.normalize().to_string(),
        change: change.normalize().to_string(),
        from: label(&row.from, me),
        to: label(&row.to, me),
        from_bucket: p.from_bucket,
        to_bucket: p.to_bucket,
        reference: p.reference,
        create_time: p.created_at,
    })
}

fn time(ms: i64, field: &'static str) -> Result<DateTime<Utc>, ApiError> {
    Utc.timestamp_millis_opt(ms)
        .single()
        .ok_or_else(|| ApiError::invalid(field))
}

/// The caller's postings, newest first; `type` an unknown kind is -4.
#[utoipa::path(get, path = "/api/record/financial", tag = "record",
    params(RecordQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<RecordEntry>>)))]
async fn financial(
    State(state): State<WalletContext>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<RecordQuery>,
) -> Reply<Page<RecordEntry>> {
    let nonblank = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let kind = match nonblank(&q.kind) {
        Some(k) => Some(
            PostingKind::parse(&k.to_ascii_lowercase())
                .ok_or_else(|| ApiError::invalid("type"))?
                .as_str()
                .to_string(),
        ),
        None => None,
    };
    let filter = RecordFilter {
        asset: nonblank(&q.coin).map(|c| asset(&c)),
        kind,
        start: q.start.map(|ms| time(ms, "start")).transpose()?,
        end: q.end.map(|ms| time(ms, "end")).transpose()?,
        ..RecordFilter::default()
    };
    let (index, size) = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .bounds();
    let (rows, total) = wallet_records::postings(&state.db, me.id(), &filter, index, size).await?;
    let rows = rows
        .into_iter()
        .map(|r| entry(r, me.id()))
        .collect::<Result<Vec<_>, _>>()?;
    ok(Page { rows, total })
}
