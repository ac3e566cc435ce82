//! The market catalogue: the spec's seed, the coin-list call with live
//! prices, the sortable market list, the per-coin volume, and operators
//! adding and editing coins and pairs (validated, audited, owner only).

use onyx_testkit::admin_common;
use onyx_testkit::common;

use admin_common::*;
use common::TestApp;
use onyx_market::api::catalogue;
use onyx_market::api::CoinView;
use onyx_market::api::{IndexPrice, Stats24h};
use rust_decimal::Decimal;
use serde_json::{json, Value};
use std::str::FromStr;

const SEEDED: [&str; 8] = ["btc", "eth", "trx", "xrp", "doge", "ltc", "bnb", "sol"];

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

/// Writes what the market service would: an index price and 24 h figures.
fn price(app: &TestApp, coin: &str, last: &str, open: &str, percent: &str, volume: &str) {
    app.state.prices.put(
        coin,
        CoinView {
            index: Some(IndexPrice {
                price: d(last),
                source: "test",
                ts_ms: 1,
                stale: false,
            }),
            stats: Stats24h {
                close: d(last),
                open_price: d(open),
                change: d(last) - d(open),
                price_change_percent: d(percent),
                volume: d(volume),
                ..Stats24h::default()
            },
        },
    );
}

fn by<'a>(list: &'a Value, key: &str, value: &str) -> &'a Value {
    list.as_array()
        .unwrap()
        .iter()
        .find(|e| e[key] == value)
        .unwrap_or_else(|| panic!("no {key}={value} in {list}"))
}

