//! A lead's order copied to N followers: the lead's open (every copy
//! opened in the same commit, at the same price) and the lead's close
//! (every copy closed, each close settled against the follower's
//! high-water mark), timed from the start of the lead's transaction to
//! its commit, which is when the last follower's copy is filled. On
//! SQLite, then PostgreSQL.
//!
//! Run: `cargo bench -p onyx-copy-trading --bench copies`.
//! Options (env): ONYX_BENCH_FOLLOWERS=500,2500, ONYX_BENCH_DBS=sqlite,postgres,
//! ONYX_BENCH_PG=postgres://postgres@127.0.0.1:5432/test.
//! Profiling only the lead's opens: `mkfifo /tmp/ctl /tmp/ack`, then
//! `ONYX_BENCH_PERF_CTL=/tmp/ctl ONYX_BENCH_PERF_ACK=/tmp/ack perf record -D -1
//! --control fifo:/tmp/ctl,/tmp/ack -g <bench binary> --bench`.

use onyx_copy_trading::api::{copy_follow as follow, copy_trader as trader};
use onyx_copy_trading::api::{ACTIVE, APPROVED};
use onyx_futures::api::contract;
use onyx_futures::api::positions::{close_in, costs, open_in, CloseAt, Ticket};
use onyx_futures::api::Side;
use onyx_market::api::service::{now_ms, MarketService};
use onyx_store::DecimalText;
use onyx_testkit::common::TestApp;
use onyx_testkit::futures_bench::{fund_contract_wallets, mark};
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, EntityTrait, NotSet, Set};
use std::time::Instant;

// The allocator the server runs with (crates/server/src/main.rs): under
// glibc's a third of this benchmark's time went to malloc and free.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Followers in the unreported first round.
const WARM_UP: usize = 200;

