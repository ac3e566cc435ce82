//! The ledger audit: clean after real operations; a tampered balance or a
//! tampered posting is found, by the library call and by `onyx audit`
//! (exit 0 when clean, non-zero with the violation printed otherwise).
use onyx_testkit::accounts;
use onyx_testkit::common;
use onyx_testkit::wallet;
use onyx_testkit::wallet_calls;

use common::TestApp;
use onyx_kernel::ledger::{SystemAccount, Violation, Wallet};
use onyx_store::ledger::audit;
use sea_orm::ConnectionTrait;
use std::process::{Command, Output};
use wallet::{assert_audit_clean, dec, fund};
use wallet_calls::*;

/// Funds two users, transfers and exchanges through the API.
async fn busy_ledger(app: &TestApp) -> i64 {
    let (u, token) = accounts::signed_in(app, "alice").await;
    let (bob, bob_token) = accounts::signed_in(app, "bob").await;
    fund(app, u.id, Wallet::Spot, "usdt", "1000").await;
    fund(app, bob.id, Wallet::Spot, "usdt", "10").await;
    transfer(app, &token, Some("a"), "spot", "contract", "usdt", "100")
        .await
        .ok();
    transfer(app, &bob_token, None, "spot", "finance", "usdt", "10")
        .await
        .ok();
    set_price(app, "btc", "50000");
    let q = quote(app, &token, "usdt", "btc").await.ok();
    exchange(
        app,
        &token,
        None,
        "usdt",
        "btc",
        "500",
        q["quoteId"].as_str().unwrap(),
    )
    .await
    .ok();
    u.id
}

fn onyx_audit(app: &TestApp) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_onyx"));
    cmd.arg("audit")
        .arg("--data-dir")
        .arg(&app.state.config.db.data_dir)
        .env_remove("DATABASE_URL")
        .env("ONYX_LOG", "warn");
    if let Some(url) = &app.state.config.db.database_url {
        cmd.arg("--database-url").arg(url);
    }
    cmd.output().expect("onyx runs")
}

async fn sql(app: &TestApp, statement: &str) {
    let done = app.state.db.execute_unprepared(statement).await.unwrap();
    assert_eq!(done.rows_affected(), 1, "{statement}");
}

#[tokio::test]
async fn the_audit_is_clean_after_operations_and_reports_the_totals() {
    let app = TestApp::spawn().await;
    busy_ledger(&app).await;
    let report = audit(&app.state.db).await.unwrap();
    let assets = report.result.as_ref().expect("clean");
    // 2 deposits, 2 transfers, 2 exchange legs.
    assert_eq!(report.postings, 6);
    assert_eq!(report.transactions, 5);
    let usdt = &assets["USDT"];
    assert_eq!(usdt.postings, 5);
    assert_eq!(usdt.user_available, dec("510"));
    assert_eq!(usdt.system[&SystemAccount::External], dec("-1010"));
    assert_eq!(usdt.system[&SystemAccount::ExchangeHouse], dec("500"));
    let btc = &assets["BTC"];
    assert_eq!(btc.user_available, dec("0.00999"));
    assert_eq!(btc.sum(), dec("0"));

    let out = onyx_audit(&app);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "clean ledger exits 0: {text}");
    assert!(text.contains("ledger clean"), "{text}");
    assert!(text.contains("postings 6"), "{text}");
    let usdt_line = text
        .lines()
        .find(|l| l.starts_with("USDT"))
        .expect("a USDT row");
    let cells: Vec<&str> = usdt_line.split_whitespace().collect();
    // asset, postings, user available, user frozen, each system account, sum
    assert_eq!(cells.len(), 5 + SystemAccount::ALL.len(), "{usdt_line}");
    assert_eq!(cells[1], "5");
    assert_eq!(cells[2], "510");
    assert_eq!(cells[4 + SystemAccount::ALL.len()], "0");
}

