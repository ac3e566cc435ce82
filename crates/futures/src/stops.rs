//! Take-profit and stop-loss orders on positions (the spec's TContractLoss).
//! Each is triggered by the mark, the tape's last tick at most 2 s old
//! (the trigger source shown on the order). Market execution closes its
//! size of the position at that mark through the same close as a user's;
//! limit execution leaves a closing limit order at its limit price, which
//! fills when the mark reaches it (Binance's TAKE_PROFIT / STOP with a
//! price). One active take-profit and one stop-loss per position: a new
//! one replaces the old. A position that closes takes its stops and
//! closing orders with it.

use crate::contract;
use crate::entity::futures_stop as stop;
use crate::mirror::Mirror;
use crate::orders;
use crate::positions::{close_in, side_of, CloseAt, SubmitBody};
use crate::repo::{self, OPEN};
use crate::risk::Direction;
use crate::rules::Side;
use onyx_kernel::money::{parse_decimal, LEDGER_DP};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::prices::IndexPrice;
use onyx_platform::Context;
use onyx_store::ledger::LedgerTxn;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, NotSet, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use crate::entity::futures_stop::{StopKind, StopStatus};

pub const ACTIVE: StopStatus = StopStatus::Active;
pub const CANCELLED: StopStatus = StopStatus::Cancelled;
pub const TRIGGERED: StopStatus = StopStatus::Triggered;
pub const TAKE_PROFIT: StopKind = StopKind::TakeProfit;
pub const STOP_LOSS: StopKind = StopKind::StopLoss;

/// The spec's body: a take-profit (`lossType` 0, `earn…`) or a stop-loss
/// (`lossType` 1, `lose…`); `delegateType` 1 market, 0 limit (with
/// `earnDelegatePrice` or `loseDelegatePrice`).
#[derive(Deserialize, Serialize, ToSchema, Debug, Clone)]
#[schema(as = FuturesStopBody)]
#[serde(rename_all = "camelCase")]
pub struct StopBody {
    pub position_id: i64,
    pub loss_type: i32,
    pub delegate_type: i32,
    #[serde(default)]
    pub earn_price: Option<String>,
    /// Size to close in the coin: the position's `openNum` for all of it,
    /// or whole contracts (`shareNumber` each) short of it.
    #[serde(default)]
    pub earn_number: Option<String>,
    #[serde(default)]
    pub lose_price: Option<String>,
    /// As `earnNumber`, for a stop-loss.
    #[serde(default)]
    pub lose_number: Option<String>,
    #[serde(default)]
    pub earn_delegate_price: Option<String>,
    #[serde(default)]
    pub lose_delegate_price: Option<String>,
}

/// A stop as the spec's client reads it.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct StopView {
    pub id: i64,
    pub position_id: i64,
    /// 0 take-profit, 1 stop-loss.
    pub loss_type: u8,
    /// 1 market, 0 limit.
    pub delegate_type: u8,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub earn_price: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub earn_number: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub lose_price: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub lose_number: Option<Decimal>,
    /// Limit execution's price (take-profit).
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub earn_delegate_price: Option<Decimal>,
    /// Limit execution's price (stop-loss).
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub lose_delegate_price: Option<Decimal>,
    /// 0 active, 2 cancelled, 3 triggered.
    pub status: u8,
    pub coin: String,
    /// What triggers it: the index mark.
    pub trigger_source: String,
    pub create_time: i64,
    pub triggered_time: Option<i64>,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub fill_price: Option<Decimal>,
}

impl StopView {
    pub fn of(s: &stop::Model) -> StopView {
        let tp = s.kind == TAKE_PROFIT;
        let (price, qty) = (
            Some(s.trigger_price.get().normalize()),
            Some(s.qty.get().normalize()),
        );
        let limit = s.limit_price.as_ref().map(|p| p.get().normalize());
        StopView {
            id: s.id,
            position_id: s.position_id,
            loss_type: u8::from(!tp),
            delegate_type: u8::from(limit.is_none()),
            earn_price: if tp { price } else { None },
            earn_number: if tp { qty } else { None },
            lose_price: if tp { None } else { price },
            lose_number: if tp { None } else { qty },
            earn_delegate_price: if tp { limit } else { None },
            lose_delegate_price: if tp { None } else { limit },
            status: match s.status {
                StopStatus::Cancelled => 2,
                StopStatus::Triggered => 3,
                StopStatus::Active => 0,
            },
            coin: s.coin.clone(),
            trigger_source: "mark".into(),
            create_time: s.created_at,
            triggered_time: s.triggered_at,
            fill_price: s.fill_price.as_ref().map(|p| p.get().normalize()),
        }
    }
}

