//! Settlement figures: 10,000 open options of 1,000 users in one issue
//! (10 s), settled by the running server's own sweep (the scheduler
//! job, slices of `SLICE_MAX` through the ledger's batch API) while a
//! spot-like writer commits 16 fills per transaction beside it. Prints how
//! long after the price tape passed the close the last order was settled,
//! the longest spot transaction meanwhile, and the verify and audit
//! results, on SQLite and PostgreSQL.
//!
//! Run: `cargo bench -p onyx-options --bench settlement`.
//! Options (env): ONYX_BENCH_ORDERS=10000, ONYX_BENCH_DBS=sqlite,postgres,
//! ONYX_BENCH_PG=postgres://postgres@127.0.0.1:5432/test

use onyx_fixed_payout::postings;
use onyx_kernel::ledger::PostingRef;
use onyx_kernel::money::Amount;
use onyx_market::api::service::now_ms;
use onyx_options::entity::option_order as order;
use onyx_store::ledger::LedgerCommand;
use onyx_store::DecimalText;
use onyx_testkit::common::TestApp;
use onyx_testkit::settlement_bench::{
    each_database, fund_users, settle_after_close, tape, usdt, SpotWriter, USERS,
};
use rust_decimal::Decimal;
use sea_orm::{EntityTrait, QueryOrder, Set};

fn fee() -> Amount {
    Amount::from_decimal(Decimal::new(1, 1)).expect("small")
}

async fn row(label: &str, orders: i64) {
    let app = TestApp::spawn().await;
    let ledger = &app.state.ledger;
    fund_users(&app).await;
    let (mut market, open_tick) = tape(&app).await;
    let now = now_ms();
    // The end of the running 10 s issue, at least 2 s away.
    let mut close = (now / 10_000 + 1) * 10_000;
    if close - now < 2_000 {
        close += 10_000;
    }
    let opened_at = close - 9_000;

    // The open orders, all closing at `close`, their stakes frozen.
    let rows: Vec<order::ActiveModel> = (0..orders)
        .map(|i| {
            let user = (i as u64 % USERS + 1) as i64;
            order::ActiveModel {
                order_no: Set(format!("B{i:08}")),
                user_id: Set(user),
                option_id: Set(1),
                coin: Set("btc".into()),
                symbol: Set("btcusdt".into()),
                period_id: Set(1),
                period_seconds: Set(10),
                issue_no: Set(close / 10_000 - 1),
                direction: Set(if i % 2 == 0 { "up" } else { "down" }.into()),
                stake: Set(DecimalText::from(Decimal::from(10))),
                fee_type: Set(1),
                fee_value: Set(DecimalText::from(Decimal::ONE)),
                fee: Set(DecimalText::from(Decimal::new(1, 1))),
                odds: Set(DecimalText::from(Decimal::new(8, 1))),
                full_loss: Set(1),
                open_price: Set(DecimalText::from(Decimal::from(100))),
                open_tick_ms: Set(open_tick),
                open_source: Set("bench".into()),
                opened_at: Set(opened_at),
                close_at: Set(close),
                status: Set("open".into()),
                open_tx_id: Set(0),
                // The settlement's columns stay empty until it settles.
                ..Default::default()
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
            let r = PostingRef::OptionOrder(o.id);
            LedgerCommand {
                postings: postings::open(o.user_id as u64, usdt(10), fee(), &r, now),
                reference: r,
            }
        })
        .collect();
    let answers = txn.post_each(stakes).await.expect("stakes");
    assert!(answers.iter().all(Result::is_ok));
    txn.commit().await.expect("commit");

    let writer = SpotWriter::start(ledger);
    let settled = settle_after_close(&app, &mut market, &writer, close, "option_orders").await;
    let (longest, count) = writer.finish().await;
    let verified = onyx_options::verify::verify(&app.state.db)
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
    println!("option settlement: the orders of one issue, settled by the server's sweep beside a spot-like writer");
    println!("| db | orders | settled ms after the close | longest spot transaction ms | spot transactions meanwhile | verify | audit |");
    println!("|---|---:|---:|---:|---:|---|---|");
    each_database(row).await;
}
