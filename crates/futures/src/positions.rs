//! Opening, closing and margining positions against the house. Every fill
//! is at the coin's last tick on the price tape (at most 3 s old; nothing
//! moves on a stale index), plus the contract's published spread, and is
//! recorded with that tick's price, time and source. Each change is one
//! ledger transaction with its position row, fill row and the contract's
//! open interest.

use crate::contract::{self, Contract};
use crate::entity::futures_order::CancelReason;
use crate::entity::{futures_fill as fill, futures_position as position};
use crate::mirror::{self, Change, Mirror};
use crate::postings;
use crate::repo::{self, FillKind, PositionSide, CLOSED, LIQUIDATED, OPEN};
use crate::rules::close::{self, CloseSplit};
use crate::rules::liquidation::{liquidation_price, Exposure};
use crate::rules::{pnl, Side};
use crate::views::PositionView;
use onyx_kernel::ledger::PostingRef;
use onyx_kernel::money::{exact_mul, Amount, LEDGER_DP};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::amounts::parse_amount;
use onyx_platform::prices::IndexPrice;
use onyx_platform::{Context, Idempotency};
use onyx_store::ledger::LedgerTxn;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, NotSet, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How old the tape's last tick may be to fill on.
pub const MARK_AGE_MAX_MS: i64 = 3_000;

/// The spec's submit body.
#[derive(Deserialize, Serialize, ToSchema, Debug, Clone)]
#[schema(as = FuturesSubmitBody)]
#[serde(rename_all = "camelCase")]
pub struct SubmitBody {
    /// The contract's coin (`btc`) or symbol (`btcusdt`).
    pub symbol: String,
    pub leverage: u32,
    /// The client's last price (market) or limit price; a market order
    /// fills at the server's mark.
    #[serde(default)]
    pub delegate_price: Option<String>,
    /// Whole contracts.
    pub delegate_total: String,
    /// 0 long, 1 short.
    #[serde(rename = "type")]
    pub side: i32,
    /// 1 market, 0 limit.
    pub delegate_type: i32,
    /// A take-profit trigger price set with the open (market orders): it
    /// closes all of the position at the mark, as a stop set afterwards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub take_profit: Option<String>,
    /// A stop-loss trigger price set with the open, as `takeProfit`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_loss: Option<String>,
}

pub fn side_name(side: Side) -> &'static str {
    stored_side(side).as_str()
}

/// The rules' side as stored.
pub fn stored_side(side: Side) -> PositionSide {
    match side {
        Side::Long => PositionSide::Long,
        Side::Short => PositionSide::Short,
    }
}

/// A stored side as the rules take it.
pub fn side_of(side: &PositionSide) -> Side {
    match side {
        PositionSide::Long => Side::Long,
        PositionSide::Short => Side::Short,
    }
}

fn internal(what: &str) -> Failure {
    Failure::internal(format!("futures: {what}"))
}

/// The fill price: the mark moved against the taker by the spread (a buy
/// pays more, a sell gets less).
pub fn fill_price(mark: Decimal, spread: Decimal, buying: bool) -> Option<Decimal> {
    let lean = if buying {
        Decimal::ONE.checked_add(spread)?
    } else {
        Decimal::ONE.checked_sub(spread)?
    };
    exact_mul(mark, lean)
}

pub fn mark(ctx: &Context, coin: &str, now: i64) -> Outcome<IndexPrice> {
    ctx.prices
        .tape_price(coin, now, MARK_AGE_MAX_MS)
        .ok_or_else(|| {
            Failure::new(ErrorCode::PriceUnavailable).with("coin", coin.to_ascii_uppercase())
        })
}

/// Rounded up to the ledger's unit first: margin over a leverage such as
/// 3x has no finite decimal.
fn amount_up(value: Decimal) -> Outcome<Amount> {
    let rounded =
        value.round_dp_with_strategy(LEDGER_DP, rust_decimal::RoundingStrategy::AwayFromZero);
    Amount::from_decimal(rounded).map_err(|_| internal("amount out of range"))
}

