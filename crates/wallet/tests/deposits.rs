//! Deposits: per-user addresses from the operator's extended public keys,
//! claims (a transfer claimed by two users is held for review, not refused
//! to the second; waiting claims bounded, filing rate limited), operator
//! review (credit once, bonus from rewards), and the demo user's opening
//! balance.

use onyx_testkit::admin_common;
use onyx_testkit::common;
use onyx_testkit::wallet;
use onyx_wallet::api::deposits::DepositStatus;

use admin_common::*;
use axum::body::Body;
use axum::http::header;
use common::{Reply, TestApp};
use onyx_content::api::messages;
use onyx_kernel::address::{self, Network};
use onyx_kernel::hd::DepositKey;
use onyx_kernel::ledger::{AccountId, SystemAccount, Wallet};
use onyx_store::repo::{settings, users};
use onyx_wallet::api::deposits::deposit;
use onyx_wallet::api::deposits::rows as deposits;
use sea_orm::{EntityTrait, PaginatorTrait, SqlErr};
use serde_json::{json, Value};
use wallet::{assert_audit_clean, balance, dec};

/// BIP32 test vector 1, m/0H and m/0H/1: public keys anyone can check.
const XPUB_A: &str = "xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw";
const XPUB_B: &str = "xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ";

const TRON_SHARED: &str = "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL";

fn hash(n: u8) -> String {
    format!("{:064x}", u64::from(n) + 0xabcd_0000)
}

async fn app_with_keys() -> TestApp {
    TestApp::spawn_with(|c| {
        c.deposit_xpub_tron = Some(XPUB_A.into());
        c.deposit_xpub_evm = Some(XPUB_A.into());
    })
    .await
}

fn derived(xpub: &str, network: Network, index: u64) -> String {
    DepositKey::parse(xpub, network)
        .unwrap()
        .address(index)
        .unwrap()
}

async fn get_address(app: &TestApp, token: &str, coin: &str, symbol: &str) -> Reply {
    app.post_query(
        &format!("/api/recharge/getAdress?coin={coin}&symbol={symbol}"),
        Some(token),
    )
    .await
}

async fn pay(app: &TestApp, token: &str, key: Option<&str>, body: Value) -> Reply {
    let mut b = TestApp::request("POST", "/api/recharge/payAddress", Some(token))
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(k) = key {
        b = b.header("Idempotency-Key", k);
    }
    app.send(b.body(Body::from(body.to_string())).unwrap())
        .await
}

fn claim(amount: &str, tx_hash: &str) -> Value {
    json!({"coin": "usdt", "symbol": "USDT-TRC20", "amount": amount, "txHash": tx_hash})
}

/// Files a claim and returns its id.
async fn claimed(app: &TestApp, token: &str, amount: &str, tx_hash: &str) -> i64 {
    let d = pay(app, token, None, claim(amount, tx_hash)).await.ok();
    assert_eq!(d["status"], "pending");
    d["id"].as_i64().unwrap()
}

async fn confirm(app: &TestApp, owner: &str, id: i64) -> Reply {
    admin_post(
        app,
        &format!("/api/admin/deposits/{id}/confirm"),
        owner,
        json!({"reason": "seen on chain"}),
    )
    .await
}

async fn deposit_rows(app: &TestApp) -> u64 {
    deposit::Entity::find().count(&app.state.db).await.unwrap()
}

async fn set_shared_address(app: &TestApp, network: &str, address: &str) {
    let mut coins = settings::get(&app.state.db, "ASSET_COIN").await.unwrap();
    for e in coins.as_array_mut().unwrap() {
        if e["coinName"] == network {
            e["coinAddress"] = json!(address);
        }
    }
    onyx_testkit::accounts::put_setting(app, "ASSET_COIN", &coins).await;
}