fn coins_of(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|e| e["coin"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn every_database_starts_with_the_spec_catalogue() {
    let app = TestApp::spawn().await;
    assert_eq!(
        catalogue::enabled_coins(&app.state.db).await.unwrap(),
        SEEDED
    );
    let data = app.get("/api/common/getCoinList", None).await.ok();
    assert_eq!(coins_of(&data["coinList"]), SEEDED);

    let futures = &data["contractList"];
    let btc = by(futures, "coin", "btc");
    assert_eq!(btc["leverage"], "5,10,20,50,100");
    assert_eq!(btc["openFee"], "0.001");
    assert_eq!(btc["closeFee"], "0.001");
    assert_eq!(btc["intervalHour"], 8);
    assert_eq!(btc["minShare"], "1");
    assert_eq!(btc["shareNumber"], "0.0001");
    assert_eq!(btc["symbol"], "btcusdt");
    assert_eq!(btc["showSymbol"], "BTC/USDT");
    assert_eq!(btc["baseCoin"], "usdt");
    assert_eq!(by(futures, "coin", "eth")["leverage"], "5,10,20");
    assert_eq!(by(futures, "coin", "ltc")["leverage"], "2,5,10,20,50");
    assert_eq!(by(futures, "coin", "eth")["shareNumber"], "0.001");
    assert_eq!(by(futures, "coin", "trx")["shareNumber"], "1");
    assert_eq!(by(futures, "coin", "ltc")["shareNumber"], "0.01");
    for (coin, max) in [
        ("btc", "1000000"),
        ("eth", "1000000"),
        ("trx", "10000"),
        ("xrp", "10000"),
        ("doge", "10000"),
        ("ltc", "1000"),
        ("bnb", "1000"),
        ("sol", "100000"),
    ] {
        assert_eq!(by(futures, "coin", coin)["maxShare"], max, "{coin}");
    }

    let spot = &data["currencyList"];
    let doge = by(spot, "coin", "doge");
    assert_eq!(doge["coinPrecision"], 0);
    assert_eq!(doge["orderMin"], "1");
    let btc = by(spot, "coin", "btc");
    assert_eq!(btc["coinPrecision"], 4);
    // The seed's 0.0001 tick, made 0.01 by spot's m0034 on a fresh store.
    assert_eq!(btc["basePrecision"], 2);
    assert_eq!(btc["orderMin"], "0.00001");
    assert_eq!(btc["orderMax"], "1000000");
    assert_eq!(btc["feeRate"], "0.001");

    let options = &data["optionList"];
    assert_eq!(options.as_array().unwrap().len(), 8);
    for o in options.as_array().unwrap() {
        assert_eq!(o["feeType"], 1);
        assert_eq!(o["feeValue"], "1");
    }
}

#[tokio::test]
async fn coin_list_carries_live_price_and_open_as_strings() {
    let app = TestApp::spawn().await;
    let data = app.get("/api/common/getCoinList", None).await.ok();
    let btc = by(&data["coinList"], "coin", "btc");
    assert_eq!(btc["amount"], "0", "no price yet reads 0");
    assert_eq!(btc["open"], "0");
    for key in [
        "symbol",
        "showSymbol",
        "logo",
        "sort",
        "status",
        "showFlag",
        "customizeFlag",
        "market",
        "coinType",
    ] {
        assert!(!btc[key].is_null(), "coinList entry lacks {key}");
    }

    price(&app, "btc", "97000.5", "95000.25", "2.10", "1234.5");
    let data = app.get("/api/common/getCoinList", None).await.ok();
    let btc = by(&data["coinList"], "coin", "btc");
    assert_eq!(btc["amount"], "97000.5");
    assert_eq!(btc["open"], "95000.25");
    assert_eq!(
        by(&data["contractList"], "coin", "btc")["amount"],
        "97000.5"
    );
    assert_eq!(by(&data["optionList"], "coin", "btc")["open"], "95000.25");
    assert_eq!(by(&data["coinList"], "coin", "eth")["amount"], "0");
}

#[tokio::test]
async fn market_list_sorts_both_ways_and_refuses_an_unknown_column() {
    let app = TestApp::spawn().await;
    price(&app, "btc", "97000", "96000", "1.04", "10");
    price(&app, "eth", "3000", "3300", "-9.09", "500");
    price(&app, "sol", "150", "120", "25", "90");

    let list = app.get("/api/symbolmanage/list", None).await.ok();
    assert_eq!(coins_of(&list), SEEDED, "default: catalogue order");
    let btc = by(&list, "coin", "btc");
    assert_eq!(btc["amount"], "97000");
    assert_eq!(btc["open"], "96000");
    assert_eq!(btc["change"], "1000");
    assert_eq!(btc["priceChangePercent"], "1.04");
    assert_eq!(btc["volume"], "10");

    let desc = app
        .get(
            "/api/symbolmanage/list?isAsc=desc&orderByColumn=amount",
            None,
        )
        .await
        .ok();
    assert_eq!(&coins_of(&desc)[..3], ["btc", "eth", "sol"]);
    let asc = app
        .get(
            "/api/symbolmanage/list?isAsc=asc&orderByColumn=amount",
            None,
        )
        .await
        .ok();
    assert_eq!(&coins_of(&asc)[5..], ["sol", "eth", "btc"]);

    let gainers = app
        .get(
            "/api/symbolmanage/list?isAsc=false&orderByColumn=change",
            None,
        )
        .await
        .ok();
    assert_eq!(&coins_of(&gainers)[..2], ["sol", "btc"]);
    assert_eq!(coins_of(&gainers).last().unwrap(), "eth");
    let by_volume = app
        .get(
            "/api/symbolmanage/list?isAsc=desc&orderByColumn=volume",
            None,
        )
        .await
        .ok();
    assert_eq!(&coins_of(&by_volume)[..3], ["eth", "sol", "btc"]);
    let reversed = app
        .get("/api/symbolmanage/list?isAsc=desc&orderByColumn=sort", None)
        .await
        .ok();
    assert_eq!(coins_of(&reversed).first().unwrap(), "sol");

    let bad = app
        .get("/api/symbolmanage/list?orderByColumn=password", None)
        .await;
    bad.fails_with(-4);
    assert!(bad.msg.contains("orderByColumn"), "{bad:?}");
    app.get("/api/symbolmanage/list?isAsc=sideways", None)
        .await
        .fails_with(-4);
}

#[tokio::test]
async fn mt5_amount_is_the_coins_24h_volume() {
    let app = TestApp::spawn().await;
    assert_eq!(
        app.post_query("/api/common/getMt5Amount?coin=btc", None)
            .await
            .ok(),
        "0"
    );
    price(&app, "btc", "97000", "96000", "1.04", "1234.5678");
    assert_eq!(
        app.post_query("/api/common/getMt5Amount?coin=BTC", None)
            .await
            .ok(),
        "1234.5678"
    );
    let r = app
        .post_query("/api/common/getMt5Amount?coin=nosuch", None)
        .await;
    r.fails_with(-3101);
    assert!(r.msg.contains("nosuch"));
    app.post_query("/api/common/getMt5Amount", None)
        .await
        .fails_with(-3);
}

#[tokio::test]
async fn an_operator_adds_a_coin_and_it_is_priced_listed_and_audited() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let coin = admin_post(
        &app,
        "/api/admin/catalogue/coins",
        &owner,
        json!({"coin": "ADA", "reason": "listing ADA"}),
    )
    .await
    .ok();
    assert_eq!(coin["coin"], "ada");
    assert_eq!(coin["symbol"], "adausdt");
    assert_eq!(coin["showSymbol"], "ADA/USDT");
    assert_eq!(
        catalogue::enabled_coins(&app.state.db)
            .await
            .unwrap()
            .last()
            .unwrap(),
        "ada"
    );

    let contract = admin_post(
        &app,
        "/api/admin/catalogue/contract-pairs",
        &owner,
        json!({"coin": "ada", "leverage": "5, 10, 25", "maxShare": "50000",
               "shareNumber": "10.0", "reason": "futures for ADA"}),
    )
    .await
    .ok();
    assert_eq!(contract["leverage"], "5,10,25");
    assert_eq!(contract["shareNumber"], "10");
    admin_post(
        &app,
        "/api/admin/catalogue/spot-pairs",
        &owner,
        json!({"coin": "ada", "coinPrecision": 1, "reason": "spot for ADA"}),
    )
    .await
    .ok();
    admin_post(
        &app,
        "/api/admin/catalogue/option-pairs",
        &owner,
        json!({"coin": "ada", "reason": "options for ADA"}),
    )
    .await
    .ok();

    price(&app, "ada", "0.45", "0.4", "12.5", "100");
    let data = app.get("/api/common/getCoinList", None).await.ok();
    assert_eq!(by(&data["coinList"], "coin", "ada")["amount"], "0.45");
    assert_eq!(
        by(&data["contractList"], "coin", "ada")["maxShare"],
        "50000"
    );
    assert_eq!(by(&data["currencyList"], "coin", "ada")["coinPrecision"], 1);
    assert_eq!(by(&data["optionList"], "coin", "ada")["feeValue"], "1");

    let rows = audit_rows(&app, &owner, "catalogue.coin_create").await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["reason"], "listing ADA");
    assert_eq!(
        audit_rows(&app, &owner, "catalogue.contract_create")
            .await
            .len(),
        1
    );

    // Disabling takes it out of the priced coins and the user lists.
    let id = coin["id"].as_i64().unwrap();
    admin_put(
        &app,
        &format!("/api/admin/catalogue/coins/{id}"),
        &owner,
        json!({"status": 0, "reason": "delisting ADA"}),
    )
    .await
    .ok();
    assert!(!catalogue::enabled_coins(&app.state.db)
        .await
        .unwrap()
        .contains(&"ada".to_string()));
    let data = app.get("/api/common/getCoinList", None).await.ok();
    assert!(!coins_of(&data["coinList"]).contains(&"ada".to_string()));
    assert!(!coins_of(&data["contractList"]).contains(&"ada".to_string()));
    let all = admin_get(&app, "/api/admin/catalogue/coins", &owner)
        .await
        .ok();
    assert_eq!(by(&all, "coin", "ada")["status"], 0);
    assert_eq!(
        audit_rows(&app, &owner, "catalogue.coin_update").await[0]["reason"],
        "delisting ADA"
    );
}

