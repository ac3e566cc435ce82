//! Orders. Every submit is an order: a market order fills at once at the
//! mark with the spread; a limit order fills at once when the mark with
//! the spread is already at its price or better (at that better price),
//! otherwise it waits with its margin and opening fee frozen and fills at
//! its own price when the mark reaches it (Binance's maker fill, the fee
//! as published). A triggered limit take-profit or stop-loss leaves a
//! closing limit order that holds nothing and goes when its position
//! does. A waiting order the house can no longer take (its net limit, or
//! a leverage the grown position's bracket refuses) is cancelled with
//! that reason and its hold released, never filled past the rules.

use crate::contract::{self, Contract};
use crate::entity::futures_order as order;
use crate::mirror::{self, Mirror};
use crate::positions::{
    self, close_in, costs, fill_price, open_in, side_of, stored_side, ticket, CloseAt, SubmitBody,
    Ticket,
};
use crate::postings;
use crate::repo::{self, OPEN};
use crate::rules::liquidation::{liquidation_price, Exposure};
use crate::rules::Side;
use crate::stops::{self, StopView};
use crate::views::PositionView;
use onyx_kernel::ledger::PostingRef;
use onyx_kernel::money::{exact_mul, parse_decimal, Amount, LEDGER_DP};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::prices::IndexPrice;
use onyx_platform::{Context, Idempotency};
use onyx_store::ledger::LedgerTxn;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, NotSet, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use crate::entity::futures_order::{CancelReason, OrderAction, OrderKind, OrderStatus};

pub const WAITING: OrderStatus = OrderStatus::Waiting;
pub const FILLED: OrderStatus = OrderStatus::Filled;
pub const CANCELLED: OrderStatus = OrderStatus::Cancelled;
pub const MARKET: OrderKind = OrderKind::Market;
pub const LIMIT: OrderKind = OrderKind::Limit;
pub const OPEN_ACTION: OrderAction = OrderAction::Open;
pub const CLOSE_ACTION: OrderAction = OrderAction::Close;

fn internal(what: &str) -> Failure {
    Failure::internal(format!("futures orders: {what}"))
}

/// An order as the spec's client reads it (TContractOrder).
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[schema(as = FuturesOrderView)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub id: i64,
    pub order_no: String,
    pub symbol: String,
    pub coin: String,
    /// 0 long, 1 short (the position it opens or closes).
    #[serde(rename = "type")]
    pub side: u8,
    /// 0 limit, 1 market.
    pub delegate_type: u8,
    /// 0 waiting, 1 filled, 3 cancelled.
    pub status: u8,
    /// True for a closing order left by a limit take-profit or stop-loss.
    pub reduce_only: bool,
    pub leverage: i32,
    /// Whole contracts.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub delegate_total: Decimal,
    /// Size in the coin.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub delegate_num: Decimal,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub delegate_price: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub delegate_value: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub deal_num: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub deal_price: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub deal_value: Option<Decimal>,
    /// The opening fee, frozen while waiting, paid once filled.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub fee: Decimal,
    /// The margin, frozen while waiting, put up once filled.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub margin: Decimal,
    pub position_id: Option<i64>,
    /// Why the server cancelled it: `house_limit`, `leverage`,
    /// `position_closed`.
    pub reason: Option<String>,
    pub delegate_time: i64,
    pub deal_time: Option<i64>,
    pub create_time: i64,
}

impl OrderView {
    pub fn of(o: &order::Model) -> OrderView {
        let qty = o.qty.get();
        let limit = o.limit_price.as_ref().map(|d| d.get());
        let deal = o.deal_price.as_ref().map(|d| d.get());
        let filled = o.status == FILLED;
        OrderView {
            id: o.id,
            order_no: format!("F{:010}", o.id),
            symbol: o.symbol.clone(),
            coin: o.coin.clone(),
            side: u8::from(side_of(&o.side) == Side::Short),
            delegate_type: u8::from(o.kind == MARKET),
            status: match o.status {
                OrderStatus::Filled => 1,
                OrderStatus::Cancelled => 3,
                OrderStatus::Waiting => 0,
            },
            reduce_only: o.action == CLOSE_ACTION,
            leverage: o.leverage,
            delegate_total: o.contracts.get().normalize(),
            delegate_num: qty.normalize(),
            delegate_price: limit.map(|p| p.normalize()),
            delegate_value: limit.and_then(|p| exact_mul(p, qty)).map(|v| v.normalize()),
            deal_num: filled.then(|| qty.normalize()),
            deal_price: deal.map(|p| p.normalize()),
            deal_value: deal.and_then(|p| exact_mul(p, qty)).map(|v| v.normalize()),
            fee: o.fee.get().normalize(),
            margin: o.margin.get().normalize(),
            position_id: o.position_id,
            reason: o.reason.map(String::from),
            delegate_time: o.created_at,
            deal_time: o.dealt_at,
            create_time: o.created_at,
        }
    }
}

