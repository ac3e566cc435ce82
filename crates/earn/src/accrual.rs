//! The daily accrual: every earning order's due days accrued (one posting
//! per day, one row per order and day), matured orders settled or renewed.
//! A run takes a bounded slice of orders and of days per order; everything
//! of a run commits together, so a crash repeats nothing and skips nothing:
//! the next run starts from each order's `last_day` as committed.

use crate::catalogue::{self, Product, Shelf, AT_MATURITY, ON};
use crate::entity::{earn_accrual as accrual, earn_order as order};
use crate::orders::new_order;
use crate::repo::{self, SETTLED};
use crate::rules::{Rate, Term};
use crate::{house, postings};
use onyx_kernel::ledger::{Posting, PostingRef};
use onyx_kernel::money::Amount;
use onyx_kernel::Failure;
use onyx_platform::scheduler::Progress;
use onyx_platform::Context;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, EntityTrait, NotSet, Set};
use std::time::Duration;

pub const JOB: &str = "earn_accrual";
pub const SWEEP_EVERY: Duration = Duration::from_secs(30);
/// Orders one run takes.
pub const ORDERS_PER_RUN: u64 = 200;
/// Days of one order one run accrues (an order behind by more catches up
/// over the next runs); with the release, within a transaction's postings.
pub const DAYS_PER_RUN: i64 = 31;

pub fn start(ctx: &Context) {
    let job_ctx = ctx.clone();
    ctx.scheduler.every(JOB, SWEEP_EVERY, move || {
        let ctx = job_ctx.clone();
        async move { sweep(&ctx).await }
    });
}

fn amount(d: Decimal, o: &order::Model) -> Result<Amount, Failure> {
    Amount::from_decimal(d)
        .map_err(|_| Failure::internal(format!("earn order {}: bad amount", o.id)))
}

/// How order `o` earns: its fixed APR, or its product's schedule.
pub fn rate_of(o: &order::Model, p: Option<&Product>) -> Result<Rate, Failure> {
    match (&o.apr, p) {
        (Some(apr), _) => Ok(Rate::Apr(apr.get())),
        (None, Some(p)) => Ok(Rate::Daily(p.schedule.clone())),
        (None, None) => Err(Failure::internal(format!(
            "earn order {}: no product",
            o.id
        ))),
    }
}

