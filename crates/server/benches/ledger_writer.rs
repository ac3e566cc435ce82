//! The ledger writer without HTTP: commands per second through
//! `LedgerStore` in batches of 1, 16, 256 and 4096 commands per ledger
//! transaction, on SQLite and PostgreSQL. A command is what a spot fill
//! asks of the ledger: two postings (the buyer's quote to the seller, the
//! seller's base to the buyer, both out of frozen funds) and an
//! idempotency record, for one of 1,000 funded users.
//!
//! Then the settlement sweep: 10,000 open holds (a second contract's
//! stake, say) settled while spot-like transactions (16 fills each) run
//! beside it, in slices of 10,000, 1,000, `SLICE_MAX` (what periodic jobs
//! take) and 100 holds per trip through the gate, each slice handed to the
//! writer as one batch (`post_each`): the sweep's wall time and the longest
//! wait the spot writer saw.
//!
//! Run: `cargo bench -p onyx-server --bench ledger_writer`.
//! Options (env): ONYX_BENCH_COMMANDS=40000 (per row; batches of 1 run a
//! tenth of it), ONYX_BENCH_DBS=sqlite,postgres,
//! ONYX_BENCH_PG=postgres://postgres@127.0.0.1:5432

mod support;

use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use onyx_store::ledger::{LedgerCommand, LedgerStore, SLICE_MAX};
use rust_decimal::Decimal;
use sea_orm::{ConnectionTrait, Database};
use std::time::Instant;
use support::ScratchDir;

const USERS: u64 = 1_000;
const BATCHES: [usize; 4] = [1, 16, 256, 4096];

fn amount(units: i64, dp: u32) -> Amount {
    Amount::from_decimal(Decimal::new(units, dp)).expect("small")
}

fn spot(user: u64, asset: &str) -> AccountId {
    AccountId::user(user, Wallet::Spot, asset)
}

/// Deposits plenty of both assets for every user and freezes half.
async fn fund(ledger: &LedgerStore) {
    let r = PostingRef::Other("bench-fund".into());
    let mut txn = ledger.begin().await.expect("begin");
    for user in 1..=USERS {
        for (asset, units) in [("USDT", 100_000_000i64), ("BTC", 1_000_000)] {
            let external = Side::available(AccountId::system(SystemAccount::External, asset));
            let posting = |kind, units, from, to| Posting {
                kind,
                asset: asset.into(),
                amount: amount(units, 0),
                from,
                to,
                reference: r.clone(),
                at_ms: 0,
            };
            txn.post(
                &r,
                vec![
                    posting(
                        PostingKind::Deposit,
                        units,
                        external,
                        Side::available(spot(user, asset)),
                    ),
                    posting(
                        PostingKind::Freeze,
                        units / 2,
                        Side::available(spot(user, asset)),
                        Side::frozen(spot(user, asset)),
                    ),
                ],
            )
            .await
            .expect("fund");
        }
    }
    txn.commit().await.expect("commit funding");
}

/// A fill between two users: quote one way, base the other.
fn fill(seq: u64) -> (PostingRef, Vec<Posting>) {
    let buyer = seq % USERS + 1;
    let seller = (seq * 7 + 3) % USERS + 1;
    let r = PostingRef::SpotTrade(seq as i64);
    let leg = |asset: &str, units, from: u64, to: u64| Posting {
        kind: PostingKind::Trade,
        asset: asset.into(),
        amount: amount(units, 4),
        from: Side::frozen(spot(from, asset)),
        to: Side::available(spot(to, asset)),
        reference: r.clone(),
        at_ms: 0,
    };
    let postings = vec![
        leg("USDT", 600_000, buyer, seller),
        leg("BTC", 10, seller, buyer),
    ];
    (r, postings)
}

