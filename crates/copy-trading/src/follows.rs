//! Following a lead trader: the settings, stopping (copies kept or closed
//! at the mark), and the follower's own account of their copies. Writes
//! go under the ledger gate, so a follow never changes in the middle of a
//! lead's order being copied.

use crate::engine::symbols;
use crate::entity::{copy_follow as follow, copy_position as link, copy_skip as skip};
use crate::repo::{self, ACTIVE, STOPPED};
use crate::rules::{RATIO_MAX, RATIO_MIN};
use crate::settings;
use onyx_futures::api::contract;
use onyx_futures::api::futures_position as position;
use onyx_futures::api::positions::PositionView;
use onyx_futures::api::positions::{self as fpositions, CloseAt};
use onyx_futures::api::OPEN;
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::amounts::parse_amount;
use onyx_platform::Context;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use utoipa::ToSchema;

/// The spec's follow body; numbers may come as strings or numbers.
#[derive(Deserialize, ToSchema, Debug, Default, Clone)]
#[serde(rename_all = "camelCase")]
pub struct FollowBody {
    #[schema(value_type = i64)]
    #[serde(default)]
    pub trader_id: Value,
    /// 0 a ratio of the lead's size, 1 a fixed margin per order.
    #[schema(value_type = i32)]
    #[serde(default)]
    pub follow_type: Value,
    /// Percent, 1..500 (type 0).
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub follow_rate: Value,
    /// USDT of margin per copied order (type 1).
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub follow_amount: Value,
    /// Comma list of coins (`btc,eth`).
    #[serde(default)]
    pub follow_symbol: String,
    /// Most margin the open copies may hold together.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub budget: Value,
    /// Percent of the budget lost that stops copying.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub stop_loss_rate: Value,
}

#[derive(Deserialize, ToSchema, Debug, Default)]
#[schema(as = StopFollowBody)]
#[serde(rename_all = "camelCase")]
pub struct StopBody {
    #[schema(value_type = i64)]
    #[serde(default)]
    pub trader_id: Value,
    /// Close the open copies at the mark too.
    #[serde(default)]
    pub close_positions: bool,
}

fn text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

pub fn id_of(v: &Value, field: &'static str) -> Outcome<i64> {
    text(v)
        .and_then(|s| s.parse::<i64>().ok())
        .filter(|n| *n > 0)
        .ok_or_else(|| Failure::missing(field))
}

/// Settings checked and normalised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub trader_id: i64,
    pub follow_type: i32,
    pub rate: Decimal,
    pub amount: Decimal,
    pub symbols: String,
    pub budget: Option<Decimal>,
    pub stop_loss: Option<Decimal>,
}

async fn check(ctx: &Context, b: &FollowBody) -> Outcome<Settings> {
    let trader_id = id_of(&b.trader_id, "traderId")?;
    let follow_type = match text(&b.follow_type).as_deref() {
        Some("0") => 0,
        Some("1") => 1,
        _ => return Err(Failure::invalid("followType")),
    };
    let (mut rate, mut amount) = (Decimal::ZERO, Decimal::ZERO);
    if follow_type == 0 {
        let raw = text(&b.follow_rate).ok_or_else(|| Failure::missing("followRate"))?;
        rate = parse_amount(&raw, 2)
            .map_err(|_| Failure::new(ErrorCode::CopyFollowRate))?
            .as_decimal();
        if rate < RATIO_MIN || rate > RATIO_MAX {
            return Err(ErrorCode::CopyFollowRate.into());
        }
    } else {
        let raw = text(&b.follow_amount).ok_or_else(|| Failure::missing("followAmount"))?;
        amount = parse_amount(&raw, 2)?.as_decimal();
        if amount < crate::traders::MIN_FOLLOW_AMOUNT || amount > Decimal::from(1_000_000) {
            return Err(Failure::invalid("followAmount"));
        }
    }
    let traded: BTreeSet<String> = contract::all(&ctx.db)
        .await?
        .into_iter()
        .map(|c| c.coin)
        .collect();
    let mut chosen = BTreeSet::new();
    for s in b
        .follow_symbol
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let coin = s.to_ascii_lowercase().trim_end_matches("usdt").to_string();
        if !traded.contains(&coin) {
            return Err(Failure::new(ErrorCode::CopySymbols).with("symbol", s.to_ascii_uppercase()));
        }
        chosen.insert(coin);
    }
    if chosen.is_empty() {
        return Err(Failure::new(ErrorCode::CopySymbols).with("symbol", "-"));
    }
    let budget = match text(&b.budget) {
        None => None,
        Some(raw) => {
            let v = parse_amount(&raw, 2)?.as_decimal();
            if v <= Decimal::ZERO {
                return Err(Failure::invalid("budget"));
            }
            Some(v)
        }
    };
    let stop_loss = match text(&b.stop_loss_rate) {
        None => None,
        Some(raw) => {
            let v = parse_amount(&raw, 2)?.as_decimal();
            if budget.is_none() || v < Decimal::ONE || v > Decimal::ONE_HUNDRED {
                return Err(Failure::invalid("stopLossRate"));
            }
            Some(v)
        }
    };
    Ok(Settings {
        trader_id,
        follow_type,
        rate,
        amount,
        symbols: chosen.into_iter().collect::<Vec<_>>().join(","),
        budget,
        stop_loss,
    })
}

