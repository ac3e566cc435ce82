//! The operators' house page: the house accounts' ledger postings (the
//! books of futures with its insurance fund, second contracts, options
//! and earn), newest first, paged on the server, filtered by book and
//! coin, each seen from the house's side; nobody else's postings; and
//! only for operators who read the audit log, as the books are. Funding
//! the finance house is the page's one write: owners only, its amount
//! checked.

use onyx_testkit::admin_common;
use onyx_testkit::common;
use onyx_testkit::wallet;

use admin_common::{admin_get, admin_post, operator, user_with_session};
use common::TestApp;
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use serde_json::{json, Value};
use wallet::{assert_audit_clean, fund};

fn rows(page: &Value) -> &Vec<Value> {
    page["rows"].as_array().unwrap()
}

/// Moves `amount` USDT between two accounts, as a product would.
async fn post(app: &TestApp, kind: PostingKind, from: AccountId, to: AccountId, amount: &str) {
    let mut txn = app.state.ledger.begin().await.unwrap();
    let reference = PostingRef::Other(format!("test:{}", kind.as_str()));
    txn.post(
        &reference,
        vec![Posting {
            kind,
            asset: "USDT".into(),
            amount: Amount::parse(amount).unwrap(),
            from: Side::available(from),
            to: Side::available(to),
            reference: reference.clone(),
            at_ms: chrono::Utc::now().timestamp_millis(),
        }],
    )
    .await
    .unwrap();
    txn.commit().await.unwrap();
}

fn house(account: SystemAccount) -> AccountId {
    AccountId::system(account, "USDT")
}

/// (kind, amount, direction, from, to) of each row.
fn seen(page: &Value) -> Vec<(String, String, String, String, String)> {
    rows(page)
        .iter()
        .map(|r| {
            let s = |k: &str| {
                r[k].as_str()
                    .unwrap_or_else(|| panic!("{k}: {r}"))
                    .to_string()
            };
            (s("kind"), s("amount"), s("direction"), s("from"), s("to"))
        })
        .collect()
}

fn row(
    kind: &str,
    amount: &str,
    direction: &str,
    from: &str,
    to: &str,
) -> (String, String, String, String, String) {
    (
        kind.into(),
        amount.into(),
        direction.into(),
        from.into(),
        to.into(),
    )
}

#[tokio::test]
async fn the_house_books_postings_page_newest_first_by_book_and_coin() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (alice, _) = user_with_session(&app, "alice").await;
    fund(&app, alice, Wallet::Spot, "usdt", "100").await;

    // The finance house funded twice through the page's call.
    for (coin, amount) in [("usdt", "500"), ("BTC", "2")] {
        let book = admin_post(
            &app,
            "/api/admin/earn/house/fund",
            &owner,
            json!({"coin": coin, "amount": amount, "reason": "seed the reserve"}),
        )
        .await
        .ok();
        let funded = book
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["coin"] == coin.to_ascii_uppercase())
            .unwrap_or_else(|| panic!("no {coin} in {book}"));
        assert_eq!(funded["balance"], amount);
    }
    // A lost futures trade into the house, the house topping up the
    // insurance fund, and a lost option stake from Alice.
    post(
        &app,
        PostingKind::Adjustment,
        AccountId::system(SystemAccount::External, "USDT"),
        house(SystemAccount::FuturesHouse),
        "30",
    )
    .await;
    post(
        &app,
        PostingKind::Adjustment,
        house(SystemAccount::FuturesHouse),
        house(SystemAccount::Insurance),
        "5",
    )
    .await;
    post(
        &app,
        PostingKind::Settlement,
        AccountId::user(alice as u64, Wallet::Spot, "USDT"),
        house(SystemAccount::OptionHouse),
        "7.5",
    )
    .await;

    let uri = |q: &str| format!("/api/admin/house/postings?{q}");
    let all = admin_get(&app, &uri(""), &owner).await.ok();
    // Alice's own deposit touches no house account: it is not listed.
    assert_eq!(all["total"], 5);
    let alice_spot = format!("user:{alice}:spot");
    assert_eq!(
        seen(&all),
        vec![
            row("settlement", "7.5", "in", &alice_spot, "house_option"),
            row("adjustment", "5", "own", "house_futures", "insurance"),
            row("adjustment", "30", "in", "external", "house_futures"),
            row("adjustment", "2", "in", "external", "house_finance"),
            row("adjustment", "500", "in", "external", "house_finance"),
        ]
    );
    assert_eq!(rows(&all)[0]["fromUserId"], alice);
    assert_eq!(rows(&all)[0]["toUserId"], Value::Null);

    // One book at a time: the direction is that book's.
    let futures = admin_get(&app, &uri("product=futures"), &owner).await.ok();
    assert_eq!(
        seen(&futures),
        vec![
            row("adjustment", "5", "out", "house_futures", "insurance"),
            row("adjustment", "30", "in", "external", "house_futures"),
        ]
    );
    let insurance = admin_get(&app, &uri("product=insurance"), &owner)
        .await
        .ok();
    assert_eq!(
        seen(&insurance),
        vec![row("adjustment", "5", "in", "house_futures", "insurance")]
    );
    let earn = admin_get(&app, &uri("product=earn"), &owner).await.ok();
    assert_eq!(earn["total"], 2);
    let btc = admin_get(&app, &uri("product=earn&coin=btc"), &owner)
        .await
        .ok();
    assert_eq!(
        seen(&btc),
        vec![row("adjustment", "2", "in", "external", "house_finance")]
    );
    let none = admin_get(&app, &uri("product=secondContracts"), &owner)
        .await
        .ok();
    assert_eq!(none, json!({"rows": [], "total": 0}));
    let usdt = admin_get(&app, &uri("coin=USDT"), &owner).await.ok();
    assert_eq!(usdt["total"], 4);

    // Pages on the server.
    let last = admin_get(&app, &uri("pageNum=3&pageSize=2"), &owner)
        .await
        .ok();
    assert_eq!(last["total"], 5);
    assert_eq!(
        seen(&last),
        vec![row("adjustment", "500", "in", "external", "house_finance")]
    );
    let second = admin_get(&app, &uri("pageNum=2&pageSize=2"), &owner)
        .await
        .ok();
    assert_eq!(rows(&second).len(), 2);
    assert_eq!(rows(&second)[0]["amount"], "30");

    admin_get(&app, &uri("product=house"), &owner)
        .await
        .fails_with(-4);
    admin_get(&app, &uri("coin=US-DT"), &owner)
        .await
        .fails_with(-4);
    assert_audit_clean(&app).await;
}