#[tokio::test]
async fn a_tampered_balance_is_found() {
    let app = TestApp::spawn().await;
    let user_id = busy_ledger(&app).await;
    assert_audit_clean(&app).await;
    sql(
        &app,
        &format!("UPDATE ledger_accounts SET available = '400.5' WHERE account_key = 'u:{user_id}:spot:USDT'"),
    )
    .await;
    let report = audit(&app.state.db).await.unwrap();
    match report.result {
        Err(Violation::BalanceMismatch {
            side,
            cached,
            recomputed,
        }) => {
            assert_eq!(side.account.key(), format!("u:{user_id}:spot:USDT"));
            assert_eq!(cached, dec("400.5"));
            assert_eq!(recomputed, dec("400"));
        }
        other => panic!("expected a balance mismatch, got {other:?}"),
    }
    let out = onyx_audit(&app);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_ne!(
        out.status.code(),
        Some(0),
        "a violation fails the command: {text}"
    );
    assert!(text.contains("VIOLATION"), "{text}");
    assert!(text.contains("400.5"), "the violation is printed: {text}");
}

#[tokio::test]
async fn a_tampered_posting_is_found() {
    let app = TestApp::spawn().await;
    busy_ledger(&app).await;
    // The transfer of 100 USDT becomes 101 in the journal only.
    sql(
        &app,
        "UPDATE ledger_postings SET amount = '101' WHERE kind = 'transfer' AND amount = '100'",
    )
    .await;
    let report = audit(&app.state.db).await.unwrap();
    assert!(
        matches!(report.result, Err(Violation::BalanceMismatch { .. })),
        "{:?}",
        report.result
    );
    let out = onyx_audit(&app);
    assert_ne!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("VIOLATION"));
}

#[tokio::test]
async fn frozen_funds_no_product_holds_are_reported_and_fail_the_command() {
    use onyx_kernel::ledger::{AccountId, Posting, PostingKind, PostingRef, Side};
    use onyx_kernel::money::Amount;
    use onyx_store::ledger::{audit_holds, Hold};
    let app = TestApp::spawn().await;
    let user_id = busy_ledger(&app).await;
    let out = onyx_audit(&app);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("holds match the frozen balances"), "{text}");

    // 25 USDT frozen straight through the ledger: no order, no withdrawal
    // says it holds them.
    let account = AccountId::user(user_id as u64, Wallet::Spot, "USDT");
    let r = PostingRef::Other("orphan-freeze".into());
    let mut txn = app.state.ledger.begin().await.unwrap();
    txn.post(
        &r,
        vec![Posting {
            kind: PostingKind::Freeze,
            asset: "USDT".into(),
            amount: Amount::parse("25").unwrap(),
            from: Side::available(account.clone()),
            to: Side::frozen(account.clone()),
            reference: r.clone(),
            at_ms: 0,
        }],
    )
    .await
    .unwrap();
    txn.commit().await.unwrap();
    assert_audit_clean(&app).await; // the ledger itself still balances

    let out = onyx_audit(&app);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains(&format!(
            "HOLD MISMATCH: u:{user_id}:spot:USDT frozen 25 but holds name 0"
        )),
        "{text}"
    );

    // Named, the same freeze matches; named twice, it does not.
    let hold = Hold {
        kind: "spot_order",
        account: account.clone(),
        amount: dec("25"),
    };
    let one = audit_holds(&app.state.db, vec![hold.clone()])
        .await
        .unwrap();
    assert!(one.mismatches.is_empty(), "{:?}", one.mismatches);
    assert_eq!(one.kinds["spot_order"].0, 1);
    assert_eq!(one.kinds["spot_order"].1["USDT"], dec("25"));
    let twice = audit_holds(&app.state.db, vec![hold.clone(), hold])
        .await
        .unwrap();
    assert_eq!(twice.mismatches, vec![(account, dec("25"), dec("50"))]);
}