/// The position's liquidation price now.
pub fn liquidation_of(p: &position::Model, c: &Contract) -> Option<Decimal> {
    liquidation_price(
        &Exposure::isolated(
            side_of(&p.side),
            p.qty.get(),
            p.entry_price.get(),
            p.margin.get(),
        ),
        &c.brackets,
    )
}

/// A submit checked against its contract: side, leverage and size.
pub struct Ticket {
    pub contract: Contract,
    pub side: Side,
    pub leverage: u32,
    /// Whole contracts.
    pub contracts: Decimal,
    /// Size in the coin.
    pub qty: Decimal,
    /// 0: the user's own position; otherwise the copy portfolio.
    pub portfolio: i64,
}

/// Checks a submit's contract, side, leverage and size.
pub async fn ticket(ctx: &Context, body: &SubmitBody) -> Outcome<Ticket> {
    let side = Side::from_type(body.side).ok_or_else(|| Failure::invalid("type"))?;
    if body.delegate_type != 0 && body.delegate_type != 1 {
        return Err(ErrorCode::FuturesOrderType.into());
    }
    let c = contract::named(&ctx.db, &body.symbol).await?;
    if !c.leverages.contains(&body.leverage) {
        return Err(Failure::new(ErrorCode::FuturesLeverage).with("max", c.leverage_cap(None)));
    }
    let contracts = parse_amount(&body.delegate_total, 0)?.as_decimal();
    if contracts < c.min_share || contracts > c.max_share {
        return Err(Failure::new(ErrorCode::FuturesSize)
            .with("min", c.min_share.normalize())
            .with("max", c.max_share.normalize()));
    }
    let qty = exact_mul(contracts, c.share_number).ok_or_else(|| internal("size"))?;
    Ok(Ticket {
        contract: c,
        side,
        leverage: body.leverage,
        contracts,
        qty,
        portfolio: 0,
    })
}

/// The margin (notional over leverage) and the opening fee (a rate on
/// notional) of `qty` at `price`, each rounded up to the ledger's unit.
pub fn costs(
    c: &Contract,
    qty: Decimal,
    price: Decimal,
    leverage: u32,
) -> Outcome<(Amount, Amount)> {
    let notional = exact_mul(qty, price).ok_or_else(|| internal("notional"))?;
    let margin = amount_up(
        notional
            .checked_div(Decimal::from(leverage))
            .ok_or_else(|| internal("margin"))?,
    )?;
    let fee = amount_up(exact_mul(notional, c.open_fee).ok_or_else(|| internal("fee"))?)?;
    Ok((margin, fee))
}

/// Why the rules refuse an open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The whole position's leverage is above its bracket's (`max`).
    Leverage(u32),
    /// The house's net open-interest limit.
    HouseLimit,
}

impl Refusal {
    pub fn failure(self) -> Failure {
        match self {
            Refusal::Leverage(max) => Failure::new(ErrorCode::FuturesLeverage).with("max", max),
            Refusal::HouseLimit => ErrorCode::FuturesHouseLimit.into(),
        }
    }

    /// A waiting order's cancel reason.
    pub fn reason(self) -> CancelReason {
        match self {
            Refusal::Leverage(_) => CancelReason::Leverage,
            Refusal::HouseLimit => CancelReason::HouseLimit,
        }
    }
}

/// The position an open makes: its size, averaged entry and margin, and
/// the contract's open interest after it.
pub struct Grown {
    pub qty: Decimal,
    pub entry: Decimal,
    pub margin: Decimal,
    pub interest: (Decimal, Decimal),
}

