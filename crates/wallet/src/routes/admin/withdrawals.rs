//! The withdrawal review queue and its two outcomes. Approving pays out
//! what was frozen at submit (net amount to `external`, fees to `fees`);
//! rejecting unfreezes it. Either runs in one ledger transaction with the
//! status change, the user's message and the audit row, and re-reads the
//! status inside it, so a request is decided once.

use crate as wallet;
use crate::entity::withdrawal;
use crate::repo::withdrawals::{self, STATUS_APPROVED, STATUS_PENDING, STATUS_REJECTED};
use crate::routes::withdrawals::WithdrawalView;
use crate::WalletContext;
use axum::extract::FromRef;
use axum::extract::{Path, State};
use onyx_content::repo::messages;
use onyx_http::admin::{filter, page};
use onyx_http::auth::{CurrentAdmin, Permission};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::error::{ApiError, ApiResult};
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use onyx_kernel::{i18n, ErrorCode};
use onyx_platform::audit;
use onyx_platform::notice;
use onyx_platform::Context;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

/// Longest transaction hash accepted; real ones are 64 to 66 characters.
const TX_HASH_CHARS_MAX: usize = 128;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    WalletContext: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(queue))
        .routes(routes!(approve))
        .routes(routes!(reject))
}

/// A withdrawal with its owner, for operators.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AdminWithdrawal {
    pub user_id: i64,
    #[serde(flatten)]
    pub withdrawal: WithdrawalView,
}

impl From<withdrawal::Model> for AdminWithdrawal {
    fn from(w: withdrawal::Model) -> AdminWithdrawal {
        AdminWithdrawal {
            user_id: w.user_id,
            withdrawal: WithdrawalView::from(w),
        }
    }
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
pub struct QueueQuery {
    /// `pending` (default), `approved` or `rejected`.
    pub status: Option<String>,
    pub user_id: Option<i64>,
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

/// Withdrawals in one status, oldest first (the queue order).
#[utoipa::path(get, path = "/api/admin/withdrawals", tag = "admin", params(QueueQuery),
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<AdminWithdrawal>>)))]
async fn queue(
    State(state): State<WalletContext>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<QueueQuery>,
) -> Reply<Page<AdminWithdrawal>> {
    me.require(Permission::ReviewFunds)?;
    let status = filter(&q.status).unwrap_or(STATUS_PENDING);
    if !withdrawals::STATUSES.contains(&status) {
        return Err(ApiError::invalid("status"));
    }
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) =
        withdrawals::page_by_status(&state.db, status, q.user_id, index, size).await?;
    ok(Page {
        rows: rows.into_iter().map(AdminWithdrawal::from).collect(),
        total,
    })
}

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct ApproveBody {
    /// The payout's transaction hash on the network.
    #[serde(default)]
    pub tx_hash: String,
    #[serde(default)]
    pub reason: String,
}

#[derive(Deserialize, ToSchema, Debug)]
pub struct RejectBody {
    /// Shown to the user.
    #[serde(default)]
    pub reason: String,
}

/// Approves a pending withdrawal: the net amount goes to `external`, the
/// fees to `fees`; the user is told with the transaction hash.
#[utoipa::path(post, path = "/api/admin/withdrawals/{id}/approve", tag = "admin",
    params(("id" = i64, Path)), request_body = ApproveBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<AdminWithdrawal>)))]
async fn approve(
    State(state): State<WalletContext>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ApproveBody>,
) -> Reply<AdminWithdrawal> {
    me.require(Permission::ReviewFunds)?;
    let reason = audit::reason(&body.reason)?;
    let tx_hash = body.tx_hash.trim();
    if tx_hash.is_empty() {
        return Err(ApiError::missing("txHash"));
    }
    let shaped = tx_hash.chars().count() <= TX_HASH_CHARS_MAX
        && tx_hash.chars().all(|c| c.is_ascii_graphic());
    if !shaped {
        return Err(ApiError::invalid("txHash"));
    }
    ok(decide(&state, &me, id, Outcome::Approve { tx_hash }, reason).await?)
}

/// Rejects a pending withdrawal: everything frozen for it is available
/// again, and the user sees the reason.
#[utoipa::path(post, path = "/api/admin/withdrawals/{id}/reject", tag = "admin",
    params(("id" = i64, Path)), request_body = RejectBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<AdminWithdrawal>)))]
async fn reject(
    State(state): State<WalletContext>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<RejectBody>,
) -> Reply<AdminWithdrawal> {
    me.require(Permission::ReviewFunds)?;
    let reason = audit::reason(&body.reason)?;
    ok(decide(&state, &me, id, Outcome::Reject, reason).await?)
}

enum Outcome<'a> {
    Approve { tx_hash: &'a str },
    Reject,
}

fn stored(text: &str) -> ApiResult<Amount> {
    Amount::parse(text).map_err(|e| ApiError::internal(format!("stored amount {text:?}: {e}")))
}