#[tokio::test]
async fn each_user_has_a_stable_derived_address_per_coin_and_network() {
    let app = app_with_keys().await;
    let (_, alice) = user_with_session(&app, "alice").await;
    let (_, bob) = user_with_session(&app, "bob").await;

    let first = get_address(&app, &alice, "usdt", "USDT-TRC20").await.ok();
    assert_eq!(first["coin"], "USDT");
    assert_eq!(first["network"], "USDT-TRC20");
    assert_eq!(first["shared"], false);
    assert_eq!(first["rechargeMin"], "1");
    assert_eq!(first["rechargeMax"], "9999999");
    let alice_tron = first["address"].as_str().unwrap().to_string();
    assert_eq!(alice_tron, derived(XPUB_A, Network::Tron, 0));
    assert_eq!(address::check(Some(Network::Tron), &alice_tron), Ok(()));
    // Asked again, in another case: the same address.
    let again = get_address(&app, &alice, "USDT", "usdt-trc20").await.ok();
    assert_eq!(again["address"], alice_tron.as_str());

    let bob_tron = get_address(&app, &bob, "usdt", "USDT-TRC20").await.ok()["address"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(bob_tron, derived(XPUB_A, Network::Tron, 1));
    assert_ne!(bob_tron, alice_tron);

    // Another family uses its own key at the user's index.
    let alice_evm = get_address(&app, &alice, "usdt", "USDT-ERC20").await.ok();
    assert_eq!(
        alice_evm["address"],
        derived(XPUB_A, Network::Evm, 0).as_str()
    );
    assert_eq!(alice_evm["shared"], false);
    let alice_eth = get_address(&app, &alice, "eth", "ETH").await.ok();
    assert_eq!(alice_eth["address"], alice_evm["address"]);
}

#[tokio::test]
async fn concurrent_first_requests_get_distinct_indices() {
    let app = app_with_keys().await;
    let mut tokens = Vec::new();
    for name in ["carol", "dave", "erin", "frank"] {
        tokens.push(user_with_session(&app, name).await.1);
    }
    let replies = futures_join(&app, &tokens).await;
    let mut addresses: Vec<String> = replies
        .into_iter()
        .map(|r| r.ok()["address"].as_str().unwrap().to_string())
        .collect();
    addresses.sort();
    let mut expected: Vec<String> = (0..4).map(|i| derived(XPUB_A, Network::Tron, i)).collect();
    expected.sort();
    assert_eq!(addresses, expected);
}

async fn futures_join(app: &TestApp, tokens: &[String]) -> Vec<Reply> {
    let (a, b, c, d) = tokio::join!(
        get_address(app, &tokens[0], "usdt", "USDT-TRC20"),
        get_address(app, &tokens[1], "usdt", "USDT-TRC20"),
        get_address(app, &tokens[2], "usdt", "USDT-TRC20"),
        get_address(app, &tokens[3], "usdt", "USDT-TRC20"),
    );
    vec![a, b, c, d]
}

#[tokio::test]
async fn a_new_key_moves_the_address_but_keeps_the_index() {
    let app = app_with_keys().await;
    let (_, alice) = user_with_session(&app, "alice").await;
    get_address(&app, &alice, "usdt", "USDT-TRC20").await.ok();
    let mut config = (*app.state.config).clone();
    config.deposit_xpub_tron = Some(XPUB_B.into());
    let mut app = app;
    app.state.ctx.config = std::sync::Arc::new(config);
    app.router = onyx_server::app(app.state.clone());
    let r = get_address(&app, &alice, "usdt", "USDT-TRC20").await.ok();
    assert_eq!(r["address"], derived(XPUB_B, Network::Tron, 0).as_str());
}

#[tokio::test]
async fn without_a_key_the_shared_address_is_shown_and_otherwise_deposits_are_closed() {
    let app = TestApp::spawn().await;
    let (_, alice) = user_with_session(&app, "alice").await;
    get_address(&app, &alice, "usdt", "USDT-TRC20")
        .await
        .fails_with(-4030);
    set_shared_address(&app, "USDT-TRC20", TRON_SHARED).await;
    let r = get_address(&app, &alice, "usdt", "USDT-TRC20").await.ok();
    assert_eq!(r["address"], TRON_SHARED);
    assert_eq!(r["shared"], true);
    // No key and no address for Bitcoin; unknown pairs are closed too.
    get_address(&app, &alice, "btc", "BTC")
        .await
        .fails_with(-4030);
    get_address(&app, &alice, "btc", "USDT-TRC20")
        .await
        .fails_with(-4030);
    get_address(&app, &alice, "usdt", "NOPE")
        .await
        .fails_with(-4030);
    // A claim on a closed network is refused before anything is stored.
    pay(
        &app,
        &alice,
        None,
        json!({"coin": "btc", "symbol": "BTC", "amount": "1", "txHash": hash(1)}),
    )
    .await
    .fails_with(-4030);
    // A claim on the shared address records that address.
    let d = pay(&app, &alice, None, claim("5", &hash(2))).await.ok();
    assert_eq!(d["address"], TRON_SHARED);
    assert_eq!(deposit_rows(&app).await, 1);
}

#[tokio::test]
async fn a_startup_with_a_private_or_broken_key_fails_with_a_clear_message() {
    let xprv = "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi";
    let dir = tempfile::tempdir().unwrap();
    let mut config = onyx_platform::config::Config::for_data_dir(dir.path().to_path_buf(), None);
    config.deposit_xpub_evm = Some(xprv.into());
    let err = onyx_server::prepare(config.clone())
        .await
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("--deposit-xpub-evm"), "{err}");
    assert!(err.contains("PRIVATE"), "{err}");
    assert!(!err.contains(xprv), "the key itself is never echoed: {err}");
    config.deposit_xpub_evm = None;
    config.deposit_xpub_btc = Some("xpub-not-really".into());
    let err = onyx_server::prepare(config)
        .await
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("--deposit-xpub-btc"), "{err}");
}

#[tokio::test]
async fn claims_are_checked_against_limits_format_and_earlier_claims() {
    let app = app_with_keys().await;
    let (_, alice) = user_with_session(&app, "alice").await;
    let (_, bob) = user_with_session(&app, "bob").await;
    let below = pay(&app, &alice, None, claim("0.5", &hash(1))).await;
    below.fails_with(-4031);
    assert!(below.msg.contains('1'), "{below:?}");
    pay(&app, &alice, None, claim("10000000", &hash(1)))
        .await
        .fails_with(-4032);
    pay(&app, &alice, None, claim("abc", &hash(1)))
        .await
        .fails_with(-11);
    pay(&app, &alice, None, claim("0", &hash(1)))
        .await
        .fails_with(-4002);
    pay(&app, &alice, None, claim("1.123456789", &hash(1)))
        .await
        .fails_with(-4003);
    for bad in ["", "xyz", &format!("0x{}", hash(1)), &hash(1)[..63]] {
        pay(&app, &alice, None, claim("10", bad))
            .await
            .fails_with(-4033);
    }
    // An EVM network wants 0x + 64 hex; a bare 64 hex is prefixed.
    let evm = json!({"coin": "usdt", "symbol": "USDT-ERC20", "amount": "10", "txHash": hash(9)});
    let d = pay(&app, &alice, None, evm).await.ok();
    assert_eq!(d["txHash"], format!("0x{}", hash(9)));
    assert_eq!(d["network"], "USDT-ERC20");
    assert_eq!(d["address"], derived(XPUB_A, Network::Evm, 0).as_str());
    assert_eq!(deposit_rows(&app).await, 1);

    let d = pay(&app, &alice, None, claim("12.5", &hash(1))).await.ok();
    assert_eq!(d["amount"], "12.5");
    assert_eq!(d["coin"], "USDT");
    assert_eq!(d["address"], derived(XPUB_A, Network::Tron, 0).as_str());
    assert_eq!(d["bonus"], Value::Null);
    assert_eq!(d["reviewTime"], Value::Null);
    assert_eq!(d["contested"], false);
    // The same transaction again by the same user, in any case, even for
    // another coin of the same chain.
    pay(&app, &alice, None, claim("12.5", &hash(1)))
        .await
        .fails_with(-4034);
    let eth = json!({"coin": "eth", "symbol": "ETH", "amount": "1", "txHash": hash(9)});
    pay(&app, &alice, None, eth).await.fails_with(-4034);
    // Another user's claim of it is held for review, not refused.
    let contested = pay(&app, &bob, None, claim("3", &hash(1).to_uppercase()))
        .await
        .ok();
    assert_eq!(contested["status"], "pending");
    assert_eq!(contested["contested"], true);
    // A hash of one chain may appear on another.
    let evm_same =
        json!({"coin": "usdt", "symbol": "USDT-ERC20", "amount": "10", "txHash": hash(1)});
    let d = pay(&app, &bob, None, evm_same).await.ok();
    assert_eq!(d["contested"], false);
    assert_eq!(deposit_rows(&app).await, 4);
}