fn apply_settings(a: &mut follow::ActiveModel, s: &Settings) {
    a.follow_type = Set(s.follow_type);
    a.follow_rate = Set(DecimalText::from(s.rate.normalize()));
    a.follow_amount = Set(DecimalText::from(s.amount.normalize()));
    a.symbols = Set(s.symbols.clone());
    a.budget = Set(s.budget.map(|d| DecimalText::from(d.normalize())));
    a.stop_loss_rate = Set(s.stop_loss.map(|d| DecimalText::from(d.normalize())));
}

/// Starts following (or follows again, keeping the high-water mark).
pub async fn add(ctx: &Context, user_id: i64, b: &FollowBody) -> Outcome<MineTrader> {
    let s = check(ctx, b).await?;
    let setting = settings::read(&ctx.db).await?;
    let now = ctx.now_ms();
    let txn = ctx.ledger.begin().await?;
    let t = repo::approved(txn.conn(), s.trader_id)
        .await?
        .ok_or(ErrorCode::CopyTraderUnknown)?;
    if t.user_id == user_id {
        return Err(ErrorCode::CopyFollowSelf.into());
    }
    let existing = repo::follow_of(txn.conn(), t.id, user_id).await?;
    if existing.as_ref().is_some_and(|f| f.status == ACTIVE) {
        return Err(ErrorCode::CopyAlreadyFollowing.into());
    }
    if repo::follower_count(txn.conn(), t.id).await? >= setting.max_users {
        return Err(Failure::new(ErrorCode::CopyTraderFull).with("max", setting.max_users));
    }
    let row = match existing {
        Some(f) => {
            let mut a = follow::ActiveModel::from(f);
            apply_settings(&mut a, &s);
            a.status = Set(ACTIVE);
            a.stop_reason = Set(None);
            a.stopped_at = Set(None);
            a.created_at = Set(now);
            a.updated_at = Set(now);
            a.update(txn.conn()).await?
        }
        None => {
            let mut a = follow::ActiveModel {
                id: NotSet,
                trader_id: Set(t.id),
                user_id: Set(user_id),
                status: Set(ACTIVE),
                stop_reason: Set(None),
                net: Set(DecimalText::ZERO),
                hwm: Set(DecimalText::ZERO),
                shared: Set(DecimalText::ZERO),
                created_at: Set(now),
                updated_at: Set(now),
                stopped_at: Set(None),
                ..Default::default()
            };
            apply_settings(&mut a, &s);
            a.insert(txn.conn()).await?
        }
    };
    txn.commit().await?;
    mine_view(ctx, &row, &t.name, &t.avatar, now).await
}

/// Changes an active follow's settings; copies already open keep theirs.
pub async fn edit(ctx: &Context, user_id: i64, b: &FollowBody) -> Outcome<MineTrader> {
    let s = check(ctx, b).await?;
    let now = ctx.now_ms();
    let txn = ctx.ledger.begin().await?;
    let f = repo::follow_of(txn.conn(), s.trader_id, user_id)
        .await?
        .filter(|f| f.status == ACTIVE)
        .ok_or(ErrorCode::CopyNotFollowing)?;
    let mut a = follow::ActiveModel::from(f);
    apply_settings(&mut a, &s);
    a.updated_at = Set(now);
    let row = a.update(txn.conn()).await?;
    txn.commit().await?;
    let t = crate::entity::copy_trader::Entity::find_by_id(row.trader_id)
        .one(&ctx.db)
        .await?
        .ok_or(ErrorCode::CopyTraderUnknown)?;
    mine_view(ctx, &row, &t.name, &t.avatar, now).await
}