async fn decide(
    state: &WalletContext,
    me: &CurrentAdmin,
    id: i64,
    outcome: Outcome<'_>,
    reason: &str,
) -> ApiResult<AdminWithdrawal> {
    let mut txn = state.ledger.begin().await?;
    let w = withdrawals::find(txn.conn(), id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    if w.status != STATUS_PENDING {
        return Err(ErrorCode::InvalidState.into());
    }
    let reference = PostingRef::Withdrawal(id);
    let user = u64::try_from(w.user_id).map_err(ApiError::internal)?;
    let at_ms = wallet::now_ms();
    let frozen = |asset: &str| Side::frozen(AccountId::user(user, Wallet::Spot, asset));
    let posting = |kind, asset: &str, amount, to| Posting {
        kind,
        asset: asset.to_string(),
        amount,
        from: frozen(asset),
        to,
        reference: reference.clone(),
        at_ms,
    };
    let system = |account, asset: &str| Side::available(AccountId::system(account, asset));
    let mut legs: Vec<(PostingKind, String, Amount, Side)> = Vec::new();
    let separate = match (&w.separate_fee_coin, &w.separate_fee) {
        (Some(coin), Some(amount)) => Some((wallet::asset(coin), stored(amount)?)),
        _ => None,
    };
    let (status, tx_hash) = match outcome {
        Outcome::Approve { tx_hash } => {
            legs.push((
                PostingKind::Withdrawal,
                w.coin.clone(),
                stored(&w.net_amount)?,
                system(SystemAccount::External, &w.coin),
            ));
            legs.push((
                PostingKind::WithdrawalFee,
                w.coin.clone(),
                stored(&w.fee)?,
                system(SystemAccount::Fees, &w.coin),
            ));
            if let Some((coin, amount)) = &separate {
                legs.push((
                    PostingKind::WithdrawalFee,
                    coin.clone(),
                    *amount,
                    system(SystemAccount::Fees, coin),
                ));
            }
            (STATUS_APPROVED, Some(tx_hash))
        }
        Outcome::Reject => {
            let account = |asset: &str| Side::available(AccountId::user(user, Wallet::Spot, asset));
            legs.push((
                PostingKind::Unfreeze,
                w.coin.clone(),
                stored(&w.amount)?,
                account(&w.coin),
            ));
            if let Some((coin, amount)) = &separate {
                legs.push((PostingKind::Unfreeze, coin.clone(), *amount, account(coin)));
            }
            (STATUS_REJECTED, None)
        }
    };
    // A zero leg (a free withdrawal's fee) moves nothing and the ledger
    // refuses zero postings.
    let postings: Vec<Posting> = legs
        .into_iter()
        .filter(|(_, _, amount, _)| !amount.is_zero())
        .map(|(kind, asset, amount, to)| posting(kind, &asset, amount, to))
        .collect();
    txn.post(&reference, postings).await?;
    let review = withdrawals::Review {
        status,
        tx_hash,
        reason,
        reviewed_by: me.admin.id,
    };
    if !withdrawals::review(txn.conn(), id, review).await? {
        return Err(ErrorCode::InvalidState.into());
    }
    let lang = notice::user_lang(txn.conn(), w.user_id).await?;
    let (title, content) = review_message(lang, &w, status, tx_hash, reason);
    messages::create(txn.conn(), w.user_id, &title, &content).await?;
    let action = if status == STATUS_APPROVED {
        "withdrawal.approve"
    } else {
        "withdrawal.reject"
    };
    let detail = json!({"userId": w.user_id, "coin": w.coin, "amount": w.amount,
        "fee": w.fee, "netAmount": w.net_amount, "txHash": tx_hash,
        "status": {"old": w.status, "new": status}});
    audit::record(
        txn.conn(),
        &me.actor(),
        action,
        &reference.to_string(),
        reason,
        detail,
    )
    .await?;
    let decided = withdrawals::find(txn.conn(), id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    txn.commit().await?;
    tracing::info!(
        withdrawal_id = id,
        admin_id = me.admin.id,
        status,
        "withdrawal reviewed"
    );
    Ok(AdminWithdrawal::from(decided))
}

/// The message-centre text of a decision, in the user's registration
/// language; operator text is escaped into the HTML body.
fn review_message(
    lang: &str,
    w: &withdrawal::Model,
    status: &str,
    tx_hash: Option<&str>,
    reason: &str,
) -> (String, String) {
    let (title_key, body_key) = if status == STATUS_APPROVED {
        ("withdrawal_approved_title", "withdrawal_approved_body")
    } else {
        ("withdrawal_rejected_title", "withdrawal_rejected_body")
    };
    let args = [
        ("amount", w.amount.clone()),
        ("net", w.net_amount.clone()),
        ("coin", w.coin.clone()),
        ("address", w.address.clone()),
        ("txHash", tx_hash.unwrap_or("").to_string()),
        ("reason", reason.to_string()),
    ];
    let title = i18n::message(lang, title_key, &args);
    let body = i18n::message(lang, body_key, &args);
    (title, notice::paragraph(&body))
}
