//! Balances per wallet with their USDT value, transfers between a user's
//! own wallets (errors, idempotent retries), the flash-exchange coin list,
//! the financial record, and the balances in getInfo.
use onyx_testkit::accounts;
use onyx_testkit::common;
use onyx_testkit::wallet;
use onyx_testkit::wallet_calls;

use common::TestApp;
use onyx_kernel::ledger::Wallet;
use serde_json::Value;
use wallet::{assert_audit_clean, balance, dec, fund};
use wallet_calls::*;

const SEEDED: [&str; 8] = ["BTC", "ETH", "TRX", "XRP", "DOGE", "LTC", "BNB", "SOL"];

fn wallet_of<'a>(data: &'a Value, name: &str) -> &'a Value {
    data["wallets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["wallet"] == name)
        .unwrap_or_else(|| panic!("no wallet {name}"))
}

fn row_of<'a>(wallet: &'a Value, coin: &str) -> &'a Value {
    wallet["assets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["coin"] == coin)
        .unwrap_or_else(|| panic!("no row {coin}"))
}

fn coins(wallet: &Value) -> Vec<String> {
    wallet["assets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["coin"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn balances_are_listed_per_wallet_and_valued_at_fresh_prices_only() {
    let app = TestApp::spawn().await;
    let (u, token) = accounts::signed_in(&app, "alice").await;
    fund(&app, u.id, Wallet::Spot, "usdt", "100.5").await;
    fund(&app, u.id, Wallet::Spot, "btc", "0.5").await;
    fund(&app, u.id, Wallet::Contract, "eth", "2").await;
    set_price(&app, "btc", "60000");
    // ETH has no price at all, TRX only a stale one: both count 0.
    set_stale_price(&app, "trx", "0.1");

    let data = app
        .post_query("/api/asset/assetBalance", Some(&token))
        .await
        .ok();
    let wallets: Vec<&str> = data["wallets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["wallet"].as_str().unwrap())
        .collect();
    assert_eq!(wallets, ["spot", "contract", "finance"]);

    let spot = wallet_of(&data, "spot");
    let mut expected = vec!["USDT".to_string()];
    expected.extend(SEEDED.iter().map(|c| c.to_string()));
    assert_eq!(
        coins(spot),
        expected,
        "USDT, then every enabled coin, zero rows included"
    );
    let btc = row_of(spot, "BTC");
    assert_eq!(btc["available"], "0.5");
    assert_eq!(btc["frozen"], "0");
    assert_eq!(btc["total"], "0.5");
    assert_eq!(btc["usdtPrice"], "60000");
    assert_eq!(btc["usdtValue"], "30000");
    assert_eq!(row_of(spot, "USDT")["usdtValue"], "100.5");
    assert_eq!(row_of(spot, "USDT")["usdtPrice"], "1");
    let trx = row_of(spot, "TRX");
    assert_eq!(trx["total"], "0");
    assert!(trx["usdtPrice"].is_null());
    assert!(trx["usdtValue"].is_null());
    assert_eq!(spot["totalUsdt"], "30100.5");

    let contract = wallet_of(&data, "contract");
    assert_eq!(
        coins(contract),
        ["USDT", "ETH"],
        "USDT and the coins held there"
    );
    let eth = row_of(contract, "ETH");
    assert_eq!(eth["available"], "2");
    assert!(eth["usdtPrice"].is_null());
    assert_eq!(contract["totalUsdt"], "0");

    let finance = wallet_of(&data, "finance");
    assert_eq!(coins(finance), ["USDT"]);
    assert_eq!(finance["totalUsdt"], "0");
    assert_eq!(data["totalUsdt"], "30100.5");

    // getInfo carries the same ledger balances, one row per wallet and coin.
    let info = app.get("/api/user/getInfo", Some(&token)).await.ok();
    let mut rows: Vec<(String, String, String, String)> = info["asset"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            let s = |k: &str| a[k].as_str().unwrap().to_string();
            (s("wallet"), s("coin"), s("available"), s("frozen"))
        })
        .collect();
    rows.sort();
    let own =
        |w: &str, c: &str, a: &str| (w.to_string(), c.to_string(), a.to_string(), "0".to_string());
    assert_eq!(
        rows,
        [
            own("contract", "ETH", "2"),
            own("spot", "BTC", "0.5"),
            own("spot", "USDT", "100.5")
        ]
    );
}

#[tokio::test]
async fn a_transfer_moves_funds_both_ways_between_own_wallets() {
    let app = TestApp::spawn().await;
    let (u, token) = accounts::signed_in(&app, "alice").await;
    fund(&app, u.id, Wallet::Spot, "usdt", "100").await;

    let r = transfer(&app, &token, None, "spot", "contract", "usdt", "40.25")
        .await
        .ok();
    assert_eq!(r["from"], "spot");
    assert_eq!(r["to"], "contract");
    assert_eq!(r["coin"], "USDT");
    assert_eq!(r["amount"], "40.25");
    assert!(r["txId"].as_i64().unwrap() > 0);
    transfer(&app, &token, None, "CONTRACT", "finance", "USDT", "10")
        .await
        .ok();
    transfer(&app, &token, None, "finance", "spot", "usdt", "2.5")
        .await
        .ok();
    transfer(&app, &token, None, "contract", "spot", "usdt", "0.25")
        .await
        .ok();

    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("62.5"), dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Contract, "USDT").await,
        (dec("30"), dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Finance, "USDT").await,
        (dec("7.5"), dec("0"))
    );
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn refused_transfers_change_nothing() {
    let app = TestApp::spawn().await;
    let (u, token) = accounts::signed_in(&app, "alice").await;
    fund(&app, u.id, Wallet::Spot, "usdt", "100").await;

    transfer(&app, &token, None, "spot", "spot", "usdt", "1")
        .await
        .fails_with(-4040);
    transfer(&app, &token, None, "spot", "platform", "usdt", "1")
        .await
        .fails_with(-4041);
    transfer(&app, &token, None, "margin", "spot", "usdt", "1")
        .await
        .fails_with(-4041);
    transfer(&app, &token, None, "spot", "contract", "usdt", "0")
        .await
        .fails_with(-4002);
    // Not a plain decimal: -11, naming the field.
    for bad in ["-1", "1e3", "+1", "1_0", " 1", "", "0x10"] {
        let r = transfer(&app, &token, None, "spot", "contract", "usdt", bad).await;
        r.fails_with(-11);
        assert!(r.msg.starts_with("amount "), "{bad:?}: {}", r.msg);
    }
    // Every coin moves at the ledger's 8 decimals at most, USDT included.
    let fine = transfer(
        &app,
        &token,
        None,
        "spot",
        "contract",
        "usdt",
        "1.000000001",
    )
    .await;
    fine.fails_with(-4003);
    assert!(fine.msg.contains('8'), "names the precision: {}", fine.msg);
    transfer(
        &app,
        &token,
        None,
        "spot",
        "contract",
        "usdt",
        "0.000000000000000001",
    )
    .await
    .fails_with(-4003);
    transfer(&app, &token, None, "spot", "contract", "usdt", "1e25")
        .await
        .fails_with(-11);
    transfer(
        &app,
        &token,
        None,
        "spot",
        "contract",
        "usdt",
        "79228162514264337593543950335",
    )
    .await
    .fails_with(-4005);
    transfer(&app, &token, None, "spot", "contract", "us dt", "1")
        .await
        .fails_with(-3101);
    let over = transfer(&app, &token, None, "spot", "contract", "usdt", "100.000001").await;
    over.fails_with(-4001);
    assert!(
        over.msg.contains("100 USDT"),
        "the shortfall names the balance: {}",
        over.msg
    );
    // A coin never held is a shortfall of zero, not an error of another kind.
    transfer(&app, &token, None, "spot", "contract", "btc", "1")
        .await
        .fails_with(-4001);
    // Without a token nothing is reachable.
    let anon = app
        .post_json(
            "/api/asset/transferFunds",
            None,
            serde_json::json!({"from": "spot", "to": "contract", "coin": "usdt", "amount": "1"}),
        )
        .await;
    assert_eq!(anon.code, 500);

    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("100"), dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Contract, "USDT").await,
        (dec("0"), dec("0"))
    );
    let rec = records(&app, &token, "").await;
    assert_eq!(rec["total"], 1, "only the funding posting exists");
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn a_retried_transfer_moves_once_and_a_reused_key_is_refused() {
    let app = TestApp::spawn().await;
    let (u, token) = accounts::signed_in(&app, "alice").await;
    let (_, other_token) = accounts::signed_in(&app, "bob").await;
    fund(&app, u.id, Wallet::Spot, "usdt", "100").await;

    let first = transfer(
        &app,
        &token,
        Some("key-1"),
        "spot",
        "contract",
        "usdt",
        "30",
    )
    .await
    .ok();
    let again = transfer(
        &app,
        &token,
        Some("key-1"),
        "spot",
        "contract",
        "usdt",
        "30",
    )
    .await
    .ok();
    assert_eq!(first, again, "the retry gets the first response back");
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("70"), dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Contract, "USDT").await,
        (dec("30"), dec("0"))
    );

    transfer(
        &app,
        &token,
        Some("key-1"),
        "spot",
        "contract",
        "usdt",
        "31",
    )
    .await
    .fails_with(-4004);
    transfer(&app, &token, Some("key-1"), "spot", "finance", "usdt", "30")
        .await
        .fails_with(-4004);
    transfer(
        &app,
        &token,
        Some("bad key!"),
        "spot",
        "contract",
        "usdt",
        "1",
    )
    .await
    .fails_with(-4);
    transfer(
        &app,
        &token,
        Some(&"k".repeat(65)),
        "spot",
        "contract",
        "usdt",
        "1",
    )
    .await
    .fails_with(-4);
    // Keys are per user: bob's "key-1" is his own (and he has nothing).
    transfer(
        &app,
        &other_token,
        Some("key-1"),
        "spot",
        "contract",
        "usdt",
        "30",
    )
    .await
    .fails_with(-4001);

    // A refused call stores nothing: the same key works once funds exist.
    transfer(&app, &token, Some("key-2"), "spot", "finance", "usdt", "80")
        .await
        .fails_with(-4001);
    let done = transfer(&app, &token, Some("key-2"), "spot", "finance", "usdt", "70")
        .await
        .ok();
    assert_ne!(done["txId"], first["txId"]);
    assert_eq!(
        balance(&app, u.id, Wallet::Spot, "USDT").await,
        (dec("0"), dec("0"))
    );
    assert_eq!(
        balance(&app, u.id, Wallet::Finance, "USDT").await,
        (dec("70"), dec("0"))
    );
    assert_eq!(records(&app, &token, "type=transfer").await["total"], 2);
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn the_flash_exchange_coin_list_carries_scale_and_fresh_price() {
    let app = TestApp::spawn().await;
    let (_, token) = accounts::signed_in(&app, "alice").await;
    set_price(&app, "btc", "60000.5");
    set_stale_price(&app, "eth", "3000");
    let list = app
        .post_query("/api/common/getAppCurrencyList", Some(&token))
        .await
        .ok();
    let list = list.as_array().unwrap();
    let names: Vec<&str> = list.iter().map(|c| c["coin"].as_str().unwrap()).collect();
    let mut expected = vec!["USDT"];
    expected.extend(SEEDED);
    assert_eq!(names, expected);
    assert_eq!(list[0]["scale"], 6);
    assert_eq!(list[0]["usdtPrice"], "1");
    let btc = &list[1];
    assert_eq!(btc["name"], "BTC");
    assert_eq!(btc["scale"], 8);
    assert_eq!(btc["usdtPrice"], "60000.5");
    assert!(list[2]["usdtPrice"].is_null(), "a stale price is no price");
    let doge = list.iter().find(|c| c["coin"] == "DOGE").unwrap();
    assert_eq!(doge["scale"], 8);
}