/// What opening `t` at `price` with `margin` would make of the user's open
/// position on that side, or why the rules refuse it; reads only. With
/// the position it grows, if any.
pub async fn grow(
    txn: &mut LedgerTxn,
    user_id: i64,
    t: &Ticket,
    price: Decimal,
    margin: Amount,
    tick: &IndexPrice,
) -> Outcome<(Option<position::Model>, Result<Grown, Refusal>)> {
    let c = &t.contract;
    let existing =
        repo::open_position(txn.conn(), user_id, c.id, side_name(t.side), t.portfolio).await?;
    let before = repo::interest(txn.conn(), c.id).await?;
    let grown = grown(existing.as_ref(), t, price, margin, before, tick)?;
    Ok((existing, grown))
}

/// The rules of an open on `existing` (if any) with the contract's open
/// interest `before` (long, short): the bracket's leverage for the whole
/// position, and the house's net open-interest limit.
pub fn grown(
    existing: Option<&position::Model>,
    t: &Ticket,
    price: Decimal,
    margin: Amount,
    before: (Decimal, Decimal),
    tick: &IndexPrice,
) -> Outcome<Result<Grown, Refusal>> {
    let (c, side, qty) = (&t.contract, t.side, t.qty);
    let notional = exact_mul(qty, price).ok_or_else(|| internal("notional"))?;
    let (old_qty, old_entry, old_margin) = existing
        .map(|p| (p.qty.get(), p.entry_price.get(), p.margin.get()))
        .unwrap_or_default();
    let new_qty = old_qty.checked_add(qty).ok_or_else(|| internal("size"))?;
    let entry = old_qty
        .checked_mul(old_entry)
        .and_then(|v| v.checked_add(notional))
        .and_then(|v| v.checked_div(new_qty))
        .ok_or_else(|| internal("entry"))?
        .round_dp(LEDGER_DP);
    let new_margin = old_margin
        .checked_add(margin.as_decimal())
        .ok_or_else(|| internal("margin"))?;
    // The whole position's leverage must be one its bracket allows.
    let total_notional = new_qty
        .checked_mul(entry)
        .ok_or_else(|| internal("notional"))?;
    let bracket_max = c.brackets.max_leverage(total_notional).unwrap_or(0);
    let effective = total_notional
        .checked_div(new_margin)
        .ok_or_else(|| internal("leverage"))?;
    if effective > Decimal::from(bracket_max) {
        // Named as a leverage the user can choose, not the bracket's own
        // (150x where 100x is the most offered).
        return Ok(Err(Refusal::Leverage(c.leverage_cap(Some(total_notional)))));
    }
    // The house carries at most `max_net_oi` of net open interest.
    let (long, short) = match side {
        Side::Long => (before.0.checked_add(qty), Some(before.1)),
        Side::Short => (Some(before.0), before.1.checked_add(qty)),
    };
    let (long, short) = (
        long.ok_or_else(|| internal("interest"))?,
        short.ok_or_else(|| internal("interest"))?,
    );
    let net_before = before
        .0
        .checked_sub(before.1)
        .ok_or_else(|| internal("interest"))?
        .abs();
    let net_after = long
        .checked_sub(short)
        .ok_or_else(|| internal("interest"))?
        .abs();
    let net_value = exact_mul(net_after, tick.price).ok_or_else(|| internal("interest"))?;
    if net_after > net_before && net_value > c.max_net_oi {
        return Ok(Err(Refusal::HouseLimit));
    }
    Ok(Ok(Grown {
        qty: new_qty,
        entry,
        margin: new_margin,
        interest: (long, short),
    }))
}