/// Stops following; the open copies stay (the follower closes them as any
/// position) or, asked, close at the mark in the same commit.
pub async fn stop(ctx: &Context, user_id: i64, b: &StopBody) -> Outcome<()> {
    let trader_id = id_of(&b.trader_id, "traderId")?;
    let now = ctx.now_ms();
    let mut txn = ctx.ledger.begin().await?;
    let f = repo::follow_of(txn.conn(), trader_id, user_id)
        .await?
        .filter(|f| f.status == ACTIVE)
        .ok_or(ErrorCode::CopyNotFollowing)?;
    let mut a = follow::ActiveModel::from(f.clone());
    a.status = Set(STOPPED);
    a.stop_reason = Set(Some("user".into()));
    a.stopped_at = Set(Some(now));
    a.updated_at = Set(now);
    a.update(txn.conn()).await?;
    if b.close_positions {
        let mut contracts = contract::Cache::default();
        for p in repo::open_copies(txn.conn(), &[f.id]).await? {
            let c = contracts.get(txn.conn(), p.contract_id).await?.clone();
            let tick = fpositions::mark(ctx, &c.coin, now)?;
            let mirror = onyx_futures::api::mirror::of(ctx);
            let (m, qty) = (mirror.as_deref(), p.qty.get());
            fpositions::close_in(&mut txn, m, &p, &c, qty, &tick, CloseAt::Mark, now).await?;
        }
    }
    txn.commit().await?;
    Ok(())
}

/// A trader the caller follows (or followed).
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MineTrader {
    pub trader_id: i64,
    pub trader_name: String,
    pub avatar: String,
    pub follow_day: i64,
    pub follow_type: i32,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub follow_rate: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub follow_amount: Decimal,
    pub follow_symbol: String,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub budget: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub stop_loss_rate: Option<Decimal>,
    pub create_time: i64,
    /// Net realised profit of the copies (before the share).
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub realised: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub shared: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub high_water_mark: Decimal,
    /// Margin in the open copies.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub open_margin: Decimal,
    /// `active` or `stopped`.
    pub status: String,
    /// `user`, `stop_loss`.
    pub stop_reason: Option<String>,
}

async fn mine_view(
    ctx: &Context,
    f: &follow::Model,
    name: &str,
    avatar: &str,
    now: i64,
) -> Outcome<MineTrader> {
    let mut open = Decimal::ZERO;
    for p in repo::open_copies(&ctx.db, &[f.id]).await? {
        open = open.checked_add(p.margin.get()).unwrap_or(open);
    }
    Ok(MineTrader {
        trader_id: f.trader_id,
        trader_name: name.to_string(),
        avatar: avatar.to_string(),
        follow_day: now
            .saturating_sub(f.created_at)
            .div_euclid(crate::stats::DAY_MS),
        follow_type: f.follow_type,
        follow_rate: f.follow_rate.get().normalize(),
        follow_amount: f.follow_amount.get().normalize(),
        follow_symbol: symbols(&f.symbols).collect::<Vec<_>>().join(","),
        budget: f.budget.as_ref().map(|d| d.get().normalize()),
        stop_loss_rate: f.stop_loss_rate.as_ref().map(|d| d.get().normalize()),
        create_time: f.created_at,
        realised: f.net.get().normalize(),
        shared: f.shared.get().normalize(),
        high_water_mark: f.hwm.get().normalize(),
        open_margin: open.normalize(),
        status: f.status.into(),
        stop_reason: f.stop_reason.clone(),
    })
}

/// The caller's follows: active first, then stopped ones with open copies
/// or a history.
pub async fn mine(ctx: &Context, user_id: i64) -> Outcome<Vec<MineTrader>> {
    let rows = follow::Entity::find()
        .filter(follow::Column::UserId.eq(user_id))
        .order_by_asc(follow::Column::Status)
        .order_by_desc(follow::Column::UpdatedAt)
        .all(&ctx.db)
        .await?;
    let now = ctx.now_ms();
    let mut out = Vec::with_capacity(rows.len());
    for f in rows {
        let Some(t) = crate::entity::copy_trader::Entity::find_by_id(f.trader_id)
            .one(&ctx.db)
            .await?
        else {
            continue;
        };
        out.push(mine_view(ctx, &f, &t.name, &t.avatar, now).await?);
    }
    Ok(out)
}

/// The follower's totals.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MineProfit {
    /// Margin in the open copies.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub bet_amount: Decimal,
    /// Net realised profit of every copy, after the profit share.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub profit_and_loss: Decimal,
    /// Percent of the margin the closes released.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub profit_rate: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub shared: Decimal,
}