/// A fresh database (a scratch SQLite file, or the PostgreSQL `url`) with
/// its writer and the users funded. Keep the dir alive as long as the db.
async fn funded_ledger(url: Option<String>) -> (ScratchDir, onyx_store::Db, LedgerStore) {
    let dir = ScratchDir::new();
    let db = onyx_store::connect(url.as_deref(), &dir.0)
        .await
        .expect("connect");
    onyx_store::migrate(&db).await.expect("migrate");
    let ledger = LedgerStore::new(db.clone());
    fund(&ledger).await;
    (dir, db, ledger)
}

async fn row(db_label: &str, url: Option<String>, batch: usize, commands: usize) {
    let (_dir, db, ledger) = funded_ledger(url).await;
    let started = Instant::now();
    let mut seq = 0u64;
    let mut postings = 0usize;
    let mut longest = std::time::Duration::ZERO;
    while (seq as usize) < commands {
        let t = Instant::now();
        let mut txn = ledger.begin().await.expect("begin");
        for _ in 0..batch {
            seq += 1;
            let (r, p) = fill(seq);
            postings += p.len();
            txn.post(&r, p).await.expect("post");
            let key = format!("k{seq}");
            txn.remember(
                (seq % USERS) as i64 + 1,
                "bench",
                &key,
                "h",
                &serde_json::json!({"id": seq}),
            )
            .await
            .expect("remember");
        }
        txn.commit().await.expect("commit");
        longest = longest.max(t.elapsed());
    }
    let secs = started.elapsed().as_secs_f64();
    let audit = onyx_store::ledger::audit(&db).await.expect("audit");
    println!(
        "| {db_label} | {batch} | {} | {:.0} | {:.0} | {:.1} | {} |",
        seq,
        seq as f64 / secs,
        postings as f64 / secs,
        longest.as_secs_f64() * 1000.0,
        if audit.result.is_ok() {
            "clean"
        } else {
            "VIOLATION"
        },
    );
    db.close().await.ok();
}

const HOLDS: u64 = 10_000;
const SLICES: [usize; 4] = [10_000, 1_000, SLICE_MAX, 100];

/// A stake of 10 USDT frozen for each of `HOLDS` positions.
async fn open_holds(ledger: &LedgerStore) {
    let r = PostingRef::Other("bench-hold".into());
    let mut txn = ledger.begin().await.expect("begin");
    for seq in 0..HOLDS {
        let user = seq % USERS + 1;
        txn.post(
            &r,
            vec![Posting {
                kind: PostingKind::Freeze,
                asset: "USDT".into(),
                amount: amount(10, 0),
                from: Side::available(spot(user, "USDT")),
                to: Side::frozen(spot(user, "USDT")),
                reference: r.clone(),
                at_ms: 0,
            }],
        )
        .await
        .expect("hold");
    }
    txn.commit().await.expect("commit holds");
}

/// Settles hold `seq`: odd ones lose the stake to the house, even ones get
/// it back with 8 USDT of winnings.
fn settle(seq: u64) -> Vec<Posting> {
    let user = seq % USERS + 1;
    let r = PostingRef::Other(format!("bench-settle:{seq}"));
    let house = Side::available(AccountId::system(SystemAccount::House, "USDT"));
    let p = |kind, units, from, to| Posting {
        kind,
        asset: "USDT".into(),
        amount: amount(units, 0),
        from,
        to,
        reference: r.clone(),
        at_ms: 0,
    };
    if seq % 2 == 1 {
        vec![p(
            PostingKind::Trade,
            10,
            Side::frozen(spot(user, "USDT")),
            house,
        )]
    } else {
        vec![
            p(
                PostingKind::Unfreeze,
                10,
                Side::frozen(spot(user, "USDT")),
                Side::available(spot(user, "USDT")),
            ),
            p(
                PostingKind::Trade,
                8,
                house,
                Side::available(spot(user, "USDT")),
            ),
        ]
    }
}