/// Opens or adds to a position at `price` inside `txn`, the margin and fee
/// taken from the user's available USDT (a waiting limit order releases
/// its hold first, in the same commit). Refuses, before writing anything, a position whose
/// leverage its bracket does not allow (-7002) or an open past the house's
/// net open-interest limit (-7004).
#[allow(clippy::too_many_arguments)]
pub async fn open_in(
    txn: &mut LedgerTxn,
    mirror: Option<&dyn Mirror>,
    user_id: i64,
    t: &Ticket,
    price: Decimal,
    tick: &IndexPrice,
    costs: (Amount, Amount),
    now: i64,
) -> Outcome<position::Model> {
    let (c, qty) = (&t.contract, t.qty);
    let (margin, fee) = costs;
    let owner = u64::try_from(user_id).map_err(Failure::internal)?;
    let (existing, grown) = grow(txn, user_id, t, price, margin, tick).await?;
    let grown = grown.map_err(Refusal::failure)?;
    let (long, short) = grown.interest;
    let row = match existing {
        Some(p) => {
            grown_row(p, t, &grown, costs, now)?
                .update(txn.conn())
                .await?
        }
        None => {
            new_row(user_id, t, &grown, costs, now)?
                .insert(txn.conn())
                .await?
        }
    };
    repo::set_interest(txn.conn(), c.id, long, short).await?;
    record(
        txn,
        &row,
        FillKind::Open,
        qty,
        price,
        (tick.price, tick.ts_ms, tick.source),
        fee.as_decimal(),
        (c.open_fee, c.spread),
        Decimal::ZERO,
        margin.as_decimal(),
        now,
        |r| postings::open(owner, margin, fee, r, now),
    )
    .await?;
    mirror::tell(
        mirror,
        txn,
        Change::Opened {
            position: &row,
            ticket: t,
            price,
            tick,
        },
        now,
    )
    .await?;
    Ok(row)
}

/// An open position grown by `t`: its size, averaged entry, margin and
/// fees.
pub(crate) fn grown_row(
    p: position::Model,
    t: &Ticket,
    grown: &Grown,
    (margin, fee): (Amount, Amount),
    now: i64,
) -> Outcome<position::ActiveModel> {
    let (old_initial, old_fees) = (p.initial_margin.get(), p.fees.get());
    let mut a = position::ActiveModel::from(p);
    a.qty = Set(DecimalText::from(grown.qty.normalize()));
    a.entry_price = Set(DecimalText::from(grown.entry.normalize()));
    a.margin = Set(DecimalText::from(grown.margin.normalize()));
    a.initial_margin = Set(DecimalText::from(
        old_initial
            .checked_add(margin.as_decimal())
            .ok_or_else(|| internal("margin"))?
            .normalize(),
    ));
    a.fees = Set(DecimalText::from(
        old_fees
            .checked_add(fee.as_decimal())
            .ok_or_else(|| internal("fee"))?
            .normalize(),
    ));
    a.leverage = Set(i32::try_from(t.leverage).map_err(Failure::internal)?);
    a.updated_at = Set(now);
    Ok(a)
}

/// A new position opened by `t`.
pub(crate) fn new_row(
    user_id: i64,
    t: &Ticket,
    grown: &Grown,
    (margin, fee): (Amount, Amount),
    now: i64,
) -> Outcome<position::ActiveModel> {
    let c = &t.contract;
    Ok(position::ActiveModel {
        id: NotSet,
        user_id: Set(user_id),
        contract_id: Set(c.id),
        coin: Set(c.coin.clone()),
        symbol: Set(c.symbol.clone()),
        side: Set(stored_side(t.side)),
        leverage: Set(i32::try_from(t.leverage).map_err(Failure::internal)?),
        qty: Set(DecimalText::from(t.qty.normalize())),
        entry_price: Set(DecimalText::from(grown.entry.normalize())),
        initial_margin: Set(DecimalText::from(margin.as_decimal())),
        margin: Set(DecimalText::from(margin.as_decimal())),
        fees: Set(DecimalText::from(fee.as_decimal())),
        realised: Set(DecimalText::ZERO),
        funding: Set(DecimalText::ZERO),
        status: Set(OPEN),
        opened_at: Set(now),
        updated_at: Set(now),
        closed_at: Set(None),
        close_price: Set(None),
        portfolio: Set(t.portfolio),
    })
}

