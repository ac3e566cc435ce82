//! The ledger's writer against the in-memory reference ledger: random
//! batches of postings (some refused, some rolled back) leave the store,
//! the writer's memory and the reference with the same balances and holds;
//! and two writers on one database (two processes sharing PostgreSQL) each
//! see what the other committed.
use onyx_testkit::common;
use onyx_testkit::wallet;

use common::TestApp;
use onyx_kernel::ledger::{
    AccountId, Ledger, Posting, PostingKind, PostingRef, Side, SystemAccount, Transaction, Wallet,
};
use onyx_kernel::money::Amount;
use onyx_store::ledger::{LedgerCommand, LedgerStore};
use proptest::prelude::*;
use rust_decimal::Decimal;
use wallet::{assert_audit_clean, dec};

const USERS: u64 = 3;
const ASSETS: [&str; 2] = ["USDT", "BTC"];

/// One command a product might hand the writer.
#[derive(Clone, Debug)]
enum Command {
    Deposit {
        user: u64,
        asset: usize,
        units: i64,
    },
    Withdraw {
        user: u64,
        asset: usize,
        units: i64,
    },
    Freeze {
        user: u64,
        asset: usize,
        units: i64,
    },
    Unfreeze {
        user: u64,
        asset: usize,
        units: i64,
    },
    /// A hold settled to the house (a lost stake, a filled order's cost).
    Settle {
        user: u64,
        asset: usize,
        units: i64,
    },
    Transfer {
        from: u64,
        to: u64,
        asset: usize,
        units: i64,
    },
}

fn command() -> impl Strategy<Value = Command> {
    let user = 1..=USERS;
    let asset = 0..ASSETS.len();
    let units = 1i64..5_000;
    prop_oneof![
        (user.clone(), asset.clone(), units.clone())
            .prop_map(|(user, asset, units)| Command::Deposit { user, asset, units }),
        (user.clone(), asset.clone(), units.clone())
            .prop_map(|(user, asset, units)| Command::Withdraw { user, asset, units }),
        (user.clone(), asset.clone(), units.clone())
            .prop_map(|(user, asset, units)| Command::Freeze { user, asset, units }),
        (user.clone(), asset.clone(), units.clone())
            .prop_map(|(user, asset, units)| Command::Unfreeze { user, asset, units }),
        (user.clone(), asset.clone(), units.clone())
            .prop_map(|(user, asset, units)| Command::Settle { user, asset, units }),
        (user.clone(), user, asset, units).prop_map(|(from, to, asset, units)| Command::Transfer {
            from,
            to,
            asset,
            units
        }),
    ]
}

/// A batch: its commands, whether it is committed or dropped, and whether
/// it goes to the writer one command at a time (`post`) or as a batch
/// (`post_each`, the sweeps' way).
fn batch() -> impl Strategy<Value = Batch> {
    (
        prop::collection::vec(command(), 1..24),
        prop::bool::weighted(0.8),
        prop::bool::ANY,
    )
}

type Batch = (Vec<Command>, bool, bool);

