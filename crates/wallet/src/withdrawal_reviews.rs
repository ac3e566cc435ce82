//! Operators' review of withdrawals: approve (frozen funds leave with the fees, the transaction hash recorded) or reject (unfrozen).

use crate as wallet;
use crate::entity::withdrawal;
use crate::repo::withdrawals::{self, STATUS_APPROVED, STATUS_PENDING, STATUS_REJECTED};
use crate::withdrawals::WithdrawalView;
use crate::WalletContext;
use onyx_content::repo::messages;
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use onyx_kernel::{i18n, ErrorCode};
use onyx_kernel::{Failure, Outcome};
use onyx_platform::audit;
use onyx_platform::notice;
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
pub struct QueueQuery {
    /// `pending` (default), `approved` or `rejected`.
    pub status: Option<String>,
    pub user_id: Option<i64>,
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
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

pub(crate) fn stored(text: &str) -> Outcome<Amount> {
    Amount::parse(text).map_err(|e| Failure::internal(format!("stored amount {text:?}: {e}")))
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
    if w.status != STATUS_PENDING {
        return Err(ErrorCode::InvalidState.into());
    }
    let reference = PostingRef::Withdrawal(id);
    let user = u64::try_from(w.user_id).map_err(Failure::internal)?;
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
        Decision::Approve { tx_hash } => {
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
        Decision::Reject => {
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
        reviewed_by: me.id,
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
        status,
        "withdrawal reviewed"
    );
    Ok(AdminWithdrawal::from(decided))
}

/// The message-centre text of a decision, in the user's registration
/// language; operator text is escaped into the HTML body.
pub(crate) fn review_message(
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