#[tokio::test]
async fn operators_edit_pairs_and_bad_values_change_nothing() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let futures = admin_get(&app, "/api/admin/catalogue/contract-pairs", &owner)
        .await
        .ok();
    let btc_id = by(&futures, "coin", "btc")["id"].as_i64().unwrap();
    let uri = format!("/api/admin/catalogue/contract-pairs/{btc_id}");

    let edited = admin_put(
        &app,
        &uri,
        &owner,
        json!({"openFee": "0.0005", "reason": "fee promotion"}),
    )
    .await
    .ok();
    assert_eq!(edited["openFee"], "0.0005");
    assert_eq!(
        edited["closeFee"], "0.001",
        "absent fields keep their value"
    );

    for (body, field) in [
        (json!({"openFee": "-0.1"}), "openFee"),
        (json!({"openFee": "1e-3"}), "openFee"),
        (json!({"openFee": true}), "openFee"),
        (
            serde_json::from_str(r#"{"openFee": 1e-3}"#).unwrap(),
            "openFee",
        ),
        (json!({"leverage": "5,x,20"}), "leverage"),
        (json!({"leverage": "0,5"}), "leverage"),
        (json!({"leverage": ""}), "leverage"),
        (json!({"minShare": "10", "maxShare": "5"}), "minShare"),
        (json!({"shareNumber": "0"}), "shareNumber"),
        (json!({"symbol": "BTC-USDT"}), "symbol"),
        (json!({"intervalHour": 0}), "intervalHour"),
    ] {
        let mut body = body;
        body["reason"] = json!("trying bad values");
        let r = admin_put(&app, &uri, &owner, body.clone()).await;
        assert!(r.code < 0, "{body} accepted: {r:?}");
        assert!(r.msg.contains(field), "{body}: {r:?}");
    }
    let spot = admin_get(&app, "/api/admin/catalogue/spot-pairs", &owner)
        .await
        .ok();
    let doge_id = by(&spot, "coin", "doge")["id"].as_i64().unwrap();
    admin_put(
        &app,
        &format!("/api/admin/catalogue/spot-pairs/{doge_id}"),
        &owner,
        json!({"coinPrecision": 19, "reason": "too precise"}),
    )
    .await
    .fails_with(-4);
    admin_put(&app, &uri, &owner, json!({"openFee": "0.002"}))
        .await
        .fails_with(-2004);
    admin_post(
        &app,
        "/api/admin/catalogue/coins",
        &owner,
        json!({"coin": "BTC", "reason": "again"}),
    )
    .await
    .fails_with(-3103);
    admin_post(
        &app,
        "/api/admin/catalogue/coins",
        &owner,
        json!({"coin": "b t c", "reason": "spaces"}),
    )
    .await
    .fails_with(-4);
    admin_post(
        &app,
        "/api/admin/catalogue/spot-pairs",
        &owner,
        json!({"coin": "nosuch", "reason": "no coin"}),
    )
    .await
    .fails_with(-3101);

    let after = admin_get(&app, "/api/admin/catalogue/contract-pairs", &owner)
        .await
        .ok();
    let btc = by(&after, "coin", "btc");
    assert_eq!(btc["openFee"], "0.0005");
    assert_eq!(btc["leverage"], "5,10,20,50,100");
    assert_eq!(btc["maxShare"], "1000000");
    assert_eq!(
        by(
            &admin_get(&app, "/api/admin/catalogue/spot-pairs", &owner)
                .await
                .ok(),
            "coin",
            "doge"
        )["coinPrecision"],
        0
    );
    assert_eq!(
        audit_rows(&app, &owner, "catalogue.contract_update")
            .await
            .len(),
        1,
        "only the accepted edit is audited"
    );
    assert_eq!(
        catalogue::enabled_coins(&app.state.db).await.unwrap(),
        SEEDED
    );
}