/// Which way the mark goes to set off a stop of `kind` on a `side`
/// position: a long's take-profit and a short's stop-loss as it rises.
pub fn direction(side: Side, kind: &StopKind) -> Direction {
    match (side, *kind == TAKE_PROFIT) {
        (Side::Long, true) | (Side::Short, false) => Direction::Rises,
        (Side::Long, false) | (Side::Short, true) => Direction::Falls,
    }
}

/// Whether a stop of `kind` on a `side` position fires at `mark`.
pub fn fires(side: Side, kind: &StopKind, trigger: Decimal, mark: Decimal) -> bool {
    match direction(side, kind) {
        Direction::Rises => mark >= trigger,
        Direction::Falls => mark <= trigger,
    }
}

/// Whether a stop may close `qty` of a position of `held`: all of it, or
/// whole contracts of `step` short of it. A fraction of a contract would
/// leave a remainder that closes only whole (a partial close takes whole
/// contracts); a position already holding one (its contract's size
/// changed since it opened) may still set a stop on all of it.
pub fn size_allowed(qty: Decimal, held: Decimal, step: Decimal) -> bool {
    if qty <= Decimal::ZERO || qty > held {
        return false;
    }
    qty == held || (step > Decimal::ZERO && qty.checked_rem(step).is_some_and(|r| r.is_zero()))
}

/// Sets a take-profit or stop-loss, replacing the position's active one of
/// that kind. Its trigger must not fire at the mark now.
pub async fn set(ctx: &Context, user_id: i64, body: &StopBody) -> Outcome<StopView> {
    let (kind, price, number, limit, price_field, number_field, limit_field) = match body.loss_type
    {
        0 => (
            TAKE_PROFIT,
            &body.earn_price,
            &body.earn_number,
            &body.earn_delegate_price,
            "earnPrice",
            "earnNumber",
            "earnDelegatePrice",
        ),
        1 => (
            STOP_LOSS,
            &body.lose_price,
            &body.lose_number,
            &body.lose_delegate_price,
            "losePrice",
            "loseNumber",
            "loseDelegatePrice",
        ),
        _ => return Err(Failure::invalid("lossType")),
    };
    let limit = match body.delegate_type {
        1 => None,
        0 => {
            let l = limit
                .as_deref()
                .ok_or_else(|| Failure::missing(limit_field))
                .and_then(|p| {
                    parse_decimal(p, LEDGER_DP).map_err(|_| Failure::invalid(limit_field))
                })?;
            if l <= Decimal::ZERO {
                return Err(Failure::invalid(limit_field));
            }
            Some(l)
        }
        _ => return Err(ErrorCode::FuturesOrderType.into()),
    };
    let price = price
        .as_deref()
        .ok_or_else(|| Failure::missing(price_field))
        .and_then(|p| parse_decimal(p, LEDGER_DP).map_err(|_| Failure::invalid(price_field)))?;
    let qty = number
        .as_deref()
        .ok_or_else(|| Failure::missing(number_field))
        .and_then(|n| parse_decimal(n, LEDGER_DP).map_err(|_| Failure::invalid(number_field)))?;
    if price <= Decimal::ZERO {
        return Err(Failure::invalid(price_field));
    }
    let p = repo::position(&ctx.db, body.position_id)
        .await?
        .filter(|p| p.user_id == user_id && p.status == OPEN)
        .ok_or(ErrorCode::NotFound)?;
    let c = contract::by_id(&ctx.db, p.contract_id).await?;
    if !size_allowed(qty, p.qty.get(), c.share_number) {
        return Err(Failure::new(ErrorCode::FuturesStopSize)
            .with("size", qty.normalize())
            .with("step", c.share_number.normalize())
            .with("max", p.qty.get().normalize())
            .with("coin", c.coin.to_ascii_uppercase()));
    }
    let now = ctx.now_ms();
    let mark = ctx
        .prices
        .tape_price(&p.coin, now, crate::positions::MARK_AGE_MAX_MS)
        .ok_or_else(|| {
            Failure::new(ErrorCode::PriceUnavailable).with("coin", p.coin.to_ascii_uppercase())
        })?;
    if fires(side_of(&p.side), &kind, price, mark.price) {
        return Err(Failure::new(ErrorCode::FuturesTrigger).with("mark", mark.price.normalize()));
    }
    let txn = ctx.ledger.begin().await?;
    let row = replace_in(
        txn.conn(),
        &p,
        Placed {
            kind,
            trigger: price,
            qty,
            limit,
        },
        now,
    )
    .await?;
    txn.commit().await?;
    Ok(StopView::of(&row))
}

