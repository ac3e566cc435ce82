//! What the API tests of the two fixed-payout products (second contracts
//! and options) share: the price tape moved by the test, an app without
//! the gap between orders, a trader who accepted the product's disclosure,
//! the client's calls (periods, place, orders) and the settlement run to
//! the end, all on a [`ProductApi`], the small description of one product
//! as its client and its operators reach it. Where the two products are
//! tested on the same contract of the shared core (an operator switching
//! the product off while open orders still settle; the exposure cap of a
//! window), the test body is here once and each product's test calls it
//! with its own figures.
//!
//! testkit does not depend on the products: the two descriptions here
//! ([`options`], [`second_contracts`]) are the paths the web app and the
//! console call, and a product's test hands its settlement sweep in as a
//! function.

use crate::accounts::signed_in;
use crate::admin_common::{admin_get, admin_put, operator};
use crate::common::{Reply, TestApp};
use crate::wallet::{assert_audit_clean, balance, dec, fund};
use crate::wallet_calls::post_keyed;
use onyx_fixed_payout::api::VerifyReport;
use onyx_kernel::ledger::{SystemAccount, Wallet};
use onyx_kernel::Failure;
use onyx_market::api::catalogue;
use onyx_market::api::service::{now_ms, MarketService};
use onyx_market::api::Tick;
use onyx_platform::prices::IndexPrice;
use onyx_platform::scheduler::Progress;
use onyx_platform::Context;
use onyx_store::entity::user;
use rust_decimal::Decimal;
use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr};
use serde_json::{json, Value};
use std::future::Future;
use std::pin::Pin;
use std::str::FromStr;
use std::time::Duration;

/// One slice of a product's settlement sweep (its `api::settlement::sweep`
/// boxed): `|ctx| Box::pin(sweep(ctx))`.
pub type Sweep =
    for<'a> fn(&'a Context) -> Pin<Box<dyn Future<Output = Result<Progress, Failure>> + 'a>>;

/// A product's `onyx verify` (its `api::verify::verify` boxed):
/// `|db| Box::pin(verify(db))`.
pub type Verify = for<'a> fn(
    &'a DatabaseConnection,
) -> Pin<Box<dyn Future<Output = Result<VerifyReport, DbErr>> + 'a>>;

