//! The demo traders (seeded only with `--demo`, funded by a deposit, taking
//! the maker's quotes through the spot service) and the public trades feed
//! their fills appear in.

use onyx_kernel::ledger::Wallet;
use onyx_market::api::{CoinView, IndexPrice};
use onyx_server::demo_traders;
use onyx_spot::api::maker;
use onyx_store::repo::users;
use onyx_testkit::accounts;
use onyx_testkit::common::TestApp;
use onyx_testkit::wallet::{assert_audit_clean, balance, dec, fund};
use onyx_wallet::api::deposits::{deposit, DepositStatus};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};

const BTC: &str = "btcusdt";

fn set_price(app: &TestApp, coin: &str, price: &str) {
    app.state.prices.put(
        coin,
        CoinView {
            index: Some(IndexPrice {
                price: dec(price),
                source: "test",
                ts_ms: chrono::Utc::now().timestamp_millis(),
                stale: false,
            }),
            ..CoinView::default()
        },
    );
}

async fn demo_with_traders(count: u8) -> TestApp {
    TestApp::spawn_with(|c| {
        c.demo = true;
        c.demo_leads = false;
        c.demo_traders = count;
    })
    .await
}

#[tokio::test]
async fn demo_traders_exist_only_in_a_demo_each_funded_by_a_confirmed_deposit() {
    // Without --demo nothing is seeded, whatever the trader count says.
    let plain = TestApp::spawn_with(|c| c.demo_traders = 3).await;
    assert!(users::find_by_username(&plain.state.db, "demo-trader-1")
        .await
        .unwrap()
        .is_none());
    assert!(demo_traders::find(&plain.state).await.unwrap().is_empty());

    let app = demo_with_traders(2).await;
    let ids = demo_traders::find(&app.state).await.unwrap();
    assert_eq!(ids.len(), 2);
    assert!(users::find_by_username(&app.state.db, "demo-trader-3")
        .await
        .unwrap()
        .is_none());
    for id in ids {
        assert_eq!(
            balance(&app, id, Wallet::Spot, "USDT").await,
            (dec("10000"), dec("0"))
        );
        // The money came in as a deposit the operator confirmed.
        let deposits = deposit::Entity::find()
            .filter(deposit::Column::UserId.eq(id))
            .all(&app.state.db)
            .await
            .unwrap();
        assert_eq!(deposits.len(), 1, "{deposits:?}");
        assert_eq!(deposits[0].status, DepositStatus::Confirmed);
    }
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn a_demo_traders_fill_shows_in_another_users_market_trades_without_naming_anyone() {
    let app = demo_with_traders(1).await;
    let trader = demo_traders::find(&app.state).await.unwrap()[0];
    let spot = app.state.spot_context();
    let maker_id = maker::ensure_user(&spot).await.unwrap();
    set_price(&app, "btc", "60000");

    // No quotes yet: nothing the trader could take... once the maker
    // quotes, a turn is a real market order that fills.
    maker::round(&spot, maker_id).await.unwrap();
    let mut filled = Vec::new();
    for _ in 0..4 {
        let order = demo_traders::trade_once(&app.state, trader)
            .await
            .unwrap()
            .expect("a pair to trade");
        assert_eq!(order["status"], "filled", "{order}");
        filled.push(dec(order["filledAmount"].as_str().unwrap()));
    }

    // Another user (signed in or not) reads the pair's tape: the fills,
    // newest first, with only public fields.
    let (_, token) = accounts::signed_in(&app, "watcher").await;
    let tape = app
        .get("/api/market/trades?symbol=btcusdt", Some(&token))
        .await
        .ok();
    let rows = tape.as_array().unwrap();
    // An order may take several of the maker's levels: one trade each, and
    // together exactly what the orders filled.
    assert!(rows.len() >= filled.len(), "{tape}");
    let traded: rust_decimal::Decimal = rows.iter().map(|r| dec(r["vol"].as_str().unwrap())).sum();
    assert_eq!(traded, filled.iter().sum());
    for row in rows {
        let keys: Vec<&str> = row
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, ["id", "price", "side", "ts", "vol"], "{row}");
    }
    let ids: Vec<i64> = rows.iter().map(|r| r["id"].as_i64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "newest first: {ids:?}");
    let text = tape.to_string();
    assert!(!text.contains("demo-trader") && !text.contains("market-maker"));
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn the_public_trades_feed_pages_by_trade_id() {
    let app = TestApp::spawn().await;
    let spot = app.state.spot_context();
    let maker_id = maker::ensure_user(&spot).await.unwrap();
    set_price(&app, "btc", "60000");
    maker::round(&spot, maker_id).await.unwrap();
    let (buyer, token) = accounts::signed_in(&app, "buyer").await;
    fund(&app, buyer.id, Wallet::Spot, "USDT", "10000").await;
    for _ in 0..5 {
        let reply = app
            .post_json(
                "/api/currency/order/submit",
                Some(&token),
                json!({"symbol": BTC, "side": "buy", "type": "market", "amount": "0.001"}),
            )
            .await
            .ok();
        assert_eq!(reply["status"], "filled", "{reply}");
    }
    let page = |q: String| {
        let app = &app;
        async move {
            app.get(&format!("/api/market/trades?symbol=btcusdt&{q}"), None)
                .await
                .ok()
        }
    };
    let ids = |v: &Value| -> Vec<i64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|r| r["id"].as_i64().unwrap())
            .collect()
    };
    let all = ids(&page("limit=100".into()).await);
    assert_eq!(all.len(), 5);
    let first = ids(&page("limit=2".into()).await);
    assert_eq!(first, all[..2]);
    let second = ids(&page(format!("limit=2&before={}", first[1])).await);
    assert_eq!(second, all[2..4]);
    let last = ids(&page(format!("limit=2&before={}", second[1])).await);
    assert_eq!(last, all[4..]);
    let past_the_end = ids(&page(format!("limit=2&before={}", all[4])).await);
    assert!(past_the_end.is_empty());
    // Bad paging is refused, not guessed.
    app.get("/api/market/trades?symbol=btcusdt&before=x", None)
        .await
        .fails_with(-1);
}

#[tokio::test]
async fn a_trader_that_can_afford_neither_side_places_nothing() {
    let app = TestApp::spawn().await;
    let spot = app.state.spot_context();
    let maker_id = maker::ensure_user(&spot).await.unwrap();
    set_price(&app, "btc", "60000");
    maker::round(&spot, maker_id).await.unwrap();
    let (broke, _) = accounts::signed_in(&app, "broke").await;
    assert!(demo_traders::trade_once(&app.state, broke.id)
        .await
        .unwrap()
        .is_none());
    // Without a fresh price there is no pair to trade at all.
    let app = TestApp::spawn().await;
    let (rich, _) = accounts::signed_in(&app, "rich").await;
    fund(&app, rich.id, Wallet::Spot, "USDT", "10000").await;
    assert!(demo_traders::trade_once(&app.state, rich.id)
        .await
        .unwrap()
        .is_none());
}