#[tokio::test]
async fn the_financial_record_shows_the_callers_postings_filtered_and_paged() {
    let app = TestApp::spawn().await;
    let (u, token) = accounts::signed_in(&app, "alice").await;
    let (bob, bob_token) = accounts::signed_in(&app, "bob").await;
    fund(&app, u.id, Wallet::Spot, "usdt", "100").await;
    fund(&app, u.id, Wallet::Spot, "btc", "1").await;
    fund(&app, bob.id, Wallet::Spot, "usdt", "5").await;
    // Postings carry millisecond times: step past the funding's millisecond
    // before taking the boundary, and past the boundary before transferring.
    tokio::time::sleep(std::time::Duration::from_millis(3)).await;
    let before_transfers = chrono::Utc::now().timestamp_millis();
    tokio::time::sleep(std::time::Duration::from_millis(3)).await;
    transfer(&app, &token, None, "spot", "contract", "usdt", "40")
        .await
        .ok();
    transfer(&app, &token, None, "contract", "finance", "usdt", "15")
        .await
        .ok();
    transfer(&app, &bob_token, None, "spot", "finance", "usdt", "5")
        .await
        .ok();

    let all = records(&app, &token, "").await;
    assert_eq!(
        all["total"], 4,
        "alice sees her own 4 postings, none of bob's"
    );
    let rows = all["rows"].as_array().unwrap();
    let ids: Vec<i64> = rows.iter().map(|r| r["id"].as_i64().unwrap()).collect();
    let mut sorted = ids.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(ids, sorted, "newest first");

    let newest = &rows[0];
    assert_eq!(newest["type"], "transfer");
    assert_eq!(newest["coin"], "USDT");
    assert_eq!(newest["amount"], "15");
    assert_eq!(
        newest["change"], "0",
        "a transfer between own wallets changes no holding"
    );
    assert_eq!(newest["from"], "contract");
    assert_eq!(newest["to"], "finance");
    assert_eq!(newest["fromBucket"], "available");
    assert_eq!(newest["toBucket"], "available");
    assert!(newest["txId"].as_i64().unwrap() > 0);
    assert!(newest["reference"]
        .as_str()
        .unwrap()
        .starts_with("transfer:"));
    assert!(newest["createTime"].is_string());

    let deposits = records(&app, &token, "type=deposit").await;
    assert_eq!(deposits["total"], 2);
    let btc = &deposits["rows"][0];
    assert_eq!(btc["coin"], "BTC");
    assert_eq!(btc["change"], "1");
    assert_eq!(btc["from"], "external");
    assert_eq!(btc["to"], "spot");

    assert_eq!(records(&app, &token, "coin=btc").await["total"], 1);
    assert_eq!(
        records(&app, &token, "coin=USDT&type=transfer").await["total"],
        2
    );
    assert_eq!(records(&app, &token, "coin=eth").await["total"], 0);
    let since = records(&app, &token, &format!("start={before_transfers}")).await;
    assert_eq!(
        since["total"], 2,
        "only the transfers are at or after the start"
    );
    let until = records(&app, &token, &format!("end={}", before_transfers - 1)).await;
    assert_eq!(until["total"], 2, "only the deposits are before the end");
    assert_eq!(records(&app, &token, "start=0&end=1").await["total"], 0);

    let page2 = records(&app, &token, "pageSize=3&pageNum=2").await;
    assert_eq!(page2["total"], 4);
    let page2_ids: Vec<i64> = page2["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    assert_eq!(page2_ids, ids[3..].to_vec());

    app.get("/api/record/financial?type=gift", Some(&token))
        .await
        .fails_with(-4);

    let bobs = records(&app, &bob_token, "").await;
    assert_eq!(bobs["total"], 2);
    for r in bobs["rows"].as_array().unwrap() {
        assert_eq!(r["amount"], "5");
    }
}