#[tokio::test]
async fn a_screenshot_must_be_the_users_own_upload() {
    let app = app_with_keys().await;
    let (alice_id, alice) = user_with_session(&app, "alice").await;
    let (bob_id, bob) = user_with_session(&app, "bob").await;
    let upload = |user_id: i64, id: &'static str| {
        let db = app.state.db.clone();
        async move {
            onyx_store::repo::files::create(
                &db,
                onyx_store::repo::files::NewFile {
                    id,
                    user_id,
                    file_name: "proof.png",
                    mime: "image/png",
                    size: 4,
                    storage_key: id,
                    now: chrono::Utc::now(),
                },
            )
            .await
            .unwrap();
        }
    };
    upload(alice_id, "fileofalice").await;
    upload(bob_id, "fileofbob").await;
    let mut body = claim("10", &hash(1));
    body["screenshot"] = json!("https://onyx.example/api/common/file/fileofalice");
    let d = pay(&app, &alice, None, body.clone()).await.ok();
    assert_eq!(d["screenshot"], "/api/common/file/fileofalice");
    body["txHash"] = json!(hash(2));
    pay(&app, &bob, None, body).await.fails_with(-4);

    // Operators who review funds may open a claim's screenshot, by link.
    let owner = operator(&app, "owner1", "owner").await;
    let compliance = operator(&app, "compliance1", "compliance").await;
    let link = admin_get(&app, "/api/admin/file/fileofalice/link", &owner)
        .await
        .ok();
    assert!(link["url"]
        .as_str()
        .unwrap()
        .starts_with("/api/common/file/fileofalice?expires="));
    // Compliance reviews KYC documents, not deposit screenshots; an
    // upload no claim shows is nothing to review.
    admin_get(&app, "/api/admin/file/fileofalice/link", &compliance)
        .await
        .fails_with(-6);
    admin_get(&app, "/api/admin/file/fileofbob/link", &owner)
        .await
        .fails_with(-6);
}

#[tokio::test]
async fn a_retried_claim_returns_the_first_and_stores_one_row() {
    let app = app_with_keys().await;
    let (_, alice) = user_with_session(&app, "alice").await;
    let first = pay(&app, &alice, Some("retry-1"), claim("20", &hash(1)))
        .await
        .ok();
    let second = pay(&app, &alice, Some("retry-1"), claim("20", &hash(1)))
        .await
        .ok();
    assert_eq!(first, second);
    assert_eq!(deposit_rows(&app).await, 1);
    pay(&app, &alice, Some("retry-1"), claim("21", &hash(2)))
        .await
        .fails_with(-4004);
    pay(&app, &alice, Some("bad key!"), claim("21", &hash(2)))
        .await
        .fails_with(-4);
    // Without a key a repeat is a new claim, refused for its hash.
    pay(&app, &alice, None, claim("20", &hash(1)))
        .await
        .fails_with(-4034);
    assert_eq!(deposit_rows(&app).await, 1);
}