#[tokio::test]
async fn only_the_owner_manages_the_catalogue() {
    let app = TestApp::spawn().await;
    let support = operator(&app, "support1", "support").await;
    for uri in [
        "/api/admin/catalogue/coins",
        "/api/admin/catalogue/spot-pairs",
        "/api/admin/catalogue/contract-pairs",
        "/api/admin/catalogue/option-pairs",
    ] {
        admin_get(&app, uri, &support).await.fails_with(-9);
    }
    admin_post(
        &app,
        "/api/admin/catalogue/coins",
        &support,
        json!({"coin": "ada", "reason": "not mine to do"}),
    )
    .await
    .fails_with(-9);
    assert_eq!(
        catalogue::enabled_coins(&app.state.db).await.unwrap(),
        SEEDED
    );
    assert_token_failure(&admin_send(&app, "GET", "/api/admin/catalogue/coins", None, None).await);
}

#[tokio::test]
async fn a_pairs_base_coin_must_be_a_listed_coin() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let before = admin_get(&app, "/api/admin/catalogue/contract-pairs", &owner)
        .await
        .ok();
    let btc_id = by(&before, "coin", "btc")["id"].as_i64().unwrap();
    let uri = format!("/api/admin/catalogue/contract-pairs/{btc_id}");
    for base in ["NOTACOIN", "<b>usdt</b>", "us\u{7}dt"] {
        let r = admin_put(
            &app,
            &uri,
            &owner,
            json!({"baseCoin": base, "reason": "settle in it"}),
        )
        .await;
        // Markup and control characters are refused by the field's own
        // format first; a well-formed name must still be a listed coin.
        let listed = r.code == -3104 && r.msg == "baseCoin must name a listed coin";
        let malformed = r.code == -4 && r.msg == "Invalid value for baseCoin";
        assert!(
            listed || (malformed && base != "NOTACOIN"),
            "{base:?}: {} {}",
            r.code,
            r.msg
        );
    }
    assert_eq!(
        admin_get(&app, "/api/admin/catalogue/contract-pairs", &owner)
            .await
            .ok(),
        before,
        "nothing changed"
    );
    // The quote coin, in any case, is listed; so is a catalogue coin.
    admin_put(
        &app,
        &uri,
        &owner,
        json!({"baseCoin": "USDT", "reason": "same coin"}),
    )
    .await
    .ok();
    admin_put(
        &app,
        &uri,
        &owner,
        json!({"baseCoin": "eth", "reason": "settle in eth"}),
    )
    .await
    .ok();
}

