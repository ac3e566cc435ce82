//! Transfers between a user's own wallets (spot, contract, finance): one
//! ledger transaction, idempotent by the caller's key.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

use crate::postings;
use crate::{asset, parse_amount, Idempotency};
use onyx_kernel::ledger::{PostingRef, Wallet};
use onyx_kernel::money::LEDGER_DP;
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::Context;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Longest coin name a transfer accepts (the catalogue's own limit).
const COIN_LEN_MAX: usize = 32;

#[derive(Deserialize, Serialize, ToSchema, Debug)]
pub struct TransferRequest {
    /// `spot`, `contract` or `finance`.
    pub from: String,
    pub to: String,
    pub coin: String,
    /// Plain decimal string, at most 8 decimals (the ledger's precision
    /// for every coin).
    pub amount: String,
}

#[derive(Serialize, Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct TransferResult {
    /// The ledger transaction.
    pub tx_id: i64,
    pub from: String,
    pub to: String,
    pub coin: String,
    pub amount: String,
}

fn wallet(raw: &str) -> Result<Wallet, Failure> {
    Wallet::parse(&raw.trim().to_ascii_lowercase())
        .ok_or_else(|| Failure::new(ErrorCode::TransferWalletUnknown))
}

/// Moves available funds between two of the user's wallets. Any held coin
/// may move, enabled or not: a user must always be able to reach their
/// money.
pub async fn transfer(
    ctx: &Context,
    user_id: i64,
    key: Option<String>,
    req: &TransferRequest,
) -> Outcome<TransferResult> {
    let (from, to) = (wallet(&req.from)?, wallet(&req.to)?);
    if from == to {
        return Err(Failure::new(ErrorCode::TransferSameWallet));
    }
    let coin = asset(&req.coin);
    if coin.is_empty()
        || coin.len() > COIN_LEN_MAX
        || !coin.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        return Err(Failure::new(ErrorCode::UnknownCoin).with("coin", req.coin.trim()));
    }
    let amount = parse_amount(&req.amount, LEDGER_DP)?;
    let idem = Idempotency::new(key, user_id, "asset.transferFunds", req);

    let mut txn = ctx.ledger.begin().await?;
    if let Some(stored) = idem.replay(&mut txn).await? {
        return serde_json::from_value(stored).map_err(Failure::internal);
    }
    let owner = u64::try_from(user_id).map_err(Failure::internal)?;
    let reference = PostingRef::Transfer {
        user_id: owner,
        tag: hex::encode(rand::random::<[u8; 8]>()),
    };
    let moved = postings::transfer(owner, &coin, amount, from, to, &reference, ctx.now_ms());
    let tx_id = txn.post(&reference, moved).await?;
    let result = TransferResult {
        tx_id,
        from: from.as_str().to_string(),
        to: to.as_str().to_string(),
        coin,
        amount: amount.as_decimal().normalize().to_string(),
    };
    idem.remember(&mut txn, &result).await?;
    txn.commit().await?;
    Ok(result)
}
