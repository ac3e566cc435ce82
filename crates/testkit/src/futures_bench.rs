//! What the futures and copy-trading benchmarks share: contract wallets
//! funded in one ledger transaction, and the tape moved a second at a time.

use crate::common::TestApp;
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side as Bucket, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use onyx_market::api::service::{now_ms, MarketService};
use onyx_market::api::Tick;
use onyx_store::ledger::LedgerCommand;
use rust_decimal::Decimal;

/// `amount` USDT in the contract wallet of users 1 to `users`.
pub async fn fund_contract_wallets(app: &TestApp, users: u64, amount: i64) {
    let mut txn = app.state.ledger.begin().await.expect("begin");
    let commands = (1..=users)
        .map(|user| {
            let r = PostingRef::Other(format!("bench-fund:{user}"));
            LedgerCommand {
                postings: vec![Posting {
                    kind: PostingKind::Deposit,
                    asset: "USDT".into(),
                    amount: Amount::from_decimal(Decimal::from(amount)).expect("small"),
                    from: Bucket::available(AccountId::system(SystemAccount::External, "USDT")),
                    to: Bucket::available(AccountId::user(user, Wallet::Contract, "USDT")),
                    reference: r.clone(),
                    at_ms: 0,
                }],
                reference: r,
            }
        })
        .collect();
    let answers = txn.post_each(commands).await.expect("fund");
    assert!(answers.iter().all(Result::is_ok));
    txn.commit().await.expect("commit");
}

/// The tape's next second at `price`: a second past the last one written
/// (and no earlier than the last whole second), closed, so the newest tick
/// is the mark.
pub async fn mark(market: &mut MarketService, at: &mut i64, price: Decimal) {
    *at = (*at).max((now_ms() / 1000 - 1) * 1000) + 1000;
    market.apply(&[Tick {
        coin: "btc".into(),
        price,
        quantity: Decimal::ONE,
        ts_ms: *at + 500,
        source: "bench",
    }]);
    market.close_tape(*at + 1_000).await.expect("tape");
}