fn postings(c: &Command) -> Vec<Posting> {
    let spot = |user: u64, asset: usize| AccountId::user(user, Wallet::Spot, ASSETS[asset]);
    let system = |s, asset: usize| Side::available(AccountId::system(s, ASSETS[asset]));
    let amount = |units: i64| Amount::from_decimal(Decimal::new(units, 2)).unwrap();
    let posting = |kind, asset: usize, units, from, to| Posting {
        kind,
        asset: ASSETS[asset].to_string(),
        amount: amount(units),
        from,
        to,
        reference: PostingRef::Other("writer-test".into()),
        at_ms: 0,
    };
    let one = match *c {
        Command::Deposit { user, asset, units } => posting(
            PostingKind::Deposit,
            asset,
            units,
            system(SystemAccount::External, asset),
            Side::available(spot(user, asset)),
        ),
        Command::Withdraw { user, asset, units } => posting(
            PostingKind::Withdrawal,
            asset,
            units,
            Side::available(spot(user, asset)),
            system(SystemAccount::External, asset),
        ),
        Command::Freeze { user, asset, units } => posting(
            PostingKind::Freeze,
            asset,
            units,
            Side::available(spot(user, asset)),
            Side::frozen(spot(user, asset)),
        ),
        Command::Unfreeze { user, asset, units } => posting(
            PostingKind::Unfreeze,
            asset,
            units,
            Side::frozen(spot(user, asset)),
            Side::available(spot(user, asset)),
        ),
        Command::Settle { user, asset, units } => posting(
            PostingKind::Trade,
            asset,
            units,
            Side::frozen(spot(user, asset)),
            system(SystemAccount::House, asset),
        ),
        Command::Transfer {
            from,
            to,
            asset,
            units,
        } => posting(
            PostingKind::Transfer,
            asset,
            units,
            Side::available(spot(from, asset)),
            Side::available(AccountId::user(to, Wallet::Contract, ASSETS[asset])),
        ),
    };
    vec![one]
}

