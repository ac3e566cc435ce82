//! The demo's earn shelf: two finance products and a staking product with
//! a published rate schedule, and the finance house funded from outside
//! (audited like an operator's funding) so subscriptions can be promised.

use crate::catalogue::{AT_MATURITY, DAILY};
use crate::entity::earn_rate;
use crate::operator::{self, FundBody, ProductBody};
use crate::rules::day_of;
use onyx_kernel::Outcome;
use onyx_platform::audit::Actor;
use onyx_platform::Context;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, NotSet, Set};
use serde_json::json;
use std::collections::BTreeMap;

/// What the demo's finance house starts with.
pub const HOUSE_FUNDS: &str = "100000";

fn texts(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(l, t)| (l.to_string(), t.to_string()))
        .collect()
}

pub async fn seed(ctx: &Context, by: &Actor) -> Outcome<()> {
    let reason = "Demo seed".to_string();
    operator::fund(
        ctx,
        by,
        &FundBody {
            coin: "USDT".into(),
            amount: HOUSE_FUNDS.into(),
            reason: reason.clone(),
        },
    )
    .await?;
    let intro = texts(&[
        ("en", "A fixed term at the APR shown: interest accrues every day from 00:00 UTC after you subscribe and is paid to your spot wallet each day; the principal comes back at maturity."),
        ("zh", "按显示的年化收益率固定期限：申购后次日 00:00 (UTC) 起每日计息并每日发放至现货钱包，到期返还本金。"),
    ]);
    let problem = texts(&[
        ("en", "Interest is paid from the platform's own funds, set aside when you subscribe. This is not a bank deposit and has no deposit insurance. Redeeming early returns the principal less the interest already earned."),
        ("zh", "利息由平台自有资金支付，并在申购时预留。本产品不是银行存款，不受存款保险保障。提前赎回将从本金中扣除已获得的利息。"),
    ]);
    operator::create(
        ctx,
        by,
        &ProductBody {
            kind: Some("finance".into()),
            title: Some(texts(&[
                ("en", "USDT Fixed 7/30/90"),
                ("zh", "USDT 定期 7/30/90 天"),
            ])),
            intro: Some(intro.clone()),
            problem: Some(problem.clone()),
            coin: Some("USDT".into()),
            terms: Some(vec![
                json!({"days": 7, "apr": "4"}),
                json!({"days": 30, "apr": "6"}),
                json!({"days": 90, "apr": "8.5"}),
            ]),
            limit_min: Some("10".into()),
            limit_max: Some("50000".into()),
            total_cap: Some("1000000".into()),
            early_rule: Some("forfeit".into()),
            settlement_type: Some(DAILY.number()),
            auto_renew: Some(true),
            status: Some(1),
            is_hot: Some(true),
            sort: Some(1),
            reason: reason.clone(),
            ..Default::default()
        },
    )
    .await?;
    operator::create(
        ctx,
        by,
        &ProductBody {
            kind: Some("finance".into()),
            title: Some(texts(&[
                ("en", "USDT VIP 60 days"),
                ("zh", "USDT VIP 60 天"),
            ])),
            intro: Some(intro),
            problem: Some(problem),
            coin: Some("USDT".into()),
            terms: Some(vec![json!({"days": 60, "apr": "10"})]),
            classify: Some(1),
            level: Some(1),
            limit_min: Some("1000".into()),
            limit_max: Some("100000".into()),
            time_limit: Some(2),
            total_cap: Some("500000".into()),
            early_rule: Some("none".into()),
            settlement_type: Some(AT_MATURITY.number()),
            status: Some(1),
            sort: Some(2),
            reason: reason.clone(),
            ..Default::default()
        },
    )
    .await?;
    let staking = operator::create(
        ctx,
        by,
        &ProductBody {
            kind: Some("staking".into()),
            title: Some(texts(&[("en", "USDT Staking 30 days"), ("zh", "USDT 质押 30 天")])),
            intro: Some(texts(&[
                ("en", "Each day earns the daily rate the platform published for it in advance; interest is held with your stake and paid with it at maturity. Redeeming early costs 5% of the stake."),
                ("zh", "每日按平台提前公布的当日利率计息；利息与质押本金一同在到期时发放。提前赎回扣除本金的 5%。"),
            ])),
            coin: Some("USDT".into()),
            terms: Some(vec![json!({"days": 30})]),
            limit_min: Some("20".into()),
            limit_max: Some("20000".into()),
            time_limit: Some(0),
            early_rule: Some("penalty".into()),
            penalty: Some("0.05".into()),
            settlement_type: Some(AT_MATURITY.number()),
            status: Some(1),
            sort: Some(3),
            reason,
            ..Default::default()
        },
    )
    .await?;
    // Published when the demo starts: from today, and a change in three days.
    let today = day_of(ctx.now_ms());
    for (from_day, rate) in [(today, "0.02"), (today.saturating_add(3), "0.025")] {
        earn_rate::ActiveModel {
            id: NotSet,
            product_id: Set(staking.id),
            from_day: Set(from_day),
            rate: Set(DecimalText::from(
                rate.parse::<Decimal>().unwrap_or_default(),
            )),
            published_at: Set(ctx.now_ms()),
            published_by: Set(by.name.clone()),
        }
        .insert(&ctx.db)
        .await?;
    }
    Ok(())
}