/// One field of each row.
fn column(page: &Value, field: &str) -> Vec<String> {
    rows(page)
        .iter()
        .map(|r| match &r[field] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
        .collect()
}

#[tokio::test]
async fn the_house_postings_sort_on_the_server_by_amount_by_value_and_ties_page_by_id() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let (alice, _) = user_with_session(&app, "alice").await;
    fund(&app, alice, Wallet::Spot, "usdt", "1000").await;
    let external = || AccountId::system(SystemAccount::External, "USDT");
    // As text "10" < "100.5" < "9": a text sort would put 9 last.
    for amount in ["9", "100.5", "0.75"] {
        post(
            &app,
            PostingKind::Adjustment,
            external(),
            house(SystemAccount::FuturesHouse),
            amount,
        )
        .await;
    }
    post(
        &app,
        PostingKind::Settlement,
        AccountId::user(alice as u64, Wallet::Spot, "USDT"),
        house(SystemAccount::OptionHouse),
        "10",
    )
    .await;
    let uri = |q: &str| format!("/api/admin/house/postings?pageSize=100&{q}");
    let get = |q: String| {
        let (app, owner) = (&app, &owner);
        async move { admin_get(app, &q, owner).await.ok() }
    };

    let own = get(uri("")).await;
    assert_eq!(
        column(&own, "amount"),
        ["10", "0.75", "100.5", "9"],
        "newest first"
    );
    let asc = get(uri("orderBy=amount&order=asc")).await;
    assert_eq!(column(&asc, "amount"), ["0.75", "9", "10", "100.5"]);
    let desc = get(uri("orderBy=amount&order=desc")).await;
    assert_eq!(column(&desc, "amount"), ["100.5", "10", "9", "0.75"]);
    // `orderBy` alone sorts ascending; `order` alone turns the list's own
    // order around.
    let by_kind = get(uri("orderBy=kind")).await;
    assert_eq!(
        column(&by_kind, "kind"),
        ["adjustment", "adjustment", "adjustment", "settlement"]
    );
    let oldest = get(uri("order=asc")).await;
    let mut reversed = column(&own, "id");
    reversed.reverse();
    assert_eq!(column(&oldest, "id"), reversed);
    // The sort applies within the filters, with the same total.
    let futures = get(uri("product=futures&orderBy=amount&order=desc")).await;
    assert_eq!(futures["total"], 3);
    assert_eq!(column(&futures, "amount"), ["100.5", "9", "0.75"]);

    // Every posting ties on the asset: pages of one follow the id, each
    // posting once.
    let mut ids = Vec::new();
    for n in 1..=4 {
        let one = get(format!(
            "/api/admin/house/postings?orderBy=asset&order=desc&pageSize=1&pageNum={n}"
        ))
        .await;
        assert_eq!(one["total"], 4);
        ids.extend(column(&one, "id"));
    }
    assert_eq!(ids, column(&own, "id"), "ties newest first, by id");

    for (q, msg) in [
        (
            "orderBy=amountt",
            "Invalid request: orderBy must be one of id, createTime, kind, asset, amount",
        ),
        (
            "orderBy=amount&order=down",
            "Invalid request: order must be asc or desc",
        ),
    ] {
        let r = admin_get(&app, &uri(q), &owner).await;
        r.fails_with(-1);
        assert_eq!(r.msg, msg);
    }
}

