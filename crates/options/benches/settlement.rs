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

use onyx_fixed_payout::table::OrderTable;
use onyx_kernel::money::Amount;
use onyx_market::api::service::now_ms;
use onyx_options::api::entity::option_order as order;
use onyx_options::api::Options;
use onyx_store::DecimalText;
use onyx_testkit::common::TestApp;
use onyx_testkit::settlement_bench::{each_database, fixed_payout_row, fund_users, opening, tape};
use rust_decimal::Decimal;
use sea_orm::Set;

fn fee() -> Amount {
    Amount::from_decimal(Decimal::new(1, 1)).expect("small")
}

async fn row(label: &str, orders: i64) {
    let app = TestApp::spawn().await;
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
        .map(|i| order::ActiveModel {
            option_id: Set(1),
            issue_no: Set(close / 10_000 - 1),
            fee_type: Set(1),
            fee_value: Set(DecimalText::from(Decimal::ONE)),
            fee: Set(DecimalText::from(Decimal::new(1, 1))),
            ..order::Entity::opening(
                opening(i, 10, Decimal::new(8, 1), open_tick, close),
                opened_at,
            )
        })
        .collect();
    fixed_payout_row::<Options>(&app, &mut market, label, rows, fee(), now, close).await;
}

#[tokio::main]
async fn main() {
    println!("option settlement: the orders of one issue, settled by the server's sweep beside a spot-like writer");
    println!("| db | orders | settled ms after the close | longest spot transaction ms | spot transactions meanwhile | verify | audit |");
    println!("|---|---:|---:|---:|---:|---|---|");
    each_database(row).await;
}