/// What a submit answers: the order, and the position when it filled.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct SubmitReply {
    pub order: OrderView,
    pub position: Option<PositionView>,
    /// The take-profit and stop-loss placed with the open.
    #[serde(default)]
    pub stops: Vec<StopView>,
}

/// Whether the mark, with the spread, is at a limit price or better for
/// the taker: a buy (a long's open, a short's close) at or below it, a
/// sell at or above.
pub fn crosses(mark: Decimal, spread: Decimal, buying: bool, limit: Decimal) -> bool {
    match fill_price(mark, spread, buying) {
        Some(p) if buying => p <= limit,
        Some(p) => p >= limit,
        None => false,
    }
}

fn limit_price(body: &SubmitBody) -> Outcome<Decimal> {
    let price = body
        .delegate_price
        .as_deref()
        .ok_or_else(|| Failure::missing("delegatePrice"))
        .and_then(|p| parse_decimal(p, LEDGER_DP).map_err(|_| Failure::invalid("delegatePrice")))?;
    if price <= Decimal::ZERO {
        return Err(Failure::invalid("delegatePrice"));
    }
    Ok(price)
}

#[allow(clippy::too_many_arguments)]
fn new_row(
    user_id: i64,
    t: &Ticket,
    kind: OrderKind,
    limit: Option<Decimal>,
    margin: Decimal,
    fee: Decimal,
    status: OrderStatus,
    now: i64,
) -> order::ActiveModel {
    order::ActiveModel {
        id: NotSet,
        user_id: Set(user_id),
        contract_id: Set(t.contract.id),
        coin: Set(t.contract.coin.clone()),
        symbol: Set(t.contract.symbol.clone()),
        side: Set(stored_side(t.side)),
        kind: Set(kind),
        action: Set(OPEN_ACTION),
        leverage: Set(i32::try_from(t.leverage).unwrap_or(i32::MAX)),
        contracts: Set(DecimalText::from(t.contracts.normalize())),
        qty: Set(DecimalText::from(t.qty.normalize())),
        limit_price: Set(limit.map(|p| DecimalText::from(p.normalize()))),
        margin: Set(DecimalText::from(margin.normalize())),
        fee: Set(DecimalText::from(fee.normalize())),
        status: Set(status),
        reason: Set(None),
        position_id: Set(None),
        stop_id: Set(None),
        deal_price: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        dealt_at: Set(None),
    }
}

