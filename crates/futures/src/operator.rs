//! What operators see and set on futures: each contract's published terms
//! (the brackets' scale, the liquidation fee, the spread, the house's net
//! open-interest limit, the funding terms), changed with a reason and
//! audited with the old and new values; and the house's book per contract
//! (open interest either way, its net exposure and profit at the mark)
//! with the house account and the insurance fund from the ledger.
//! Positions already open are valued on the terms in force now (brackets
//! and fees apply from the next check), as on Binance.

use crate::contract::{self, Contract};
use crate::entity::{futures_order as order, futures_position as position, futures_term};
use crate::orders::WAITING;
use crate::positions::side_of;
use crate::repo::{self, PositionSide, PositionStatus, OPEN};
use crate::rules::pnl;
use onyx_kernel::ledger::SystemAccount;
use onyx_kernel::money::{exact_add, exact_mul, parse_decimal};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::audit::{self, Actor};
use onyx_platform::Context;
use onyx_store::ledger::system_balance;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect,
    TransactionTrait,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

/// Decimals a rate may carry.
const RATE_DP: u32 = 8;

/// One bracket as published.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct BracketView {
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub floor: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub cap: Decimal,
    pub max_leverage: u32,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub rate: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub cum: Decimal,
}

/// A contract's futures terms.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TermsView {
    pub contract_id: i64,
    pub symbol: String,
    pub coin: String,
    pub leverages: Vec<u32>,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub open_fee: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub close_fee: Decimal,
    /// Binance's BTCUSDT brackets times this.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub bracket_scale: Decimal,
    pub brackets: Vec<BracketView>,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub liquidation_fee: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub spread: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub max_net_oi: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub funding_interest: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub funding_skew: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub funding_cap: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub funding_floor: Decimal,
}

impl TermsView {
    fn of(c: &Contract, t: &futures_term::Model) -> TermsView {
        TermsView {
            contract_id: c.id,
            symbol: c.symbol.clone(),
            coin: c.coin.clone(),
            leverages: c.leverages.clone(),
            open_fee: c.open_fee.normalize(),
            close_fee: c.close_fee.normalize(),
            bracket_scale: t.bracket_scale.get().normalize(),
            brackets: c
                .brackets
                .tiers()
                .iter()
                .map(|b| BracketView {
                    floor: b.floor.normalize(),
                    cap: b.cap.normalize(),
                    max_leverage: b.max_leverage,
                    rate: b.rate.normalize(),
                    cum: b.cum.normalize(),
                })
                .collect(),
            liquidation_fee: c.liquidation_fee.normalize(),
            spread: c.spread.normalize(),
            max_net_oi: c.max_net_oi.normalize(),
            funding_interest: c.funding.interest.normalize(),
            funding_skew: c.funding.skew_factor.normalize(),
            funding_cap: c.funding.cap.normalize(),
            funding_floor: c.funding.oi_floor.normalize(),
        }
    }
}

/// Terms to change; absent fields stay.
#[derive(Deserialize, ToSchema, Debug, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct TermsPatch {
    /// Above 0, at most 1,000.
    pub bracket_scale: Option<String>,
    /// A rate of the notional, 0 to 0.05.
    pub liquidation_fee: Option<String>,
    /// A rate, 0 to 0.01.
    pub spread: Option<String>,
    /// USDT, 0 or more (0 takes no new net exposure).
    pub max_net_oi: Option<String>,
    /// Rates per interval: interest and cap 0 to 0.03, skew 0 to 0.03.
    pub funding_interest: Option<String>,
    pub funding_skew: Option<String>,
    pub funding_cap: Option<String>,
    /// USDT of open interest below which the skew is damped, above 0.
    pub funding_floor: Option<String>,
    pub reason: String,
}

fn within(field: &'static str, text: &str, low: Decimal, high: Decimal) -> Outcome<DecimalText> {
    let v = parse_decimal(text, RATE_DP).map_err(|_| Failure::invalid(field))?;
    if v < low || v > high {
        return Err(Failure::invalid(field));
    }
    Ok(DecimalText::from(v.normalize()))
}

fn apply(mut t: futures_term::Model, p: &TermsPatch) -> Outcome<futures_term::Model> {
    let zero = Decimal::ZERO;
    let rate = |n: i64, scale: u32| Decimal::new(n, scale);
    if let Some(v) = &p.bracket_scale {
        t.bracket_scale = within("bracketScale", v, rate(1, 8), Decimal::from(1_000))?;
        if t.bracket_scale.get() <= zero {
            return Err(Failure::invalid("bracketScale"));
        }
    }
    if let Some(v) = &p.liquidation_fee {
        t.liquidation_fee = within("liquidationFee", v, zero, rate(5, 2))?;
    }
    if let Some(v) = &p.spread {
        t.spread = within("spread", v, zero, rate(1, 2))?;
    }
    if let Some(v) = &p.max_net_oi {
        t.max_net_oi = within("maxNetOi", v, zero, Decimal::from(1_000_000_000_000i64))?;
    }
    if let Some(v) = &p.funding_interest {
        t.funding_interest = within("fundingInterest", v, rate(-3, 2), rate(3, 2))?;
    }
    if let Some(v) = &p.funding_skew {
        t.funding_skew = within("fundingSkew", v, zero, rate(3, 2))?;
    }
    if let Some(v) = &p.funding_cap {
        t.funding_cap = within("fundingCap", v, zero, rate(3, 2))?;
    }
    if let Some(v) = &p.funding_floor {
        t.funding_floor = within(
            "fundingFloor",
            v,
            rate(1, 8),
            Decimal::from(1_000_000_000_000i64),
        )?;
    }
    Ok(t)
}

