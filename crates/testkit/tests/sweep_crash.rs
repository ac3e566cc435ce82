//! A settlement sweep killed with SIGKILL part-way, on SQLite (and on
//! PostgreSQL when `ONYX_TEST_DATABASE_URL` is set): every stake is either
//! settled once (its row marked and its ledger transaction stored) or still
//! open with its hold intact; the ledger audits clean after each kill, and
//! a restarted sweep finishes the rest.

use onyx_kernel::ledger::{AccountId, Wallet};
use onyx_store::ledger::{audit, audit_holds, Hold};
use rust_decimal::Decimal;
use sea_orm::{ConnectionTrait, Statement};
use std::path::Path;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

const STAKES: i64 = 10_000;

/// The child process, killed if the test fails while it runs.
struct Sweep(Child);

impl Drop for Sweep {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn child(mode: &str, url: &str) -> Sweep {
    Sweep(
        Command::new(env!("CARGO_BIN_EXE_stake_sweep"))
            .args([mode, url])
            .spawn()
            .expect("start stake_sweep"),
    )
}

async fn count(db: &onyx_store::Db, sql: &str) -> i64 {
    let row = db
        .query_one(Statement::from_string(db.get_database_backend(), sql))
        .await
        .expect(sql)
        .expect("a row");
    row.try_get_by_index::<i64>(0).expect("a count")
}

/// What must hold whenever the sweep is not running: returns how many
/// stakes are still open.
async fn check(db: &onyx_store::Db) -> i64 {
    let report = audit(db).await.expect("audit");
    assert!(report.result.is_ok(), "ledger audit: {:?}", report.result);
    // A stake is settled exactly when its settlement transaction exists.
    let inconsistent = count(
        db,
        "SELECT COUNT(*) FROM sweep_stakes s \
         LEFT JOIN ledger_transactions t ON t.reference = 'stake:' || CAST(s.id AS TEXT) \
         WHERE (s.status = 'open') <> (t.id IS NULL)",
    )
    .await;
    assert_eq!(inconsistent, 0, "stakes whose row and ledger disagree");
    let settlements = count(
        db,
        "SELECT COUNT(*) FROM ledger_transactions WHERE reference LIKE 'stake:%'",
    )
    .await;
    let settled = count(
        db,
        "SELECT COUNT(*) FROM sweep_stakes WHERE status <> 'open'",
    )
    .await;
    assert_eq!(settlements, settled, "no stake settled twice");
    // Each open stake still holds its 10 USDT, and nothing else is held.
    let rows = db
        .query_all(Statement::from_string(
            db.get_database_backend(),
            "SELECT user_id FROM sweep_stakes WHERE status = 'open'",
        ))
        .await
        .expect("open stakes");
    let holds: Vec<Hold> = rows
        .iter()
        .map(|r| Hold {
            kind: "stake",
            account: AccountId::user(
                r.try_get::<i64>("", "user_id").expect("user") as u64,
                Wallet::Spot,
                "USDT",
            ),
            amount: Decimal::from(10),
        })
        .collect();
    let open = holds.len() as i64;
    let report = audit_holds(db, holds).await.expect("holds audit");
    assert!(
        report.mismatches.is_empty(),
        "holds: {:?}",
        report.mismatches
    );
    open
}

async fn kill_during_sweeps(url: &str) {
    let status = child("open", url).0.wait().expect("open");
    assert!(status.success(), "opening the stakes: {status}");
    let db = onyx_store::connect(Some(url), Path::new("."))
        .await
        .expect("connect");
    assert_eq!(check(&db).await, STAKES);

    let mut settled_before = 0;
    for kill_at in [1_500, 6_000] {
        let mut sweep = child("settle", url);
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let settled = count(
                &db,
                "SELECT COUNT(*) FROM sweep_stakes WHERE status <> 'open'",
            )
            .await;
            if settled >= kill_at {
                break;
            }
            assert!(
                sweep.0.try_wait().expect("poll").is_none(),
                "the sweep ended before it was killed"
            );
            assert!(Instant::now() < deadline, "the sweep made no progress");
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        sweep.0.kill().expect("SIGKILL");
        sweep.0.wait().expect("reap");
        let open = check(&db).await;
        let settled = STAKES - open;
        assert!(
            settled >= kill_at && settled > settled_before,
            "{settled} settled at the kill"
        );
        assert!(open > 0, "killed before the end");
        settled_before = settled;
    }

    let status = child("settle", url).0.wait().expect("settle");
    assert!(status.success(), "the restarted sweep: {status}");
    assert_eq!(check(&db).await, 0, "every stake settled");
    // 5,000 stakes lost 10 to the house, 5,000 won 8 from it.
    let house = db
        .query_one(Statement::from_string(
            db.get_database_backend(),
            "SELECT available FROM ledger_accounts WHERE system = 'house' AND asset = 'USDT'",
        ))
        .await
        .expect("house account")
        .expect("a house account")
        .try_get::<String>("", "available")
        .expect("available");
    assert_eq!(
        house.parse::<Decimal>().expect("a decimal"),
        Decimal::from(5_000 * 10 - 5_000 * 8)
    );
    db.close().await.ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sweep_killed_midway_settles_each_stake_once_and_finishes_on_restart() {
    let dir = tempfile::tempdir().expect("scratch dir");
    let url = match std::env::var("ONYX_TEST_DATABASE_URL") {
        Ok(base) if !base.is_empty() => onyx_testkit::common::fresh_postgres_database(&base).await,
        _ => format!("sqlite://{}?mode=rwc", dir.path().join("onyx.db").display()),
    };
    kill_during_sweeps(&url).await;
}