/// One run: accrues and settles up to [`ORDERS_PER_RUN`] due orders.
pub async fn sweep(ctx: &Context) -> Result<Progress, Failure> {
    let now = ctx.now_ms();
    let today = crate::rules::day_of(now);
    if repo::due(&ctx.db, today, 1).await?.is_empty() {
        return Ok(Progress::Done);
    }
    let mut txn = ctx.ledger.begin().await?;
    let due = repo::due(txn.conn(), today, ORDERS_PER_RUN).await?;
    let mut shelf = Shelf::default();
    let mut more = due.len() as u64 >= ORDERS_PER_RUN;
    for o in due {
        let p = shelf.get(txn.conn(), o.product_id, o.kind).await.cloned();
        let p = p.as_ref();
        let term = Term {
            start: o.start_day,
            end: o.end_day,
        };
        let rate = rate_of(&o, p)?;
        let principal = amount(o.amount.get(), &o)?;
        let owner = u64::try_from(o.user_id).map_err(Failure::internal)?;
        let reference = PostingRef::EarnOrder(o.id);
        let pay_now = o.settlement_type != AT_MATURITY;

        let from = o.last_day.saturating_add(1);
        let through = term
            .due_through(now)
            .map(|t| t.min(from.saturating_add(DAYS_PER_RUN - 1)));
        let mut out: Vec<Posting> = Vec::new();
        let mut days = Vec::new();
        let (mut accrued, mut paid) = (amount(o.accrued.get(), &o)?, amount(o.paid.get(), &o)?);
        let mut last = o.last_day;
        if let Some(through) = through {
            for day in from..=through {
                let percent = rate.percent_on(day).ok_or_else(|| {
                    Failure::internal(format!("earn order {}: no rate for day {day}", o.id))
                })?;
                let interest = rate.interest_on(principal, day).ok_or_else(|| {
                    Failure::internal(format!("earn order {}: interest overflows", o.id))
                })?;
                out.extend(postings::interest(
                    owner, &o.coin, interest, pay_now, &reference, now,
                ));
                accrued = accrued
                    .checked_add(interest)
                    .ok_or_else(|| Failure::internal("accrued overflows"))?;
                if pay_now {
                    paid = paid
                        .checked_add(interest)
                        .ok_or_else(|| Failure::internal("paid overflows"))?;
                }
                days.push((day, percent, interest));
                last = day;
            }
        }
        let matured = term.matured(now) && last == term.end.saturating_sub(1);
        if !matured && term.due_through(now).is_some_and(|t| t > last) {
            more = true;
        }
        let held = accrued
            .checked_sub(paid)
            .ok_or_else(|| Failure::internal(format!("earn order {}: paid above accrued", o.id)))?;
        // At maturity: a renewal keeps the principal held for the next
        // term; otherwise it goes back to spot. Held interest is paid.
        let renewal = if matured && o.auto_renew == 1 {
            renewal_of(&o, p, principal)
        } else {
            None
        };
        if matured {
            let back = if renewal.is_some() {
                held
            } else {
                principal
                    .checked_add(held)
                    .ok_or_else(|| Failure::internal("release overflows"))?
            };
            out.extend(postings::release(owner, &o.coin, back, &reference, now));
        }
        let tx = if out.is_empty() {
            0
        } else {
            txn.post(&reference, out).await?
        };
        if !days.is_empty() {
            accrual::Entity::insert_many(days.iter().map(|(day, percent, interest)| {
                accrual::ActiveModel {
                    id: NotSet,
                    order_id: Set(o.id),
                    user_id: Set(o.user_id),
                    kind: Set(o.kind),
                    day: Set(*day),
                    rate: Set(DecimalText::from(percent.normalize())),
                    amount: Set(DecimalText::from(interest.as_decimal())),
                    paid: Set(i32::from(pay_now)),
                    tx_id: Set(if interest.is_zero() { 0 } else { tx }),
                    created_at: Set(now),
                }
            }))
            .exec(txn.conn())
            .await?;
        }
        let mut row = order::ActiveModel::from(o.clone());
        row.last_day = Set(last);
        row.accrued = Set(DecimalText::from(accrued.as_decimal()));
        row.paid = Set(DecimalText::from(
            if matured { accrued } else { paid }.as_decimal(),
        ));
        if matured {
            row.status = Set(SETTLED);
            row.settled_at = Set(Some(now));
            row.settle_tx = Set(Some(tx));
        }
        let row = row.update(txn.conn()).await?;
        let moved = house::awaited(&row)
            .checked_sub(house::awaited(&o))
            .ok_or_else(|| Failure::internal("reserve overflows"))?;
        house::adjust(txn.conn(), &o.coin, moved, now).await?;
        if let Some((product, offer, next, promised)) = renewal {
            // Set aside like a subscription; refused, the principal goes
            // back to spot instead.
            match house::reserve(&mut txn, &o.coin, promised.as_decimal(), now).await {
                Ok(()) => {
                    new_order(
                        &product,
                        o.user_id,
                        principal,
                        &offer,
                        next,
                        promised,
                        true,
                        now,
                        Some(o.id),
                    )
                    .insert(txn.conn())
                    .await?;
                }
                Err(_) => {
                    txn.post(
                        &reference,
                        postings::release(owner, &o.coin, principal, &reference, now),
                    )
                    .await?;
                }
            }
        }
    }
    txn.commit().await?;
    Ok(if more { Progress::More } else { Progress::Done })
}

/// The next term of a maturing order, if its product still offers it:
/// on, the same days, at the APR (or schedule) published now.
fn renewal_of(
    o: &order::Model,
    p: Option<&Product>,
    principal: Amount,
) -> Option<(Product, catalogue::TermOffer, Term, Amount)> {
    let p = p.filter(|p| p.row.status == ON)?;
    let offer = p.term(o.days)?.clone();
    let next = Term {
        start: o.start_day,
        end: o.end_day,
    }
    .renewed()?;
    let promised = p.rate(&offer)?.over(principal, &next)?;
    Some((p.clone(), offer, next, promised))
}
