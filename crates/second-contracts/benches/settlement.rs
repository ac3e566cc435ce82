//! Settlement figures: 10,000 open orders of 1,000 users closing in the
//! same second, settled by the running server's own sweep (the scheduler
//! job, slices of `SLICE_MAX` through the ledger's batch API) while a
//! spot-like writer commits 16 fills per transaction beside it. Prints how
//! long after the price tape passed the close the last order was settled,
//! the longest spot transaction meanwhile, and the verify and audit
//! results, on SQLite and PostgreSQL.
//!
//! Run: `cargo bench -p onyx-second-contracts --bench settlement`.
//! Options (env): ONYX_BENCH_ORDERS=10000, ONYX_BENCH_DBS=sqlite,postgres,
//! ONYX_BENCH_PG=postgres://postgres@127.0.0.1:5432/test

use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use onyx_market::service::{now_ms, MarketService};
use onyx_market::Tick;
use onyx_second_contracts::entity::second_contract_order as order;
use onyx_second_contracts::postings;
use onyx_store::ledger::LedgerCommand;
use onyx_store::DecimalText;
use onyx_testkit::common::TestApp;
use rust_decimal::Decimal;
use sea_orm::{ConnectionTrait, EntityTrait, NotSet, QueryOrder, Set, Statement};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const USERS: u64 = 1_000;

fn usdt(units: i64) -> Amount {
    Amount::from_decimal(Decimal::from(units)).expect("small")
}

fn posting(
    kind: PostingKind,
    asset: &str,
    units: i64,
    from: Side,
    to: Side,
    r: &PostingRef,
) -> Posting {
    Posting {
        kind,
        asset: asset.into(),
        amount: usdt(units),
        from,
        to,
        reference: r.clone(),
        at_ms: 0,
    }
}

async fn count_open(app: &TestApp) -> i64 {
    let db = &app.state.db;
    db.query_one(Statement::from_string(
        db.get_database_backend(),
        "SELECT COUNT(*) AS n FROM second_contract_orders WHERE status = 'open'",
    ))
    .await
    .expect("count")
    .expect("a row")
    .try_get::<i64>("", "n")
    .expect("n")
}