/// How a product lists its periods.
pub enum Periods {
    /// POST `path?symbol=<coin or pair>` (options).
    BySymbol(&'static str),
    /// POST `path` with the coin's id as `secondId` (second contracts).
    ByCoinId(&'static str),
}

/// One fixed-payout product as its client and its operators reach it.
pub struct ProductApi {
    /// Where the client places an order.
    pub create_order: &'static str,
    /// Where the client lists its orders, and the field of the body that
    /// asks for open (0) or settled (1) ones.
    pub order_list: (&'static str, &'static str),
    /// The user's order history, in pages.
    pub history: &'static str,
    /// The product's risk disclosure, which a user accepts before a first
    /// order.
    pub disclosure: &'static str,
    pub periods: Periods,
    /// `betContent` of an up and of a down order.
    pub up_down: (&'static str, &'static str),
    /// What else the web app sends with an order (second contracts send
    /// the pair and a client's price, which the server ignores).
    pub order_fields: fn() -> Value,
    /// The operators' calls on the product: `/api/admin/...`.
    pub admin: &'static str,
    /// The account on the other side of every stake.
    pub house: SystemAccount,
    /// The product's switch in `PLAYING_SETTING`.
    pub playing_key: &'static str,
    /// Where every order of an issue closes at the issue's end (options),
    /// its length: entry closes near the end, so a test placing orders
    /// waits for the next issue when too little of this one is left.
    /// `None` where an order closes its period after it opened.
    pub issue_ms: Option<i64>,
    pub sweep: Sweep,
    pub verify: Verify,
}

/// Options as their client and operators reach them: one 60 s issue at a
/// time, every order of it closing at its end; `sweep` and `verify` are
/// `onyx_options::api`'s, boxed.
pub const fn options(sweep: Sweep, verify: Verify) -> ProductApi {
    ProductApi {
        create_order: "/api/optionContract/createOrder",
        order_list: ("/api/optionContract/orderList", "isHistory"),
        history: "/api/record/option",
        disclosure: "/api/optionContract/disclosure",
        periods: Periods::BySymbol("/api/optionContract/periodList"),
        up_down: ("0", "1"),
        order_fields: || json!({}),
        admin: "/api/admin/options",
        house: SystemAccount::OptionHouse,
        playing_key: "option",
        issue_ms: Some(60_000),
        sweep,
        verify,
    }
}

/// Second contracts as their client and operators reach them: each order
/// closes its period after it opened; `sweep` and `verify` are
/// `onyx_second_contracts::api`'s, boxed.
pub const fn second_contracts(sweep: Sweep, verify: Verify) -> ProductApi {
    ProductApi {
        create_order: "/api/secondContractOrder/createSecondContractOrder",
        order_list: ("/api/secondContractOrder/selectOrderList", "status"),
        history: "/api/record/second",
        disclosure: "/api/secondContractOrder/disclosure",
        periods: Periods::ByCoinId("/api/period/list"),
        up_down: ("1", "0"),
        // The web app sends the pair and a price of its own; the order
        // opens on the tape's.
        order_fields: || {
            json!({"symbol": "btcusdt", "coinSymbol": "btc", "baseSymbol": "usdt",
                   "openPrice": "1", "openTime": 0})
        },
        admin: "/api/admin/second-contracts",
        house: SystemAccount::SecondContractHouse,
        playing_key: "secondContract",
        issue_ms: None,
        sweep,
        verify,
    }
}

impl ProductApi {
    /// A signed-in user who acknowledged the disclosure.
    pub async fn trader(&self, app: &TestApp, name: &str) -> (user::Model, String) {
        let (user, token) = signed_in(app, name).await;
        self.accept(app, &token).await.ok();
        (user, token)
    }

    /// A trader with `usdt` on the spot wallet, what stakes come from.
    pub async fn funded(&self, app: &TestApp, name: &str, usdt: &str) -> (user::Model, String) {
        let (user, token) = self.trader(app, name).await;
        fund(app, user.id, Wallet::Spot, "USDT", usdt).await;
        (user, token)
    }

    /// A new trader `name` sees none of the orders placed so far: a
    /// user's orders are their own.
    pub async fn assert_another_sees_none(&self, app: &TestApp, name: &str) {
        let (_, other) = self.trader(app, name).await;
        assert!(self.orders(app, &other, 0).await.is_empty());
    }

    /// Acknowledges the disclosure's version 1, the current one.
    pub async fn accept(&self, app: &TestApp, token: &str) -> Reply {
        let version = json!({"version": 1});
        app.post_json(self.disclosure, Some(token), version).await
    }

    /// The periods offered on `coin` (options take the pair too).
    pub async fn periods(&self, app: &TestApp, coin: &str) -> Vec<Value> {
        let reply = match self.periods {
            Periods::BySymbol(path) => {
                let uri = format!("{path}?symbol={coin}");
                app.post_json(&uri, None, json!({})).await
            }
            Periods::ByCoinId(path) => {
                let id = catalogue::find_coin(&app.state.db, coin)
                    .await
                    .unwrap()
                    .unwrap()
                    .id;
                app.post_json(path, None, json!({"secondId": id})).await
            }
        };
        reply.ok().as_array().unwrap().clone()
    }

    /// The id of the `n`th period offered on `coin`.
    pub async fn period(&self, app: &TestApp, coin: &str, n: usize) -> i64 {
        self.periods(app, coin).await[n]["id"].as_i64().unwrap()
    }

    /// An order up or down, as the web app places it (no idempotency key).
    pub async fn place(
        &self,
        app: &TestApp,
        token: &str,
        period_id: i64,
        up: bool,
        amount: &str,
    ) -> Reply {
        let bet = if up { self.up_down.0 } else { self.up_down.1 };
        let mut body = (self.order_fields)();
        body["betContent"] = json!(bet);
        body["betAmount"] = json!(amount);
        body["periodId"] = json!(period_id);
        self.create(app, token, None, body).await
    }

    /// An order's body as sent, with an idempotency key or none.
    pub async fn create(
        &self,
        app: &TestApp,
        token: &str,
        key: Option<&str>,
        body: Value,
    ) -> Reply {
        post_keyed(app, self.create_order, token, key, body).await
    }

    /// Sends `body` twice with the idempotency key `key`: the retry is
    /// answered with the same order, not a new one. Returns the order.
    pub async fn place_twice(&self, app: &TestApp, token: &str, key: &str, body: Value) -> Value {
        let first = self.create(app, token, Some(key), body.clone()).await.ok();
        let again = self.create(app, token, Some(key), body).await.ok();
        assert_eq!(first["id"], again["id"]);
        first
    }

    /// The user's open (`settled` 0) or settled (1) orders.
    pub async fn orders(&self, app: &TestApp, token: &str, settled: u8) -> Vec<Value> {
        let (path, field) = self.order_list;
        app.post_json(path, Some(token), json!({ field: settled }))
            .await
            .ok()
            .as_array()
            .unwrap()
            .clone()
    }

    /// The first page of `size` of the user's history counts `total`
    /// orders and holds `size`, the newest (`newest`) first.
    pub async fn assert_history(
        &self,
        app: &TestApp,
        token: &str,
        (total, size): (u64, usize),
        newest: &Value,
    ) {
        let uri = format!("{}?pageNum=1&pageSize={size}", self.history);
        let page = app.get(&uri, Some(token)).await.ok();
        assert_eq!(page["total"].as_u64(), Some(total));
        assert_eq!(page["rows"].as_array().unwrap().len(), size);
        assert_eq!(&page["rows"][0]["id"], newest, "newest first");
    }

    /// Settles everything due until the sweep says it is done.
    pub async fn settle_all(&self, app: &TestApp) {
        while (self.sweep)(&app.state.ctx).await.unwrap() == Progress::More {}
    }

    /// The product's `onyx verify` recomputes `checked` settled orders
    /// from the tape and finds every one as stored, and the server's whole
    /// `onyx verify` agrees.
    pub async fn assert_verified(&self, app: &TestApp, checked: u64) {
        let report = (self.verify)(&app.state.db).await.unwrap();
        assert_eq!((report.checked, report.mismatches.len()), (checked, 0));
        assert!(onyx_server::verify::run(&app.state.db).await.unwrap());
    }

    /// Changes the settled order `id` of `table` by hand (`set`, what a
    /// rigged back office would do): the product's `onyx verify` finds it
    /// and only it, and the server's whole `onyx verify` fails. Returns the
    /// product's report.
    pub async fn assert_rig_found(
        &self,
        app: &TestApp,
        table: &str,
        set: &str,
        id: &Value,
    ) -> VerifyReport {
        let rigged = format!("UPDATE {table} SET {set} WHERE id = {id}");
        app.state.db.execute_unprepared(&rigged).await.unwrap();
        let report = (self.verify)(&app.state.db).await.unwrap();
        assert_eq!(report.mismatches.len(), 1, "{:?}", report.mismatches);
        assert_eq!(report.mismatches[0].0, id.as_i64().unwrap());
        assert!(!onyx_server::verify::run(&app.state.db).await.unwrap());
        report
    }

    /// The house holds `balance` USDT on the ledger, and the operators'
    /// book of the house (read by a new owner, `owner1`) says the same.
    /// Returns the book.
    pub async fn assert_house(&self, app: &TestApp, balance: &str) -> Value {
        assert_eq!(system_usdt(app, self.house).await, dec(balance));
        let owner = operator(app, "owner1", "owner").await;
        let path = format!("{}/house", self.admin);
        let book = admin_get(app, &path, &owner).await.ok();
        assert_eq!(book["houseBalance"], json!(balance));
        book
    }

    /// Switches the product on or off in `PLAYING_SETTING` (the defaults,
    /// every other product on), as the operator `owner`.
    pub async fn switch(&self, app: &TestApp, owner: &str, on: bool) -> Reply {
        let mut playing: Value =
            serde_json::from_str(onyx_kernel::settings::DEFAULTS_JSON).unwrap();
        let entries = playing["PLAYING_SETTING"].as_array_mut().unwrap();
        for e in entries.iter_mut().filter(|e| e["key"] == self.playing_key) {
            e["isOpen"] = json!(on);
        }
        let body = json!({"value": playing["PLAYING_SETTING"], "reason": "product on or off"});
        admin_put(app, "/api/admin/settings/PLAYING_SETTING", owner, body).await
    }

    /// Waits for the next issue when less than `need_ms` of this one is
    /// left (entry closes before an issue's end); at once for a product
    /// without issues.
    pub async fn enter_with(&self, need_ms: i64) {
        let Some(issue) = self.issue_ms else { return };
        let in_issue = now_ms() % issue;
        if in_issue >= issue - need_ms {
            let wait = issue + 1_000 - in_issue;
            tokio::time::sleep(Duration::from_millis(wait as u64)).await;
        }
    }
}

/// A tick of the test's own source (`test`), at `ts_ms`.
pub fn tick(coin: &str, ts_ms: i64, price: &str) -> Tick {
    Tick {
        coin: coin.into(),
        price: Decimal::from_str(price).unwrap(),
        quantity: Decimal::ONE,
        ts_ms,
        source: "test",
    }
}

/// The market service on the test's own ticks, the tape written through
/// the second before now.
pub async fn market(app: &TestApp, price: &str) -> MarketService {
    market_with(app, price, None).await
}

/// As [`market`], with an eth tick too when `eth` is given.
pub async fn market_with(app: &TestApp, price: &str, eth: Option<&str>) -> MarketService {
    let now = now_ms();
    let coins = vec!["btc".to_string(), "eth".to_string()];
    let mut svc = MarketService::load(&app.state, &app.state.market, &coins, now - 5_000)
        .await
        .unwrap();
    // In the second before this one, so the tape has it written now.
    let at = (now / 1000 - 1) * 1000 + 500;
    svc.apply(&[tick("btc", at, price)]);
    if let Some(eth) = eth {
        svc.apply(&[tick("eth", at, eth)]);
    }
    svc.close_tape(now).await.unwrap();
    svc
}

/// Keeps the tape fresh for opening: a tick in the second before now,
/// written (a no-op when this second's tape is already fresh).
pub async fn refresh(svc: &mut MarketService, price: &str) {
    let now = now_ms();
    svc.apply(&[tick("btc", (now / 1000 - 1) * 1000 + 500, price)]);
    svc.close_tape(now).await.unwrap();
}

/// Writes a btc tick at `price` `before_ms` before `close` and the tape
/// through 50 ms past it, so what closes at `close` can settle now (the
/// tape then runs ahead of the clock).
pub async fn close_on(svc: &mut MarketService, close: i64, before_ms: i64, price: &str) {
    svc.apply(&[tick("btc", close - before_ms, price)]);
    svc.close_tape(close + 50).await.unwrap();
}

/// An app without the gap between one user's orders, for tests that place
/// several in a row (the gap has its own test).
pub async fn unpaced() -> TestApp {
    TestApp::spawn_with(|c| c.contract_order_gap_ms = 0).await
}

/// The btc tick on the tape an order placed now opens on.
pub fn opening_tick(app: &TestApp) -> IndexPrice {
    app.state
        .prices
        .tape_price("btc", now_ms(), 60_000)
        .unwrap()
}

/// An unpaced app and the market service on the test's own ticks, btc at
/// `price` (see [`market`]).
pub async fn unpaced_market(price: &str) -> (TestApp, MarketService) {
    let app = unpaced().await;
    let svc = market(&app, price).await;
    (app, svc)
}

/// A string field of a reply.
pub fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}"))
}

