//! Accrual figures: N finance orders (one per user, 7 days at 5 %, paid
//! daily), subscribed through the service, then the accrual sweep run as
//! the scheduler would the morning after (one day each) and again after
//! maturity (the other six days and the principal back), with the ledger
//! audited after. On SQLite and PostgreSQL.
//!
//! Run: `cargo bench -p onyx-earn --bench accrual`.
//! Options (env): ONYX_BENCH_ORDERS=10000, ONYX_BENCH_DBS=sqlite,postgres,
//! ONYX_BENCH_PG=postgres://postgres@127.0.0.1:5432/test

use chrono::{TimeZone, Utc};
use onyx_earn::api::accrual;
use onyx_earn::api::operator::{self, FundBody, ProductBody};
use onyx_earn::api::orders::{self, Subscribe};
use onyx_earn::api::rules::{day_of, start_of, DAY_MS};
use onyx_kernel::clock::ManualClock;
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use onyx_platform::audit::Actor;
use onyx_platform::scheduler::Progress;
use onyx_platform::Context;
use onyx_store::ledger::LedgerCommand;
use onyx_testkit::common::TestApp;
use serde_json::json;
use std::sync::Arc;
use std::time::Instant;

async fn fund_spot(app: &TestApp, users: u64) {
    for chunk in (1..=users).collect::<Vec<_>>().chunks(1_000) {
        let mut txn = app.state.ledger.begin().await.expect("begin");
        let commands = chunk
            .iter()
            .map(|user| {
                let r = PostingRef::Other(format!("bench-fund:{user}"));
                LedgerCommand {
                    postings: vec![Posting {
                        kind: PostingKind::Deposit,
                        asset: "USDT".into(),
                        amount: Amount::from_units(1_000),
                        from: Side::available(AccountId::system(SystemAccount::External, "USDT")),
                        to: Side::available(AccountId::user(*user, Wallet::Spot, "USDT")),
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
}

fn at(app: &TestApp, ms: i64) -> Context {
    let mut ctx = app.state.ctx.clone();
    ctx.clock = Arc::new(ManualClock::at(
        Utc.timestamp_millis_opt(ms).single().expect("time"),
    ));
    ctx
}

async fn sweep_until_done(ctx: &Context) -> (u32, std::time::Duration) {
    let started = Instant::now();
    let mut runs = 0;
    loop {
        runs += 1;
        if accrual::sweep(ctx).await.expect("sweep") == Progress::Done {
            break;
        }
    }
    (runs, started.elapsed())
}

async fn row(db: &str, orders: u64) {
    let app = TestApp::spawn().await;
    let by = Actor::operator(1, "bench");
    operator::fund(
        &app.state.ctx,
        &by,
        &FundBody {
            coin: "USDT".into(),
            amount: "10000000".into(),
            reason: "bench".into(),
        },
    )
    .await
    .expect("fund house");
    let product = operator::create(
        &app.state.ctx,
        &by,
        &ProductBody {
            kind: Some("finance".into()),
            title: Some([("en".to_string(), "Bench".to_string())].into()),
            terms: Some(vec![json!({"days": 7, "apr": "5"})]),
            limit_min: Some("10".into()),
            limit_max: Some("1000".into()),
            status: Some(1),
            reason: "bench".into(),
            ..Default::default()
        },
    )
    .await
    .expect("product");
    fund_spot(&app, orders).await;
    let started = Instant::now();
    for user in 1..=orders {
        let s = Subscribe {
            product_id: product.id,
            amount: "100".into(),
            days: Some(7),
            auto_renew: false,
        };
        orders::subscribe(
            &app.state.ctx,
            user as i64,
            onyx_earn::api::FINANCE,
            &s,
            None,
            "en",
        )
        .await
        .expect("subscribe");
    }
    let subscribed = started.elapsed();
    let start = start_of(day_of(Utc::now().timestamp_millis()) + 1).expect("day");
    let (runs, first_day) = sweep_until_done(&at(&app, start + DAY_MS + 60_000)).await;
    let (runs_rest, rest) = sweep_until_done(&at(&app, start + 7 * DAY_MS + 60_000)).await;
    let audit = onyx_store::ledger::audit(&app.state.db)
        .await
        .expect("audit");
    assert!(audit.result.is_ok(), "audit: {:?}", audit.result);
    let per = |d: std::time::Duration, n: u64| d.as_secs_f64() * 1e6 / n as f64;
    println!(
        "{db}: {orders} orders subscribed in {:.2} s ({:.0} µs each); first day accrued in {runs} runs, {:.0} ms ({:.0} µs per order); \
         the other six days and maturity in {runs_rest} runs, {:.0} ms ({:.0} µs per order-day); audit clean",
        subscribed.as_secs_f64(),
        per(subscribed, orders),
        first_day.as_secs_f64() * 1e3,
        per(first_day, orders),
        rest.as_secs_f64() * 1e3,
        per(rest, orders * 6),
    );
}

#[tokio::main]
async fn main() {
    let orders: u64 = std::env::var("ONYX_BENCH_ORDERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let dbs = std::env::var("ONYX_BENCH_DBS").unwrap_or_else(|_| "sqlite,postgres".into());
    for db in dbs.split(',') {
        if db == "postgres" {
            let url = std::env::var("ONYX_BENCH_PG")
                .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
            // TestApp reads the URL from the environment.
            std::env::set_var("ONYX_TEST_DATABASE_URL", url);
        } else {
            std::env::remove_var("ONYX_TEST_DATABASE_URL");
        }
        row(db, orders).await;
    }
}
