//! Concurrent withdrawal submits against one balance: the ledger gate lets
//! exactly as many through as the balance covers, refuses the rest with
//! -4001, and leaves the balances exact.

use onyx_testkit::accounts;
use onyx_testkit::admin_common;
use onyx_testkit::common;
use onyx_testkit::wallet;

use accounts::set_setting;
use admin_common::user_with_session;
use common::TestApp;
use onyx_kernel::ledger::Wallet;
use onyx_store::repo::settings;
use rust_decimal::Decimal;
use serde_json::json;
use std::sync::Arc;
use wallet::{assert_audit_clean, balance, dec, fund};

const SUBMITS: usize = 200;
/// How many submits the balance covers.
const COVERED: usize = 37;
const AMOUNT: &str = "20";
const ADDR: &str = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_submits_spend_the_balance_exactly_once() {
    let app = TestApp::spawn().await;
    // No fee, no daily limit, no window, no proofs: only the balance decides.
    set_setting(
        &app,
        "WITHDRAWAL_SETTING",
        json!({"limitTime": 0, "checkPass": false, "checkCode": false,
            "sameAddress": false, "checkTax": false, "ratio": "0",
            "dayWithdrawalNum": 0, "freeNum": 0, "withdrawalMix": "20"}),
    )
    .await;
    set_setting(
        &app,
        "AUTH_LIMIT",
        json!({"isOpenPrimary": false, "isOpenSenior": false}),
    )
    .await;
    let mut channels = settings::get(&app.state.db, "WITHDRAWAL_CHANNEL_SETTING")
        .await
        .unwrap();
    for c in channels.as_array_mut().unwrap() {
        c["ratio"] = json!("0");
        c["dayWithdrawalNum"] = json!(0);
    }
    onyx_testkit::accounts::put_setting(&app, "WITHDRAWAL_CHANNEL_SETTING", &channels).await;

    let (uid, token) = user_with_session(&app, "racer").await;
    let total = dec(AMOUNT) * Decimal::from(COVERED as u64);
    fund(&app, uid, Wallet::Spot, "usdt", &total.to_string()).await;

    let app = Arc::new(app);
    let started = std::time::Instant::now();
    let tasks: Vec<_> = (0..SUBMITS)
        .map(|_| {
            let app = app.clone();
            let token = token.clone();
            tokio::spawn(async move {
                app.post_query(
                    &format!(
                        "/api/withdraw/submit?channel=USDT-TRC20&amount={AMOUNT}&address={ADDR}"
                    ),
                    Some(&token),
                )
                .await
            })
        })
        .collect();
    let mut accepted = 0;
    let mut short = 0;
    for task in tasks {
        let r = task.await.unwrap();
        match r.code {
            200 => accepted += 1,
            -4001 => short += 1,
            other => panic!("unexpected answer {other} {:?}", r.msg),
        }
    }
    let elapsed = started.elapsed();
    println!(
        "{SUBMITS} concurrent submits in {elapsed:?}: {accepted} accepted, {short} refused -4001"
    );

    assert_eq!(accepted, COVERED);
    assert_eq!(short, SUBMITS - COVERED);
    assert_eq!(
        balance(&app, uid, Wallet::Spot, "USDT").await,
        (dec("0"), total)
    );
    let list = app
        .get("/api/withdraw/list?pageSize=100", Some(&token))
        .await
        .ok();
    assert_eq!(list["total"], COVERED as u64);
    assert!(list["rows"]
        .as_array()
        .unwrap()
        .iter()
        .all(|w| w["amount"] == AMOUNT && w["status"] == "pending"));
    assert_audit_clean(&app).await;
}