/// The user's spot USDT, (available, frozen): what a stake freezes and a
/// settlement pays back into.
pub async fn usdt(app: &TestApp, user_id: i64) -> (Decimal, Decimal) {
    balance(app, user_id, Wallet::Spot, "USDT").await
}

/// (available, frozen) from text.
pub fn pair(available: &str, frozen: &str) -> (Decimal, Decimal) {
    (dec(available), dec(frozen))
}

/// What open orders hold matches the frozen balances (the holds audit)
/// and the ledger audits clean.
pub async fn assert_books_clean(app: &TestApp) {
    let holds = onyx_server::holds::run(&app.state.db).await.unwrap();
    assert!(holds, "holds match");
    assert_audit_clean(app).await;
}

/// The USDT balance the ledger's audit finds on a system account (a
/// product's house, the fees).
pub async fn system_usdt(app: &TestApp, account: SystemAccount) -> Decimal {
    let audit = onyx_store::ledger::audit(&app.state.db).await.unwrap();
    audit.result.as_ref().unwrap()["USDT"].system[&account]
}

/// An operator switches the product off: a new order is refused (-6006)
/// and nothing moves, the order already open settles as usual, and once
/// the product is switched on again orders are taken. The trader has 100
/// USDT and stakes 10: `staked` is their spot USDT after (a fee taken
/// too), `drawn` once the open order drew (the stake back, a fee kept).
pub async fn switched_off_open_orders_still_settle(
    p: &ProductApi,
    staked: (&str, &str),
    drawn: (&str, &str),
) {
    let app = unpaced().await;
    let mut svc = market(&app, "100").await;
    let (user, token) = p.funded(&app, "off1", "100").await;
    let first = p.period(&app, "btc", 0).await;
    // Entry may be closing (options' last 5 s of an issue): wait.
    p.enter_with(7_000).await;
    refresh(&mut svc, "100").await;
    let open = p.place(&app, &token, first, true, "10").await.ok();

    let owner = operator(&app, "owner1", "owner").await;
    p.switch(&app, &owner, false).await.ok();
    p.place(&app, &token, first, true, "10")
        .await
        .fails_with(-6006);
    assert_eq!(usdt(&app, user.id).await, pair(staked.0, staked.1));

    // The order already open settles as usual.
    let close = open["closeTime"].as_i64().unwrap();
    close_on(&mut svc, close, 400, "100").await;
    p.settle_all(&app).await;
    assert_eq!(usdt(&app, user.id).await, pair(drawn.0, drawn.1), "a draw");

    p.switch(&app, &owner, true).await.ok();
    p.place(&app, &token, first, true, "10").await.ok();
}