/// Every user account's (available, frozen) as the store holds them.
async fn stored(app: &TestApp) -> Vec<(AccountId, Decimal, Decimal)> {
    let mut out = Vec::new();
    for user in 1..=USERS {
        for b in onyx_store::ledger::user_balances(&app.state.db, user as i64)
            .await
            .unwrap()
        {
            out.push((b.account, b.available, b.frozen));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

async fn run(batches: Vec<Batch>) {
    let app = TestApp::spawn().await;
    let mut reference = Ledger::new();
    let reference_of = |_: &Command| PostingRef::Other("writer-test".into());
    for (commands, commit, as_batch) in batches {
        let mut txn = app.state.ledger.begin().await.unwrap();
        let mut accepted = reference.clone();
        let expected: Vec<bool> = commands
            .iter()
            .map(|c| accepted.apply(Transaction::new(postings(c))).is_ok())
            .collect();
        let written: Vec<bool> = if as_batch {
            let batch = commands
                .iter()
                .map(|c| LedgerCommand {
                    reference: reference_of(c),
                    postings: postings(c),
                })
                .collect();
            let answers = txn.post_each(batch).await.unwrap();
            assert_eq!(answers.len(), commands.len(), "one answer per command");
            answers.iter().map(Result::is_ok).collect()
        } else {
            let mut written = Vec::new();
            for c in &commands {
                written.push(txn.post(&reference_of(c), postings(c)).await.is_ok());
            }
            written
        };
        assert_eq!(
            written, expected,
            "writer and reference disagree on {commands:?}"
        );
        if commit {
            txn.commit().await.unwrap();
            reference = accepted;
        } else {
            drop(txn);
        }
        // The store, and the writer's memory (read through a transaction),
        // both equal the reference.
        let rows = stored(&app).await;
        let mut txn = app.state.ledger.begin().await.unwrap();
        for (account, available, frozen) in &rows {
            assert_eq!(*available, reference.available(account), "{account:?}");
            assert_eq!(*frozen, reference.frozen(account), "{account:?}");
            assert_eq!(
                txn.balance(account).await.unwrap(),
                (*available, *frozen),
                "writer memory of {account:?}"
            );
        }
        drop(txn);
        let touched = reference
            .balances()
            .keys()
            .filter(|side| side.account.owner.is_user())
            .filter(|side| !reference.balance(side).is_zero())
            .count();
        let stored_nonzero = rows
            .iter()
            .map(|(_, a, f)| usize::from(!a.is_zero()) + usize::from(!f.is_zero()))
            .sum::<usize>();
        assert_eq!(stored_nonzero, touched);
    }
    assert_audit_clean(&app).await;
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn random_batches_leave_the_store_and_the_writer_where_the_reference_is(
        batches in prop::collection::vec(batch(), 1..8),
    ) {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(run(batches));
    }
}

#[tokio::test]
async fn two_writers_on_one_database_each_see_what_the_other_committed() {
    let app = TestApp::spawn().await;
    // A second process: its own gate and memory, the same database.
    let other = LedgerStore::new(app.state.db.clone());
    let spot = AccountId::user(1, Wallet::Spot, "USDT");
    let contract = AccountId::user(1, Wallet::Contract, "USDT");
    let deposit = |units| Posting {
        kind: PostingKind::Deposit,
        asset: "USDT".into(),
        amount: Amount::from_decimal(Decimal::new(units, 0)).unwrap(),
        from: Side::available(AccountId::system(SystemAccount::External, "USDT")),
        to: Side::available(spot.clone()),
        reference: PostingRef::Other("two-writers".into()),
        at_ms: 0,
    };
    let move_all = |units| Posting {
        kind: PostingKind::Transfer,
        asset: "USDT".into(),
        amount: Amount::from_decimal(Decimal::new(units, 0)).unwrap(),
        from: Side::available(spot.clone()),
        to: Side::available(contract.clone()),
        reference: PostingRef::Other("two-writers".into()),
        at_ms: 0,
    };
    let r = PostingRef::Other("two-writers".into());
    for (writer, units) in [
        (&app.state.ledger, 100),
        (&other, 50),
        (&app.state.ledger, 25),
    ] {
        let mut txn = writer.begin().await.unwrap();
        txn.post(&r, vec![deposit(units)]).await.unwrap();
        txn.commit().await.unwrap();
    }
    // Each writer knows 175, not what it alone deposited.
    for writer in [&app.state.ledger, &other] {
        let mut txn = writer.begin().await.unwrap();
        assert_eq!(txn.balance(&spot).await.unwrap(), (dec("175"), dec("0")));
    }
    // Spending it all from one writer, then a cent more from the other, is
    // refused: neither spends a balance the other already spent.
    let mut txn = other.begin().await.unwrap();
    txn.post(&r, vec![move_all(175)]).await.unwrap();
    txn.commit().await.unwrap();
    let mut txn = app.state.ledger.begin().await.unwrap();
    assert!(txn.post(&r, vec![move_all(1)]).await.is_err());
    drop(txn);
    assert_audit_clean(&app).await;
}

/// The bulk update the writer commits balances with: each listed row gets
/// its own values, rows not listed keep theirs, and a row short of a value
/// is refused before anything is written.
#[tokio::test]
async fn a_bulk_update_sets_each_listed_row_and_no_other() {
    use onyx_store::bulk::update_by_key;
    use onyx_store::entity::ledger_account as account;
    use sea_orm::{EntityTrait, QueryOrder};

    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let mut txn = app.state.ledger.begin().await.unwrap();
    for user in 1..=3u64 {
        txn.post(
            &PostingRef::Other("bulk".into()),
            vec![Posting {
                kind: PostingKind::Deposit,
                asset: "USDT".into(),
                amount: Amount::from_decimal(Decimal::new(10 * user as i64, 0)).unwrap(),
                from: Side::available(AccountId::system(SystemAccount::External, "USDT")),
                to: Side::available(AccountId::user(user, Wallet::Spot, "USDT")),
                reference: PostingRef::Other("bulk".into()),
                at_ms: 0,
            }],
        )
        .await
        .unwrap();
    }
    txn.commit().await.unwrap();
    let rows = || async {
        account::Entity::find()
            .order_by_asc(account::Column::Id)
            .all(db)
            .await
            .unwrap()
            .into_iter()
            .filter(|a| a.user_id.is_some())
            .map(|a| (a.id, a.available.get(), a.frozen.get()))
            .collect::<Vec<_>>()
    };
    let before = rows().await;
    assert_eq!(before.len(), 3);
    let (first, second, third) = (before[0], before[1], before[2]);
    let value = |d: &str| -> sea_orm::Value { onyx_store::DecimalText::from(dec(d)).into() };
    update_by_key(
        db,
        account::Entity,
        account::Column::Id,
        &[account::Column::Available, account::Column::Frozen],
        &[],
        vec![
            (first.0, vec![value("1.5"), value("2")]),
            (third.0, vec![value("7"), value("0.25")]),
        ],
    )
    .await
    .unwrap();
    assert_eq!(
        rows().await,
        vec![
            (first.0, dec("1.5"), dec("2")),
            second,
            (third.0, dec("7"), dec("0.25")),
        ]
    );
    let short = update_by_key(
        db,
        account::Entity,
        account::Column::Id,
        &[account::Column::Available, account::Column::Frozen],
        &[],
        vec![
            (second.0, vec![value("99"), value("0")]),
            (first.0, vec![value("3")]),
        ],
    )
    .await;
    assert!(short.is_err(), "a row short of a value is refused");
    assert_eq!(rows().await[1], second, "and nothing was written");
}

/// Ids a transaction reserves are above every id the table holds, rows
/// inserted with them keep them, and a row inserted afterwards with a
/// default id gets one above them (on PostgreSQL: the sequence moved past).
#[tokio::test]
async fn reserved_ids_are_fresh_and_default_ids_follow_them() {
    use onyx_store::entity::audit_entry as entry;
    use onyx_store::repo::audit::{record, NewEntry};
    use sea_orm::{ActiveModelTrait, EntityTrait, Set};

    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let detail = serde_json::json!({});
    let entry = |action: &'static str| NewEntry {
        actor_kind: "admin",
        actor_id: None,
        actor_name: "test",
        action,
        target: "test:1",
        reason: "reserve",
        detail: &detail,
        at: chrono::Utc::now(),
    };
    let before = record(db, entry("test.before")).await.unwrap().id;

    let mut txn = app.state.ledger.begin().await.unwrap();
    assert!(txn.reserve_ids("audit_log", 0).await.unwrap().is_empty());
    let ids = txn.reserve_ids("audit_log", 3).await.unwrap();
    assert_eq!(ids.len(), 3);
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "increasing: {ids:?}");
    assert!(ids[0] > before, "{ids:?} above {before}");
    for id in &ids {
        entry::ActiveModel {
            id: Set(*id),
            actor_kind: Set("admin".into()),
            actor_id: Set(None),
            actor_name: Set("test".into()),
            action: Set("test.reserved".into()),
            target: Set("test:1".into()),
            reason: Set("reserve".into()),
            detail: Set("{}".into()),
            created_at: Set(chrono::Utc::now()),
        }
        .insert(txn.conn())
        .await
        .unwrap();
    }
    assert!(txn.reserve_ids("audit_log", 1).await.unwrap()[0] > ids[2]);
    assert!(txn.reserve_ids("audit entries; --", 1).await.is_err());
    txn.commit().await.unwrap();

    let after = record(db, entry("test.after")).await.unwrap().id;
    assert!(
        after > ids[2],
        "a default id {after} after the reserved {ids:?}"
    );
    let stored: Vec<i64> = entry::Entity::find()
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.action == "test.reserved")
        .map(|e| e.id)
        .collect();
    assert_eq!(stored, ids);
}

