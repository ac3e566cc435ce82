//! Subscribing, redeeming early and reading orders back. The principal
//! moves and the order row is written in one ledger transaction, under
//! the gate, so the per-user limit, the product's cap and the house's
//! reserve are checked against what is committed.

use crate::catalogue::{self, EarnKind, Product, STAKING};
use crate::entity::earn_order as order;
use crate::repo::{self, EARNING, REDEEMED};
use crate::rules::{self, day_of, redeem as redemption, Term};
use crate::views::OrderView;
use crate::{house, postings};
use onyx_kernel::ledger::{AccountId, PostingRef, Wallet};
use onyx_kernel::money::{Amount, LEDGER_DP};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::amounts::parse_amount;
use onyx_platform::{Context, Idempotency};
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, NotSet, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What a subscription asks for.
#[derive(Serialize, Deserialize, Debug, Clone)]
pub struct Subscribe {
    pub product_id: i64,
    pub amount: String,
    /// Finance: one of the product's terms; staking: its only term.
    pub days: Option<i32>,
    pub auto_renew: bool,
}

fn range_check(p: &Product, amount: Amount) -> Outcome<()> {
    let (min, max) = (p.row.limit_min.get(), p.row.limit_max.get());
    if amount.as_decimal() < min || amount.as_decimal() > max {
        return Err(Failure::new(ErrorCode::EarnAmountRange)
            .with("min", min.normalize())
            .with("max", max.normalize())
            .with("coin", &p.row.coin));
    }
    Ok(())
}

/// Subscribes `user_id` to a product of `kind`.
pub async fn subscribe(
    ctx: &Context,
    user_id: i64,
    kind: EarnKind,
    s: &Subscribe,
    key: Option<String>,
    lang: &str,
) -> Outcome<OrderView> {
    let p = catalogue::product(&ctx.db, s.product_id, kind, false).await?;
    let amount = parse_amount(&s.amount, LEDGER_DP)?;
    range_check(&p, amount)?;
    let offer = match (kind, s.days) {
        (STAKING, _) => p.terms.first(),
        (_, Some(days)) => p.term(days),
        (_, None) => None,
    }
    .ok_or_else(|| Failure::new(ErrorCode::EarnTermUnknown).with("days", p.days_list()))?
    .clone();
    if p.row.level > 0 {
        let level = onyx_platform::vip::level(ctx, user_id).await?;
        if level.is_none_or(|l| i64::from(l) < i64::from(p.row.level)) {
            return Err(Failure::new(ErrorCode::EarnLevelRequired).with("level", p.row.level));
        }
    }
    let now = ctx.now_ms();
    let term = Term::from_subscription(now, offer.days.into())
        .ok_or_else(|| Failure::internal(format!("earn product {}: bad term", p.row.id)))?;
    let rate = p.rate(&offer).ok_or(ErrorCode::EarnProductUnknown)?;
    // A staking product without a rate for every day cannot promise one.
    let promised = rate
        .over(amount, &term)
        .ok_or(ErrorCode::EarnProductUnknown)?;
    let owner = u64::try_from(user_id).map_err(Failure::internal)?;
    let idem = Idempotency::new(key, user_id, "earn.subscribe", s);

    let mut txn = ctx.ledger.begin().await?;
    if let Some(stored) = idem.replay(&mut txn).await? {
        return serde_json::from_value(stored).map_err(Failure::internal);
    }
    if p.row.time_limit > 0
        && repo::purchases(txn.conn(), p.row.id, user_id).await?
            >= u64::try_from(p.row.time_limit).unwrap_or(0)
    {
        return Err(Failure::new(ErrorCode::EarnUserLimit).with("max", p.row.time_limit));
    }
    let cap = p.row.total_cap.get();
    if cap > Decimal::ZERO {
        let taken = repo::earning(txn.conn(), Some(p.row.id), None)
            .await?
            .iter()
            .try_fold(Decimal::ZERO, |sum, o| sum.checked_add(o.amount.get()))
            .ok_or_else(|| Failure::internal("cap overflows"))?;
        let remain = cap
            .checked_sub(taken)
            .unwrap_or_default()
            .max(Decimal::ZERO);
        if amount.as_decimal() > remain {
            return Err(Failure::new(ErrorCode::EarnCapReached)
                .with("remain", remain.normalize())
                .with("coin", &p.row.coin));
        }
    }
    // A short balance says so before the house's reserve is asked.
    let (spot, _) = txn
        .balance(&AccountId::user(owner, Wallet::Spot, &p.row.coin))
        .await?;
    if spot < amount.as_decimal() {
        return Err(Failure::new(ErrorCode::InsufficientBalance)
            .with("available", spot.normalize())
            .with("coin", &p.row.coin));
    }
    house::reserve(&mut txn, &p.row.coin, promised.as_decimal(), now).await?;
    let row = new_order(
        &p,
        user_id,
        amount,
        &offer,
        term,
        promised,
        s.auto_renew,
        now,
        None,
    )
    .insert(txn.conn())
    .await?;
    let reference = PostingRef::EarnOrder(row.id);
    let tx = txn
        .post(
            &reference,
            postings::subscribe(owner, &p.row.coin, amount, &reference, now),
        )
        .await?;
    let mut done = order::ActiveModel::from(row);
    done.subscribe_tx = Set(tx);
    let row = done.update(txn.conn()).await?;
    let view = OrderView::of(&row, Some(&p), lang, now);
    idem.remember(&mut txn, &view).await?;
    txn.commit().await?;
    Ok(view)
}

