//! A lead's close closes every copy in one batch. Twin applications,
//! set up alike, take the same random closes: in one the lead closes and
//! its copies close together; in the other each copy is closed alone, in
//! its own transaction, by the same amount at the same price. Every
//! follower must end where it would have one close at a time: positions,
//! fills, settlements against the high-water mark, the follow's standing
//! (a stop-loss included) and balances; both ledgers audit clean and
//! `onyx verify` replays both.

use crate::support::{approved_lead, follow_body};
use onyx_copy_trading::api::rules;
use onyx_copy_trading::api::{copy_follow as follow, copy_settlement as settlement};
use onyx_futures::api::positions::{close_in, CloseAt};
use onyx_futures::api::{futures_fill as fill, futures_position as position};
use onyx_kernel::ledger::Wallet;
use onyx_market::api::service::now_ms;
use onyx_testkit::accounts::signed_in;
use onyx_testkit::common::TestApp;
use onyx_testkit::tape::Tape;
use onyx_testkit::wallet::{assert_audit_clean, fund};
use onyx_testkit::wallet_calls::post_keyed;
use proptest::prelude::*;
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::json;

#[derive(Clone, Debug)]
struct Follower {
    fixed: bool,
    size: u32,
    /// Budget (USDT) and stop-loss percent.
    stop: Option<(u32, u32)>,
}

struct Twin {
    app: TestApp,
    tape: Tape,
    lead_token: String,
    lead_position: i64,
    followers: Vec<i64>,
}

async fn twin(follows: &[Follower], contracts: u32, price: u32) -> Twin {
    let app = TestApp::spawn().await;
    let mut tape = Tape::new(&app, "60000").await;
    let (lead_token, trader) = approved_lead(&app, "Twin").await;
    let mut followers = Vec::new();
    for (i, f) in follows.iter().enumerate() {
        let (u, token) = signed_in(&app, &format!("f{i}")).await;
        fund(&app, u.id, Wallet::Contract, "USDT", "1000000").await;
        let mut body = follow_body(&trader, f.fixed, f.size);
        if let Some((budget, rate)) = f.stop {
            body["budget"] = json!(budget.to_string());
            body["stopLossRate"] = json!(rate.to_string());
        }
        app.post_json("/api/follow/addTraderUser", Some(&token), body)
            .await
            .ok();
        followers.push(u.id);
    }
    tape.set(&price.to_string()).await;
    let opened = post_keyed(
        &app,
        "/api/contract/order/submit",
        &lead_token,
        None,
        json!({"symbol": "btc", "leverage": 10, "delegatePrice": "1",
               "delegateTotal": contracts.to_string(), "type": 0, "delegateType": 1}),
    )
    .await
    .ok();
    let lead_position = opened["position"]["id"]
        .as_i64()
        .expect("the lead's position");
    Twin {
        app,
        tape,
        lead_token,
        lead_position,
        followers,
    }
}

/// The lead closes `n` contracts; its copies close with it.
async fn lead_closes(t: &Twin, n: u32) {
    post_keyed(
        &t.app,
        &format!(
            "/api/contract/position/stopOrder?id={}&num={n}",
            t.lead_position
        ),
        &t.lead_token,
        None,
        json!({}),
    )
    .await
    .ok();
}

/// Each open copy closes alone what the lead's close of `n` of `held`
/// contracts would close of it.
async fn copies_close_alone(t: &Twin, n: u32, held: u32) {
    let db = &t.app.state.db;
    let c = onyx_futures::api::contract::named(db, "btc").await.unwrap();
    let step = c.share_number;
    for user_id in &t.followers {
        let copies = position::Entity::find()
            .filter(position::Column::UserId.eq(*user_id))
            .filter(position::Column::Status.eq(onyx_futures::api::OPEN))
            .all(db)
            .await
            .unwrap();
        for p in copies {
            let qty = rules::close_qty(
                p.qty.get(),
                Decimal::from(n) * step,
                Decimal::from(held) * step,
                step,
            )
            .unwrap();
            if qty <= Decimal::ZERO {
                continue;
            }
            let ctx = &t.app.state.ctx;
            let tick = ctx.prices.tape_price("btc", now_ms(), i64::MAX).unwrap();
            let mut txn = ctx.ledger.begin().await.unwrap();
            let mirror = onyx_futures::api::mirror::of(ctx);
            close_in(
                &mut txn,
                mirror.as_deref(),
                &p,
                &c,
                qty,
                &tick,
                CloseAt::Mark,
                now_ms(),
            )
            .await
            .unwrap();
            txn.commit().await.unwrap();
        }
    }
}