/// A pair's fee or limit that is not a decimal is refused when the pair is
/// read: never traded at a rate of zero.
#[tokio::test]
async fn a_pair_whose_stored_decimal_is_not_one_is_refused_on_read() {
    use sea_orm::{ConnectionTrait, Statement};
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let backend = db.get_database_backend();
    for (table, column) in [("spot_pairs", "fee_rate"), ("contract_pairs", "open_fee")] {
        let sql = format!("UPDATE {table} SET {column} = 'free'");
        db.execute(Statement::from_string(backend, sql))
            .await
            .unwrap();
    }
    assert!(catalogue::spot_pairs(db).await.is_err());
    assert!(catalogue::contract_pairs(db).await.is_err());
}

/// A coin whose status is neither 1 nor 0 is refused when the coin list is
/// read: never taken for enabled (priced, listed, a ledger asset) nor for
/// disabled.
#[tokio::test]
async fn a_coin_whose_stored_status_is_not_one_or_zero_is_refused_on_read() {
    use sea_orm::{ConnectionTrait, Statement};
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let backend = db.get_database_backend();
    let set = |status: i32| {
        let sql = format!("UPDATE coins SET status = {status} WHERE coin = 'btc'");
        db.execute(Statement::from_string(backend, sql))
    };
    assert!(catalogue::coins(db).await.is_ok());
    for bad in [2, -1] {
        set(bad).await.unwrap();
        let read = catalogue::coins(db).await;
        assert!(read.is_err(), "status = {bad}: {read:?}");
        assert!(catalogue::find_coin(db, "btc").await.is_err());
    }
    set(1).await.unwrap();
    let btc = catalogue::find_coin(db, "btc").await.unwrap().unwrap();
    assert_eq!(btc.status, onyx_market::api::coin::CoinStatus::On);
}

#[tokio::test]
async fn an_option_pair_whose_stored_fee_is_not_a_decimal_is_refused_on_read() {
    use sea_orm::{ConnectionTrait, Statement};
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let backend = db.get_database_backend();
    let set = |fee: &str| {
        let sql = format!("UPDATE option_pairs SET fee_value = '{fee}'");
        db.execute(Statement::from_string(backend, sql))
    };
    assert!(!catalogue::option_pairs(db).await.unwrap().is_empty());
    for bad in ["", "one", "1,5"] {
        set(bad).await.unwrap();
        let read = catalogue::option_pairs(db).await;
        assert!(read.is_err(), "fee_value = {bad:?}: {read:?}");
    }
    set("0.5").await.unwrap();
    let pairs = catalogue::option_pairs(db).await.unwrap();
    assert!(pairs.iter().all(|p| p.fee_value.get().to_string() == "0.5"));
}