#[tokio::test]
async fn the_house_is_for_owners_and_a_bad_funding_is_refused() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let support = operator(&app, "support1", "support").await;
    let compliance = operator(&app, "comply1", "compliance").await;

    for token in [&support, &compliance] {
        admin_get(&app, "/api/admin/house/postings", token)
            .await
            .fails_with(-9);
        // Refused before the filters are read: a bad one tells nothing.
        admin_get(&app, "/api/admin/house/postings?product=house", token)
            .await
            .fails_with(-9);
        admin_post(
            &app,
            "/api/admin/earn/house/fund",
            token,
            json!({"coin": "USDT", "amount": "10", "reason": "top up"}),
        )
        .await
        .fails_with(-9);
    }

    // The amount goes through the one strict parser; a reason is needed.
    for amount in ["-5", "0", "1e3", "abc", "0.000000001"] {
        let r = admin_post(
            &app,
            "/api/admin/earn/house/fund",
            &owner,
            json!({"coin": "USDT", "amount": amount, "reason": "top up"}),
        )
        .await;
        assert!(r.code < 0, "{amount} was taken: {r:?}");
    }
    admin_post(
        &app,
        "/api/admin/earn/house/fund",
        &owner,
        json!({"coin": "USDT", "amount": "10", "reason": ""}),
    )
    .await
    .fails_with(-2004);
    let page = admin_get(&app, "/api/admin/house/postings", &owner)
        .await
        .ok();
    assert_eq!(page, json!({"rows": [], "total": 0}));

    // Without an operator session at all.
    let r = admin_common::admin_send(&app, "GET", "/api/admin/house/postings", None, None).await;
    admin_common::assert_token_failure(&r);
}

/// The postings' indexes migrate both ways: rolling back the last
/// migrations brings the user-column indexes back (m0029) and takes the
/// account ones away (m0027), and migrating up again leaves the account
/// indexes alone.
#[tokio::test]
async fn the_postings_indexes_migrate_down_and_up_again() {
    use onyx_server::migrations::Migrator;
    use sea_orm::{ConnectionTrait, DbBackend, Statement, TransactionTrait};
    use sea_orm_migration::MigratorTrait;

    let app = TestApp::spawn().await;
    let db = &app.state.db;
    // Back to before m0027, whatever migrations came after it.
    let names: Vec<String> = Migrator::migrations()
        .iter()
        .map(|m| m.name().to_string())
        .collect();
    let m0027 = names
        .iter()
        .position(|n| n.contains("m0027"))
        .expect("m0027 is a migration");
    let steps = u32::try_from(names.len() - m0027).unwrap();
    // Each way on one connection: on SQLite a pooled connection that has
    // run nothing since another dropped an index still holds it in its
    // schema cache, and a CREATE INDEX is checked against that cache
    // ("already exists"). The app's jobs keep several connections busy.
    let migrate = |down: bool| async move {
        let txn = db.begin().await.unwrap();
        if down {
            Migrator::down(&txn, Some(steps)).await.unwrap();
        } else {
            Migrator::up(&txn, None).await.unwrap();
        }
        txn.commit().await.unwrap();
    };
    let indexes = || async {
        let sql = match db.get_database_backend() {
            DbBackend::Postgres => {
                "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'ledger_postings' AND indexname LIKE 'ix_%' ORDER BY 1"
            }
            _ => {
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ledger_postings' AND name LIKE 'ix_%' ORDER BY 1"
            }
        };
        db.query_all(Statement::from_string(db.get_database_backend(), sql))
            .await
            .unwrap()
            .iter()
            .map(|r| r.try_get::<String>("", "name").unwrap())
            .collect::<Vec<_>>()
    };
    let by_account = vec![
        "ix_ledger_postings_from_account_id_id".to_string(),
        "ix_ledger_postings_kind_id".to_string(),
        "ix_ledger_postings_to_account_id_id".to_string(),
        "ix_ledger_postings_tx_id".to_string(),
    ];
    assert_eq!(indexes().await, by_account);
    // m0029, m0028, m0027 and any later ones back.
    migrate(true).await;
    assert_eq!(
        indexes().await,
        vec![
            "ix_ledger_postings_from_user_id_id".to_string(),
            "ix_ledger_postings_kind_id".to_string(),
            "ix_ledger_postings_to_user_id_id".to_string(),
            "ix_ledger_postings_tx_id".to_string(),
        ]
    );
    migrate(false).await;
    assert_eq!(indexes().await, by_account);
}
