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

use onyx_fixed_payout::table::OrderTable;
use onyx_kernel::money::Amount;
use onyx_market::api::service::now_ms;
use onyx_second_contracts::api::entity::second_contract_order as order;
use onyx_second_contracts::api::SecondContracts;
use onyx_testkit::common::TestApp;
use onyx_testkit::settlement_bench::{each_database, fixed_payout_row, fund_users, opening, tape};
use rust_decimal::Decimal;
use sea_orm::Set;

async fn row(label: &str, orders: i64) {
    let app = TestApp::spawn().await;
    fund_users(&app).await;
    let (mut market, open_tick) = tape(&app).await;
    let now = now_ms();
    let close = (now / 1000 + 4) * 1000;

    // The open orders, all closing at `close`, their stakes frozen.
    let rows: Vec<order::ActiveModel> = (0..orders)
        .map(|i| order::ActiveModel {
            base_symbol: Set("usdt".into()),
            ..order::Entity::opening(opening(i, 30, Decimal::new(12, 2), open_tick, close), now)
        })
        .collect();
    fixed_payout_row::<SecondContracts>(&app, &mut market, label, rows, Amount::ZERO, now, close)
        .await;
}

#[tokio::main]
async fn main() {
    println!("second-contract settlement: orders closing in one second, settled by the server's sweep beside a spot-like writer");
    println!("| db | orders | settled ms after the close | longest spot transaction ms | spot transactions meanwhile | verify | audit |");
    println!("|---|---:|---:|---:|---:|---|---|");
    each_database(row).await;
}