/// A market order, or a limit order: filled at once when the mark allows,
/// else waiting with its margin and fee frozen. A retried submit with the
/// same key is answered as the first was.
pub async fn submit(
    ctx: &Context,
    user_id: i64,
    body: &SubmitBody,
    key: Option<String>,
) -> Outcome<SubmitReply> {
    let t = ticket(ctx, body).await?;
    let triggers = stops::entry_triggers(body)?;
    let limit = if body.delegate_type == 0 {
        Some(limit_price(body)?)
    } else {
        None
    };
    let now = ctx.now_ms();
    let buying = t.side == Side::Long;
    // A market order needs a fresh mark; a limit order may wait for one.
    let fill_now = match limit {
        None => Some(positions::mark(ctx, &t.contract.coin, now)?),
        Some(l) => ctx
            .prices
            .tape_price(&t.contract.coin, now, positions::MARK_AGE_MAX_MS)
            .filter(|tick| crosses(tick.price, t.contract.spread, buying, l)),
    };
    let idem = Idempotency::new(key, user_id, "futures.submit", body);
    let mut txn = ctx.ledger.begin().await?;
    if let Some(stored) = idem.replay(&mut txn).await? {
        return serde_json::from_value(stored).map_err(Failure::internal);
    }
    // After the replay: a retry is answered as the first was, wherever the
    // mark has gone since.
    if let Some(tick) = &fill_now {
        stops::check_entry(t.side, &triggers, tick.price)?;
    }
    let kind = if limit.is_some() { LIMIT } else { MARKET };
    let reply = match fill_now {
        Some(tick) => {
            let price = fill_price(tick.price, t.contract.spread, buying)
                .ok_or_else(|| internal("price"))?;
            let (margin, fee) = costs(&t.contract, t.qty, price, t.leverage)?;
            let mirror = mirror::of(ctx);
            let p = open_in(
                &mut txn,
                mirror.as_deref(),
                user_id,
                &t,
                price,
                &tick,
                (margin, fee),
                now,
            )
            .await?;
            let mut row = new_row(
                user_id,
                &t,
                kind,
                limit,
                margin.as_decimal(),
                fee.as_decimal(),
                FILLED,
                now,
            );
            row.position_id = Set(Some(p.id));
            row.deal_price = Set(Some(DecimalText::from(price.normalize())));
            row.dealt_at = Set(Some(now));
            let o = row.insert(txn.conn()).await?;
            // Placed in the open's transaction: both or neither.
            let mut placed = Vec::with_capacity(triggers.len());
            for (kind, trigger) in &triggers {
                let s = stops::Placed {
                    kind: *kind,
                    trigger: *trigger,
                    qty: p.qty.get(),
                    limit: None,
                };
                placed.push(StopView::of(
                    &stops::replace_in(txn.conn(), &p, s, now).await?,
                ));
            }
            SubmitReply {
                order: OrderView::of(&o),
                position: Some(PositionView::of(&p, &t.contract, Some(&tick))),
                stops: placed,
            }
        }
        None => {
            let l = limit.ok_or_else(|| internal("limit"))?;
            let (margin, fee) = costs(&t.contract, t.qty, l, t.leverage)?;
            // The order alone must be a leverage its bracket allows; the
            // position it grows is checked again when it fills.
            let notional = exact_mul(t.qty, l).ok_or_else(|| internal("notional"))?;
            let cap = t.contract.leverage_cap(Some(notional));
            if t.leverage > cap {
                return Err(Failure::new(ErrorCode::FuturesLeverage).with("max", cap));
            }
            let o = new_row(
                user_id,
                &t,
                kind,
                limit,
                margin.as_decimal(),
                fee.as_decimal(),
                WAITING,
                now,
            )
            .insert(txn.conn())
            .await?;
            let owner = u64::try_from(user_id).map_err(Failure::internal)?;
            let held = margin.checked_add(fee).ok_or_else(|| internal("hold"))?;
            let r = PostingRef::FuturesOrder(o.id);
            txn.post(&r, postings::hold(owner, held, true, &r, now))
                .await?;
            SubmitReply {
                order: OrderView::of(&o),
                position: None,
                stops: Vec::new(),
            }
        }
    };
    idem.remember(&mut txn, &reply).await?;
    txn.commit().await?;
    Ok(reply)
}

/// A waiting order's frozen margin and fee.
fn held_of(o: &order::Model) -> Outcome<Amount> {
    if o.action != OPEN_ACTION {
        return Ok(Amount::ZERO);
    }
    let total = o
        .margin
        .get()
        .checked_add(o.fee.get())
        .ok_or_else(|| internal("hold"))?;
    Amount::from_decimal(total).map_err(|_| internal("hold"))
}

/// Ends a waiting order inside `txn`: cancelled (with the server's
/// `reason`, or none when the user asked), its hold released.
async fn cancel_in(
    txn: &mut LedgerTxn,
    o: order::Model,
    reason: Option<CancelReason>,
    now: i64,
) -> Outcome<order::Model> {
    let held = held_of(&o)?;
    let owner = u64::try_from(o.user_id).map_err(Failure::internal)?;
    let id = o.id;
    let mut a = order::ActiveModel::from(o);
    a.status = Set(CANCELLED);
    a.reason = Set(reason);
    a.updated_at = Set(now);
    a.dealt_at = Set(Some(now));
    let row = a.update(txn.conn()).await?;
    let r = PostingRef::FuturesOrder(id);
    let release = postings::hold(owner, held, false, &r, now);
    if !release.is_empty() {
        txn.post(&r, release).await?;
    }
    Ok(row)
}