/// A stop to put on a position.
pub struct Placed {
    pub kind: StopKind,
    pub trigger: Decimal,
    pub qty: Decimal,
    pub limit: Option<Decimal>,
}

/// Puts a stop on a position in the caller's transaction, cancelling the
/// position's active one of its kind (one of each kind per position).
pub async fn replace_in(
    db: &impl ConnectionTrait,
    p: &crate::entity::futures_position::Model,
    s: Placed,
    now: i64,
) -> Result<stop::Model, DbErr> {
    cancel_where(db, p.id, Some(s.kind), now).await?;
    stop::ActiveModel {
        id: NotSet,
        user_id: Set(p.user_id),
        position_id: Set(p.id),
        coin: Set(p.coin.clone()),
        kind: Set(s.kind),
        trigger_price: Set(DecimalText::from(s.trigger.normalize())),
        qty: Set(DecimalText::from(s.qty.normalize())),
        status: Set(ACTIVE),
        created_at: Set(now),
        triggered_at: Set(None),
        fill_price: Set(None),
        limit_price: Set(s.limit.map(|l| DecimalText::from(l.normalize()))),
        updated_at: Set(now),
    }
    .insert(db)
    .await
}

/// The take-profit and stop-loss triggers an open carries (`takeProfit`,
/// `stopLoss`), read before anything moves: each a positive price, and
/// only on a market order (a waiting limit order has no position to put
/// them on yet).
pub fn entry_triggers(body: &SubmitBody) -> Outcome<Vec<(StopKind, Decimal)>> {
    let mut out = Vec::new();
    for (kind, text, field) in [
        (TAKE_PROFIT, &body.take_profit, "takeProfit"),
        (STOP_LOSS, &body.stop_loss, "stopLoss"),
    ] {
        let Some(text) = text.as_deref().map(str::trim).filter(|t| !t.is_empty()) else {
            continue;
        };
        if body.delegate_type != 1 {
            return Err(Failure::invalid(field));
        }
        let price = parse_decimal(text, LEDGER_DP).map_err(|_| Failure::invalid(field))?;
        if price <= Decimal::ZERO {
            return Err(Failure::invalid(field));
        }
        out.push((kind, price));
    }
    Ok(out)
}

/// Refuses entry triggers that the mark would set off at once, as a stop
/// set afterwards is refused.
pub fn check_entry(side: Side, triggers: &[(StopKind, Decimal)], mark: Decimal) -> Outcome<()> {
    if triggers
        .iter()
        .any(|(kind, price)| fires(side, kind, *price, mark))
    {
        return Err(Failure::new(ErrorCode::FuturesTrigger).with("mark", mark.normalize()));
    }
    Ok(())
}

/// Cancels the position's active stops (of `kind` only, when given).
pub async fn cancel_where(
    db: &impl ConnectionTrait,
    position_id: i64,
    kind: Option<StopKind>,
    now: i64,
) -> Result<(), DbErr> {
    let mut q = stop::Entity::update_many()
        .col_expr(stop::Column::Status, Expr::value(CANCELLED))
        .col_expr(stop::Column::UpdatedAt, Expr::value(now))
        .filter(stop::Column::PositionId.eq(position_id))
        .filter(stop::Column::Status.eq(ACTIVE));
    if let Some(k) = kind {
        q = q.filter(stop::Column::Kind.eq(k));
    }
    q.exec(db).await.map(|_| ())
}