/// Orders are a second apart (-6007 straight after an accepted one) and a
/// window (the orders closing within one length of the period) takes no
/// more than its exposure cap (-6008). On a paced app, a trader with 1000
/// USDT and the first period's cap set to `cap`, `stakes` are: one owing
/// more than the cap alone (refused, nothing moved), one accepted, and one
/// placed up or down (`more_up`) a second later that with the first owes
/// more than the cap (refused, the trader's spot USDT `after_first`).
/// Should the window turn between the two orders, the last opens a new one
/// and is accepted.
pub async fn a_window_takes_no_more_than_its_cap(
    p: &ProductApi,
    cap: &str,
    stakes: [&str; 3],
    more_up: bool,
    after_first: (&str, &str),
) {
    let app = TestApp::spawn().await;
    let mut svc = market(&app, "100").await;
    let (user, token) = p.funded(&app, "capped1", "1000").await;
    let period = &p.periods(&app, "btc").await[0];
    let period_id = period["id"].as_i64().unwrap();
    let window_ms = period["period"].as_i64().unwrap() * 1000;
    let owner = operator(&app, "owner1", "owner").await;
    let updated = admin_put(
        &app,
        &format!("{}/periods/{period_id}", p.admin),
        &owner,
        json!({"exposureCap": cap, "reason": "cap test"}),
    )
    .await
    .ok();
    assert_eq!(updated["exposureCap"], json!(cap));
    // Room in the issue for the orders a second apart.
    p.enter_with(10_000).await;
    refresh(&mut svc, "100").await;
    let [over, first, more] = stakes;
    let place = |up, amount| p.place(&app, &token, period_id, up, amount);
    place(true, over).await.fails_with(-6008);
    assert_eq!(usdt(&app, user.id).await, pair("1000", "0"));
    let first = place(true, first).await.ok();
    place(more_up, more).await.fails_with(-6007);

    tokio::time::sleep(Duration::from_millis(1_050)).await;
    refresh(&mut svc, "100").await;
    let r = place(more_up, more).await;
    let window = |close: &Value| close.as_i64().unwrap() / window_ms;
    if r.code == 200 {
        assert_ne!(
            window(&r.ok()["closeTime"]),
            window(&first["closeTime"]),
            "accepted over the cap in the same window"
        );
    } else {
        r.fails_with(-6008);
        assert_eq!(
            usdt(&app, user.id).await,
            pair(after_first.0, after_first.1)
        );
    }
    assert_audit_clean(&app).await;
}