#[tokio::test]
async fn confirming_credits_spot_exactly_once_even_when_raced() {
    let app = app_with_keys().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (alice_id, alice) = user_with_session(&app, "alice").await;
    let id = claimed(&app, &alice, "150.25", &hash(1)).await;

    let queue = admin_get(&app, "/api/admin/deposits", &owner).await.ok();
    assert_eq!(queue["total"], 1);
    assert_eq!(queue["rows"][0]["userId"], alice_id);
    assert_eq!(queue["rows"][0]["id"], id);

    let uri = format!("/api/admin/deposits/{id}/confirm");
    let body = json!({"reason": "seen on chain"});
    let (a, b) = tokio::join!(
        admin_post(&app, &uri, &owner, body.clone()),
        admin_post(&app, &uri, &owner, body.clone()),
    );
    let codes = {
        let mut c = [a.code, b.code];
        c.sort();
        c
    };
    assert_eq!(codes, [-2005, 200], "{a:?} {b:?}");
    let done = if a.code == 200 { a.data } else { b.data };
    assert_eq!(done["status"], "confirmed");
    assert_eq!(done["userId"], alice_id);
    assert!(done["reviewTime"].is_string());
    assert_eq!(done["reason"], Value::Null);
    admin_post(&app, &uri, &owner, body.clone())
        .await
        .fails_with(-2005);
    admin_post(
        &app,
        &format!("/api/admin/deposits/{id}/reject"),
        &owner,
        body,
    )
    .await
    .fails_with(-2005);

    assert_eq!(
        balance(&app, alice_id, Wallet::Spot, "USDT").await,
        (dec("150.25"), dec("0"))
    );
    let mine = app.get("/api/recharge/list", Some(&alice)).await.ok();
    assert_eq!(mine["rows"][0]["status"], "confirmed");
    assert_eq!(audit_rows(&app, &owner, "deposit.confirm").await.len(), 1);
    let (messages, _) = messages::page_for_user(&app.state.db, alice_id, Default::default(), 0, 10)
        .await
        .unwrap();
    let en = messages::in_lang(&messages[0].content, "en");
    assert!(en.contains("150.25 USDT"), "{en}");
    // Written in every language: a reader who switches to Chinese reads it
    // in Chinese, whatever language they registered in.
    let title_zh = messages::in_lang(&messages[0].title, "zh");
    assert_eq!(
        title_zh,
        onyx_kernel::i18n::message("zh", "deposit_confirmed_title", &[("coin", "USDT".into())])
    );
    assert_ne!(title_zh, messages::in_lang(&messages[0].title, "en"));
    assert_eq!(
        admin_get(&app, "/api/admin/deposits", &owner).await.ok()["total"],
        0
    );
    let decided = admin_get(&app, "/api/admin/deposits?status=confirmed", &owner)
        .await
        .ok();
    assert_eq!(decided["total"], 1);
    admin_post(
        &app,
        "/api/admin/deposits/999999/confirm",
        &owner,
        json!({"reason": "x"}),
    )
    .await
    .fails_with(-6);
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn rejecting_moves_nothing_and_tells_the_user_why() {
    let app = app_with_keys().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (alice_id, alice) = user_with_session(&app, "alice").await;
    let id = claimed(&app, &alice, "40", &hash(1)).await;
    let uri = format!("/api/admin/deposits/{id}/reject");
    admin_post(&app, &uri, &owner, json!({"reason": "  "}))
        .await
        .fails_with(-2004);
    let r = admin_post(
        &app,
        &uri,
        &owner,
        json!({"reason": "no such transfer <b>"}),
    )
    .await
    .ok();
    assert_eq!(r["status"], "rejected");
    assert_eq!(r["reason"], "no such transfer <b>");
    assert_eq!(
        balance(&app, alice_id, Wallet::Spot, "USDT").await,
        (dec("0"), dec("0"))
    );
    let mine = app
        .get("/api/recharge/list?status=rejected", Some(&alice))
        .await
        .ok();
    assert_eq!(mine["rows"][0]["reason"], "no such transfer <b>");
    let (messages, _) = messages::page_for_user(&app.state.db, alice_id, Default::default(), 0, 10)
        .await
        .unwrap();
    assert!(
        messages[0].content.contains("no such transfer &lt;b&gt;"),
        "{}",
        messages[0].content
    );
    assert_eq!(audit_rows(&app, &owner, "deposit.reject").await.len(), 1);
    admin_post(
        &app,
        &format!("/api/admin/deposits/{id}/confirm"),
        &owner,
        json!({"reason": "x"}),
    )
    .await
    .fails_with(-2005);
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn a_matching_bonus_rule_pays_from_rewards() {
    let app = app_with_keys().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (alice_id, alice) = user_with_session(&app, "alice").await;
    let rule = json!({"coin": "usdt", "minAmount": "100", "ratio": "10", "maxBonus": "50",
        "enabled": true, "reason": "spring promotion"});
    admin_post(
        &app,
        "/api/admin/depositBonusRules",
        &owner,
        json!({"coin": "usdt",
        "minAmount": "100", "ratio": "10", "maxBonus": "50", "enabled": true}),
    )
    .await
    .fails_with(-2004);
    for bad in [
        json!({"ratio": "0"}),
        json!({"ratio": "101"}),
        json!({"maxBonus": "-1"}),
        json!({"minAmount": "1e3"}),
        json!({"coin": "us dt"}),
    ] {
        let mut body = rule.clone();
        for (k, v) in bad.as_object().unwrap() {
            body[k] = v.clone();
        }
        admin_post(&app, "/api/admin/depositBonusRules", &owner, body)
            .await
            .fails_with(-4);
    }
    let created = admin_post(&app, "/api/admin/depositBonusRules", &owner, rule.clone())
        .await
        .ok();
    assert_eq!(created["coin"], "USDT");
    let rule_id = created["id"].as_i64().unwrap();
    let public = app.get("/api/recharge/bonusRules", Some(&alice)).await.ok();
    assert_eq!(
        public,
        json!([{"coin": "USDT", "minAmount": "100", "ratio": "10", "maxBonus": "50"}])
    );

    let small = claimed(&app, &alice, "99", &hash(1)).await;
    assert_eq!(
        confirm(&app, &owner, small).await.ok()["bonus"],
        Value::Null
    );
    let mid = claimed(&app, &alice, "200", &hash(2)).await;
    assert_eq!(confirm(&app, &owner, mid).await.ok()["bonus"], "20");
    let big = claimed(&app, &alice, "1000", &hash(3)).await;
    assert_eq!(confirm(&app, &owner, big).await.ok()["bonus"], "50");
    assert_eq!(
        balance(&app, alice_id, Wallet::Spot, "USDT").await,
        (dec("1369"), dec("0"))
    );

    let bonuses = app.get("/api/recharge/bonsList", Some(&alice)).await.ok();
    assert_eq!(bonuses["total"], 2);
    assert_eq!(bonuses["rows"][0]["depositId"], big);
    assert_eq!(bonuses["rows"][0]["bonus"], "50");
    assert_eq!(bonuses["rows"][0]["depositAmount"], "1000");
    assert_eq!(bonuses["rows"][1]["depositId"], mid);

    // The bonuses came out of rewards, the deposits out of external.
    let mut txn = app.state.ledger.begin().await.unwrap();
    let rewards = txn
        .balance(&AccountId::system(SystemAccount::Rewards, "USDT"))
        .await
        .unwrap();
    let external = txn
        .balance(&AccountId::system(SystemAccount::External, "USDT"))
        .await
        .unwrap();
    drop(txn);
    assert_eq!(rewards.0, dec("-70"));
    assert_eq!(external.0, dec("-1299"));

    // Disabled: no longer paid, no longer shown.
    let mut off = rule.clone();
    off["enabled"] = json!(false);
    off["reason"] = json!("promotion over");
    let updated = admin_put(
        &app,
        &format!("/api/admin/depositBonusRules/{rule_id}"),
        &owner,
        off,
    )
    .await
    .ok();
    assert_eq!(updated["enabled"], false);
    assert_eq!(
        app.get("/api/recharge/bonusRules", Some(&alice)).await.ok(),
        json!([])
    );
    let after = claimed(&app, &alice, "500", &hash(4)).await;
    assert_eq!(
        confirm(&app, &owner, after).await.ok()["bonus"],
        Value::Null
    );
    let all = admin_get(&app, "/api/admin/depositBonusRules", &owner)
        .await
        .ok();
    assert_eq!(all.as_array().unwrap().len(), 1);
    assert_eq!(
        audit_rows(&app, &owner, "deposit_bonus_rule.create")
            .await
            .len(),
        1
    );
    let updates = audit_rows(&app, &owner, "deposit_bonus_rule.update").await;
    assert_eq!(updates.len(), 1);
    admin_put(&app, "/api/admin/depositBonusRules/999999", &owner, rule)
        .await
        .fails_with(-6);
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn users_see_only_their_own_deposits() {
    let app = app_with_keys().await;
    let (_, alice) = user_with_session(&app, "alice").await;
    let (_, bob) = user_with_session(&app, "bob").await;
    let a1 = claimed(&app, &alice, "10", &hash(1)).await;
    let a2 = claimed(&app, &alice, "11", &hash(2)).await;
    let b1 = claimed(&app, &bob, "12", &hash(3)).await;
    let mine = app.get("/api/recharge/list", Some(&alice)).await.ok();
    assert_eq!(mine["total"], 2);
    assert_eq!(mine["rows"][0]["id"], a2);
    assert_eq!(mine["rows"][1]["id"], a1);
    let theirs = app.get("/api/recharge/list", Some(&bob)).await.ok();
    assert_eq!(theirs["total"], 1);
    assert_eq!(theirs["rows"][0]["id"], b1);
    assert_eq!(
        app.get("/api/recharge/list?coin=btc", Some(&alice))
            .await
            .ok()["total"],
        0
    );
    app.get("/api/recharge/list?status=lost", Some(&alice))
        .await
        .fails_with(-4);
    let paged = app
        .get("/api/recharge/list?pageNum=2&pageSize=1", Some(&alice))
        .await
        .ok();
    assert_eq!(paged["rows"][0]["id"], a1);
    assert_eq!(
        app.get("/api/recharge/bonsList", Some(&bob)).await.ok()["total"],
        0
    );
    for uri in [
        "/api/recharge/list",
        "/api/recharge/bonsList",
        "/api/recharge/bonusRules",
    ] {
        assert_token_failure(&app.get(uri, None).await);
    }
    assert_token_failure(&get_address(&app, "nope", "usdt", "USDT-TRC20").await);
}

#[tokio::test]
async fn only_operators_who_review_funds_may_touch_deposits() {
    let app = app_with_keys().await;
    let (alice_id, alice) = user_with_session(&app, "alice").await;
    let id = claimed(&app, &alice, "10", &hash(1)).await;
    let support = operator(&app, "support1", "support").await;
    let compliance = operator(&app, "compliance1", "compliance").await;
    let reason = json!({"reason": "x"});
    let rule = json!({"coin": "usdt", "minAmount": "1", "ratio": "1", "maxBonus": "1",
        "enabled": true, "reason": "x"});
    for token in [&support, &compliance] {
        admin_get(&app, "/api/admin/deposits", token)
            .await
            .fails_with(-9);
        admin_post(
            &app,
            &format!("/api/admin/deposits/{id}/confirm"),
            token,
            reason.clone(),
        )
        .await
        .fails_with(-9);
        admin_post(
            &app,
            &format!("/api/admin/deposits/{id}/reject"),
            token,
            reason.clone(),
        )
        .await
        .fails_with(-9);
        admin_get(&app, "/api/admin/depositBonusRules", token)
            .await
            .fails_with(-9);
        admin_post(&app, "/api/admin/depositBonusRules", token, rule.clone())
            .await
            .fails_with(-9);
    }
    let r = admin_send(
        &app,
        "POST",
        &format!("/api/admin/deposits/{id}/confirm"),
        None,
        Some(reason.clone()),
    )
    .await;
    assert_token_failure(&r);
    // A user's token is not an operator's.
    let r = admin_send(
        &app,
        "POST",
        &format!("/api/admin/deposits/{id}/confirm"),
        Some(&alice),
        Some(reason),
    )
    .await;
    assert_token_failure(&r);
    assert_eq!(
        balance(&app, alice_id, Wallet::Spot, "USDT").await,
        (dec("0"), dec("0"))
    );
}

#[tokio::test]
async fn the_demo_user_starts_with_10000_usdt_from_a_confirmed_deposit() {
    let app = TestApp::spawn_demo().await;
    let demo = users::find_by_username(&app.state.db, onyx_server::demo::DEMO_USER)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        balance(&app, demo.id, Wallet::Spot, "USDT").await,
        (dec("10000"), dec("0"))
    );
    let token = session_for(&app, demo.id).await;
    let mine = app.get("/api/recharge/list", Some(&token)).await.ok();
    assert_eq!(mine["total"], 1);
    assert_eq!(mine["rows"][0]["status"], "confirmed");
    assert_eq!(mine["rows"][0]["amount"], "10000");
    assert_eq!(mine["rows"][0]["network"], "USDT-TRC20");
    assert_eq!(
        mine["rows"][0]["txHash"],
        onyx_server::demo::DEMO_DEPOSIT_TX_HASH
    );
    // The demo operator signs in with a code from its published secret.
    let published = admin_login_raw(
        &app,
        serde_json::json!({
            "username": onyx_server::demo::DEMO_OPERATOR,
            "password": onyx_server::demo::DEMO_OPERATOR_PASSWORD,
            "code": totp_code(
                onyx_server::demo::DEMO_OPERATOR_TOTP_SECRET,
                chrono::Utc::now().timestamp()
            ),
        }),
    )
    .await
    .ok();
    assert_eq!(published["totpEnabled"], true);
    assert_eq!(published["totpRequired"], false);
    let owner = admin_login(
        &app,
        onyx_server::demo::DEMO_OPERATOR,
        onyx_server::demo::DEMO_OPERATOR_PASSWORD,
    )
    .await
    .ok()["adminToken"]
        .as_str()
        .unwrap()
        .to_string();
    // The demo user's deposit and the two demo lead traders'.
    let audit = audit_rows(&app, &owner, "deposit.confirm").await;
    assert_eq!(audit.len(), 3);
    assert!(audit
        .iter()
        .all(|a| a["actorName"].as_str() == Some(onyx_server::demo::DEMO_OPERATOR)));
    // The demo's shared address is a valid TRON address.
    let shown = get_address(&app, &token, "usdt", "USDT-TRC20").await.ok();
    assert_eq!(shown["shared"], true);
    assert_eq!(
        address::check(Some(Network::Tron), shown["address"].as_str().unwrap()),
        Ok(())
    );
    assert_audit_clean(&app).await;
}

async fn reject(app: &TestApp, owner: &str, id: i64, reason: &str) -> Reply {
    admin_post(
        app,
        &format!("/api/admin/deposits/{id}/reject"),
        owner,
        json!({ "reason": reason }),
    )
    .await
}

/// The newest of the user's deposit records.
async fn my_latest(app: &TestApp, token: &str) -> Value {
    app.get("/api/recharge/list", Some(token)).await.ok()["rows"][0].clone()
}

async fn confirmed_claims_of(app: &TestApp, tx_hash: &str) -> usize {
    deposit::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .filter(|d| d.tx_hash == tx_hash && d.status == DepositStatus::Confirmed)
        .count()
}

#[tokio::test]
async fn a_front_run_claim_on_the_shared_address_is_held_beside_the_real_one_and_one_is_credited() {
    let app = TestApp::spawn().await;
    set_shared_address(&app, "USDT-TRC20", TRON_SHARED).await;
    let owner = operator(&app, "owner1", "owner").await;
    let (mallory_id, mallory) = user_with_session(&app, "mallory").await;
    let (alice_id, alice) = user_with_session(&app, "alice").await;
    // Mallory saw alice's transfer to the shared address on chain and
    // claims it first, for far more than was sent.
    let fake = claimed(&app, &mallory, "9999999", &hash(1)).await;
    let real = pay(&app, &alice, None, claim("250", &hash(1))).await.ok();
    assert_eq!(real["status"], "pending", "the real sender is not refused");
    assert_eq!(real["contested"], true);
    let real = real["id"].as_i64().unwrap();
    for token in [&alice, &mallory] {
        let mine = my_latest(&app, token).await;
        assert_eq!(
            (&mine["status"], &mine["contested"]),
            (&json!("pending"), &json!(true))
        );
    }

    // The operator sees both claims side by side, in the queue and in each.
    let queue = admin_get(&app, "/api/admin/deposits", &owner).await.ok();
    assert_eq!(queue["total"], 2);
    let (first, second) = (&queue["rows"][0], &queue["rows"][1]);
    assert_eq!(
        (&first["id"], &first["contested"]),
        (&json!(fake), &json!(true))
    );
    assert_eq!(first["conflictsWith"][0]["id"], real);
    assert_eq!(first["conflictsWith"][0]["userId"], alice_id);
    assert_eq!(first["conflictsWith"][0]["amount"], "250");
    assert_eq!(second["conflictsWith"][0]["id"], fake);
    let detail = admin_get(&app, &format!("/api/admin/deposits/{real}"), &owner)
        .await
        .ok();
    assert_eq!(detail["userId"], alice_id);
    assert_eq!(detail["conflictsWith"].as_array().unwrap().len(), 1);
    let rival = &detail["conflictsWith"][0];
    assert_eq!(rival["userId"], mallory_id);
    assert_eq!(rival["amount"], "9999999");
    assert_eq!(rival["address"], TRON_SHARED);
    assert_eq!(rival["status"], "pending");

    // The operator credits the real sender; the other claim can no longer
    // be credited and is rejected.
    let done = confirm(&app, &owner, real).await.ok();
    assert_eq!(done["status"], "confirmed");
    assert_eq!(done["conflictsWith"][0]["id"], fake);
    confirm(&app, &owner, fake).await.fails_with(-4034);
    let r = reject(
        &app,
        &owner,
        fake,
        "the transfer came from another user's wallet",
    )
    .await
    .ok();
    assert_eq!(r["status"], "rejected");
    assert_eq!(r["conflictsWith"][0]["status"], "confirmed");

    assert_eq!(
        balance(&app, alice_id, Wallet::Spot, "USDT").await,
        (dec("250"), dec("0"))
    );
    assert_eq!(
        balance(&app, mallory_id, Wallet::Spot, "USDT").await,
        (dec("0"), dec("0"))
    );
    assert_eq!(confirmed_claims_of(&app, &hash(1)).await, 1);
    let alice_sees = my_latest(&app, &alice).await;
    assert_eq!(
        (&alice_sees["status"], &alice_sees["contested"]),
        (&json!("confirmed"), &json!(false))
    );
    let mallory_sees = my_latest(&app, &mallory).await;
    assert_eq!(
        (&mallory_sees["status"], &mallory_sees["contested"]),
        (&json!("rejected"), &json!(false))
    );
    // A credited transfer is refused to anyone, from now on.
    let (_, carol) = user_with_session(&app, "carol").await;
    pay(&app, &carol, None, claim("250", &hash(1)))
        .await
        .fails_with(-4034);
    assert_eq!(audit_rows(&app, &owner, "deposit.confirm").await.len(), 1);
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn concurrent_confirms_of_two_claims_of_one_transfer_credit_it_once() {
    let app = TestApp::spawn().await;
    set_shared_address(&app, "USDT-TRC20", TRON_SHARED).await;
    let owner = operator(&app, "owner1", "owner").await;
    let second_operator = operator(&app, "owner2", "owner").await;
    let (alice_id, alice) = user_with_session(&app, "alice").await;
    let (bob_id, bob) = user_with_session(&app, "bob").await;
    let a = claimed(&app, &alice, "100", &hash(1)).await;
    let b = claimed(&app, &bob, "100", &hash(1)).await;
    let (ra, rb) = tokio::join!(confirm(&app, &owner, a), confirm(&app, &second_operator, b));
    let mut codes = [ra.code, rb.code];
    codes.sort();
    assert_eq!(codes, [-4034, 200], "{ra:?} {rb:?}");
    let credited = balance(&app, alice_id, Wallet::Spot, "USDT").await.0
        + balance(&app, bob_id, Wallet::Spot, "USDT").await.0;
    assert_eq!(credited, dec("100"), "one transfer, one credit");
    assert_eq!(confirmed_claims_of(&app, &hash(1)).await, 1);
    let audits = audit_rows(&app, &owner, "deposit.confirm").await;
    assert_eq!(audits.len(), 1);
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn the_database_itself_refuses_a_second_credit_and_a_users_second_claim_of_a_transfer() {
    let app = TestApp::spawn().await;
    set_shared_address(&app, "USDT-TRC20", TRON_SHARED).await;
    let (_, alice) = user_with_session(&app, "alice").await;
    let (_, bob) = user_with_session(&app, "bob").await;
    let a = claimed(&app, &alice, "5", &hash(1)).await;
    let b = claimed(&app, &bob, "5", &hash(1)).await;
    let confirmed = |by: i64| deposits::Review {
        status: DepositStatus::Confirmed,
        reviewed_by: by,
        reason: None,
        bonus: None,
        ledger_tx_id: None,
        now: chrono::Utc::now(),
    };
    // Straight to the store, past every check of the API.
    assert!(deposits::review(&app.state.db, a, confirmed(1))
        .await
        .unwrap());
    let second = deposits::review(&app.state.db, b, confirmed(1)).await;
    assert!(
        matches!(
            second.as_ref().map_err(|e| e.sql_err()),
            Err(Some(SqlErr::UniqueConstraintViolation(_)))
        ),
        "{second:?}"
    );
    let first = deposit::Entity::find_by_id(a)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    let again = deposits::create(
        &app.state.db,
        deposits::NewDeposit {
            user_id: first.user_id,
            coin: "USDT",
            network: &first.network,
            address: TRON_SHARED,
            amount: "5".parse().unwrap(),
            tx_hash: &first.tx_hash,
            screenshot: None,
            now: chrono::Utc::now(),
        },
    )
    .await;
    assert!(
        matches!(
            again.as_ref().map_err(|e| e.sql_err()),
            Err(Some(SqlErr::UniqueConstraintViolation(_)))
        ),
        "{again:?}"
    );
}

#[tokio::test]
async fn a_user_has_at_most_five_claims_waiting_even_when_filed_at_once() {
    let app = app_with_keys().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (_, alice) = user_with_session(&app, "alice").await;
    let (_, bob) = user_with_session(&app, "bob").await;
    let replies = futures_util::future::join_all(
        (1..=7).map(|n| pay(&app, &alice, None, claim("9999999", &hash(n)))),
    )
    .await;
    let accepted: Vec<i64> = replies
        .iter()
        .filter(|r| r.code == 200)
        .map(|r| r.data["id"].as_i64().unwrap())
        .collect();
    assert_eq!(accepted.len(), 5, "{replies:?}");
    for refused in replies.iter().filter(|r| r.code != 200) {
        refused.fails_with(-4035);
        assert!(refused.msg.contains('5'), "{}", refused.msg);
    }
    assert_eq!(deposit_rows(&app).await, 5);
    // Another user has places of their own.
    claimed(&app, &bob, "10", &hash(20)).await;
    // A decided claim frees a place.
    reject(&app, &owner, accepted[0], "no such transfer")
        .await
        .ok();
    claimed(&app, &alice, "10", &hash(21)).await;
    pay(&app, &alice, None, claim("10", &hash(22)))
        .await
        .fails_with(-4035);
}

#[tokio::test]
async fn filing_claims_is_rate_limited_per_user() {
    let app = app_with_keys().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (_, alice) = user_with_session(&app, "alice").await;
    let (_, bob) = user_with_session(&app, "bob").await;
    // Refused claims (a typo in the hash) do not count.
    for _ in 0..3 {
        pay(&app, &alice, None, claim("10", "not-a-hash"))
            .await
            .fails_with(-4033);
    }
    // Each one decided at once, so the waiting bound never applies.
    for n in 0..10 {
        let id = claimed(&app, &alice, "10", &hash(n)).await;
        reject(&app, &owner, id, "no such transfer").await.ok();
    }
    let limited = pay(&app, &alice, None, claim("10", &hash(10))).await;
    limited.fails_with(-7);
    assert_eq!(deposit_rows(&app).await, 10);
    claimed(&app, &bob, "10", &hash(10)).await;
}

#[tokio::test]
async fn the_index_migration_keeps_every_users_index_and_hands_out_the_next() {
    use onyx_wallet::api::deposits::deposit_index;
    use onyx_wallet::api::deposits::rows as repo;
    use sea_orm::{EntityTrait, QueryOrder};
    let dir = tempfile::tempdir().unwrap();
    let url = match std::env::var("ONYX_TEST_DATABASE_URL") {
        Ok(url) if url.starts_with("postgres") => Some(common::fresh_postgres_database(&url).await),
        _ => None,
    };
    let db = onyx_store::connect(url.as_deref(), dir.path())
        .await
        .unwrap();
    // A database as the baseline left it: addresses carry the indexes.
    onyx_store::migrate(&db).await.unwrap();
    for (user_id, network, index) in [(1, "TRON", 0), (1, "ETH", 0), (2, "TRON", 1)] {
        repo::create_address(
            &db,
            repo::NewAddress {
                user_id,
                coin: "USDT",
                network,
                address: &format!("addr-{user_id}-{network}"),
                derivation_index: Some(index),
                shared: false,
                now: chrono::Utc::now(),
            },
        )
        .await
        .unwrap();
    }
    onyx_server::migrations::migrate(&db).await.unwrap();
    let rows: Vec<(i64, i64)> = deposit_index::Entity::find()
        .order_by_asc(deposit_index::Column::UserId)
        .all(&db)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.user_id, r.derivation_index))
        .collect();
    assert_eq!(rows, vec![(1, 0), (2, 1)]);
    assert_eq!(
        repo::derivation_index_for(&db, 1, chrono::Utc::now())
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        repo::derivation_index_for(&db, 3, chrono::Utc::now())
            .await
            .unwrap(),
        2
    );
    assert_eq!(
        repo::derivation_index_for(&db, 3, chrono::Utc::now())
            .await
            .unwrap(),
        2
    );
}

/// An amount a claim's row does not hold as a decimal is refused when the
/// row is read, never taken as zero: the operator's confirmation fails
/// and credits nothing.
#[tokio::test]
async fn a_claim_whose_amount_is_not_a_decimal_is_refused_on_read() {
    use sea_orm::{ConnectionTrait, Statement};
    let app = TestApp::spawn().await;
    set_shared_address(&app, "USDT-TRC20", TRON_SHARED).await;
    let (alice_id, alice) = user_with_session(&app, "alice").await;
    let owner = operator(&app, "owner1", "owner").await;
    let id = claimed(&app, &alice, "5", &hash(7)).await;
    let db = &app.state.db;
    let backend = db.get_database_backend();
    let sql = match backend {
        sea_orm::DbBackend::Postgres => "UPDATE deposits SET amount = 'five' WHERE id = $1",
        _ => "UPDATE deposits SET amount = 'five' WHERE id = ?",
    };
    db.execute(Statement::from_sql_and_values(backend, sql, [id.into()]))
        .await
        .unwrap();
    assert!(deposit::Entity::find_by_id(id).one(db).await.is_err());
    let r = confirm(&app, &owner, id).await;
    assert_ne!(r.code, 200, "{r:?}");
    assert_eq!(
        balance(&app, alice_id, Wallet::Spot, "USDT").await.0,
        dec("0")
    );
}

async fn open_networks(app: &TestApp) -> Vec<String> {
    app.get("/api/recharge/networks", None)
        .await
        .ok()
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["coinName"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn only_networks_that_can_give_an_address_are_listed_as_open() {
    // No key and no shared address: every network is closed, none listed.
    let app = TestApp::spawn().await;
    assert!(open_networks(&app).await.is_empty());
    // A shared address opens that network alone, with its limits.
    set_shared_address(&app, "USDT-TRC20", TRON_SHARED).await;
    let list = app.get("/api/recharge/networks", None).await.ok();
    assert_eq!(
        list,
        json!([{"coinName": "USDT-TRC20", "coin": "USDT", "rechargeMin": "1", "rechargeMax": "9999999"}])
    );
    // And every network listed answers an address, none -4030.
    let (_, alice) = user_with_session(&app, "alice").await;
    for name in open_networks(&app).await {
        get_address(&app, &alice, "usdt", &name).await.ok();
    }

    // The keys open their families: TRON and EVM, not Bitcoin.
    let app = app_with_keys().await;
    assert_eq!(
        open_networks(&app).await,
        ["USDT-TRC20", "USDT-ERC20", "ETH"]
    );
    let (_, bob) = user_with_session(&app, "bob").await;
    get_address(&app, &bob, "eth", "ETH").await.ok();
    get_address(&app, &bob, "btc", "BTC")
        .await
        .fails_with(-4030);
}