/// Writes the fill row and posts its transaction. `tick` is the mark's
/// price, time and source.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn record(
    txn: &mut LedgerTxn,
    p: &position::Model,
    kind: FillKind,
    qty: Decimal,
    price: Decimal,
    tick: (Decimal, i64, &str),
    fee: Decimal,
    rates: (Decimal, Decimal),
    pnl: Decimal,
    margin: Decimal,
    now: i64,
    postings: impl FnOnce(&PostingRef) -> Vec<onyx_kernel::ledger::Posting>,
) -> Outcome<()> {
    let row = repo::insert_fill(
        txn.conn(),
        fill::Model {
            id: 0,
            position_id: p.id,
            user_id: p.user_id,
            kind,
            qty: DecimalText::from(qty.normalize()),
            price: DecimalText::from(price.normalize()),
            mark: DecimalText::from(tick.0.normalize()),
            tick_ms: tick.1,
            source: tick.2.to_string(),
            fee: DecimalText::from(fee.normalize()),
            fee_rate: DecimalText::from(rates.0.normalize()),
            spread: DecimalText::from(rates.1.normalize()),
            pnl: DecimalText::from(pnl.normalize()),
            margin: DecimalText::from(margin.normalize()),
            tx_id: 0,
            at: now,
        },
    )
    .await?;
    let r = PostingRef::FuturesFill(row.id);
    let tx_id = txn.post(&r, postings(&r)).await?;
    repo::set_fill_tx(txn.conn(), row, tx_id).await?;
    Ok(())
}

/// Closes `contracts` of the position (all when `None`) at the mark. With
/// a key, a retried close is answered as the first was, never closed twice.
pub async fn close(
    ctx: &Context,
    user_id: i64,
    position_id: i64,
    contracts: Option<&str>,
    key: Option<String>,
) -> Outcome<PositionView> {
    let idem = Idempotency::new(key, user_id, "futures.close", &(position_id, contracts));
    let p = repo::position(&ctx.db, position_id)
        .await?
        .filter(|p| p.user_id == user_id)
        .ok_or(ErrorCode::NotFound)?;
    let c = contract::by_id(&ctx.db, p.contract_id).await?;
    let qty = match contracts {
        None => None,
        Some(n) => {
            let n = parse_amount(n, 0)?.as_decimal();
            Some(exact_mul(n, c.share_number).ok_or_else(|| internal("size"))?)
        }
    };
    let now = ctx.now_ms();
    let tick = mark(ctx, &c.coin, now)?;
    let mut txn = ctx.ledger.begin().await?;
    if let Some(stored) = idem.replay(&mut txn).await? {
        return serde_json::from_value(stored).map_err(Failure::internal);
    }
    // Read again under the gate: a liquidation may have come first.
    let p = repo::position(txn.conn(), position_id)
        .await?
        .filter(|p| p.status == OPEN)
        .ok_or(ErrorCode::NotFound)?;
    let held = p.qty.get();
    let qty = match qty {
        Some(q) if q <= Decimal::ZERO || q > held => return Err(Failure::invalid("num")),
        Some(q) => q,
        None => held,
    };
    let mirror = mirror::of(ctx);
    let row = close_in(
        &mut txn,
        mirror.as_deref(),
        &p,
        &c,
        qty,
        &tick,
        CloseAt::Mark,
        now,
    )
    .await?;
    let view = PositionView::of(&row, &c, Some(&tick));
    idem.remember(&mut txn, &view).await?;
    txn.commit().await?;
    Ok(view)
}

/// How a close is priced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CloseAt {
    /// The mark with the spread against the user (a close or a market
    /// stop).
    Mark,
    /// A closing limit order's price, reached by the mark.
    Limit(Decimal),
    /// The mark itself, the liquidation fee to the insurance fund.
    Liquidation,
}

