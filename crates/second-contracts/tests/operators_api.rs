//! Operators on second contracts: periods added, changed and switched off
//! (audited, checked, never changing an open order's terms), and the
//! house's book beside the ledger.

use crate::SECOND;
use onyx_market::api::catalogue;
use onyx_testkit::admin_common::{admin_get, admin_post, admin_put, operator};
use onyx_testkit::common::TestApp;
use serde_json::{json, Value};

async fn btc_id(app: &TestApp) -> i64 {
    catalogue::find_coin(&app.state.db, "btc")
        .await
        .unwrap()
        .unwrap()
        .id
}

/// The lengths of the periods offered on btc, as the client lists them.
async fn offered(app: &TestApp) -> Vec<i64> {
    let periods = SECOND.periods(app, "btc").await;
    periods
        .iter()
        .map(|p| p["period"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn operators_add_change_and_switch_off_periods_with_a_reason() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let support = operator(&app, "support1", "support").await;
    let btc = btc_id(&app).await;
    let path = "/api/admin/second-contracts/periods";

    admin_get(&app, path, &support).await.fails_with(-9);
    let five = json!({"coinId": btc, "period": 5, "odds": "0.1", "minAmount": "1",
                      "maxAmount": "100", "flag": true, "reason": "short period"});
    let mut no_reason = five.clone();
    no_reason["reason"] = json!("");
    admin_post(&app, path, &owner, no_reason)
        .await
        .fails_with(-2004);
    for (field, bad) in [
        ("period", json!(4)),
        ("odds", json!("0")),
        ("odds", json!("0.12345")),
        ("minAmount", json!("-1")),
        ("maxAmount", json!("0.5")),
    ] {
        let mut body = five.clone();
        body[field] = bad;
        admin_post(&app, path, &owner, body).await.fails_with(-4);
    }
    let created = admin_post(&app, path, &owner, five.clone()).await.ok();
    assert_eq!(
        (created["period"].as_i64(), created["odds"].as_str()),
        (Some(5), Some("0.1"))
    );
    admin_post(&app, path, &owner, five).await.fails_with(-12);
    assert_eq!(offered(&app).await, vec![5, 30, 60, 300]);

    let id = created["id"].as_i64().unwrap();
    let changed = admin_put(
        &app,
        &format!("{path}/{id}"),
        &owner,
        json!({"odds": "0.5", "flag": false, "reason": "promotion"}),
    )
    .await
    .ok();
    assert_eq!(
        (changed["odds"].as_str(), changed["flag"].as_bool()),
        (Some("0.5"), Some(false))
    );
    assert_eq!(
        changed["houseEdge"].as_str(),
        Some("0"),
        "a partial loss of stake × odds is even"
    );
    admin_put(
        &app,
        &format!("{path}/{id}"),
        &owner,
        json!({"status": 2, "reason": "off"}),
    )
    .await
    .ok();
    assert_eq!(
        offered(&app).await,
        vec![30, 60, 300],
        "a switched-off period is not offered"
    );
    let all = admin_get(&app, path, &owner).await.ok();
    assert!(all
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["id"].as_i64() == Some(id)));

    let audit: Value = admin_get(
        &app,
        "/api/admin/audit?action=second_contract.period_update",
        &owner,
    )
    .await
    .ok();
    assert_eq!(audit["total"].as_u64(), Some(2), "{audit}");

    let book = admin_get(&app, "/api/admin/second-contracts/house", &owner)
        .await
        .ok();
    assert_eq!(book["coins"], json!([]));
    assert_eq!(book["houseBalance"], json!("0"));
}