/// Everything a follower ends with, without times and ledger ids.
async fn standing(t: &Twin) -> Vec<String> {
    let db = &t.app.state.db;
    let mut out = Vec::new();
    for user_id in &t.followers {
        for p in position::Entity::find()
            .filter(position::Column::UserId.eq(*user_id))
            .order_by_asc(position::Column::Id)
            .all(db)
            .await
            .unwrap()
        {
            out.push(format!(
                "position {} {} qty {} margin {} initial {} fees {} realised {} close {:?}",
                p.id,
                p.status,
                p.qty,
                p.margin,
                p.initial_margin,
                p.fees,
                p.realised,
                p.close_price.map(|d| d.to_string())
            ));
            for f in fill::Entity::find()
                .filter(fill::Column::PositionId.eq(p.id))
                .order_by_asc(fill::Column::Id)
                .all(db)
                .await
                .unwrap()
            {
                out.push(format!(
                    "  fill {} qty {} price {} fee {} rate {} spread {} pnl {} margin {}",
                    f.kind, f.qty, f.price, f.fee, f.fee_rate, f.spread, f.pnl, f.margin
                ));
            }
        }
        for s in settlement::Entity::find()
            .filter(settlement::Column::UserId.eq(*user_id))
            .order_by_asc(settlement::Column::Id)
            .all(db)
            .await
            .unwrap()
        {
            out.push(format!(
                "  settled {} delta {} margin {} net {}->{} hwm {}->{} share {} paid {}",
                s.position_id,
                s.delta,
                s.margin,
                s.net_before,
                s.net_after,
                s.hwm_before,
                s.hwm_after,
                s.share,
                s.tx_id != 0
            ));
        }
        for f in follow::Entity::find()
            .filter(follow::Column::UserId.eq(*user_id))
            .all(db)
            .await
            .unwrap()
        {
            out.push(format!(
                "follow {} net {} hwm {} shared {} {:?}",
                f.status, f.net, f.hwm, f.shared, f.stop_reason
            ));
        }
        for b in onyx_store::ledger::user_balances(db, *user_id)
            .await
            .unwrap()
        {
            out.push(format!(
                "balance {:?} {} {}",
                b.account, b.available, b.frozen
            ));
        }
    }
    out
}

async fn checked(t: &Twin) {
    assert_audit_clean(&t.app).await;
    assert!(
        onyx_server::holds::run(&t.app.state.db).await.unwrap(),
        "holds match"
    );
    assert!(onyx_server::verify::run(&t.app.state.db).await.unwrap());
}

/// Each follow's settlements chain (each starts from the last one's net
/// and mark, the mark never falls) and a follow is stopped exactly when a
/// settlement left its net at or past its stop-loss.
async fn stops_as_the_rule_says(t: &Twin, follows: &[Follower]) {
    let db = &t.app.state.db;
    for (user_id, spec) in t.followers.iter().zip(follows) {
        let Some(f) = follow::Entity::find()
            .filter(follow::Column::UserId.eq(*user_id))
            .one(db)
            .await
            .unwrap()
        else {
            continue;
        };
        let settled = settlement::Entity::find()
            .filter(settlement::Column::FollowId.eq(f.id))
            .order_by_asc(settlement::Column::Id)
            .all(db)
            .await
            .unwrap();
        for pair in settled.windows(2) {
            assert_eq!(pair[0].net_after, pair[1].net_before);
            assert_eq!(pair[0].hwm_after, pair[1].hwm_before);
        }
        assert!(settled
            .iter()
            .all(|s| s.hwm_after.get() >= s.hwm_before.get()));
        if let Some(last) = settled.last() {
            assert_eq!((last.net_after, last.hwm_after), (f.net, f.hwm));
        }
        let hit = spec.stop.is_some_and(|(budget, rate)| {
            settled.iter().any(|s| {
                rules::stop_loss_hit(
                    s.net_after.get(),
                    Decimal::from(budget),
                    Decimal::from(rate),
                )
            })
        });
        assert_eq!(
            f.status == follow::FollowStatus::Stopped,
            hit,
            "stop-loss of {f:?}"
        );
        if hit {
            assert_eq!(f.stop_reason.as_deref(), Some("stop_loss"));
        }
    }
}

async fn run(follows: Vec<Follower>, contracts: u32, open_at: u32, closes: Vec<(u32, u32)>) {
    let mut batch = twin(&follows, contracts, open_at).await;
    let mut alone = twin(&follows, contracts, open_at).await;
    assert_eq!(
        standing(&batch).await,
        standing(&alone).await,
        "the twins start alike"
    );
    let mut held = contracts;
    for (percent, price) in closes {
        if held == 0 {
            break;
        }
        let n = (held * percent / 100).max(1);
        batch.tape.set(&price.to_string()).await;
        alone.tape.set(&price.to_string()).await;
        lead_closes(&batch, n).await;
        copies_close_alone(&alone, n, held).await;
        held -= n;
    }
    assert_eq!(standing(&batch).await, standing(&alone).await);
    stops_as_the_rule_says(&batch, &follows).await;
    checked(&batch).await;
    checked(&alone).await;
}

fn followers() -> impl Strategy<Value = Vec<Follower>> {
    proptest::collection::vec(
        (
            any::<bool>(),
            1u32..=500,
            proptest::option::of((1_000u32..50_000, 1u32..=100)),
        )
            .prop_map(|(fixed, size, stop)| Follower { fixed, size, stop }),
        1..6,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn a_batch_of_copy_closes_ends_where_closing_each_alone_does(
        follows in followers(),
        contracts in 1u32..3_000,
        open_at in 57_000u32..63_000,
        closes in proptest::collection::vec((1u32..=100, 50_000u32..70_000), 1..4),
    ) {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(run(follows, contracts, open_at, closes));
    }
}