/// A new earning order's row (a subscription's, or a renewal's).
#[allow(clippy::too_many_arguments)]
pub fn new_order(
    p: &Product,
    user_id: i64,
    amount: Amount,
    offer: &catalogue::TermOffer,
    term: Term,
    promised: Amount,
    auto_renew: bool,
    now: i64,
    renewed_from: Option<i64>,
) -> order::ActiveModel {
    let zero = || DecimalText::from(Decimal::ZERO);
    order::ActiveModel {
        id: NotSet,
        order_no: Set(format!("E{}", hex::encode_upper(rand::random::<[u8; 8]>()))),
        kind: Set(p.row.kind),
        user_id: Set(user_id),
        product_id: Set(p.row.id),
        coin: Set(p.row.coin.clone()),
        amount: Set(DecimalText::from(amount.as_decimal())),
        days: Set(offer.days),
        apr: Set(offer.apr.map(|a| DecimalText::from(a.normalize()))),
        start_day: Set(term.start),
        end_day: Set(term.end),
        settlement_type: Set(p.row.settlement_type),
        auto_renew: Set(i32::from(auto_renew && p.row.auto_renew == 1)),
        early_rule: Set(p.early.name().into()),
        penalty_rate: Set(DecimalText::from(p.row.penalty.get().normalize())),
        reserved: Set(DecimalText::from(promised.as_decimal())),
        accrued: Set(zero()),
        paid: Set(zero()),
        last_day: Set(term.start.saturating_sub(1)),
        status: Set(EARNING),
        penalty: Set(zero()),
        forfeited: Set(zero()),
        created_at: Set(now),
        settled_at: Set(None),
        renewed_from: Set(renewed_from),
        subscribe_tx: Set(0),
        settle_tx: Set(None),
    }
}

/// What redeeming an order now would do.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RedemptionPreview {
    pub id: i64,
    pub coin: String,
    pub principal: String,
    /// Interest accrued and not yet paid, held with the principal.
    pub held: String,
    pub penalty: String,
    pub interest_forfeited: String,
    pub receive: String,
}

/// The caller's earning order `id` and what redeeming it now does.
async fn redeemable(
    db: &impl sea_orm::ConnectionTrait,
    user_id: i64,
    id: i64,
) -> Outcome<(order::Model, rules::Redemption)> {
    let o = repo::order(db, id)
        .await?
        .filter(|o| o.user_id == user_id && o.status == EARNING)
        .ok_or(ErrorCode::EarnOrderUnknown)?;
    let bad = |what: &str| Failure::internal(format!("earn order {}: {what}", o.id));
    let rule = match o.early_rule.as_str() {
        "forfeit" => rules::EarlyRule::Forfeit,
        "penalty" => rules::EarlyRule::Penalty(o.penalty_rate.get()),
        _ => return Err(ErrorCode::EarnRedeemNotAllowed.into()),
    };
    let amount = |d: Decimal| Amount::from_decimal(d).map_err(|_| bad("negative amount"));
    let principal = amount(o.amount.get())?;
    let held = amount(
        o.accrued
            .get()
            .checked_sub(o.paid.get())
            .ok_or_else(|| bad("interest overflows"))?,
    )?;
    let paid = amount(o.paid.get())?;
    let r = redemption(principal, held, paid, rule).ok_or_else(|| bad("no redemption"))?;
    Ok((o, r))
}

pub async fn preview(ctx: &Context, user_id: i64, id: i64) -> Outcome<RedemptionPreview> {
    let (o, r) = redeemable(&ctx.db, user_id, id).await?;
    Ok(RedemptionPreview {
        id: o.id,
        coin: o.coin.clone(),
        principal: o.amount.get().normalize().to_string(),
        held: o
            .accrued
            .get()
            .checked_sub(o.paid.get())
            .unwrap_or_default()
            .normalize()
            .to_string(),
        penalty: r.penalty.to_string(),
        interest_forfeited: r.forfeited.to_string(),
        receive: r.receive.to_string(),
    })
}