async fn row(label: &str, followers: usize, report: bool) {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    fund_contract_wallets(&app, followers as u64 + 1, 100_000).await;
    let now = now_ms();
    let lead = trader::ActiveModel {
        id: NotSet,
        user_id: Set(1),
        name: Set("bench".into()),
        avatar: Set(String::new()),
        bio: Set(String::new()),
        status: Set(APPROVED),
        reason: Set(None),
        order_delay_s: Set(0),
        created_at: Set(now),
        reviewed_at: Set(Some(now)),
        updated_at: Set(now),
    }
    .insert(db)
    .await
    .expect("trader");
    let rows: Vec<follow::ActiveModel> = (0..followers)
        .map(|i| follow::ActiveModel {
            id: NotSet,
            trader_id: Set(lead.id),
            user_id: Set(i as i64 + 2),
            follow_type: Set(0),
            follow_rate: Set(DecimalText::from(Decimal::from(10 + (i % 90) as i64))),
            follow_amount: Set(DecimalText::ZERO),
            symbols: Set("btc".into()),
            budget: Set(None),
            stop_loss_rate: Set(None),
            status: Set(ACTIVE),
            stop_reason: Set(None),
            net: Set(DecimalText::ZERO),
            hwm: Set(DecimalText::ZERO),
            shared: Set(DecimalText::ZERO),
            created_at: Set(now),
            updated_at: Set(now),
            stopped_at: Set(None),
        })
        .collect();
    for chunk in rows.chunks(500) {
        follow::Entity::insert_many(chunk.to_vec())
            .exec(db)
            .await
            .expect("follows");
    }
    let mut market = MarketService::load(
        &app.state,
        &app.state.market,
        &["btc".to_string()],
        now - 5_000,
    )
    .await
    .expect("market");
    let mut at = 0;
    let ctx = &app.state.ctx;
    let c = contract::named(db, "btc").await.expect("btc");
    let contracts = Decimal::from(1_000);
    let t = Ticket {
        qty: contracts * c.share_number,
        contract: c.clone(),
        side: Side::Long,
        leverage: 10,
        contracts,
        portfolio: 0,
    };
    // The first order runs on connections that have not yet prepared its
    // statements; the next is what a trading lead meets from then on.
    for (round, (open_at, close_at)) in [("first", (60_000, 61_000)), ("next", (60_500, 61_500))] {
        mark(&mut market, &mut at, Decimal::from(open_at)).await;
        let tick = ctx
            .prices
            .tape_price("btc", now_ms(), i64::MAX)
            .expect("tick");
        let price = tick.price;
        let paid = costs(&c, t.qty, price, t.leverage).expect("costs");
        perf_window(report, "enable\n");
        let started = Instant::now();
        let mut txn = ctx.ledger.begin().await.expect("begin");
        let mirror = onyx_futures::api::mirror::of(ctx);
        let lead_pos = open_in(
            &mut txn,
            mirror.as_deref(),
            1,
            &t,
            price,
            &tick,
            paid,
            now_ms(),
        )
        .await
        .expect("lead opens");
        txn.commit().await.expect("commit");
        let opened = started.elapsed();
        perf_window(report, "disable\n");

        mark(&mut market, &mut at, Decimal::from(close_at)).await;
        let tick = ctx
            .prices
            .tape_price("btc", now_ms(), i64::MAX)
            .expect("tick");
        let started = Instant::now();
        let mut txn = ctx.ledger.begin().await.expect("begin");
        close_in(
            &mut txn,
            mirror.as_deref(),
            &lead_pos,
            &c,
            lead_pos.qty.get(),
            &tick,
            CloseAt::Mark,
            now_ms(),
        )
        .await
        .expect("lead closes");
        txn.commit().await.expect("commit");
        let closed = started.elapsed();
        let audit = onyx_store::ledger::audit(db).await.expect("audit");
        assert!(audit.result.is_ok(), "the ledger balances");
        if report {
            println!(
                "{label:<10} {followers:>6} followers, {round:<5} order: lead open + copies {:>7.1} ms ({:>5.1} µs/copy), lead close + copies settled {:>8.1} ms",
                opened.as_secs_f64() * 1e3,
                opened.as_secs_f64() * 1e6 / followers as f64,
                closed.as_secs_f64() * 1e3,
            );
        }
    }
}

/// With `ONYX_BENCH_PERF_CTL` (and `_ACK`) naming `perf record
/// --control` fifos, the profile covers only the lead's open.
fn perf_window(report: bool, command: &str) {
    use std::io::{Read, Write};
    let Ok(ctl) = std::env::var("ONYX_BENCH_PERF_CTL") else {
        return;
    };
    if !report {
        return;
    }
    std::fs::OpenOptions::new()
        .write(true)
        .open(ctl)
        .and_then(|mut f| f.write_all(command.as_bytes()))
        .expect("perf control fifo");
    if let Ok(ack) = std::env::var("ONYX_BENCH_PERF_ACK") {
        let mut answer = [0u8; 5];
        std::fs::File::open(ack)
            .and_then(|mut f| f.read_exact(&mut answer))
            .expect("perf ack fifo");
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let sizes: Vec<usize> = std::env::var("ONYX_BENCH_FOLLOWERS")
        .unwrap_or_else(|_| "500,2500".into())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    let dbs = std::env::var("ONYX_BENCH_DBS").unwrap_or_else(|_| "sqlite,postgres".into());
    for db in dbs.split(',').map(str::trim) {
        if db == "postgres" {
            let url = std::env::var("ONYX_BENCH_PG")
                .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
            std::env::set_var("ONYX_TEST_DATABASE_URL", url);
        } else {
            std::env::remove_var("ONYX_TEST_DATABASE_URL");
        }
        // The first round on a database pays for cold caches (several times
        // the steady cost): run one unreported before the figures.
        row(db, WARM_UP, false).await;
        for n in &sizes {
            row(db, *n, true).await;
        }
    }
}
