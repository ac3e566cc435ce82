//! An order as the API shows it, with what it earned and what comes next.

use crate::catalogue::{text_in, Product, AT_MATURITY, FINANCE};
use crate::entity::earn_order as order;
use crate::repo::EARNING;
use crate::rules::{day_of, start_of, Term};
use onyx_kernel::money::Amount;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

fn s(d: Decimal) -> String {
    d.normalize().to_string()
}

#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[schema(as = EarnOrderView)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub id: i64,
    pub order_no: String,
    /// `finance` or `staking`.
    pub kind: String,
    pub plan_id: i64,
    pub plan_title: String,
    pub coin: String,
    pub amount: String,
    pub days: i32,
    /// The APR fixed at subscription (finance).
    pub apr: Option<String>,
    /// Today's published rate, percent per day (staking).
    pub daily_rate: Option<String>,
    /// Daily percent: a finance order's APR / 365; a staking product's
    /// lowest and highest published rate from today on.
    pub min_odds: String,
    pub max_odds: String,
    pub default_odds: String,
    pub early_rule: String,
    /// 0 earning, 1 settled, 2 redeemed.
    pub status: i32,
    pub settlement_type: i32,
    pub auto_renew: bool,
    pub create_time: i64,
    /// 00:00 UTC of the first day that earns.
    pub start_time: i64,
    /// 00:00 UTC of maturity.
    pub end_time: i64,
    pub settle_time: Option<i64>,
    /// Interest accrued so far, and of it already paid to spot.
    pub accumula_earn: String,
    pub paid_earn: String,
    /// The whole term's interest at the rates known now (finance: exact).
    pub estimated_earn: String,
    /// When the next payment reaches spot (earning orders).
    pub next_payout: Option<i64>,
    pub penalty: String,
    pub forfeited: String,
    /// The order this one renewed.
    pub renewed_from: Option<i64>,
}

impl OrderView {
    pub fn of(o: &order::Model, product: Option<&Product>, lang: &str, now_ms: i64) -> OrderView {
        let term = Term {
            start: o.start_day,
            end: o.end_day,
        };
        let today = day_of(now_ms);
        let finance = o.kind == FINANCE;
        let (min, max, daily, estimated) = match (finance, product) {
            (true, _) => {
                let apr = o.apr.as_ref().map(|a| a.get()).unwrap_or_default();
                let daily = crate::rules::daily_percent_of_apr(apr);
                (daily, daily, None, o.reserved.get())
            }
            (false, Some(p)) => {
                let (min, max) = p.schedule.range_from(today).unwrap_or_default();
                let estimate = Amount::from_decimal(o.amount.get())
                    .ok()
                    .and_then(|a| crate::rules::Rate::Daily(p.schedule.clone()).over(a, &term))
                    .map(|a| a.as_decimal())
                    .unwrap_or_else(|| o.reserved.get());
                (min, max, p.schedule.rate_on(today), estimate)
            }
            (false, None) => (Decimal::ZERO, Decimal::ZERO, None, o.reserved.get()),
        };
        let next_payout = (o.status == EARNING)
            .then(|| {
                if o.settlement_type == AT_MATURITY {
                    start_of(o.end_day)
                } else {
                    // The day after the next day to accrue.
                    start_of(
                        o.last_day
                            .max(o.start_day.saturating_sub(1))
                            .saturating_add(2),
                    )
                }
            })
            .flatten();
        OrderView {
            id: o.id,
            order_no: o.order_no.clone(),
            kind: o.kind.into(),
            plan_id: o.product_id,
            plan_title: product
                .map(|p| text_in(&p.row.title, lang))
                .unwrap_or_default(),
            coin: o.coin.clone(),
            amount: s(o.amount.get()),
            days: o.days,
            apr: o.apr.as_ref().map(|a| s(a.get())),
            daily_rate: daily.map(s),
            min_odds: s(min),
            max_odds: s(max),
            default_odds: s(o.penalty_rate.get()),
            early_rule: o.early_rule.clone(),
            status: o.status.number(),
            settlement_type: o.settlement_type.number(),
            auto_renew: o.auto_renew == 1,
            create_time: o.created_at,
            start_time: start_of(o.start_day).unwrap_or_default(),
            end_time: start_of(o.end_day).unwrap_or_default(),
            settle_time: o.settled_at,
            accumula_earn: s(o.accrued.get()),
            paid_earn: s(o.paid.get()),
            estimated_earn: s(estimated),
            next_payout,
            penalty: s(o.penalty.get()),
            forfeited: s(o.forfeited.get()),
            renewed_from: o.renewed_from,
        }
    }
}
