//! 200 transfers race for a balance that covers exactly K of them: the
//! ledger gate lets exactly K through, the rest are shortfalls, and the
//! balances and the audit are exact.
use onyx_testkit::accounts;
use onyx_testkit::common;
use onyx_testkit::wallet;
use onyx_testkit::wallet_calls;

use common::TestApp;
use onyx_kernel::ledger::Wallet;
use rust_decimal::Decimal;
use std::sync::Arc;
use std::time::Instant;
use wallet::{assert_audit_clean, balance, dec, fund};

const TRANSFERS: usize = 200;
/// Not a round number, so an off-by-one in either direction shows.
const COVERED: usize = 73;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_transfers_overdraw_nothing() {
    let app = Arc::new(TestApp::spawn().await);
    let (u, token) = accounts::signed_in(&app, "racer").await;
    // 73 transfers of 1.25 fit in 91.25; the 74th would overdraw.
    let each = dec("1.25");
    let funded = each * Decimal::from(COVERED as u64);
    fund(&app, u.id, Wallet::Spot, "usdt", &funded.to_string()).await;

    let started = Instant::now();
    let mut tasks = Vec::with_capacity(TRANSFERS);
    for i in 0..TRANSFERS {
        let app = app.clone();
        let token = token.clone();
        tasks.push(tokio::spawn(async move {
            let key = format!("race-{i}");
            wallet_calls::transfer(&app, &token, Some(&key), "spot", "contract", "usdt", "1.25")
                .await
        }));
    }
    let mut ok = 0usize;
    let mut short = 0usize;
    for t in tasks {
        let reply = t.await.unwrap();
        match reply.code {
            200 => ok += 1,
            -4001 => short += 1,
            other => panic!("unexpected answer {other}: {}", reply.msg),
        }
    }
    let elapsed = started.elapsed();
    println!(
        "race: {TRANSFERS} concurrent transfers in {elapsed:?}: {ok} succeeded, {short} refused (-4001), {} backend",
        onyx_store::backend_name(&app.state.db)
    );
    assert_eq!(ok, COVERED);
    assert_eq!(short, TRANSFERS - COVERED);
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("0"), dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Contract, "USDT").await,
        (funded, dec("0"))
    );
    let transfers = wallet_calls::records(&app, &token, "type=transfer").await;
    assert_eq!(transfers["total"], COVERED);
    assert_audit_clean(&app).await;
}