/// Cancels one of the caller's waiting orders.
pub async fn cancel(ctx: &Context, user_id: i64, id: i64) -> Outcome<OrderView> {
    let now = ctx.now_ms();
    let mut txn = ctx.ledger.begin().await?;
    let o = order::Entity::find_by_id(id)
        .one(txn.conn())
        .await?
        .filter(|o| o.user_id == user_id && o.status == WAITING)
        .ok_or(ErrorCode::NotFound)?;
    let row = cancel_in(&mut txn, o, None, now).await?;
    txn.commit().await?;
    Ok(OrderView::of(&row))
}

/// Cancels the closing orders the given positions leave when they close.
pub async fn cancel_closing(txn: &mut LedgerTxn, position_ids: &[i64], now: i64) -> Outcome<()> {
    let mut waiting = Vec::new();
    for chunk in position_ids.chunks(500) {
        waiting.extend(
            order::Entity::find()
                .filter(order::Column::PositionId.is_in(chunk.iter().copied()))
                .filter(order::Column::Action.eq(CLOSE_ACTION))
                .filter(order::Column::Status.eq(WAITING))
                .order_by_asc(order::Column::Id)
                .all(txn.conn())
                .await?,
        );
    }
    for o in waiting {
        cancel_in(txn, o, Some(CancelReason::PositionClosed), now).await?;
    }
    Ok(())
}

/// Leaves a closing limit order for `qty` of a position (a triggered limit
/// stop), at `price`.
#[allow(clippy::too_many_arguments)]
pub async fn place_closing(
    txn: &mut LedgerTxn,
    p: &crate::entity::futures_position::Model,
    c: &Contract,
    qty: Decimal,
    price: Decimal,
    stop_id: i64,
    now: i64,
) -> Outcome<order::Model> {
    let contracts = qty
        .checked_div(c.share_number)
        .ok_or_else(|| internal("size"))?;
    let t = Ticket {
        contract: c.clone(),
        side: side_of(&p.side),
        leverage: u32::try_from(p.leverage).map_err(Failure::internal)?,
        contracts,
        qty,
        portfolio: p.portfolio,
    };
    let mut row = new_row(
        p.user_id,
        &t,
        LIMIT,
        Some(price),
        Decimal::ZERO,
        Decimal::ZERO,
        WAITING,
        now,
    );
    row.action = Set(CLOSE_ACTION);
    row.position_id = Set(Some(p.id));
    row.stop_id = Set(Some(stop_id));
    Ok(row.insert(txn.conn()).await?)
}

/// Whether a waiting order buys (opens a long or closes a short).
pub fn buys(o: &order::Model) -> bool {
    let long = side_of(&o.side) == Side::Long;
    (o.action == OPEN_ACTION) == long
}

/// What the sweep tells a user about one of their orders or stops, on
/// their socket once it is committed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub user_id: i64,
    /// `filled`, `cancelled`, `triggered`, `liquidated`.
    pub what: &'static str,
    /// The order's, stop's or position's id.
    pub id: i64,
}

impl Notice {
    fn new(o: &order::Model, what: &'static str) -> Notice {
        Notice {
            user_id: o.user_id,
            what,
            id: o.id,
        }
    }
}

