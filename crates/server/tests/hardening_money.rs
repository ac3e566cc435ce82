//! The extreme numbers of the hardening issue, sent by a signed-in user
//! with nothing and by a funded user to every call that moves money: spot
//! submit (both sides, limit and market, by amount and by total) and
//! cancel, transfer, flash exchange (quote and execution), withdrawal
//! (quote and submit) and deposit claim.
//!
//! Every answer is a business refusal (a code of 0 or below, never -8), no
//! pair task panicked or restarted, nothing moved, every spot pair then
//! still matches an ordinary order, and the ledger audits clean. One such
//! order (`price` 79228162514264337593543950335 from a zero balance) used
//! to kill its pair until the next restart.

use onyx_testkit::accounts;
use onyx_testkit::admin_common;
use onyx_testkit::common;
use onyx_testkit::wallet;
use onyx_testkit::wallet_calls;

use common::{q, Reply, TestApp};
use onyx_kernel::ledger::Wallet;
use onyx_market::api::catalogue;
use serde_json::{json, Value};
use wallet::{assert_audit_clean, fund};
use wallet_calls::{exchange, quote, set_price, transfer};

/// Numbers no money call may take: beyond what the engine and the ledger
/// carry, finer than any precision, or not plain decimals at all.
const EXTREMES: &[&str] = &[
    "79228162514264337593543950335",
    "79228162514264337593543950336",
    "-79228162514264337593543950335",
    "10000000000000000000000000",
    "99999999999999999999999999999",
    "100000000000000000000",
    // Beyond 2^53 ticks at the big pairs' 0.01 tick.
    "90071992547410",
    "0.000000000000000000000000000001",
    "1.000000000000000000000000000001",
    "123456789.123456789012345678901234567890",
    "1e3",
    "1e25",
    "+1",
    "1_0",
    " 1",
    "1 ",
    "-1",
    "",
    "0",
    "abc",
    "1.2.3",
    "NaN",
];

const BTC: &str = "btcusdt";

#[track_caller]
fn refused(r: &Reply, what: &str) {
    assert!(
        r.code <= 0 && r.code != -8,
        "{what}: expected a business refusal, got {} {:?}",
        r.code,
        r.msg
    );
}

async fn submit(app: &TestApp, token: &str, body: Value) -> Reply {
    app.post_json("/api/currency/order/submit", Some(token), body)
        .await
}

/// Every order shape with `n` in each number field it has.
fn orders(symbol: &str, n: &str) -> Vec<Value> {
    let mut out = Vec::new();
    for side in ["buy", "sell"] {
        out.push(
            json!({"symbol": symbol, "side": side, "type": "limit", "price": n, "amount": "1"}),
        );
        out.push(
            json!({"symbol": symbol, "side": side, "type": "limit", "price": "1", "amount": n}),
        );
        out.push(
            json!({"symbol": symbol, "side": side, "type": "limit", "price": n, "amount": n,
            "timeInForce": "ioc"}),
        );
        out.push(json!({"symbol": symbol, "side": side, "type": "market", "amount": n}));
        out.push(json!({"symbol": symbol, "side": side, "type": "market", "total": n}));
    }
    out
}

/// Withdrawals open all day, no password or code, so each amount meets
/// the amount rules.
async fn open_withdrawals(app: &TestApp) {
    accounts::set_setting(
        app,
        "WITHDRAWAL_SETTING",
        json!({"limitTime": 0, "checkPass": false, "checkCode": false,
            "sameAddress": false, "checkTax": false}),
    )
    .await;
}

/// Sends every extreme to every money call as `token`.
async fn send_extremes(app: &TestApp, token: &str) {
    let addr = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";
    let hash = format!("{:064x}", 0xabcdu64);
    for n in EXTREMES {
        for body in orders(BTC, n) {
            refused(&submit(app, token, body.clone()).await, &body.to_string());
        }
        let r = app
            .post_query(
                &format!("/api/currency/order/cancelOrder?id={}", q(n)),
                Some(token),
            )
            .await;
        refused(&r, &format!("cancel {n:?}"));
        for (from, to, coin) in [("spot", "contract", "usdt"), ("contract", "spot", "btc")] {
            let r = transfer(app, token, None, from, to, coin, n).await;
            refused(&r, &format!("transfer {coin} {n:?}"));
        }
        for (from, to) in [("usdt", "btc"), ("btc", "usdt"), ("eth", "doge")] {
            let quoted = quote(app, token, from, to).await.ok();
            let id = quoted["quoteId"].as_str().unwrap();
            let r = exchange(app, token, None, from, to, n, id).await;
            refused(&r, &format!("exchange {from}->{to} {n:?}"));
        }
        let r = app
            .post_query(
                &format!("/api/withdraw/quote?channel=USDT-TRC20&amount={}", q(n)),
                Some(token),
            )
            .await;
        refused(&r, &format!("withdrawal quote {n:?}"));
        let r = app
            .post_query(
                &format!(
                    "/api/withdraw/submit?channel=USDT-TRC20&amount={}&address={addr}",
                    q(n)
                ),
                Some(token),
            )
            .await;
        refused(&r, &format!("withdrawal {n:?}"));
        let r = app
            .post_json(
                "/api/recharge/payAddress",
                Some(token),
                json!({"coin": "usdt", "symbol": "USDT-TRC20", "amount": n, "txHash": hash}),
            )
            .await;
        refused(&r, &format!("deposit claim {n:?}"));
    }
    // The order of the issue, on every pair.
    for symbol in app.state.spot.symbols() {
        let r = submit(
            app,
            token,
            json!({"symbol": symbol, "side": "buy", "type": "limit",
                "price": "79228162514264337593543950335", "amount": "1"}),
        )
        .await;
        refused(&r, &format!("the killer order on {symbol}"));
    }
}