async fn sweep_row(db_label: &str, url: Option<String>, slice: usize) {
    let (_dir, db, ledger) = funded_ledger(url).await;
    open_holds(&ledger).await;
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let spot_writer = {
        let (ledger, done) = (ledger.clone(), done.clone());
        tokio::spawn(async move {
            let (mut seq, mut longest, mut count) = (1_000_000u64, std::time::Duration::ZERO, 0u64);
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                let t = Instant::now();
                let mut txn = ledger.begin().await.expect("begin");
                for _ in 0..16 {
                    seq += 1;
                    let (r, p) = fill(seq);
                    txn.post(&r, p).await.expect("fill");
                }
                txn.commit().await.expect("commit");
                longest = longest.max(t.elapsed());
                count += 1;
                tokio::task::yield_now().await;
            }
            (longest, count)
        })
    };
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let started = Instant::now();
    let mut next = 0u64;
    while next < HOLDS {
        let mut txn = ledger.begin().await.expect("begin");
        let end = (next + slice as u64).min(HOLDS);
        let commands = (next..end)
            .map(|seq| LedgerCommand {
                reference: PostingRef::Other(format!("bench-settle:{seq}")),
                postings: settle(seq),
            })
            .collect();
        let answers = txn.post_each(commands).await.expect("settle");
        assert!(answers.iter().all(Result::is_ok), "every hold settles");
        txn.commit().await.expect("commit sweep slice");
        next = end;
        tokio::task::yield_now().await;
    }
    let sweep = started.elapsed();
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let (longest, count) = spot_writer.await.expect("spot writer");
    let audit = onyx_store::ledger::audit(&db).await.expect("audit");
    println!(
        "| {db_label} | {slice} | {:.0} | {:.1} | {count} | {} |",
        sweep.as_secs_f64() * 1000.0,
        longest.as_secs_f64() * 1000.0,
        if audit.result.is_ok() {
            "clean"
        } else {
            "VIOLATION"
        },
    );
    db.close().await.ok();
}

async fn fresh_pg(server: &str) -> String {
    let name = format!("onyx_bench_{}", rand::random::<u32>());
    let admin = Database::connect(format!("{server}/test"))
        .await
        .expect("postgres");
    admin
        .execute_unprepared(&format!("CREATE DATABASE {name}"))
        .await
        .expect("create database");
    admin.close().await.ok();
    format!("{server}/{name}")
}

#[tokio::main]
async fn main() {
    let commands: usize = std::env::var("ONYX_BENCH_COMMANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40_000);
    let dbs = std::env::var("ONYX_BENCH_DBS").unwrap_or_else(|_| "sqlite,postgres".into());
    let pg = std::env::var("ONYX_BENCH_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
    println!("ledger writer: {USERS} funded users, a command = 2 postings + 1 idempotency record");
    println!("| db | commands per transaction | commands | commands/s | postings/s | longest transaction ms | audit |");
    println!("|---|---:|---:|---:|---:|---:|---|");
    let wanted: Vec<&str> = dbs.split(',').map(str::trim).collect();
    for db in wanted.iter().copied() {
        for batch in BATCHES {
            let n = if batch == 1 { commands / 10 } else { commands };
            match db {
                "sqlite" => row("SQLite", None, batch, n).await,
                "postgres" => row("PostgreSQL", Some(fresh_pg(&pg).await), batch, n).await,
                other => eprintln!("unknown database {other:?}"),
            }
        }
    }
    println!();
    println!("settlement sweep: {HOLDS} holds settled beside a spot-like writer (16 fills a transaction)");
    println!("| db | holds per transaction | sweep ms | longest spot transaction ms | spot transactions meanwhile | audit |");
    println!("|---|---:|---:|---:|---:|---|");
    for db in wanted {
        for slice in SLICES {
            match db {
                "sqlite" => sweep_row("SQLite", None, slice).await,
                "postgres" => sweep_row("PostgreSQL", Some(fresh_pg(&pg).await), slice).await,
                other => eprintln!("unknown database {other:?}"),
            }
        }
    }
}