/// Redeems the caller's earning order of `kind` before maturity, by its
/// rule: what it holds goes back to spot less the penalty or the
/// forfeited interest, which return to the finance house.
pub async fn redeem(
    ctx: &Context,
    user_id: i64,
    kind: EarnKind,
    id: i64,
    lang: &str,
) -> Outcome<OrderView> {
    let owner = u64::try_from(user_id).map_err(Failure::internal)?;
    let now = ctx.now_ms();
    let mut txn = ctx.ledger.begin().await?;
    let (o, r) = redeemable(txn.conn(), user_id, id).await?;
    if o.kind != kind {
        return Err(ErrorCode::EarnOrderUnknown.into());
    }
    let released = Decimal::ZERO
        .checked_sub(house::awaited(&o))
        .ok_or_else(|| Failure::internal("reserve overflows"))?;
    house::adjust(txn.conn(), &o.coin, released, now).await?;
    let reference = PostingRef::EarnOrder(o.id);
    let tx = txn
        .post(
            &reference,
            postings::redeem(
                owner,
                &o.coin,
                r.penalty,
                r.forfeited,
                r.receive,
                &reference,
                now,
            ),
        )
        .await?;
    let mut row = order::ActiveModel::from(o);
    row.status = Set(REDEEMED);
    row.penalty = Set(DecimalText::from(r.penalty.as_decimal()));
    row.forfeited = Set(DecimalText::from(r.forfeited.as_decimal()));
    row.settled_at = Set(Some(now));
    row.settle_tx = Set(Some(tx));
    let row = row.update(txn.conn()).await?;
    let p = catalogue::product(txn.conn(), row.product_id, kind, true)
        .await
        .ok();
    txn.commit().await?;
    Ok(OrderView::of(&row, p.as_ref(), lang, now))
}

/// The caller's orders of `kind`, newest first.
pub async fn list(
    ctx: &Context,
    user_id: i64,
    kind: EarnKind,
    offset: u64,
    limit: u64,
    lang: &str,
) -> Outcome<(Vec<OrderView>, u64)> {
    let (rows, total) = repo::user_orders(&ctx.db, user_id, kind, offset, limit).await?;
    let now = ctx.now_ms();
    let mut shelf = catalogue::Shelf::default();
    let mut out = Vec::with_capacity(rows.len());
    for o in &rows {
        let p = shelf.get(&ctx.db, o.product_id, kind).await;
        out.push(OrderView::of(o, p, lang, now));
    }
    Ok((out, total))
}

/// A user's totals in one product line.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Income {
    /// Principal ever subscribed (renewals not counted again).
    pub sum_amount: String,
    /// Interest accrued, less what redemptions forfeited.
    pub sum_earn: String,
    /// Principal in earning orders.
    pub position: String,
    /// Interest accrued today (UTC), from today's postings.
    pub commission: String,
    pub today_earn: String,
    pub order_num: u64,
}

pub async fn income(ctx: &Context, user_id: i64, kind: EarnKind) -> Outcome<Income> {
    let overflow = || Failure::internal("income overflows");
    let add = |a: Decimal, b: Decimal| a.checked_add(b).ok_or_else(overflow);
    let (mut sum, mut earned, mut position, mut active) =
        (Decimal::ZERO, Decimal::ZERO, Decimal::ZERO, 0u64);
    for o in repo::user_all(&ctx.db, user_id, kind).await? {
        if o.renewed_from.is_none() {
            sum = add(sum, o.amount.get())?;
        }
        earned = add(
            earned,
            o.accrued
                .get()
                .checked_sub(o.forfeited.get())
                .ok_or_else(overflow)?,
        )?;
        if o.status == EARNING {
            position = add(position, o.amount.get())?;
            active = active.saturating_add(1);
        }
    }
    let today = rules::start_of(day_of(ctx.now_ms())).unwrap_or_default();
    let mut today_earn = Decimal::ZERO;
    for a in repo::accruals_since(&ctx.db, user_id, kind, today).await? {
        today_earn = add(today_earn, a.amount.get())?;
    }
    let t = today_earn.normalize().to_string();
    Ok(Income {
        sum_amount: sum.normalize().to_string(),
        sum_earn: earned.normalize().to_string(),
        position: position.normalize().to_string(),
        commission: t.clone(),
        today_earn: t,
        order_num: active,
    })
}
