//! Calls of the wallet API for the wallet_assets / wallet_exchange /
//! wallet_race / wallet_audit tests: keyed POSTs, prices in the snapshot.
#![allow(dead_code)]

use crate::common::{Reply, TestApp};
use axum::body::Body;
use axum::http::header;
use onyx_market::api::CoinView;
use onyx_market::api::IndexPrice;
use rust_decimal::Decimal;
use serde_json::{json, Value};
use std::str::FromStr;

/// POST JSON with an optional Idempotency-Key.
pub async fn post_keyed(
    app: &TestApp,
    uri: &str,
    token: &str,
    key: Option<&str>,
    body: Value,
) -> Reply {
    let mut req =
        TestApp::request("POST", uri, Some(token)).header(header::CONTENT_TYPE, "application/json");
    if let Some(k) = key {
        req = req.header("Idempotency-Key", k);
    }
    app.send(req.body(Body::from(body.to_string())).unwrap())
        .await
}

pub async fn transfer(
    app: &TestApp,
    token: &str,
    key: Option<&str>,
    from: &str,
    to: &str,
    coin: &str,
    amount: &str,
) -> Reply {
    post_keyed(
        app,
        "/api/asset/transferFunds",
        token,
        key,
        json!({"from": from, "to": to, "coin": coin, "amount": amount}),
    )
    .await
}

/// A fresh index price for `coin` (lower case), as the market service writes it.
pub fn set_price(app: &TestApp, coin: &str, price: &str) {
    put_index(
        app,
        coin,
        price,
        chrono::Utc::now().timestamp_millis(),
        false,
    );
}

/// A price that is no longer fresh: nothing may settle on it.
pub fn set_stale_price(app: &TestApp, coin: &str, price: &str) {
    put_index(
        app,
        coin,
        price,
        chrono::Utc::now().timestamp_millis() - 3_600_000,
        true,
    );
}

fn put_index(app: &TestApp, coin: &str, price: &str, ts_ms: i64, stale: bool) {
    app.state.prices.put(
        coin,
        CoinView {
            index: Some(IndexPrice {
                price: Decimal::from_str(price).unwrap(),
                source: "test",
                ts_ms,
                stale,
            }),
            stats: Default::default(),
        },
    );
}

pub async fn quote(app: &TestApp, token: &str, from: &str, to: &str) -> Reply {
    app.get(
        &format!("/api/texchange/getCurrencyPrice?currency={from},{to}"),
        Some(token),
    )
    .await
}

pub async fn exchange(
    app: &TestApp,
    token: &str,
    key: Option<&str>,
    from: &str,
    to: &str,
    amount: &str,
    quote_id: &str,
) -> Reply {
    post_keyed(
        app,
        "/api/texchange/currencyExchange",
        token,
        key,
        json!({"from": from, "to": to, "amount": amount, "quoteId": quote_id}),
    )
    .await
}

pub async fn records(app: &TestApp, token: &str, query: &str) -> Value {
    app.get(&format!("/api/record/financial?{query}"), Some(token))
        .await
        .ok()
}
