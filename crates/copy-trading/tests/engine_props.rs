//! Random lead trades and follower settings through the whole engine:
//! after every step each copy holds exactly what the rules make of the
//! lead's orders, and at the end every follower's profit share is the
//! rate of its high-water mark (never a profit charged twice), the ledger
//! balances, the holds match and `onyx verify` replays every share.

use crate::support::{approved_lead, follow_body};
use onyx_copy_trading::api::rules::{self, Sizing};
use onyx_kernel::ledger::Wallet;
use onyx_testkit::accounts::signed_in;
use onyx_testkit::common::TestApp;
use onyx_testkit::tape::Tape;
use onyx_testkit::wallet::{assert_audit_clean, dec, fund};
use onyx_testkit::wallet_calls::post_keyed;
use proptest::prelude::*;
use rust_decimal::Decimal;
use serde_json::{json, Value};
use std::str::FromStr;

#[derive(Clone, Debug)]
enum Step {
    /// The lead buys this many contracts more (10x).
    Open(u32),
    /// The lead closes this percent of what it holds.
    Close(u32),
}

fn d(v: &Value) -> Decimal {
    Decimal::from_str(v.as_str().unwrap_or("0")).unwrap()
}

async fn copy_qty(app: &TestApp, token: &str) -> Decimal {
    let rows = app
        .get(
            "/api/follow/mineOrder?isHistory=0&pageNum=1&pageSize=10",
            Some(token),
        )
        .await
        .ok();
    rows["rows"]
        .as_array()
        .unwrap()
        .first()
        .map(|r| d(&r["openNum"]))
        .unwrap_or_default()
}

async fn run(steps: Vec<(Step, u32)>, follows: Vec<(bool, u32)>) {
    let app = TestApp::spawn().await;
    let mut tape = Tape::new(&app, "60000").await;
    let c = onyx_futures::api::contract::named(&app.state.db, "btc")
        .await
        .unwrap();
    let step = c.share_number;
    let (lead_token, trader) = approved_lead(&app, "Prop").await;
    let mut followers = Vec::new();
    for (i, (fixed, size)) in follows.iter().enumerate() {
        let (u, token) = signed_in(&app, &format!("f{i}")).await;
        fund(&app, u.id, Wallet::Contract, "USDT", "10000000").await;
        let body = follow_body(&trader, *fixed, *size);
        app.post_json("/api/follow/addTraderUser", Some(&token), body)
            .await
            .ok();
        let sizing = if *fixed {
            Sizing::Amount(Decimal::from(size * 10))
        } else {
            Sizing::Ratio(Decimal::from(*size))
        };
        followers.push((token, sizing, Decimal::ZERO));
    }
    let mut held = 0u32;
    let mut lead_id = Value::Null;
    for (s, price) in steps {
        tape.set(&price.to_string()).await;
        match s {
            Step::Open(n) => {
                let reply = post_keyed(
                    &app,
                    "/api/contract/order/submit",
                    &lead_token,
                    None,
                    json!({"symbol": "btc", "leverage": 10, "delegatePrice": "1",
                           "delegateTotal": n.to_string(), "type": 0, "delegateType": 1}),
                )
                .await
                .ok();
                lead_id = reply["position"]["id"].clone();
                held += n;
                for (_, sizing, want) in followers.iter_mut() {
                    let n = rules::copy_contracts(
                        *sizing,
                        Decimal::from(n),
                        Decimal::from(price),
                        step,
                        10,
                    )
                    .unwrap()
                    .min(c.max_share);
                    if n >= c.min_share {
                        *want += n * step;
                    }
                }
            }
            Step::Close(percent) => {
                if held == 0 {
                    continue;
                }
                let n = (held * percent / 100).max(1);
                post_keyed(
                    &app,
                    &format!("/api/contract/position/stopOrder?id={lead_id}&num={n}"),
                    &lead_token,
                    None,
                    json!({}),
                )
                .await
                .ok();
                for (_, _, want) in followers.iter_mut() {
                    *want -= rules::close_qty(
                        *want,
                        Decimal::from(n) * step,
                        Decimal::from(held) * step,
                        step,
                    )
                    .unwrap();
                }
                held -= n;
            }
        }
        for (token, _, want) in &followers {
            assert_eq!(
                copy_qty(&app, token).await,
                *want,
                "each copy is the rule's size"
            );
        }
    }
    for (token, _, _) in &followers {
        let m = app
            .post_json("/api/follow/mineTrader", Some(token), json!({}))
            .await
            .ok()["rows"][0]
            .clone();
        let (hwm, shared) = (d(&m["highWaterMark"]), d(&m["shared"]));
        let rate = dec("0.2");
        assert!(hwm >= Decimal::ZERO);
        assert!(
            shared <= hwm * rate,
            "never more than the rate of the peak: {m}"
        );
        // Each close rounds its share down by less than one unit.
        assert!(hwm * rate - shared < Decimal::new(100, 8), "{m}");
    }
    assert!(
        onyx_server::holds::run(&app.state.db).await.unwrap(),
        "holds match"
    );
    assert_audit_clean(&app).await;
    assert!(onyx_server::verify::run(&app.state.db).await.unwrap());
}

fn steps() -> impl Strategy<Value = Vec<(Step, u32)>> {
    proptest::collection::vec(
        (
            prop_oneof![
                (1u32..3_000).prop_map(Step::Open),
                (1u32..=100).prop_map(Step::Close),
            ],
            57_000u32..63_000,
        ),
        1..7,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn copies_are_the_rules_size_and_shares_never_charge_twice(
        steps in steps(),
        follows in proptest::collection::vec((any::<bool>(), 1u32..=500), 1..4),
    ) {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(run(steps, follows));
    }
}
