//! What the settlement benchmarks of the fixed-payout products share: users
//! funded with USDT and BTC, the price tape written up to now, a spot-like
//! writer committing 16 fills per transaction beside the sweep (its longest
//! transaction is the pause the sweep causes), and the clock run past a
//! close with the sweep timed until nothing is open.

use crate::common::TestApp;
use onyx_fixed_payout::api::product::Opening;
use onyx_fixed_payout::api::rules::{Direction, Terms};
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use onyx_market::api::service::{now_ms, MarketService};
use onyx_market::api::Tick;
use onyx_platform::prices::IndexPrice;
use onyx_store::ledger::{LedgerCommand, LedgerStore};
use rust_decimal::Decimal;
use sea_orm::{ConnectionTrait, Statement};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub const USERS: u64 = 1_000;

pub fn usdt(units: i64) -> Amount {
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

/// Users 1..=USERS with a million USDT and BTC each in spot.
pub async fn fund_users(app: &TestApp) {
    let mut txn = app.state.ledger.begin().await.expect("begin");
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
    let answers = txn.post_each(commands).await.expect("fund");
    assert!(answers.iter().all(Result::is_ok));
    txn.commit().await.expect("commit");
}

fn btc(ts_ms: i64, price: i64) -> Tick {
    Tick {
        coin: "btc".into(),
        price: Decimal::from(price),
        quantity: Decimal::ONE,
        ts_ms,
        source: "bench",
    }
}

/// The btc tape written through the second before now at 100; returns the
/// market service and the tick's time (the orders' open tick).
pub async fn tape(app: &TestApp) -> (MarketService, i64) {
    let now = now_ms();
    let mut market = MarketService::load(
        &app.state,
        &app.state.market,
        &["btc".to_string()],
        now - 5_000,
    )
    .await
    .expect("market");
    let at = (now / 1000 - 1) * 1000 + 500;
    market.apply(&[btc(at, 100)]);
    market.close_tape(now).await.expect("tape");
    (market, at)
}

/// The spot-like writer: 16 BTC fills between users per transaction.
pub struct SpotWriter {
    done: Arc<AtomicBool>,
    measuring: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<(Duration, u64)>,
}

impl SpotWriter {
    pub fn start(ledger: &LedgerStore) -> SpotWriter {
        let done = Arc::new(AtomicBool::new(false));
        let measuring = Arc::new(AtomicBool::new(false));
        let task = {
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
        SpotWriter {
            done,
            measuring,
            task,
        }
    }

    /// Stops the writer: its longest transaction while measuring, and how
    /// many it committed meanwhile.
    pub async fn finish(self) -> (Duration, u64) {
        self.done.store(true, Ordering::Relaxed);
        self.task.await.expect("writer")
    }
}

async fn count_open(app: &TestApp, table: &str) -> i64 {
    let db = &app.state.db;
    db.query_one(Statement::from_string(
        db.get_database_backend(),
        format!("SELECT COUNT(*) AS n FROM {table} WHERE status = 'open'"),
    ))
    .await
    .expect("count")
    .expect("a row")
    .try_get::<i64>("", "n")
    .expect("n")
}

/// Waits for `close`, writes a tick at 101 half a second before it and the
/// tape past it, and times the server's own sweep until no order in
/// `table` is open, with the writer's pauses measured meanwhile.
pub async fn settle_after_close(
    app: &TestApp,
    market: &mut MarketService,
    writer: &SpotWriter,
    close: i64,
    table: &str,
) -> Duration {
    let wait = close + 100 - now_ms();
    if wait > 0 {
        tokio::time::sleep(Duration::from_millis(wait as u64)).await;
    }
    market.apply(&[btc(close - 500, 101)]);
    let started = Instant::now();
    writer.measuring.store(true, Ordering::Relaxed);
    market.close_tape(now_ms()).await.expect("tape");
    while count_open(app, table).await > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "settlement stalled"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let settled = started.elapsed();
    writer.measuring.store(false, Ordering::Relaxed);
    settled
}

/// Runs `row` on each database named in ONYX_BENCH_DBS (sqlite,postgres),
/// PostgreSQL at ONYX_BENCH_PG; `orders` from ONYX_BENCH_ORDERS (10,000).
pub async fn each_database<F, Fut>(mut row: F)
where
    F: FnMut(&'static str, i64) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let orders: i64 = std::env::var("ONYX_BENCH_ORDERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let dbs = std::env::var("ONYX_BENCH_DBS").unwrap_or_else(|_| "sqlite,postgres".into());
    let pg = std::env::var("ONYX_BENCH_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
    for db in dbs.split(',').map(str::trim) {
        let label = match db {
            "sqlite" => {
                std::env::remove_var("ONYX_TEST_DATABASE_URL");
                "SQLite"
            }
            "postgres" => {
                std::env::set_var("ONYX_TEST_DATABASE_URL", &pg);
                "PostgreSQL"
            }
            other => {
                eprintln!("unknown database {other:?}");
                continue;
            }
        };
        row(label, orders).await;
    }
}

/// One benchmark row of a fixed-payout product `P`: stores `rows` (its
/// open orders, each staking 10 USDT and paying `fee`, all closing at
/// `close`) and freezes their stakes as acceptance would have, settles them
/// with the server's sweep beside a spot-like writer, then verifies and
/// audits, and prints the row.
pub async fn fixed_payout_row<P: onyx_fixed_payout::api::product::Product>(
    app: &TestApp,
    market: &mut MarketService,
    label: &str,
    rows: Vec<<P::Orders as sea_orm::EntityTrait>::ActiveModel>,
    fee: Amount,
    now: i64,
    close: i64,
) {
    use onyx_fixed_payout::api::product::{OrderRow, OrderTable};
    use sea_orm::{EntityName, EntityTrait, QueryOrder};
    let entity = P::Orders::default();
    let table = entity.table_name();
    let orders = rows.len();
    let ledger = &app.state.ledger;
    let mut txn = ledger.begin().await.expect("begin");
    for chunk in onyx_store::chunks(rows, 500) {
        P::Orders::insert_many(chunk)
            .exec(txn.conn())
            .await
            .expect("orders");
    }
    let stored = P::Orders::find()
        .order_by_asc(<P::Orders as OrderTable>::ID)
        .all(txn.conn())
        .await
        .expect("orders");
    let stakes = stored
        .iter()
        .map(|o| {
            let f = o.fields();
            let r = P::reference(f.id);
            LedgerCommand {
                postings: onyx_fixed_payout::api::postings::open(
                    f.user_id as u64,
                    usdt(10),
                    fee,
                    &r,
                    now,
                ),
                reference: r,
            }
        })
        .collect();
    let answers = txn.post_each(stakes).await.expect("stakes");
    assert!(answers.iter().all(Result::is_ok));
    txn.commit().await.expect("commit");

    let writer = SpotWriter::start(ledger);
    let settled = settle_after_close(app, market, &writer, close, table).await;
    let (longest, count) = writer.finish().await;
    let verified = onyx_fixed_payout::api::verify::verify::<P>(&app.state.db)
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

/// Order `i` of a benchmark: user `i % USERS + 1` stakes 10 USDT on BTC,
/// up and down in turn, at `odds` (a loss takes the whole stake), opened on
/// the tape's tick at 100 (`open_tick` ms) and closing at `close`.
pub fn opening(i: i64, period_seconds: i32, odds: Decimal, open_tick: i64, close: i64) -> Opening {
    Opening {
        order_no: format!("B{i:08}"),
        user_id: (i as u64 % USERS + 1) as i64,
        coin: "btc".into(),
        symbol: "btcusdt".into(),
        period_id: 1,
        period_seconds,
        direction: if i % 2 == 0 {
            Direction::Up
        } else {
            Direction::Down
        },
        stake: usdt(10),
        terms: Terms {
            odds,
            full_loss: true,
        },
        tick: IndexPrice {
            price: Decimal::from(100),
            source: "bench",
            ts_ms: open_tick,
            stale: false,
        },
        close_at: close,
    }
}