/// Closes `qty` of `p` (all of it when `qty` is its size) inside `txn`:
/// a batch of one (see [`crate::batch::close_all`]).
#[allow(clippy::too_many_arguments)]
pub async fn close_in(
    txn: &mut LedgerTxn,
    mirror: Option<&dyn Mirror>,
    p: &position::Model,
    c: &Contract,
    qty: Decimal,
    tick: &IndexPrice,
    at: CloseAt,
    now: i64,
) -> Outcome<position::Model> {
    let one = crate::batch::Close {
        position: p.clone(),
        qty,
    };
    crate::batch::close_all(txn, mirror, c, vec![one], tick, at, now)
        .await?
        .pop()
        .ok_or_else(|| internal("a close without its position"))
}

/// What closing `qty` of a position comes to, before anything is written:
/// the position after it and the fill's figures.
pub(crate) struct Closing {
    /// The position after the close.
    pub after: position::Model,
    /// The whole position closed.
    pub full: bool,
    pub kind: FillKind,
    pub price: Decimal,
    /// The fee's rate and the spread the price carries.
    pub rates: (Decimal, Decimal),
    /// The profit or loss booked to the position (after the house's and
    /// the insurance fund's parts).
    pub booked: Decimal,
    /// Margin the close released.
    pub released: Decimal,
    pub split: CloseSplit,
}

/// Prices `qty` of `p` closed at `tick` (as `at` says) and splits the
/// released margin, the profit and the fee.
pub(crate) fn closing(
    p: &position::Model,
    c: &Contract,
    qty: Decimal,
    tick: &IndexPrice,
    at: CloseAt,
    now: i64,
) -> Outcome<Closing> {
    let side = side_of(&p.side);
    let held = p.qty.get();
    if qty <= Decimal::ZERO || qty > held || p.status != OPEN || p.contract_id != c.id {
        return Err(internal("a close the position does not allow"));
    }
    let full = qty == held;
    let liquidation = at == CloseAt::Liquidation;
    let price = match at {
        CloseAt::Liquidation => tick.price,
        CloseAt::Limit(price) => price,
        CloseAt::Mark => fill_price(tick.price, c.spread, side == Side::Short)
            .ok_or_else(|| internal("price"))?,
    };
    let realised =
        pnl::unrealised(side, qty, p.entry_price.get(), price).ok_or_else(|| internal("pnl"))?;
    let margin = p.margin.get();
    let released = if full {
        margin
    } else {
        margin
            .checked_mul(qty)
            .and_then(|v| v.checked_div(held))
            .ok_or_else(|| internal("margin"))?
            .round_dp_with_strategy(LEDGER_DP, rust_decimal::RoundingStrategy::ToZero)
    };
    let notional = exact_mul(qty, price).ok_or_else(|| internal("notional"))?;
    let rate = if liquidation {
        c.liquidation_fee
    } else {
        c.close_fee
    };
    let fee = exact_mul(notional, rate).ok_or_else(|| internal("fee"))?;
    let released_amount = Amount::from_decimal(released).map_err(|_| internal("margin"))?;
    let split: CloseSplit =
        close::split(released_amount, realised, fee).ok_or_else(|| internal("split"))?;
    let booked = split
        .profit
        .as_decimal()
        .checked_sub(split.margin_to_house.as_decimal())
        .and_then(|v| v.checked_sub(split.shortfall.as_decimal()))
        .ok_or_else(|| internal("pnl"))?;
    let mut after = p.clone();
    let left = held.checked_sub(qty).ok_or_else(|| internal("size"))?;
    after.qty = DecimalText::from(left.normalize());
    after.margin = DecimalText::from(
        margin
            .checked_sub(released)
            .ok_or_else(|| internal("margin"))?
            .normalize(),
    );
    if !full {
        let initial = p
            .initial_margin
            .get()
            .checked_mul(left)
            .and_then(|v| v.checked_div(held))
            .ok_or_else(|| internal("margin"))?
            .round_dp(LEDGER_DP);
        after.initial_margin = DecimalText::from(initial.normalize());
    }
    after.fees = DecimalText::from(
        p.fees
            .get()
            .checked_add(split.fee.as_decimal())
            .ok_or_else(|| internal("fee"))?
            .normalize(),
    );
    after.realised = DecimalText::from(
        p.realised
            .get()
            .checked_add(booked)
            .ok_or_else(|| internal("pnl"))?
            .normalize(),
    );
    after.close_price = Some(DecimalText::from(price.normalize()));
    after.updated_at = now;
    if full {
        after.status = if liquidation { LIQUIDATED } else { CLOSED };
        after.closed_at = Some(now);
    }
    Ok(Closing {
        after,
        full,
        kind: if liquidation {
            FillKind::Liquidation
        } else {
            FillKind::Close
        },
        price,
        rates: (
            rate,
            if at == CloseAt::Mark {
                c.spread
            } else {
                Decimal::ZERO
            },
        ),
        booked,
        released,
        split,
    })
}