/// A bulk run builds each statement while the one before runs, and stops
/// at the first failure: a statement the database refuses, or one that
/// cannot be built. Nothing after it is built or run.
#[tokio::test]
async fn a_bulk_run_stops_at_the_first_statement_that_fails() {
    use onyx_store::bulk::run;
    use sea_orm::{ConnectionTrait, DbErr, Statement, TransactionTrait};
    use std::sync::atomic::{AtomicUsize, Ordering};

    let app = TestApp::spawn().await;
    let db = &app.state.db;
    db.execute_unprepared("CREATE TABLE bulk_run_probe (id BIGINT PRIMARY KEY)")
        .await
        .unwrap();
    let backend = db.get_database_backend();
    let insert = |id: i64| {
        Ok(Statement::from_string(
            backend,
            format!("INSERT INTO bulk_run_probe (id) VALUES ({id})"),
        ))
    };
    async fn ids(txn: &sea_orm::DatabaseTransaction) -> Vec<i64> {
        let backend = txn.get_database_backend();
        let sql = "SELECT id FROM bulk_run_probe ORDER BY id";
        txn.query_all(Statement::from_string(backend, sql))
            .await
            .unwrap()
            .iter()
            .map(|r| r.try_get::<i64>("", "id").unwrap())
            .collect()
    }

    // All good: every statement runs, in order.
    let txn = db.begin().await.unwrap();
    run(&txn, (1..=4).map(insert)).await.unwrap();
    assert_eq!(ids(&txn).await, vec![1, 2, 3, 4]);
    txn.rollback().await.unwrap();

    // The second is refused (a duplicate key): the third was built while
    // it ran, the fourth never is.
    let pulled = AtomicUsize::new(0);
    let txn = db.begin().await.unwrap();
    let statements = [1, 1, 2, 3].into_iter().map(|id| {
        pulled.fetch_add(1, Ordering::SeqCst);
        insert(id)
    });
    assert!(run(&txn, statements).await.is_err());
    assert_eq!(pulled.load(Ordering::SeqCst), 3);
    txn.rollback().await.unwrap();

    // The second cannot be built: the first ran, nothing after.
    let txn = db.begin().await.unwrap();
    let statements = vec![
        insert(7),
        Err(DbErr::Custom("unbuildable".into())),
        insert(8),
    ];
    let refused = run(&txn, statements.into_iter()).await.unwrap_err();
    assert!(refused.to_string().contains("unbuildable"), "{refused}");
    assert_eq!(ids(&txn).await, vec![7]);
    txn.rollback().await.unwrap();
}

