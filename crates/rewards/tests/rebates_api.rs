//! Referral rebates from real spot fills: a referred user's fee shared with
//! the three inviters above them at the published ratios, out of the fees
//! account, once; nothing while the setting is off; and the agent area's
//! counts and lists.

use onyx_kernel::ledger::{AccountId, SystemAccount, Wallet};
use onyx_platform::scheduler::Progress;
use onyx_rewards::api::rebates;
use onyx_store::entity::{ledger_account, user};
use onyx_testkit::accounts::{set_setting, signed_in};
use onyx_testkit::common::TestApp;
use onyx_testkit::wallet::{assert_audit_clean, balance, dec, fund};
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::{json, Value};

async fn invited_by(app: &TestApp, id: i64, parent: i64) {
    let mut u: user::ActiveModel = user::Entity::find_by_id(id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .into();
    u.parent_id = Set(Some(parent));
    u.update(&app.state.db).await.unwrap();
}

async fn sweep_all(app: &TestApp) {
    while rebates::sweep(&app.state.ctx).await.unwrap() == Progress::More {}
}

async fn btc(app: &TestApp, id: i64) -> Decimal {
    balance(app, id, Wallet::Spot, "BTC").await.0
}

async fn fees_btc(app: &TestApp) -> Decimal {
    let key = AccountId::system(SystemAccount::Fees, "BTC").key();
    ledger_account::Entity::find()
        .filter(ledger_account::Column::AccountKey.eq(key))
        .one(&app.state.db)
        .await
        .unwrap()
        .map(|a| a.available.get())
        .unwrap_or_default()
}

/// The seller rests an ask; `buyer` takes `amount` BTC of it at 100 USDT
/// (the buyer's 0.1 % fee is paid in BTC).
async fn fill(app: &TestApp, seller: &str, buyer: &str, amount: &str) {
    let ask = json!({"symbol": "btcusdt", "side": "sell", "type": "limit", "price": "100", "amount": amount});
    app.post_json("/api/currency/order/submit", Some(seller), ask)
        .await
        .ok();
    let bid = json!({"symbol": "btcusdt", "side": "buy", "type": "limit", "price": "100", "amount": amount});
    let r = app
        .post_json("/api/currency/order/submit", Some(buyer), bid)
        .await
        .ok();
    assert_eq!(r["status"], "filled");
}

fn s(v: &Value) -> String {
    v.as_str()
        .unwrap_or_else(|| panic!("not a string: {v}"))
        .to_string()
}

#[tokio::test]
async fn a_referred_users_fees_pay_three_levels_of_inviters_exactly_once() {
    let app = TestApp::spawn().await;
    let (a, at) = signed_in(&app, "alpha").await;
    let (b, _) = signed_in(&app, "bravo").await;
    let (c, ct) = signed_in(&app, "charlie").await;
    let (d, dt) = signed_in(&app, "delta").await;
    let (seller, st) = signed_in(&app, "seller").await;
    invited_by(&app, b.id, a.id).await;
    invited_by(&app, c.id, b.id).await;
    invited_by(&app, d.id, c.id).await;
    fund(&app, d.id, Wallet::Spot, "USDT", "1000").await;
    fund(&app, seller.id, Wallet::Spot, "BTC", "10").await;
    set_setting(
        &app,
        "FINANCIAL_REBATE_SETTING",
        json!({"isOpen": true, "oneRatio": "10", "twoRatio": "5", "threeRatio": "2"}),
    )
    .await;

    fill(&app, &st, &dt, "0.4").await;
    let fees_before = fees_btc(&app).await;
    assert_eq!(fees_before, dec("0.0004"));
    sweep_all(&app).await;
    assert_eq!(btc(&app, c.id).await, dec("0.00004"));
    assert_eq!(btc(&app, b.id).await, dec("0.00002"));
    assert_eq!(btc(&app, a.id).await, dec("0.000008"));
    assert_eq!(fees_btc(&app).await, dec("0.0004") - dec("0.000068"));
    // The seller has no inviter: their USDT fee stays with the fees account.
    assert_eq!(
        balance(&app, a.id, Wallet::Spot, "USDT").await.0,
        Decimal::ZERO
    );
    // Again: nothing more.
    sweep_all(&app).await;
    assert_eq!(btc(&app, c.id).await, dec("0.00004"));

    // While switched off a fee is passed over, and stays passed over.
    set_setting(&app, "FINANCIAL_REBATE_SETTING", json!({"isOpen": false})).await;
    fill(&app, &st, &dt, "1").await;
    sweep_all(&app).await;
    set_setting(&app, "FINANCIAL_REBATE_SETTING", json!({"isOpen": true})).await;
    sweep_all(&app).await;
    assert_eq!(btc(&app, c.id).await, dec("0.00004"));
    fill(&app, &st, &dt, "1").await;
    sweep_all(&app).await;
    assert_eq!(
        btc(&app, c.id).await,
        dec("0.00014"),
        "0.001 BTC fee × 10 %"
    );
    assert_assets(&app).await;

    // The agent area.
    let info = app
        .post_query("/api/agentActivityInfo/getAgentInfo", Some(&at))
        .await
        .ok();
    assert_eq!(
        (
            info["childCount"].as_u64(),
            info["oneCount"].as_u64(),
            info["twoCount"].as_u64(),
            info["threeCount"].as_u64(),
            info["sumCount"].as_u64()
        ),
        (Some(1), Some(1), Some(1), Some(1), Some(3))
    );
    assert_eq!(info["todayCount"].as_u64(), Some(3));
    assert_eq!(info["isOpen"], true);
    assert_eq!(s(&info["rebates"][0]["coin"]), "BTC");
    assert_eq!(s(&info["rebates"][0]["total"]), "0.000028");
    let members = app
        .get(
            "/api/agent/downline?level=3&pageNum=1&pageSize=10",
            Some(&at),
        )
        .await
        .ok();
    assert_eq!(members["total"], 1);
    let m = &members["rows"][0];
    assert_eq!(
        (s(&m["account"]), m["level"].as_u64(), s(&m["volumeBand"])),
        ("de***ta".into(), Some(3), "<1K".into())
    );
    app.get("/api/agent/downline?level=4", Some(&at))
        .await
        .fails_with(-4);
    let earned = app
        .get("/api/agent/earnings?pageNum=1&pageSize=10", Some(&ct))
        .await
        .ok();
    assert_eq!(earned["total"], 2);
    let first = &earned["rows"][1];
    assert_eq!(
        (
            s(&first["product"]),
            s(&first["coin"]),
            s(&first["fee"]),
            s(&first["ratio"]),
            s(&first["amount"]),
            first["level"].as_u64(),
            s(&first["source"])
        ),
        (
            "spot".into(),
            "BTC".into(),
            "0.0004".into(),
            "10".into(),
            "0.00004".into(),
            Some(1),
            "de***ta".into()
        )
    );
    // Someone else's tree is not the caller's.
    let info = app
        .post_query("/api/agentActivityInfo/getAgentInfo", Some(&dt))
        .await
        .ok();
    assert_eq!(info["sumCount"].as_u64(), Some(0));
}

async fn assert_assets(app: &TestApp) {
    assert_audit_clean(app).await;
    assert!(onyx_server::holds::run(&app.state.db).await.unwrap());
}
