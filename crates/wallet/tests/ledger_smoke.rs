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

/// A posting whose kind the ledger does not name is refused when read:
/// never shown in the financial record as some other kind, and the audit
/// that replays the postings stops at it.
#[tokio::test]
async fn a_posting_kind_the_row_does_not_name_is_refused_on_read() {
    use onyx_store::entity::ledger_posting;
    use sea_orm::{ConnectionTrait, EntityTrait, Statement};
    let app = TestApp::spawn().await;
    fund(&app, 7, Wallet::Spot, "usdt", "100").await;
    let db = &app.state.db;
    let rows = ledger_posting::Entity::find().all(db).await.unwrap();
    let (id, kind) = (rows[0].id, rows[0].kind.as_str());
    let set = |kind: &str| {
        let sql = format!("UPDATE ledger_postings SET kind = '{kind}' WHERE id = {id}");
        db.execute(Statement::from_string(db.get_database_backend(), sql))
    };
    for bad in ["gift", "Deposit", ""] {
        set(bad).await.unwrap();
        let read = ledger_posting::Entity::find().all(db).await;
        assert!(read.is_err(), "kind = {bad:?}: {read:?}");
        assert!(onyx_store::ledger::audit(db).await.is_err());
        set(kind).await.unwrap();
    }
    assert_eq!(ledger_posting::Entity::find().all(db).await.unwrap(), rows);
    assert_audit_clean(&app).await;
}