/// Adds margin to a position (`add`) or takes some back: never below the
/// margin it was opened with, nor so far that the mark would liquidate it.
pub async fn adjust(
    ctx: &Context,
    user_id: i64,
    position_id: i64,
    money: &str,
    add: bool,
    key: Option<String>,
) -> Outcome<PositionView> {
    let idem = Idempotency::new(key, user_id, "futures.margin", &(position_id, money, add));
    let amount = parse_amount(money, LEDGER_DP)?;
    let p = repo::position(&ctx.db, position_id)
        .await?
        .filter(|p| p.user_id == user_id)
        .ok_or(ErrorCode::NotFound)?;
    let c = contract::by_id(&ctx.db, p.contract_id).await?;
    let now = ctx.now_ms();
    let tick = mark(ctx, &c.coin, now)?;
    let mut txn = ctx.ledger.begin().await?;
    if let Some(stored) = idem.replay(&mut txn).await? {
        return serde_json::from_value(stored).map_err(Failure::internal);
    }
    let p = repo::position(txn.conn(), position_id)
        .await?
        .filter(|p| p.status == OPEN)
        .ok_or(ErrorCode::NotFound)?;
    let mirror = mirror::of(ctx);
    let row = adjust_in(&mut txn, mirror.as_deref(), &p, &c, &tick, amount, add, now).await?;
    let view = PositionView::of(&row, &c, Some(&tick));
    idem.remember(&mut txn, &view).await?;
    txn.commit().await?;
    Ok(view)
}

/// Adds `amount` of margin to the open position `p` or takes it back,
/// inside `txn`, with the same floor as [`adjust`].
#[allow(clippy::too_many_arguments)]
pub async fn adjust_in(
    txn: &mut LedgerTxn,
    mirror: Option<&dyn Mirror>,
    p: &position::Model,
    c: &Contract,
    tick: &IndexPrice,
    amount: Amount,
    add: bool,
    now: i64,
) -> Outcome<position::Model> {
    let owner = u64::try_from(p.user_id).map_err(Failure::internal)?;
    let margin = p.margin.get();
    let new_margin = if add {
        margin.checked_add(amount.as_decimal())
    } else {
        margin.checked_sub(amount.as_decimal())
    }
    .ok_or_else(|| internal("margin"))?;
    if !add {
        let floor = p.initial_margin.get();
        let upnl = pnl::unrealised(
            side_of(&p.side),
            p.qty.get(),
            p.entry_price.get(),
            tick.price,
        )
        .ok_or_else(|| internal("pnl"))?;
        let notional = exact_mul(p.qty.get(), tick.price).ok_or_else(|| internal("notional"))?;
        let maintenance = c
            .brackets
            .maintenance(notional)
            .ok_or_else(|| internal("brackets"))?;
        // A loss counts against what may be taken back; a profit does not
        // add to it.
        let equity = new_margin
            .checked_add(upnl.min(Decimal::ZERO))
            .ok_or_else(|| internal("equity"))?;
        if new_margin < floor || equity <= maintenance {
            return Err(Failure::new(ErrorCode::FuturesMarginFloor).with("min", floor.normalize()));
        }
    }
    let mut a = position::ActiveModel::from(p.clone());
    a.margin = Set(DecimalText::from(new_margin.normalize()));
    a.updated_at = Set(now);
    let row = a.update(txn.conn()).await?;
    let kind = if add {
        FillKind::MarginAdd
    } else {
        FillKind::MarginReduce
    };
    record(
        txn,
        &row,
        kind,
        Decimal::ZERO,
        Decimal::ZERO,
        (tick.price, tick.ts_ms, tick.source),
        Decimal::ZERO,
        (Decimal::ZERO, Decimal::ZERO),
        Decimal::ZERO,
        amount.as_decimal(),
        now,
        |r| postings::margin(owner, amount, add, r, now),
    )
    .await?;
    mirror::tell(
        mirror,
        txn,
        Change::Margin {
            before: p,
            after: &row,
            amount: amount.as_decimal(),
            add,
            tick,
        },
        now,
    )
    .await?;
    Ok(row)
}

