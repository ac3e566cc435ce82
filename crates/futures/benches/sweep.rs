//! Whole-sweep figures: open BTC longs, one per user (entries 95 to 105
//! around a mark of 100, leverage 10x to 50x, so liquidation prices
//! spread), then the running server's own sweep: its first load of the
//! books, a tick that reaches nothing, and a tick that liquidates the
//! 1,000 highest through the ledger (each checked against its row under
//! the gate, closed, its fee to the insurance fund), with `onyx audit`
//! after. On SQLite and PostgreSQL.
//!
//! Run: `cargo bench -p onyx-futures --bench sweep`.
//! Options (env): ONYX_BENCH_POSITIONS=10000, ONYX_BENCH_DBS=sqlite,postgres,
//! ONYX_BENCH_PG=postgres://postgres@127.0.0.1:5432/test

use onyx_futures::api as repo;
use onyx_futures::api::contract;
use onyx_futures::api::jobs::{sweep, RiskEngine};
use onyx_futures::api::positions::{costs, liquidation_of, open_in, Ticket};
use onyx_futures::api::Side;
use onyx_market::api::service::{now_ms, MarketService};
use onyx_platform::prices::IndexPrice;
use onyx_testkit::common::TestApp;
use onyx_testkit::futures_bench::{fund_contract_wallets, mark};
use rust_decimal::Decimal;
use std::time::Instant;

async fn row(label: &str, n: usize) {
    let app = TestApp::spawn().await;
    let ctx = &app.state.ctx;
    fund_contract_wallets(&app, n as u64, 1_000_000).await;
    let mut market = MarketService::load(
        &app.state,
        &app.state.market,
        &["btc".to_string()],
        now_ms() - 5_000,
    )
    .await
    .expect("market");
    let c = contract::named(&app.state.db, "btc").await.expect("btc");
    let tick = IndexPrice {
        price: Decimal::from(100),
        ts_ms: now_ms(),
        source: "bench",
        stale: false,
    };
    // Written a minute back, so the sweep's refresh after its first load
    // reads only what changes.
    let opened_at = now_ms() - 60_000;
    let started = Instant::now();
    let mut i = 0usize;
    while i < n {
        let mut txn = app.state.ledger.begin().await.expect("begin");
        for _ in 0..500.min(n - i) {
            let user = i as u64 + 1;
            let t = Ticket {
                contract: c.clone(),
                side: Side::Long,
                leverage: 10 + (i % 41) as u32,
                contracts: Decimal::from(10),
                qty: Decimal::new(1, 3),
                portfolio: 0,
            };
            let price = Decimal::new(95_000 + ((i * 7_919) % 10_000) as i64, 3);
            let paid = costs(&c, t.qty, price, t.leverage).expect("costs");
            open_in(
                &mut txn,
                None,
                user as i64,
                &t,
                price,
                &tick,
                paid,
                opened_at,
            )
            .await
            .expect("open");
            i += 1;
        }
        txn.commit().await.expect("commit");
    }
    let opening = started.elapsed();

    // The 1,000 highest liquidation prices.
    let mut prices: Vec<Decimal> = repo::all_open(&app.state.db)
        .await
        .expect("open")
        .iter()
        .filter_map(|p| liquidation_of(p, &c))
        .collect();
    prices.sort_unstable();
    // A price as the feed writes it: cut to cents, below the 1,000th.
    let threshold = prices[prices.len() - 1_000]
        .round_dp_with_strategy(2, rust_decimal::RoundingStrategy::ToZero);
    let quiet_mark = (prices[prices.len() - 1] + Decimal::ONE).round_dp(2);

    let mut engine = RiskEngine::new();
    let mut at = 0;
    mark(&mut market, &mut at, quiet_mark).await;
    let started = Instant::now();
    let first = sweep(ctx, &mut engine).await.expect("sweep");
    let load = started.elapsed();
    assert_eq!(first.liquidated, 0);
    let started = Instant::now();
    let quiet = sweep(ctx, &mut engine).await.expect("sweep");
    let quiet_time = started.elapsed();
    assert_eq!(quiet.liquidated, 0);

    mark(&mut market, &mut at, threshold).await;
    let started = Instant::now();
    let heavy = sweep(ctx, &mut engine).await.expect("sweep");
    let heavy_time = started.elapsed();
    let audit = onyx_store::ledger::audit(&app.state.db)
        .await
        .expect("audit");
    println!(
        "| {label} | {n} | {:.0} | {:.1} | {:.2} | {} | {:.0} | {:.0} | {} |",
        n as f64 / opening.as_secs_f64(),
        load.as_secs_f64() * 1e3,
        quiet_time.as_secs_f64() * 1e3,
        heavy.liquidated,
        heavy_time.as_secs_f64() * 1e3,
        heavy_time.as_secs_f64() * 1e6 / heavy.liquidated.max(1) as f64,
        if audit.result.is_ok() {
            "clean"
        } else {
            "NOT CLEAN"
        },
    );
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let n: usize = std::env::var("ONYX_BENCH_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let dbs = std::env::var("ONYX_BENCH_DBS").unwrap_or_else(|_| "sqlite,postgres".into());
    let pg = std::env::var("ONYX_BENCH_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
    println!("futures sweep: BTC longs, one per user, 1,000 liquidated by one tick");
    println!("| database | positions | opens/s | first load ms | quiet sweep ms | liquidated | sweep ms | per liquidation µs | audit |");
    println!("|---|---|---|---|---|---|---|---|---|");
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
        row(label, n).await;
    }
}
