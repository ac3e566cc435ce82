//! Supervision of the pair tasks, with real panics. The fault hook exists
//! in test builds only (`cfg(test)`): the release binary and the
//! integration tests carry no way to make a pair panic, and these tests
//! still run the real pair task against a real store (SQLite in a
//! temporary directory). The restart logic itself is also tested without a
//! store in `supervisor::tests`.

use crate::orderbook::{Side, TimeInForce};
use crate::repo;
use crate::rules::OrderInput;
use crate::SpotContext;
use crate::{OrderRequest, SpotService};
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side as LedgerSide, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use onyx_kernel::Outcome;
use onyx_platform::config::Config;
use onyx_platform::Idempotency;
use onyx_store::repo::users;
use rust_decimal::Decimal;
use std::str::FromStr;

/// A panic the next pair batch injects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    /// Inside the batch, after the book took the order and before the commit.
    InBatch,
    /// After a batch was answered: the task itself dies.
    BetweenBatches,
}

impl SpotService {
    /// Takes `fault` if a test queued it.
    pub(crate) fn take_fault(&self, fault: Fault) -> bool {
        let mut faults = self.faults.lock().unwrap();
        match faults.iter().position(|f| *f == fault) {
            Some(i) => {
                faults.remove(i);
                true
            }
            None => false,
        }
    }

    fn inject(&self, fault: Fault) {
        self.faults.lock().unwrap().push(fault);
    }
}

const BTC: &str = "btcusdt";

struct Fixture {
    state: SpotContext,
    _dir: tempfile::TempDir,
}

async fn app() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let config = Config::for_data_dir(dir.path().to_path_buf(), None);
    let db = onyx_store::connect(config.db.database_url.as_deref(), &config.db.data_dir)
        .await
        .unwrap();
    onyx_store::migrate(&db).await.unwrap();
    // Spot's own migrations, as the server's migrator runs them after the baseline.
    let schema = sea_orm_migration::SchemaManager::new(&db);
    for m in crate::migration::migrations() {
        m.up(&schema).await.unwrap();
    }
    let state = SpotContext {
        ctx: onyx_platform::Context::new(db, config),
        spot: std::sync::Arc::new(SpotService::default()),
    };
    crate::start(&state).await.unwrap();
    Fixture { state, _dir: dir }
}

/// A user holding `usdt` and `btc` in spot.
async fn trader(state: &SpotContext, name: &str, usdt: &str, btc: &str) -> i64 {
    let user = users::create(
        &state.db,
        users::NewUser {
            username: Some(name),
            email: None,
            phone: None,
            password_hash: "x",
            invite_code: &name.to_uppercase(),
            parent_id: None,
            credits: onyx_store::DecimalText::ZERO,
            register_lang: "en",
            register_ip: "127.0.0.1",
            now: state.clock.now(),
        },
    )
    .await
    .unwrap();
    for (asset, amount) in [("USDT", usdt), ("BTC", btc)] {
        if amount == "0" {
            continue;
        }
        let mut txn = state.ledger.begin().await.unwrap();
        let reference = PostingRef::Other(format!("test:{}:{asset}", user.id));
        txn.post(
            &reference,
            vec![Posting {
                kind: PostingKind::Deposit,
                asset: asset.into(),
                amount: Amount::parse(amount).unwrap(),
                from: LedgerSide::available(AccountId::system(SystemAccount::External, asset)),
                to: LedgerSide::available(AccountId::user(user.id as u64, Wallet::Spot, asset)),
                reference: reference.clone(),
                at_ms: 0,
            }],
        )
        .await
        .unwrap();
        txn.commit().await.unwrap();
    }
    user.id
}

async fn limit(
    state: &SpotContext,
    user_id: i64,
    side: Side,
    price: &str,
    qty: &str,
) -> Outcome<serde_json::Value> {
    let d = |t: &str| Decimal::from_str(t).unwrap();
    let order = OrderRequest {
        symbol: BTC.into(),
        side,
        input: OrderInput::Limit {
            price: d(price),
            qty: d(qty),
            tif: TimeInForce::Gtc,
        },
    };
    let idem = Idempotency::new(None::<String>, user_id, "spot.submit", &price);
    state.spot.submit(user_id, order, idem).await
}

async fn usdt(state: &SpotContext, user_id: i64) -> (Decimal, Decimal) {
    let account = AccountId::user(user_id as u64, Wallet::Spot, "USDT");
    onyx_store::ledger::user_balances(&state.db, user_id)
        .await
        .unwrap()
        .into_iter()
        .find(|b| b.account == account)
        .map(|b| (b.available, b.frozen))
        .unwrap_or_default()
}

fn health(state: &SpotContext) -> crate::supervisor::HealthCounts {
    state
        .spot
        .health()
        .into_iter()
        .find(|p| p.symbol == BTC)
        .unwrap()
        .counts
}

#[tokio::test]
async fn a_panic_inside_a_batch_answers_it_internal_rolls_it_back_and_the_pair_serves_on() {
    let app = app().await;
    let state = &app.state;
    let seller = trader(state, "seller", "0", "1").await;
    let buyer = trader(state, "buyer", "100", "0").await;
    limit(state, seller, Side::Sell, "100", "0.1")
        .await
        .unwrap();

    state.spot.inject(Fault::InBatch);
    let failed = limit(state, buyer, Side::Buy, "99", "0.1").await;
    assert_eq!(failed.unwrap_err().code.code(), -8);
    assert_eq!(health(state).recovered_panics, 1);
    assert_eq!(health(state).restarts, 0, "the task itself never died");

    // Rolled back: nothing frozen, no order stored, and the book rebuilt
    // from the store (the bid the book had taken before the panic is gone).
    assert_eq!(
        usdt(state, buyer).await,
        (Decimal::from(100), Decimal::ZERO)
    );
    assert!(repo::open_orders_of_user(&state.db, buyer, BTC)
        .await
        .unwrap()
        .is_empty());
    let depth = state.spot.depth(BTC, 10).unwrap();
    assert!(depth.bids.is_empty(), "{depth:?}");

    // The same task goes on: a crossing order fills against the seller.
    let filled = limit(state, buyer, Side::Buy, "100", "0.1").await.unwrap();
    assert_eq!(filled["status"], "filled", "{filled}");
}

#[tokio::test]
async fn a_task_that_dies_is_rebuilt_from_the_store_counted_and_keeps_its_orders() {
    let app = app().await;
    let state = &app.state;
    let seller = trader(state, "seller", "0", "1").await;
    let buyer = trader(state, "buyer", "100", "0").await;
    limit(state, seller, Side::Sell, "100", "0.1")
        .await
        .unwrap();

    // The batch commits and is answered; then the task panics.
    state.spot.inject(Fault::BetweenBatches);
    let resting = limit(state, buyer, Side::Buy, "99", "0.1").await.unwrap();
    assert_eq!(resting["status"], "open");

    // The next request is served by the rebuilt task, whose book holds both
    // resting orders: the seller's ask fills a crossing buy, and the
    // buyer's bid fills a crossing sell.
    let taken = limit(state, buyer, Side::Buy, "100", "0.1").await.unwrap();
    assert_eq!(taken["status"], "filled", "{taken}");
    assert_eq!(health(state).restarts, 1);
    let hit = limit(state, seller, Side::Sell, "99", "0.1").await.unwrap();
    assert_eq!(hit["status"], "filled", "{hit}");
    let report = onyx_store::ledger::audit(&state.db).await.unwrap();
    assert!(report.result.is_ok(), "{:?}", report.result);
}
