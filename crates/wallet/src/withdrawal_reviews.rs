//! Operators' review of withdrawals: approve (frozen funds leave with the fees, the transaction hash recorded) or reject (unfrozen).

use crate as wallet;
use crate::entity::withdrawal;
use crate::postings;
use crate::repo::withdrawals::{self, WithdrawalStatus};
use crate::withdrawals::WithdrawalView;
use crate::WalletContext;
use onyx_content::api::messages;
use onyx_kernel::ledger::PostingRef;
use onyx_kernel::money::Amount;
use onyx_kernel::{i18n, ErrorCode};
use onyx_kernel::{Failure, Outcome};
use onyx_platform::audit;
use onyx_platform::notice;
use onyx_store::DecimalText;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

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
#[into_params(parameter_in = Query)]
pub struct QueueQuery {
    /// `pending` (default), `approved` or `rejected`.
    pub status: Option<String>,
    pub user_id: Option<i64>,
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// Sort key: `id`, `userId`, `coin`, `amount`, `createTime`, `reviewTime` (default `id` asc, the queue order).
    pub order_by: Option<String>,
    /// `asc` or `desc`.
    pub order: Option<String>,
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

pub(crate) enum Decision<'a> {
    Approve { tx_hash: &'a str },
    Reject,
}

/// A stored amount as the ledger takes it: read exactly, it still has to
/// be a ledger amount (not negative, within the ledger's scale).
pub(crate) fn stored(value: DecimalText) -> Outcome<Amount> {
    Amount::from_decimal(value.get())
        .map_err(|e| Failure::internal(format!("stored amount {value}: {e:?}")))
}

pub(crate) async fn decide(
    state: &WalletContext,
    me: &onyx_store::entity::admin::Model,
    id: i64,
    outcome: Decision<'_>,
    reason: &str,
) -> Outcome<AdminWithdrawal> {
    let mut txn = state.ledger.begin().await?;
    let w = withdrawals::find(txn.conn(), id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    if w.status != WithdrawalStatus::Pending {
        return Err(ErrorCode::InvalidState.into());
    }
    let reference = PostingRef::Withdrawal(id);
    let user = u64::try_from(w.user_id).map_err(Failure::internal)?;
    let hold = postings::WithdrawalHold {
        coin: w.coin.clone(),
        amount: stored(w.amount)?,
        net_amount: stored(w.net_amount)?,
        fee: stored(w.fee)?,
        separate_fee: match (&w.separate_fee_coin, w.separate_fee) {
            (Some(coin), Some(amount)) => Some((wallet::asset(coin), stored(amount)?)),
            _ => None,
        },
    };
    let now = state.clock.now();
    let at_ms = now.timestamp_millis();
    let (status, tx_hash, legs) = match outcome {
        Decision::Approve { tx_hash } => (
            WithdrawalStatus::Approved,
            Some(tx_hash),
            postings::withdrawal_approve(user, &hold, &reference, at_ms),
        ),
        Decision::Reject => (
            WithdrawalStatus::Rejected,
            None,
            postings::withdrawal_reject(user, &hold, &reference, at_ms),
        ),
    };
    txn.post(&reference, legs).await?;
    let review = withdrawals::Review {
        status,
        tx_hash,
        reason,
        reviewed_by: me.id,
        now,
    };
    if !withdrawals::review(txn.conn(), id, review).await? {
        return Err(ErrorCode::InvalidState.into());
    }
    // In every language: the user reads it in the one they use then.
    let render = |lang: &str| review_message(lang, &w, status, tx_hash, reason);
    messages::create_localized(txn.conn(), w.user_id, render, now).await?;
    let action = if status == WithdrawalStatus::Approved {
        "withdrawal.approve"
    } else {
        "withdrawal.reject"
    };
    let detail = json!({"userId": w.user_id, "coin": w.coin, "amount": w.amount,
        "fee": w.fee, "netAmount": w.net_amount, "txHash": tx_hash,
        "status": {"old": w.status, "new": status}});
    audit::record(
        txn.conn(),
        state.clock.now(),
        &onyx_platform::audit::Actor::operator(me.id, &me.username),
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
        admin_id = me.id,
        status = status.as_str(),
        "withdrawal reviewed"
    );
    Ok(AdminWithdrawal::from(decided))
}

/// The message-centre text of a decision, in the user's registration
/// language; operator text is escaped into the HTML body.
pub(crate) fn review_message(
    lang: &str,
    w: &withdrawal::Model,
    status: WithdrawalStatus,
    tx_hash: Option<&str>,
    reason: &str,
) -> (String, String) {
    let (title_key, body_key) = if status == WithdrawalStatus::Approved {
        ("withdrawal_approved_title", "withdrawal_approved_body")
    } else {
        ("withdrawal_rejected_title", "withdrawal_rejected_body")
    };
    let args = [
        ("amount", w.amount.to_string()),
        ("net", w.net_amount.to_string()),
        ("coin", w.coin.clone()),
        ("address", w.address.clone()),
        ("txHash", tx_hash.unwrap_or("").to_string()),
        ("reason", reason.to_string()),
    ];
    let title = i18n::message(lang, title_key, &args);
    let body = i18n::message(lang, body_key, &args);
    (title, notice::paragraph(&body))
}
