//! `onyx verify` for earn: every order's interest recomputed from its
//! accrual rows and the rules. Each day from the first to the last accrued
//! is there once, at the order's APR (finance) or the rate its product
//! published for that day (staking), its amount the rule's; the order's
//! accrued and paid figures are their sum; a redemption's penalty or
//! forfeit is what its rule gives.

use crate::catalogue::{Product, Shelf, AT_MATURITY};
use crate::entity::earn_order as order;
use crate::repo::{self, EARNING, REDEEMED, SETTLED};
use crate::rules::{redeem, EarlyRule, Rate};
use onyx_kernel::money::Amount;
use rust_decimal::Decimal;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};

const PAGE: u64 = 1_000;

/// Orders recomputed, and (order id, what differs).
#[derive(Default, Debug)]
pub struct Report {
    pub checked: u64,
    pub mismatches: Vec<(i64, String)>,
}

fn check(
    o: &order::Model,
    p: Option<&Product>,
    days: &[crate::entity::earn_accrual::Model],
) -> Vec<String> {
    let mut out = Vec::new();
    let Ok(principal) = Amount::from_decimal(o.amount.get()) else {
        return vec!["negative principal".into()];
    };
    let rate = match (&o.apr, p) {
        (Some(apr), _) => Rate::Apr(apr.get()),
        (None, Some(p)) => Rate::Daily(p.schedule.clone()),
        (None, None) => return vec!["no product to read its rates from".into()],
    };
    let (mut accrued, mut paid) = (Decimal::ZERO, Decimal::ZERO);
    let mut expected_day = o.start_day;
    for a in days {
        if a.day != expected_day {
            out.push(format!(
                "day {} accrued where day {expected_day} was due",
                a.day
            ));
        }
        expected_day = a.day.saturating_add(1);
        if rate.percent_on(a.day) != Some(a.rate.get()) {
            out.push(format!(
                "day {}: rate {} is not the published one",
                a.day,
                a.rate.get()
            ));
        }
        let due = rate.interest_on(principal, a.day).map(|i| i.as_decimal());
        if due != Some(a.amount.get()) {
            out.push(format!(
                "day {}: paid {}, the rule gives {:?}",
                a.day,
                a.amount.get(),
                due
            ));
        }
        accrued = accrued.saturating_add(a.amount.get());
        if a.paid == 1 {
            paid = paid.saturating_add(a.amount.get());
        }
    }
    let last = o
        .start_day
        .saturating_sub(1)
        .max(expected_day.saturating_sub(1));
    if last != o.last_day {
        out.push(format!(
            "accrued through day {last}, the order says {}",
            o.last_day
        ));
    }
    if accrued != o.accrued.get() {
        out.push(format!(
            "accrued {}, its days add up to {accrued}",
            o.accrued.get()
        ));
    }
    // Held interest is paid at maturity; a redemption leaves it as it was.
    let paid_expected = if o.status == SETTLED { accrued } else { paid };
    if paid_expected != o.paid.get() {
        out.push(format!(
            "paid {}, its days say {paid_expected}",
            o.paid.get()
        ));
    }
    if o.status == EARNING && o.settlement_type == AT_MATURITY && !o.paid.get().is_zero() {
        out.push("interest paid before maturity".into());
    }
    if o.status == REDEEMED {
        let rule = match o.early_rule.as_str() {
            "forfeit" => Some(EarlyRule::Forfeit),
            "penalty" => Some(EarlyRule::Penalty(o.penalty_rate.get())),
            _ => None,
        };
        let held = accrued
            .checked_sub(paid)
            .and_then(|h| Amount::from_decimal(h).ok());
        let r = rule
            .zip(held)
            .zip(Amount::from_decimal(paid).ok())
            .and_then(|((rule, held), paid)| redeem(principal, held, paid, rule));
        match r {
            Some(r)
                if r.penalty.as_decimal() == o.penalty.get()
                    && r.forfeited.as_decimal() == o.forfeited.get() => {}
            _ => out.push(format!(
                "redeemed with penalty {} and forfeit {}, the rule gives {r:?}",
                o.penalty.get(),
                o.forfeited.get()
            )),
        }
    }
    out
}

pub async fn verify(db: &impl ConnectionTrait) -> Result<Report, DbErr> {
    let mut report = Report::default();
    let mut shelf = Shelf::default();
    let mut after = 0i64;
    loop {
        let page = order::Entity::find()
            .filter(order::Column::Id.gt(after))
            .order_by_asc(order::Column::Id)
            .limit(PAGE)
            .all(db)
            .await?;
        let Some(last) = page.last() else { break };
        after = last.id;
        for o in &page {
            let days = repo::accruals_of(db, o.id).await?;
            let found = check(o, shelf.get(db, o.product_id, o.kind).await, &days);
            report.checked = report.checked.saturating_add(1);
            report
                .mismatches
                .extend(found.into_iter().map(|m| (o.id, m)));
        }
    }
    // The kept totals of what earning orders await, against the orders.
    let mut coins: Vec<String> = crate::entity::earn_reserve::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|r| r.coin)
        .collect();
    for o in repo::all_earning(db).await? {
        if !coins.contains(&o.coin) {
            coins.push(o.coin);
        }
    }
    let bad = |e: onyx_kernel::Failure| DbErr::Custom(format!("{e:?}"));
    for coin in coins {
        let kept = crate::house::reserved(db, &coin).await.map_err(bad)?;
        let summed = crate::house::reserved_by_orders(db, &coin)
            .await
            .map_err(bad)?;
        if kept != summed {
            report.mismatches.push((
                0,
                format!(
                    "{coin}: the house keeps {kept} set aside, its earning orders await {summed}"
                ),
            ));
        }
    }
    Ok(report)
}
