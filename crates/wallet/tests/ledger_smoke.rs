//! The ledger gate on this database: funding, a refused overdraft that
//! changes nothing, and a clean audit.
use onyx_testkit::common;
use onyx_testkit::wallet;

use common::TestApp;
use onyx_kernel::ledger::{AccountId, Posting, PostingKind, Side, Wallet};
use onyx_kernel::money::Amount;
use wallet::{assert_audit_clean, balance, dec, fund};

#[tokio::test]
async fn an_overdraft_is_refused_whole_and_the_audit_stays_clean() {
    let app = TestApp::spawn().await;
    fund(&app, 7, Wallet::Spot, "usdt", "100").await;
    let spot = AccountId::user(7, Wallet::Spot, "USDT");
    let contract = AccountId::user(7, Wallet::Contract, "USDT");
    let transfer = |amount: &str| Posting {
        kind: PostingKind::Transfer,
        asset: "USDT".into(),
        amount: Amount::parse(amount).unwrap(),
        from: Side::available(spot.clone()),
        to: Side::available(contract.clone()),
        reference: "transfer:test".into(),
        at_ms: 0,
    };
    let mut txn = app.state.ledger.begin().await.unwrap();
    // The first posting fits, the second does not: neither applies.
    let refused = txn
        .post(&"t".into(), vec![transfer("60"), transfer("60")])
        .await;
    assert!(refused.is_err());
    drop(txn);
    assert_eq!(
        balance(&app, 7, Wallet::Spot, "USDT").await,
        (dec("100"), dec("0"))
    );
    assert_eq!(
        balance(&app, 7, Wallet::Contract, "USDT").await,
        (dec("0"), dec("0"))
    );

    let mut txn = app.state.ledger.begin().await.unwrap();
    txn.post(&"t".into(), vec![transfer("60")]).await.unwrap();
    txn.commit().await.unwrap();
    assert_eq!(
        balance(&app, 7, Wallet::Spot, "USDT").await,
        (dec("40"), dec("0"))
    );
    assert_eq!(
        balance(&app, 7, Wallet::Contract, "USDT").await,
        (dec("60"), dec("0"))
    );
    assert_audit_clean(&app).await;
}