pub async fn profit(ctx: &Context, user_id: i64) -> Outcome<MineProfit> {
    let follows = follow::Entity::find()
        .filter(follow::Column::UserId.eq(user_id))
        .all(&ctx.db)
        .await?;
    let ids: Vec<i64> = follows.iter().map(|f| f.id).collect();
    let sum = |it: &mut dyn Iterator<Item = Decimal>| {
        it.fold(Decimal::ZERO, |a, b| a.checked_add(b).unwrap_or(a))
    };
    let bet = sum(&mut repo::open_copies(&ctx.db, &ids)
        .await?
        .into_iter()
        .map(|p| p.margin.get()));
    let net = sum(&mut follows.iter().map(|f| f.net.get()));
    let shared = sum(&mut follows.iter().map(|f| f.shared.get()));
    let settled = crate::entity::copy_settlement::Entity::find()
        .filter(crate::entity::copy_settlement::Column::UserId.eq(user_id))
        .all(&ctx.db)
        .await?;
    let base = sum(&mut settled.iter().map(|s| s.margin.get()));
    let pnl = net.checked_sub(shared).unwrap_or(net);
    let rate = if base > Decimal::ZERO {
        pnl.checked_mul(Decimal::ONE_HUNDRED)
            .and_then(|v| v.checked_div(base))
            .unwrap_or_default()
            .round_dp(2)
    } else {
        Decimal::ZERO
    };
    Ok(MineProfit {
        bet_amount: bet.normalize(),
        profit_and_loss: pnl.normalize(),
        profit_rate: rate.normalize(),
        shared: shared.normalize(),
    })
}

/// A trader's name, read once per listing.
async fn trader_name(ctx: &Context, names: &mut HashMap<i64, String>, id: i64) -> Outcome<String> {
    if let Some(n) = names.get(&id) {
        return Ok(n.clone());
    }
    let name = crate::entity::copy_trader::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .map(|t| t.name)
        .unwrap_or_default();
    names.insert(id, name.clone());
    Ok(name)
}

/// A copied position with its lead and the share it paid.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CopyOrder {
    #[serde(flatten)]
    pub position: PositionView,
    pub trader_id: i64,
    pub trader_name: String,
    pub lead_position_id: i64,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub share_amount: Decimal,
}

pub async fn orders(
    ctx: &Context,
    user_id: i64,
    history: bool,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<CopyOrder>, u64)> {
    let q = position::Entity::find()
        .filter(position::Column::UserId.eq(user_id))
        .filter(position::Column::Portfolio.ne(0));
    let q = if history {
        q.filter(position::Column::Status.ne(OPEN))
    } else {
        q.filter(position::Column::Status.eq(OPEN))
    };
    let total = q.clone().count(&ctx.db).await?;
    let rows = q
        .order_by_desc(position::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(&ctx.db)
        .await?;
    let ids: Vec<i64> = rows.iter().map(|p| p.id).collect();
    let links: HashMap<i64, link::Model> = link::Entity::find()
        .filter(link::Column::PositionId.is_in(ids.iter().copied()))
        .all(&ctx.db)
        .await?
        .into_iter()
        .map(|l| (l.position_id, l))
        .collect();
    let mut shares: HashMap<i64, Decimal> = HashMap::new();
    for s in repo::settlements_of_positions(&ctx.db, &ids).await? {
        let e = shares.entry(s.position_id).or_default();
        *e = e.checked_add(s.share.get()).unwrap_or(*e);
    }
    let mut names: HashMap<i64, String> = HashMap::new();
    let now = ctx.now_ms();
    let mut contracts = contract::Cache::default();
    let mut out = Vec::with_capacity(rows.len());
    for p in &rows {
        let Some(l) = links.get(&p.id) else {
            continue;
        };
        let c = contracts.get(&ctx.db, p.contract_id).await?;
        let tick = ctx.prices.tape_price(&c.coin, now, i64::MAX);
        out.push(CopyOrder {
            position: PositionView::of(p, c, tick.as_ref()),
            trader_id: l.trader_id,
            trader_name: trader_name(ctx, &mut names, l.trader_id).await?,
            lead_position_id: l.lead_position_id,
            share_amount: shares.get(&p.id).copied().unwrap_or_default().normalize(),
        });
    }
    Ok((out, total))
}

/// A copy not made.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SkipView {
    pub id: i64,
    pub trader_id: i64,
    pub trader_name: String,
    pub symbol: String,
    pub side: String,
    pub lead_position_id: i64,
    pub reason: String,
    pub at: i64,
}

pub async fn skips(
    ctx: &Context,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<SkipView>, u64)> {
    let (rows, total) = repo::skips(&ctx.db, user_id, offset, limit).await?;
    let mut names: HashMap<i64, String> = HashMap::new();
    let mut out = Vec::with_capacity(rows.len());
    for s in rows {
        let s: skip::Model = s;
        out.push(SkipView {
            id: s.id,
            trader_id: s.trader_id,
            trader_name: trader_name(ctx, &mut names, s.trader_id).await?,
            symbol: format!("{}usdt", s.coin),
            side: s.side.into(),
            lead_position_id: s.lead_position_id,
            reason: s.reason,
            at: s.at,
        });
    }
    Ok((out, total))
}