/// Every balance the user has, and every order and record they could see.
async fn footprint(app: &TestApp, user_id: i64, token: &str) -> Value {
    let balances = onyx_store::ledger::user_balances(&app.state.db, user_id)
        .await
        .unwrap();
    let balances: Vec<String> = balances
        .iter()
        .map(|b| format!("{} {} {}", b.account.key(), b.available, b.frozen))
        .collect();
    let orders = app
        .post_query("/api/currency/order/orderList?pageSize=100", Some(token))
        .await
        .ok();
    let withdrawals = app
        .get("/api/withdraw/list?pageSize=100", Some(token))
        .await
        .ok();
    let deposits = app
        .get("/api/recharge/list?pageSize=100", Some(token))
        .await
        .ok();
    json!({"balances": balances, "orders": orders["total"],
        "withdrawals": withdrawals["total"], "deposits": deposits["total"]})
}

async fn extreme_inputs_move_nothing_and_every_pair_still_trades(app: TestApp) {
    open_withdrawals(&app).await;
    for (coin, price) in [("btc", "65000"), ("eth", "3000"), ("doge", "0.1")] {
        set_price(&app, coin, price);
    }
    let (_, broke) = accounts::signed_in(&app, "broke").await;
    let (rich, rich_token) = accounts::signed_in(&app, "rich").await;
    for (wallet, coin, amount) in [
        (Wallet::Spot, "usdt", "100000"),
        (Wallet::Spot, "btc", "10"),
        (Wallet::Spot, "eth", "10"),
        (Wallet::Contract, "btc", "1"),
    ] {
        fund(&app, rich.id, wallet, coin, amount).await;
    }
    // Order 1 is done with, so no extreme reads as the id of an open order
    // ("+1" is order 1 to the query parser, like any integer parameter).
    let first = submit(
        &app,
        &rich_token,
        json!({"symbol": BTC, "side": "buy", "type": "limit", "price": "1", "amount": "1"}),
    )
    .await
    .ok();
    assert_eq!(first["id"], 1);
    app.post_query("/api/currency/order/cancelOrder?id=1", Some(&rich_token))
        .await
        .ok();
    // A resting order the extremes could try to cross or cancel.
    let resting = submit(
        &app,
        &rich_token,
        json!({"symbol": BTC, "side": "sell", "type": "limit", "price": "70000", "amount": "0.5"}),
    )
    .await
    .ok();
    let before = footprint(&app, rich.id, &rich_token).await;

    send_extremes(&app, &broke).await;
    send_extremes(&app, &rich_token).await;

    assert_eq!(
        footprint(&app, rich.id, &rich_token).await,
        before,
        "a refusal moves and records nothing"
    );
    let owner = admin_common::operator(&app, "boss", "owner").await;
    let health = admin_common::admin_get(&app, "/api/admin/spot/health", &owner)
        .await
        .ok();
    let pairs = health.as_array().unwrap();
    assert_eq!(pairs.len(), app.state.spot.symbols().len());
    for pair in pairs {
        assert_eq!(pair["restarts"], 0, "{pair}");
        assert_eq!(pair["recoveredPanics"], 0, "{pair}");
    }

    // Every pair still matches: a seller rests one unit at 10, a buyer
    // crosses it.
    let (seller, seller_token) = accounts::signed_in(&app, "seller").await;
    let (buyer, buyer_token) = accounts::signed_in(&app, "buyer").await;
    fund(&app, buyer.id, Wallet::Spot, "usdt", "1000").await;
    let pairs = catalogue::spot_pairs(&app.state.db).await.unwrap();
    let trading: Vec<_> = pairs
        .iter()
        .filter(|p| p.enable == 1 && p.is_deal == 1)
        .collect();
    assert!(trading.len() >= 8, "the seeded pairs trade");
    for pair in trading {
        fund(&app, seller.id, Wallet::Spot, &pair.coin, "1").await;
        let order = |side: &str| {
            json!({"symbol": pair.symbol, "side": side, "type": "limit",
                "price": "10", "amount": "1"})
        };
        let ask = submit(&app, &seller_token, order("sell")).await.ok();
        assert_eq!(ask["status"], "open", "{}: {ask}", pair.symbol);
        let bid = submit(&app, &buyer_token, order("buy")).await.ok();
        assert_eq!(bid["status"], "filled", "{}: {bid}", pair.symbol);
    }
    // The resting order is still there and still cancellable.
    let id = resting["id"].as_i64().unwrap();
    let cancelled = app
        .post_query(
            &format!("/api/currency/order/cancelOrder?id={id}"),
            Some(&rich_token),
        )
        .await
        .ok();
    assert_eq!(cancelled["status"], "cancelled");
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn extreme_numbers_on_every_money_call_are_refused_and_every_pair_still_trades() {
    extreme_inputs_move_nothing_and_every_pair_still_trades(TestApp::spawn().await).await;
}
