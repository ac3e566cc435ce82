//! What the engine's property tests share: an approved lead with funds,
//! and a follow's body.

use onyx_kernel::ledger::Wallet;
use onyx_testkit::accounts::signed_in;
use onyx_testkit::admin_common::{admin_post, operator};
use onyx_testkit::common::TestApp;
use onyx_testkit::wallet::fund;
use serde_json::{json, Value};

/// The user `lead`, funded with 10,000,000 USDT of contract wallet, applied
/// as `name` and approved by an owner: its token and its trader id.
pub async fn approved_lead(app: &TestApp, name: &str) -> (String, Value) {
    let (lead, token) = signed_in(app, "lead").await;
    fund(app, lead.id, Wallet::Contract, "USDT", "10000000").await;
    let applied = app
        .post_json(
            "/api/follow/applyTrader",
            Some(&token),
            json!({"traderName": name}),
        )
        .await
        .ok();
    let owner = operator(app, "boss", "owner").await;
    admin_post(
        app,
        &format!("/api/admin/follow/traders/{}/review", applied["id"]),
        &owner,
        json!({"approve": true, "reason": "property test"}),
    )
    .await
    .ok();
    (token, applied["id"].clone())
}

/// Following `trader` on BTC: a fixed `size` × 10 USDT per order, or a
/// ratio of `size` percent.
pub fn follow_body(trader: &Value, fixed: bool, size: u32) -> Value {
    if fixed {
        json!({"traderId": trader, "followType": 1,
               "followAmount": (size * 10).to_string(), "followSymbol": "btc"})
    } else {
        json!({"traderId": trader, "followType": 0,
               "followRate": size.to_string(), "followSymbol": "btc"})
    }
}