/// An order row whose direction, status or outcome holds a word the
/// product's enums do not name is refused when read (`Orders`, the
/// product's order entity, in `table`), never read as a default; put back,
/// it reads again.
pub async fn unknown_words_are_refused_on_read<Orders: sea_orm::EntityTrait>(
    p: &ProductApi,
    table: &str,
) {
    let app = unpaced().await;
    let mut svc = market(&app, "100").await;
    let (_, token) = p.funded(&app, "word1", "100").await;
    let first = p.period(&app, "btc", 0).await;
    p.enter_with(7_000).await;
    refresh(&mut svc, "100").await;
    p.place(&app, &token, first, true, "10").await.ok();
    let db = &app.state.db;
    let reads = || async { Orders::find().all(db).await.is_ok() };
    assert!(reads().await);
    for (column, bad, good) in [
        ("direction", "'sideways'", "'up'"),
        ("status", "'closed'", "'open'"),
        ("outcome", "'tie'", "NULL"),
    ] {
        let set = |value: &str| format!("UPDATE {table} SET {column} = {value}");
        db.execute(sea_orm::Statement::from_string(
            db.get_database_backend(),
            set(bad),
        ))
        .await
        .unwrap();
        assert!(!reads().await, "{column} = {bad} read");
        db.execute(sea_orm::Statement::from_string(
            db.get_database_backend(),
            set(good),
        ))
        .await
        .unwrap();
        assert!(reads().await, "{column} = {good} not read");
    }
}