/// Cancels the active stops of the given positions (closed ones).
pub async fn cancel_all_of(
    db: &impl ConnectionTrait,
    position_ids: &[i64],
    now: i64,
) -> Result<(), DbErr> {
    for chunk in position_ids.chunks(500) {
        stop::Entity::update_many()
            .col_expr(stop::Column::Status, Expr::value(CANCELLED))
            .col_expr(stop::Column::UpdatedAt, Expr::value(now))
            .filter(stop::Column::PositionId.is_in(chunk.iter().copied()))
            .filter(stop::Column::Status.eq(ACTIVE))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// The caller's active stops, newest first, a page at a time.
pub async fn list(
    ctx: &Context,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<StopView>, u64)> {
    let q = stop::Entity::find()
        .filter(stop::Column::UserId.eq(user_id))
        .filter(stop::Column::Status.eq(ACTIVE));
    let total = q.clone().count(&ctx.db).await?;
    let rows = q
        .order_by_desc(stop::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(&ctx.db)
        .await?;
    Ok((rows.iter().map(StopView::of).collect(), total))
}

/// Cancels one of the caller's active stops.
pub async fn cancel(ctx: &Context, user_id: i64, id: i64) -> Outcome<StopView> {
    let row = stop::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .filter(|s| s.user_id == user_id && s.status == ACTIVE)
        .ok_or(ErrorCode::NotFound)?;
    let mut a = stop::ActiveModel::from(row);
    a.status = Set(CANCELLED);
    a.updated_at = Set(ctx.now_ms());
    Ok(StopView::of(&a.update(&ctx.db).await?))
}

/// Triggers what the current marks set off, with fresh books; the number
/// triggered.
pub async fn trigger_due(ctx: &Context) -> Outcome<usize> {
    let engine = &mut crate::liquidation::RiskEngine::new();
    Ok(crate::liquidation::sweep(ctx, engine).await?.triggered)
}

/// Every active stop (the trigger index's first load).
pub async fn all_active(db: &impl ConnectionTrait) -> Result<Vec<stop::Model>, DbErr> {
    stop::Entity::find()
        .filter(stop::Column::Status.eq(ACTIVE))
        .all(db)
        .await
}

/// Stops changed since `since_ms` (the trigger index's refresh).
pub async fn changed_since(
    db: &impl ConnectionTrait,
    since_ms: i64,
) -> Result<Vec<stop::Model>, DbErr> {
    stop::Entity::find()
        .filter(stop::Column::UpdatedAt.gte(since_ms))
        .all(db)
        .await
}

/// Triggers one stop inside `txn` if `tick` reaches it and its position is
/// still open: market execution closes its size at the mark, limit
/// execution leaves a closing order at its price. `None` when not.
pub async fn trigger_in(
    txn: &mut LedgerTxn,
    mirror: Option<&dyn Mirror>,
    contracts: &mut contract::Cache,
    id: i64,
    tick: &IndexPrice,
    now: i64,
) -> Outcome<Option<orders::Notice>> {
    let Some(s) = stop::Entity::find_by_id(id)
        .one(txn.conn())
        .await?
        .filter(|s| s.status == ACTIVE)
    else {
        return Ok(None);
    };
    let Some(p) = repo::position(txn.conn(), s.position_id)
        .await?
        .filter(|p| p.status == OPEN)
    else {
        return Ok(None);
    };
    if !fires(side_of(&p.side), &s.kind, s.trigger_price.get(), tick.price) {
        return Ok(None);
    }
    let c = contracts.get(txn.conn(), p.contract_id).await?.clone();
    let qty = s.qty.get().min(p.qty.get());
    let limit = s.limit_price.as_ref().map(|d| d.get());
    let mut a = stop::ActiveModel::from(s.clone());
    a.status = Set(TRIGGERED);
    a.triggered_at = Set(Some(now));
    a.updated_at = Set(now);
    match limit {
        Some(price) => {
            orders::place_closing(txn, &p, &c, qty, price, s.id, now).await?;
        }
        None => {
            let row = close_in(txn, mirror, &p, &c, qty, tick, CloseAt::Mark, now).await?;
            let price = row.close_price.map(|d| d.get()).unwrap_or(tick.price);
            a.fill_price = Set(Some(DecimalText::from(price.normalize())));
        }
    }
    a.update(txn.conn()).await?;
    Ok(Some(orders::Notice {
        user_id: s.user_id,
        what: "triggered",
        id: s.id,
    }))
}

#[cfg(test)]
mod tests {
    use super::size_allowed;
    use rust_decimal::Decimal;

    fn d(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    #[test]
    fn a_stop_closes_whole_contracts_or_all_of_the_position() {
        let step = d("0.01");
        // Two SOL contracts of 0.01: one, both, never a fraction or more.
        assert!(size_allowed(d("0.01"), d("0.02"), step));
        assert!(size_allowed(d("0.02"), d("0.02"), step));
        for bad in ["0.003", "0.00000001", "0.015", "0.03", "0", "-0.01"] {
            assert!(!size_allowed(d(bad), d("0.02"), step), "{bad}");
        }
        // A position left with a fraction (its contract's size changed)
        // still takes a stop on all of it, and whole contracts below it.
        assert!(size_allowed(d("0.017"), d("0.017"), step));
        assert!(size_allowed(d("0.01"), d("0.017"), step));
        assert!(!size_allowed(d("0.007"), d("0.017"), step));
    }
}