/// A transaction's book posts beside a statement running on the
/// transaction, only to the accounts it loaded, under the ledger's rules,
/// and numbers its transactions on from where the transaction's own posts
/// left off; what it posted commits with the rest.
#[tokio::test]
async fn a_book_posts_beside_a_statement_only_to_the_accounts_it_loaded() {
    use onyx_kernel::ledger::LedgerError;
    use onyx_store::ledger::{user_balances, PostError};
    use sea_orm::ConnectionTrait;

    let app = TestApp::spawn().await;
    let deposit = |user: u64, units: i64| Command::Deposit {
        user,
        asset: 0,
        units,
    };
    let r = PostingRef::Other("book-test".into());
    let alice = AccountId::user(1, Wallet::Spot, "USDT");
    let external = AccountId::system(SystemAccount::External, "USDT");

    let mut txn = app.state.ledger.begin().await.unwrap();
    let first = txn.post(&r, postings(&deposit(1, 500))).await.unwrap();
    let (conn, book) = txn.book_for(&[alice, external]).await.unwrap();
    let backend = conn.get_database_backend();
    let probe = sea_orm::Statement::from_string(backend, "SELECT 1 AS one");
    let (ran, posted) = tokio::join!(conn.query_one(probe), async {
        book.post(&r, postings(&deposit(1, 250)))
    });
    ran.unwrap();
    assert_eq!(
        posted.unwrap(),
        first + 1,
        "numbered on from the post before"
    );

    // Bob's account is not in the book: refused, and nothing moved.
    let bob = book.post(&r, postings(&deposit(2, 100)));
    assert!(matches!(bob, Err(PostError::Db(_))), "{bob:?}");
    // More than Alice holds: the ledger's rules refuse it.
    let overdraft = book.post(
        &r,
        postings(&Command::Withdraw {
            user: 1,
            asset: 0,
            units: 751,
        }),
    );
    assert!(
        matches!(
            overdraft,
            Err(PostError::Ledger(LedgerError::InsufficientAvailable { .. }))
        ),
        "{overdraft:?}"
    );
    assert_eq!(book.post(&r, postings(&deposit(1, 1))).unwrap(), first + 2);
    txn.commit().await.unwrap();

    let db = &app.state.db;
    let alice: Vec<Decimal> = user_balances(db, 1)
        .await
        .unwrap()
        .iter()
        .map(|b| b.available)
        .collect();
    assert_eq!(alice, vec![dec("7.51")]);
    assert!(user_balances(db, 2).await.unwrap().is_empty());
    assert_audit_clean(&app).await;
}