/// Fills one waiting order at `tick` inside `txn` if the mark (with the
/// spread) reached its price: an opening order at its price with its hold
/// released into the position, a closing one closing its size (at most
/// what is left). What the user is told (filled, or cancelled by the
/// rules), or `None` when nothing happened.
pub async fn fill_in(
    txn: &mut LedgerTxn,
    mirror: Option<&dyn Mirror>,
    contracts: &mut contract::Cache,
    id: i64,
    tick: &IndexPrice,
    now: i64,
) -> Outcome<Option<Notice>> {
    let Some(o) = order::Entity::find_by_id(id)
        .one(txn.conn())
        .await?
        .filter(|o| o.status == WAITING)
    else {
        return Ok(None);
    };
    let Some(price) = o.limit_price.as_ref().map(|d| d.get()) else {
        return Ok(None);
    };
    let c = contracts.get(txn.conn(), o.contract_id).await?.clone();
    if !crosses(tick.price, c.spread, buys(&o), price) {
        return Ok(None);
    }
    if o.action == CLOSE_ACTION {
        let Some(p) = repo::position(txn.conn(), o.position_id.unwrap_or(0))
            .await?
            .filter(|p| p.status == OPEN)
        else {
            let notice = Notice::new(&o, CANCELLED.as_str());
            cancel_in(txn, o, Some(CancelReason::PositionClosed), now).await?;
            return Ok(Some(notice));
        };
        let qty = o.qty.get().min(p.qty.get());
        let notice = Notice::new(&o, FILLED.as_str());
        // Filled before the close, which cancels what still waits on the
        // position.
        let mut a = order::ActiveModel::from(o);
        a.status = Set(FILLED);
        a.qty = Set(DecimalText::from(qty.normalize()));
        a.deal_price = Set(Some(DecimalText::from(price.normalize())));
        a.updated_at = Set(now);
        a.dealt_at = Set(Some(now));
        a.update(txn.conn()).await?;
        close_in(txn, mirror, &p, &c, qty, tick, CloseAt::Limit(price), now).await?;
        return Ok(Some(notice));
    }
    let t = Ticket {
        side: side_of(&o.side),
        leverage: u32::try_from(o.leverage).map_err(Failure::internal)?,
        contracts: o.contracts.get(),
        qty: o.qty.get(),
        contract: c,
        portfolio: 0,
    };
    let margin = Amount::from_decimal(o.margin.get()).map_err(|_| internal("margin"))?;
    let fee = Amount::from_decimal(o.fee.get()).map_err(|_| internal("fee"))?;
    let owner = u64::try_from(o.user_id).map_err(Failure::internal)?;
    // The rules first, so a refused fill writes nothing but its cancel.
    match open_in_checked(txn, mirror, &o, &t, price, tick, (margin, fee), owner, now).await? {
        Ok(p) => {
            let notice = Notice::new(&o, FILLED.as_str());
            let mut a = order::ActiveModel::from(o);
            a.status = Set(FILLED);
            a.position_id = Set(Some(p.id));
            a.deal_price = Set(Some(DecimalText::from(price.normalize())));
            a.updated_at = Set(now);
            a.dealt_at = Set(Some(now));
            a.update(txn.conn()).await?;
            Ok(Some(notice))
        }
        Err(reason) => {
            let notice = Notice::new(&o, CANCELLED.as_str());
            cancel_in(txn, o, Some(reason), now).await?;
            Ok(Some(notice))
        }
    }
}

/// Releases the order's hold and opens at its price; a refusal by the
/// rules comes back as the reason to cancel with, the hold untouched.
#[allow(clippy::too_many_arguments)]
async fn open_in_checked(
    txn: &mut LedgerTxn,
    mirror: Option<&dyn Mirror>,
    o: &order::Model,
    t: &Ticket,
    price: Decimal,
    tick: &IndexPrice,
    costs: (Amount, Amount),
    owner: u64,
    now: i64,
) -> Outcome<Result<crate::entity::futures_position::Model, CancelReason>> {
    if let (_, Err(refused)) = positions::grow(txn, o.user_id, t, price, costs.0, tick).await? {
        return Ok(Err(refused.reason()));
    }
    let r = PostingRef::FuturesOrder(o.id);
    let held = held_of(o)?;
    txn.post(&r, postings::hold(owner, held, false, &r, now))
        .await?;
    Ok(Ok(open_in(
        txn, mirror, o.user_id, t, price, tick, costs, now,
    )
    .await?))
}

/// The caller's orders of one status (0 waiting, 1 filled, 3 cancelled),
/// newest first, a page at a time.
pub async fn list(
    db: &impl ConnectionTrait,
    user_id: i64,
    status: OrderStatus,
    offset: u64,
    limit: u64,
) -> Result<(Vec<OrderView>, u64), DbErr> {
    let q = order::Entity::find()
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::Status.eq(status));
    let total = q.clone().count(db).await?;
    let rows = q
        .order_by_desc(order::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok((rows.iter().map(OrderView::of).collect(), total))
}