async fn terms_row(db: &impl sea_orm::ConnectionTrait, id: i64) -> Outcome<futures_term::Model> {
    futures_term::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| ErrorCode::NotFound.into())
}

/// Every contract's terms.
pub async fn terms(ctx: &Context) -> Outcome<Vec<TermsView>> {
    let mut out = Vec::new();
    for c in contract::all(&ctx.db).await? {
        out.push(TermsView::of(&c, &terms_row(&ctx.db, c.id).await?));
    }
    Ok(out)
}

/// Changes a contract's terms, audited with the old and new.
pub async fn update_terms(
    ctx: &Context,
    by: &Actor,
    id: i64,
    p: &TermsPatch,
) -> Outcome<TermsView> {
    let reason = audit::reason(&p.reason)?;
    let txn = ctx.db.begin().await?;
    let old = terms_row(&txn, id).await?;
    let new = apply(old.clone(), p)?;
    let row = futures_term::ActiveModel::from(new)
        .reset_all()
        .update(&txn)
        .await?;
    let c = contract::by_id(&txn, id).await?;
    let (before, after) = (TermsView::of(&c, &old), TermsView::of(&c, &row));
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "futures.terms_update",
        &format!("futures_terms:{id}"),
        reason,
        json!({ "old": before, "new": after }),
    )
    .await?;
    txn.commit().await?;
    Ok(after)
}

/// The house's side of one contract.
#[derive(Serialize, ToSchema, Debug, Clone, Default)]
#[serde(rename_all = "camelCase")]
pub struct ContractBook {
    pub contract_id: i64,
    pub symbol: String,
    /// Open interest in the coin, longs and shorts.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub long_qty: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub short_qty: Decimal,
    /// The house's net position (it takes the other side): positive when
    /// users are net short.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub house_net_qty: Decimal,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub mark_price: Option<Decimal>,
    /// |net| × mark, against `maxNetOi`.
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub net_notional: Option<Decimal>,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub max_net_oi: Decimal,
    pub open_positions: u64,
    pub waiting_orders: u64,
    /// The house's realised profit: what users lost less what they won,
    /// on closes and liquidations.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub house_realised: Decimal,
    /// The house's unrealised profit at the mark on the open positions.
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub house_unrealised: Option<Decimal>,
    /// Funding users paid the house (negative: received).
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub funding_to_house: Decimal,
}

/// The futures house across contracts.
#[derive(Serialize, ToSchema, Debug, Clone, Default)]
#[serde(rename_all = "camelCase")]
pub struct HouseView {
    pub contracts: Vec<ContractBook>,
    /// `house_futures` in the ledger.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub house_balance: Decimal,
    /// The insurance fund in the ledger.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub insurance_balance: Decimal,
}

fn total(what: &str) -> Failure {
    Failure::internal(format!("futures house book: {what} out of range"))
}

/// The house's book. Reads every position once (an operator's call, not a
/// user's).
pub async fn house(ctx: &Context) -> Outcome<HouseView> {
    let now = ctx.now_ms();
    let mut out = HouseView::default();
    for c in contract::all(&ctx.db).await? {
        let (long, short) = repo::interest(&ctx.db, c.id).await?;
        let mark = ctx.prices.tape_price(&c.coin, now, i64::MAX);
        let net = short.checked_sub(long).ok_or_else(|| total("net"))?;
        let mut book = ContractBook {
            contract_id: c.id,
            symbol: c.symbol.clone(),
            long_qty: long.normalize(),
            short_qty: short.normalize(),
            house_net_qty: net.normalize(),
            mark_price: mark.as_ref().map(|m| m.price.normalize()),
            net_notional: mark
                .as_ref()
                .and_then(|m| exact_mul(net.abs(), m.price))
                .map(|v| v.normalize()),
            max_net_oi: c.max_net_oi.normalize(),
            waiting_orders: order::Entity::find()
                .filter(order::Column::ContractId.eq(c.id))
                .filter(order::Column::Status.eq(WAITING))
                .count(&ctx.db)
                .await?,
            house_unrealised: mark.as_ref().map(|_| Decimal::ZERO),
            ..ContractBook::default()
        };
        let rows: Vec<(
            PositionStatus,
            PositionSide,
            DecimalText,
            DecimalText,
            DecimalText,
            DecimalText,
        )> = position::Entity::find()
            .select_only()
            .column(position::Column::Status)
            .column(position::Column::Side)
            .column(position::Column::Qty)
            .column(position::Column::EntryPrice)
            .column(position::Column::Realised)
            .column(position::Column::Funding)
            .filter(position::Column::ContractId.eq(c.id))
            .into_tuple()
            .all(&ctx.db)
            .await?;
        for (status, side, qty, entry, realised, funding) in rows {
            book.house_realised = book
                .house_realised
                .checked_sub(realised.get())
                .ok_or_else(|| total("realised"))?;
            book.funding_to_house =
                exact_add(book.funding_to_house, funding.get()).ok_or_else(|| total("funding"))?;
            if status != OPEN {
                continue;
            }
            book.open_positions = book.open_positions.saturating_add(1);
            if let (Some(m), Some(sum)) = (&mark, book.house_unrealised) {
                book.house_unrealised =
                    pnl::unrealised(side_of(&side), qty.get(), entry.get(), m.price)
                        .and_then(|u| sum.checked_sub(u));
            }
        }
        book.house_realised = book.house_realised.normalize();
        book.funding_to_house = book.funding_to_house.normalize();
        book.house_unrealised = book.house_unrealised.map(|u| u.round_dp(8).normalize());
        out.contracts.push(book);
    }
    out.house_balance =
        system_balance(&ctx.db, SystemAccount::FuturesHouse, crate::postings::COIN).await?;
    out.insurance_balance =
        system_balance(&ctx.db, SystemAccount::Insurance, crate::postings::COIN).await?;
    Ok(out)
}