async fn row(label: &str, orders: i64) {
    let app = TestApp::spawn().await;
    let ledger = &app.state.ledger;
    // Users funded with USDT (stakes) and BTC (the spot-like writer's fills).
    let mut txn = ledger.begin().await.expect("begin");
    let mut commands = Vec::new();
    for user in 1..=USERS {
        for asset in ["USDT", "BTC"] {
            let r = PostingRef::Other(format!("bench-fund:{user}:{asset}"));
            commands.push(LedgerCommand {
                postings: vec![posting(
                    PostingKind::Deposit,
                    asset,
                    1_000_000,
                    Side::available(AccountId::system(SystemAccount::External, asset)),
                    Side::available(AccountId::user(user, Wallet::Spot, asset)),
                    &r,
                )],
                reference: r,
            });
        }
    }
    assert!(txn
        .post_each(commands)
        .await
        .expect("fund")
        .iter()
        .all(Result::is_ok));
    txn.commit().await.expect("commit");

    // The tape written through the second before now.
    let now = now_ms();
    let mut market = MarketService::load(
        &app.state,
        &app.state.market,
        &["btc".to_string()],
        now - 5_000,
    )
    .await
    .expect("market");
    market.apply(&[Tick {
        coin: "btc".into(),
        price: Decimal::from(100),
        quantity: Decimal::ONE,
        ts_ms: (now / 1000 - 1) * 1000 + 500,
        source: "bench",
    }]);
    market.close_tape(now).await.expect("tape");
    let close = (now / 1000 + 4) * 1000;

    // The open orders, all closing at `close`, their stakes frozen.
    let rows: Vec<order::ActiveModel> = (0..orders)
        .map(|i| {
            let user = (i as u64 % USERS + 1) as i64;
            order::ActiveModel {
                id: NotSet,
                order_no: Set(format!("B{i:08}")),
                user_id: Set(user),
                coin: Set("btc".into()),
                symbol: Set("btcusdt".into()),
                base_symbol: Set("usdt".into()),
                period_id: Set(1),
                period_seconds: Set(30),
                direction: Set(if i % 2 == 0 { "up" } else { "down" }.into()),
                stake: Set(DecimalText::from(Decimal::from(10))),
                odds: Set(DecimalText::from(Decimal::new(12, 2))),
                full_loss: Set(1),
                open_price: Set(DecimalText::from(Decimal::from(100))),
                open_tick_ms: Set((now / 1000 - 1) * 1000 + 500),
                open_source: Set("bench".into()),
                opened_at: Set(now),
                close_at: Set(close),
                status: Set("open".into()),
                outcome: Set(None),
                close_price: Set(None),
                close_tick_ms: Set(None),
                close_source: Set(None),
                returned: Set(None),
                winnings: Set(None),
                to_house: Set(None),
                open_tx_id: Set(0),
                settle_tx_id: Set(None),
                settled_at: Set(None),
            }
        })
        .collect();
    let mut txn = ledger.begin().await.expect("begin");
    for chunk in onyx_store::chunks(rows, 500) {
        order::Entity::insert_many(chunk)
            .exec(txn.conn())
            .await
            .expect("orders");
    }
    let stored = order::Entity::find()
        .order_by_asc(order::Column::Id)
        .all(txn.conn())
        .await
        .expect("orders");
    let stakes = stored
        .iter()
        .map(|o| {
            let r = PostingRef::SecondContract(o.id);
            LedgerCommand {
                postings: postings::stake(o.user_id as u64, usdt(10), &r, now),
                reference: r,
            }
        })
        .collect();
    assert!(txn
        .post_each(stakes)
        .await
        .expect("stakes")
        .iter()
        .all(Result::is_ok));
    txn.commit().await.expect("commit");

    // The spot-like writer: 16 fills a transaction, BTC between users.
    let done = Arc::new(AtomicBool::new(false));
    let measuring = Arc::new(AtomicBool::new(false));
    let writer = {
        let (ledger, done, measuring) = (ledger.clone(), done.clone(), measuring.clone());
        tokio::spawn(async move {
            let (mut seq, mut longest, mut count) = (0u64, Duration::ZERO, 0u64);
            while !done.load(Ordering::Relaxed) {
                let t = Instant::now();
                let mut txn = ledger.begin().await.expect("begin");
                for _ in 0..16 {
                    seq += 1;
                    let (a, b) = (seq % USERS + 1, (seq + 1) % USERS + 1);
                    let r = PostingRef::Other(format!("bench-fill:{seq}"));
                    let fill = posting(
                        PostingKind::Trade,
                        "BTC",
                        1,
                        Side::available(AccountId::user(a, Wallet::Spot, "BTC")),
                        Side::available(AccountId::user(b, Wallet::Spot, "BTC")),
                        &r,
                    );
                    txn.post(&r, vec![fill]).await.expect("fill");
                }
                txn.commit().await.expect("commit");
                if measuring.load(Ordering::Relaxed) {
                    longest = longest.max(t.elapsed());
                    count += 1;
                }
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
            (longest, count)
        })
    };

    // The close passes; the tape is written past it; the server's own
    // sweep settles. Timed from the tape's mark passing the close.
    let wait = close + 100 - now_ms();
    if wait > 0 {
        tokio::time::sleep(Duration::from_millis(wait as u64)).await;
    }
    market.apply(&[Tick {
        coin: "btc".into(),
        price: Decimal::from(101),
        quantity: Decimal::ONE,
        ts_ms: close - 500,
        source: "bench",
    }]);
    let started = Instant::now();
    measuring.store(true, Ordering::Relaxed);
    market.close_tape(now_ms()).await.expect("tape");
    while count_open(&app).await > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "settlement stalled"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let settled = started.elapsed();
    measuring.store(false, Ordering::Relaxed);
    done.store(true, Ordering::Relaxed);
    let (longest, count) = writer.await.expect("writer");
    let verified = onyx_second_contracts::verify::verify(&app.state.db)
        .await
        .expect("verify");
    let audit = onyx_store::ledger::audit(&app.state.db)
        .await
        .expect("audit");
    println!(
        "| {label} | {orders} | {:.0} | {:.1} | {count} | {} checked, {} mismatched | {} |",
        settled.as_secs_f64() * 1000.0,
        longest.as_secs_f64() * 1000.0,
        verified.checked,
        verified.mismatches.len(),
        if audit.result.is_ok() {
            "clean"
        } else {
            "VIOLATION"
        },
    );
}

#[tokio::main]
async fn main() {
    let orders: i64 = std::env::var("ONYX_BENCH_ORDERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let dbs = std::env::var("ONYX_BENCH_DBS").unwrap_or_else(|_| "sqlite,postgres".into());
    let pg = std::env::var("ONYX_BENCH_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
    println!("second-contract settlement: orders closing in one second, settled by the server's sweep beside a spot-like writer");
    println!("| db | orders | settled ms after the close | longest spot transaction ms | spot transactions meanwhile | verify | audit |");
    println!("|---|---:|---:|---:|---:|---|---|");
    for db in dbs.split(',').map(str::trim) {
        match db {
            "sqlite" => std::env::remove_var("ONYX_TEST_DATABASE_URL"),
            "postgres" => std::env::set_var("ONYX_TEST_DATABASE_URL", &pg),
            other => {
                eprintln!("unknown database {other:?}");
                continue;
            }
        }
        row(
            if db == "sqlite" {
                "SQLite"
            } else {
                "PostgreSQL"
            },
            orders,
        )
        .await;
    }
}