/// Every waiting order (the trigger index's first load).
pub async fn all_waiting(db: &impl ConnectionTrait) -> Result<Vec<order::Model>, DbErr> {
    order::Entity::find()
        .filter(order::Column::Status.eq(WAITING))
        .all(db)
        .await
}

/// Orders changed since `since_ms` (the trigger index's refresh).
pub async fn changed_since(
    db: &impl ConnectionTrait,
    since_ms: i64,
) -> Result<Vec<order::Model>, DbErr> {
    order::Entity::find()
        .filter(order::Column::UpdatedAt.gte(since_ms))
        .all(db)
        .await
}

/// What a submit would cost and where it would liquidate, from the same
/// functions the fill uses; `max_contracts` is what the caller's available
/// futures USDT pays for at this leverage (margin and fee).
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Preview {
    pub symbol: String,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub mark_price: Option<Decimal>,
    pub mark_time: Option<i64>,
    /// Market: the mark with the spread; limit: the limit price.
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub fill_price: Option<Decimal>,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub contracts: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub qty: Decimal,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub notional: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub margin: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub fee: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub liquidation_price: Option<Decimal>,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub max_contracts: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub available: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub spread: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub open_fee: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub close_fee: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub share_number: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub min_share: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub max_share: Decimal,
    /// The highest leverage a submit of this size may choose: the highest
    /// offered that its bracket allows (the most offered without a price).
    pub max_leverage: u32,
}

/// The preview of a submit (its size may be left out: the contract's
/// minimum).
pub async fn preview(ctx: &Context, user_id: i64, body: &SubmitBody) -> Outcome<Preview> {
    let t = ticket(ctx, body).await?;
    let c = &t.contract;
    let now = ctx.now_ms();
    let tick = ctx
        .prices
        .tape_price(&c.coin, now, positions::MARK_AGE_MAX_MS);
    let buying = t.side == Side::Long;
    let price = if body.delegate_type == 0 {
        Some(limit_price(body)?)
    } else {
        tick.as_ref()
            .and_then(|m| fill_price(m.price, c.spread, buying))
    };
    let account = postings::wallet(u64::try_from(user_id).map_err(Failure::internal)?);
    let available = onyx_store::ledger::user_balances(&ctx.db, user_id)
        .await?
        .into_iter()
        .find(|b| b.account == account)
        .map(|b| b.available)
        .unwrap_or_default();
    let costs = price.map(|p| costs(c, t.qty, p, t.leverage)).transpose()?;
    let liquidation = match (price, costs) {
        (Some(p), Some((margin, _))) => liquidation_price(
            &Exposure::isolated(t.side, t.qty, p, margin.as_decimal()),
            &c.brackets,
        ),
        _ => None,
    };
    // Per contract: its margin and fee at this price.
    let per_contract = price.and_then(|p| {
        let value = exact_mul(c.share_number, p)?;
        value
            .checked_div(Decimal::from(t.leverage))?
            .checked_add(exact_mul(value, c.open_fee)?)
    });
    let max_contracts = match per_contract {
        Some(unit) if unit > Decimal::ZERO => available
            .checked_div(unit)
            .map(|n| n.floor().min(c.max_share))
            .unwrap_or_default(),
        _ => Decimal::ZERO,
    };
    let notional = price.and_then(|p| exact_mul(t.qty, p));
    Ok(Preview {
        symbol: c.symbol.clone(),
        mark_price: tick.as_ref().map(|m| m.price.normalize()),
        mark_time: tick.as_ref().map(|m| m.ts_ms),
        fill_price: price.map(|p| p.normalize()),
        contracts: t.contracts.normalize(),
        qty: t.qty.normalize(),
        notional: notional.map(|n| n.normalize()),
        margin: costs.map(|(m, _)| m.as_decimal().normalize()),
        fee: costs.map(|(_, f)| f.as_decimal().normalize()),
        liquidation_price: liquidation.map(|l| l.round_dp(8).normalize()),
        max_contracts: max_contracts.normalize(),
        available: available.normalize(),
        spread: c.spread.normalize(),
        open_fee: c.open_fee.normalize(),
        close_fee: c.close_fee.normalize(),
        share_number: c.share_number.normalize(),
        min_share: c.min_share.normalize(),
        max_share: c.max_share.normalize(),
        max_leverage: c.leverage_cap(notional),
    })
}
