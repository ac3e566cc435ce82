//! Wallet helpers for the wallet_* tests: funding a user straight through
//! the ledger (as a confirmed deposit would) and reading balances back.
#![allow(dead_code)]

use crate::common::TestApp;
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use rust_decimal::Decimal;
use std::str::FromStr;

/// Credits `amount` of `coin` to the user's `wallet` from `external`.
pub async fn fund(app: &TestApp, user_id: i64, wallet: Wallet, coin: &str, amount: &str) {
    let asset = coin.to_ascii_uppercase();
    let mut txn = app.state.ledger.begin().await.unwrap();
    let reference = PostingRef::Other(format!("test-fund:{user_id}"));
    txn.post(
        &reference,
        vec![Posting {
            kind: PostingKind::Deposit,
            asset: asset.clone(),
            amount: Amount::parse(amount).unwrap(),
            from: Side::available(AccountId::system(SystemAccount::External, &asset)),
            to: Side::available(AccountId::user(user_id as u64, wallet, &asset)),
            reference: reference.clone(),
            at_ms: chrono::Utc::now().timestamp_millis(),
        }],
    )
    .await
    .unwrap();
    txn.commit().await.unwrap();
}

/// (available, frozen) of one of the user's accounts, committed state.
pub async fn balance(
    app: &TestApp,
    user_id: i64,
    wallet: Wallet,
    coin: &str,
) -> (Decimal, Decimal) {
    let account = AccountId::user(user_id as u64, wallet, &coin.to_ascii_uppercase());
    onyx_store::ledger::user_balances(&app.state.db, user_id)
        .await
        .unwrap()
        .into_iter()
        .find(|b| b.account == account)
        .map(|b| (b.available, b.frozen))
        .unwrap_or_default()
}

pub fn dec(text: &str) -> Decimal {
    Decimal::from_str(text).unwrap()
}

/// Runs the full audit and panics on any violation.
pub async fn assert_audit_clean(app: &TestApp) {
    let report = onyx_store::ledger::audit(&app.state.db).await.unwrap();
    if let Err(v) = &report.result {
        panic!("audit found a violation: {v}");
    }
}