/// The caller's positions, open or history, a page at a time, valued at
/// the current mark.
pub async fn list(
    ctx: &Context,
    user_id: i64,
    history: bool,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<PositionView>, u64)> {
    let (rows, total) =
        repo::user_positions(&ctx.db, user_id, history, Default::default(), offset, limit).await?;
    let now = ctx.now_ms();
    let mut out = Vec::with_capacity(rows.len());
    let mut contracts = contract::Cache::default();
    for p in &rows {
        let c = contracts.get(&ctx.db, p.contract_id).await?;
        let tick = ctx.prices.tape_price(&c.coin, now, i64::MAX);
        out.push(PositionView::of(p, c, tick.as_ref()));
    }
    Ok((out, total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::brackets::Brackets;
    use crate::rules::funding::FundingTerms;

    fn btc() -> Contract {
        Contract {
            id: 1,
            coin: "btc".into(),
            symbol: "btcusdt".into(),
            leverages: vec![3, 10],
            share_number: Decimal::new(1, 4),
            min_share: Decimal::ONE,
            max_share: Decimal::from(1_000_000),
            open_fee: Decimal::new(1, 3),
            close_fee: Decimal::new(1, 3),
            brackets: Brackets::btcusdt(),
            liquidation_fee: Decimal::new(5, 3),
            spread: Decimal::ZERO,
            max_net_oi: Decimal::from(5_000_000),
            funding: FundingTerms {
                interest: Decimal::new(1, 4),
                skew_factor: Decimal::new(5, 4),
                cap: Decimal::new(3, 3),
                oi_floor: Decimal::from(1_000_000),
            },
            interval_hours: 8,
        }
    }

    #[test]
    fn a_margin_without_a_finite_decimal_is_rounded_up_to_the_ledgers_unit() {
        // 0.1 BTC at 60,001 over 3x: 2,000.0333… → 2,000.03333334.
        let (margin, fee) = costs(&btc(), Decimal::new(1, 1), Decimal::from(60_001), 3).unwrap();
        assert_eq!(margin.as_decimal(), Decimal::new(200_003_333_334, 8));
        assert_eq!(fee.as_decimal(), Decimal::new(60_001, 4));
        let (margin, _) = costs(&btc(), Decimal::new(1, 1), Decimal::from(60_000), 10).unwrap();
        assert_eq!(margin.as_decimal(), Decimal::from(600));
    }

    #[test]
    fn the_spread_leans_against_the_taker() {
        let mark = Decimal::from(60_000);
        let spread = Decimal::new(1, 3);
        assert_eq!(fill_price(mark, spread, true), Some(Decimal::from(60_060)));
        assert_eq!(fill_price(mark, spread, false), Some(Decimal::from(59_940)));
    }
}
