//! A settlement sweep to kill: the child process of `tests/sweep_crash.rs`.
//!
//! `stake_sweep open <database url>` migrates, funds the users and opens
//! [`STAKES`] stakes of 10 USDT, each a hold with its row in
//! `sweep_stakes`. `stake_sweep settle <database url>` settles the open
//! stakes the way a product's periodic job does: through the scheduler, at
//! most [`SLICE_MAX`] per trip through the ledger gate, each slice's
//! postings (`post_each`) and row updates in one transaction; it exits once
//! none is left. Odd stakes lose the stake to the house, even ones get it
//! back with 8 USDT won from the house.

use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use onyx_platform::scheduler::{Progress, Scheduler};
use onyx_store::ledger::{LedgerCommand, LedgerStore, SLICE_MAX};
use onyx_store::Db;
use rust_decimal::Decimal;
use sea_orm::{ConnectionTrait, Statement};
use std::path::Path;
use std::time::Duration;

pub const STAKES: i64 = 10_000;
pub const USERS: i64 = 50;

fn usdt(units: i64) -> Amount {
    Amount::from_decimal(Decimal::from(units)).expect("a whole amount")
}

fn spot(user: i64) -> AccountId {
    AccountId::user(user as u64, Wallet::Spot, "USDT")
}

fn posting(kind: PostingKind, units: i64, from: Side, to: Side, reference: &PostingRef) -> Posting {
    Posting {
        kind,
        asset: "USDT".into(),
        amount: usdt(units),
        from,
        to,
        reference: reference.clone(),
        at_ms: 0,
    }
}

async fn exec(db: &impl ConnectionTrait, sql: &str) {
    db.execute(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

async fn open(db: &Db, ledger: &LedgerStore) {
    onyx_server::migrations::migrate(db).await.expect("migrate");
    exec(
        db,
        "CREATE TABLE sweep_stakes (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, status TEXT NOT NULL)",
    )
    .await;
    let mut txn = ledger.begin().await.expect("begin");
    let mut commands = Vec::new();
    for user in 1..=USERS {
        let r = PostingRef::Other(format!("stake-fund:{user}"));
        let external = Side::available(AccountId::system(SystemAccount::External, "USDT"));
        commands.push(LedgerCommand {
            postings: vec![posting(
                PostingKind::Deposit,
                1_000_000,
                external,
                Side::available(spot(user)),
                &r,
            )],
            reference: r,
        });
    }
    for id in 1..=STAKES {
        let user = id % USERS + 1;
        let r = PostingRef::Other(format!("stake-open:{id}"));
        commands.push(LedgerCommand {
            postings: vec![posting(
                PostingKind::Freeze,
                10,
                Side::available(spot(user)),
                Side::frozen(spot(user)),
                &r,
            )],
            reference: r,
        });
    }
    let answers = txn.post_each(commands).await.expect("post");
    assert!(answers.iter().all(Result::is_ok), "funded users can stake");
    for part in (1..=STAKES).collect::<Vec<_>>().chunks(500) {
        let rows: Vec<String> = part
            .iter()
            .map(|id| format!("({id}, {}, 'open')", id % USERS + 1))
            .collect();
        exec(
            txn.conn(),
            &format!(
                "INSERT INTO sweep_stakes (id, user_id, status) VALUES {}",
                rows.join(", ")
            ),
        )
        .await;
    }
    txn.commit().await.expect("commit");
}

/// The postings that settle stake `id` of `user`.
pub fn settlement(id: i64, user: i64) -> LedgerCommand {
    let r = PostingRef::Other(format!("stake:{id}"));
    let house = Side::available(AccountId::system(SystemAccount::House, "USDT"));
    let postings = if id % 2 == 1 {
        vec![posting(
            PostingKind::Trade,
            10,
            Side::frozen(spot(user)),
            house,
            &r,
        )]
    } else {
        vec![
            posting(
                PostingKind::Unfreeze,
                10,
                Side::frozen(spot(user)),
                Side::available(spot(user)),
                &r,
            ),
            posting(
                PostingKind::Trade,
                8,
                house,
                Side::available(spot(user)),
                &r,
            ),
        ]
    };
    LedgerCommand {
        reference: r,
        postings,
    }
}

/// One slice: the oldest open stakes, settled and marked in one transaction.
async fn settle_slice(ledger: &LedgerStore) -> Result<Progress, sea_orm::DbErr> {
    let mut txn = ledger.begin().await?;
    let backend = txn.conn().get_database_backend();
    let rows = txn
        .conn()
        .query_all(Statement::from_string(
            backend,
            format!("SELECT id, user_id FROM sweep_stakes WHERE status = 'open' ORDER BY id LIMIT {SLICE_MAX}"),
        ))
        .await?;
    let mut due = Vec::with_capacity(rows.len());
    for row in &rows {
        due.push((
            row.try_get::<i64>("", "id")?,
            row.try_get::<i64>("", "user_id")?,
        ));
    }
    if due.is_empty() {
        return Ok(Progress::Done);
    }
    let answers = txn
        .post_each(
            due.iter()
                .map(|(id, user)| settlement(*id, *user))
                .collect(),
        )
        .await?;
    if let Some(refused) = answers.iter().find_map(|a| a.as_ref().err()) {
        return Err(sea_orm::DbErr::Custom(format!(
            "a settlement was refused: {refused}"
        )));
    }
    for (status, parity) in [("won", 0), ("lost", 1)] {
        let ids: Vec<String> = due
            .iter()
            .filter(|(id, _)| id % 2 == parity)
            .map(|(id, _)| id.to_string())
            .collect();
        if !ids.is_empty() {
            exec(
                txn.conn(),
                &format!(
                    "UPDATE sweep_stakes SET status = '{status}' WHERE id IN ({})",
                    ids.join(", ")
                ),
            )
            .await;
        }
    }
    txn.commit().await?;
    Ok(if due.len() == SLICE_MAX {
        Progress::More
    } else {
        Progress::Done
    })
}

async fn settle(ledger: LedgerStore) {
    let scheduler = Scheduler::new();
    let (finished, mut until_finished) = tokio::sync::watch::channel(false);
    scheduler.every("stake_sweep", Duration::from_millis(5), move || {
        let (ledger, finished) = (ledger.clone(), finished.clone());
        async move {
            let progress = settle_slice(&ledger).await?;
            if progress == Progress::Done {
                let _ = finished.send(true);
            }
            Ok(progress)
        }
    });
    until_finished.wait_for(|done| *done).await.expect("sweep");
    scheduler.stop().await;
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(mode), Some(url)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: stake_sweep open|settle <database url>");
        std::process::exit(64);
    };
    let db = onyx_store::connect(Some(url), Path::new("."))
        .await
        .expect("connect");
    let ledger = LedgerStore::new(db.clone());
    match mode.as_str() {
        "open" => open(&db, &ledger).await,
        "settle" => settle(ledger).await,
        other => {
            eprintln!("unknown mode {other:?}");
            std::process::exit(64);
        }
    }
}
