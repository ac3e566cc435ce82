//! The agent area: a user's referral tree and the rebates it earned them,
//! every figure computed from the tree and the rebate rows.

use crate::entity::rebate;
use crate::rebates::total;
use crate::rules::{mask, volume_band, Ratios};
use crate::tree;
use onyx_kernel::Outcome;
use onyx_platform::Context;
use onyx_store::entity::user;
use onyx_store::repo::settings;
use rust_decimal::Decimal;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

fn s(d: Decimal) -> String {
    d.normalize().to_string()
}

/// Rebates in one coin.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CoinRebates {
    pub coin: String,
    pub total: String,
    pub today: String,
}

#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AgentInfo {
    /// Members invited directly.
    pub child_count: u64,
    /// Members at levels 1 to 3.
    pub child_all_count: u64,
    /// Members (levels 1 to 3) who registered today and yesterday (UTC).
    pub today_count: u64,
    pub yesterday_count: u64,
    pub one_count: u64,
    pub two_count: u64,
    pub three_count: u64,
    pub sum_count: u64,
    /// USDT rebates, all time and today; every coin in `rebates`.
    pub sum_amount: String,
    pub today_amount: String,
    pub rebates: Vec<CoinRebates>,
    /// Whether rebates are paid now, and the published shares (percent).
    pub is_open: bool,
    pub one_ratio: String,
    pub two_ratio: String,
    pub three_ratio: String,
}

pub async fn info(ctx: &Context, user_id: i64) -> Outcome<AgentInfo> {
    let levels = tree::downline(&ctx.db, user_id).await?;
    let count = |i: usize| levels.get(i).map(|l| l.len() as u64).unwrap_or(0);
    let today = ctx.clock.now().date_naive();
    let registered_on = |day: chrono::NaiveDate| {
        levels
            .iter()
            .flatten()
            .filter(|u| u.created_at.date_naive() == day)
            .count() as u64
    };
    let start_today = today
        .and_hms_opt(0, 0, 0)
        .map(|t| t.and_utc().timestamp_millis())
        .unwrap_or_default();
    let mut coins: BTreeMap<String, (Decimal, Decimal)> = BTreeMap::new();
    for r in rebate::Entity::find()
        .filter(rebate::Column::InviterId.eq(user_id))
        .all(&ctx.db)
        .await?
    {
        let e = coins.entry(r.coin.clone()).or_default();
        e.0 = total([e.0, r.amount.get()].into_iter())?;
        if r.created_at >= start_today {
            e.1 = total([e.1, r.amount.get()].into_iter())?;
        }
    }
    let setting = settings::get(&ctx.db, "FINANCIAL_REBATE_SETTING").await?;
    let ratios = Ratios::from_setting(&setting);
    let shown = |name: &str| match setting.get(name) {
        Some(serde_json::Value::String(v)) => v.clone(),
        Some(v) => v.to_string(),
        None => "0".into(),
    };
    let usdt = coins.get("USDT").copied().unwrap_or_default();
    let all = count(0).saturating_add(count(1)).saturating_add(count(2));
    Ok(AgentInfo {
        child_count: count(0),
        child_all_count: all,
        today_count: registered_on(today),
        yesterday_count: today.pred_opt().map(registered_on).unwrap_or(0),
        one_count: count(0),
        two_count: count(1),
        three_count: count(2),
        sum_count: all,
        sum_amount: s(usdt.0),
        today_amount: s(usdt.1),
        rebates: coins
            .into_iter()
            .map(|(coin, (all, today))| CoinRebates {
                coin,
                total: s(all),
                today: s(today),
            })
            .collect(),
        is_open: ratios.is_some(),
        one_ratio: shown("oneRatio"),
        two_ratio: shown("twoRatio"),
        three_ratio: shown("threeRatio"),
    })
}

/// A member of the caller's downline.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Member {
    pub level: u32,
    /// The member's account, masked.
    pub account: String,
    pub join_time: i64,
    /// The member's spot trading volume in USDT, as a band.
    pub volume_band: String,
    /// USDT rebates the caller received from this member's fees.
    pub rebates: String,
}

pub async fn spot_volume(db: &impl ConnectionTrait, user_id: i64) -> Outcome<Decimal> {
    use onyx_spot::api::spot_trade as trade;
    let rows = trade::Entity::find()
        .filter(
            sea_orm::Condition::any()
                .add(trade::Column::MakerUserId.eq(user_id))
                .add(trade::Column::TakerUserId.eq(user_id)),
        )
        .all(db)
        .await?;
    total(rows.iter().map(|t| t.quote.get()))
}

/// The caller's downline, newest first, `level` 1..3 or all.
pub async fn members(
    ctx: &Context,
    user_id: i64,
    level: Option<u32>,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<Member>, u64)> {
    let levels = tree::downline(&ctx.db, user_id).await?;
    let all: Vec<(u32, &user::Model)> = levels
        .iter()
        .enumerate()
        .flat_map(|(i, l)| {
            l.iter()
                .map(move |u| (u32::try_from(i).unwrap_or(0).saturating_add(1), u))
        })
        .filter(|(l, _)| level.is_none_or(|want| want == *l))
        .collect();
    let total_count = all.len() as u64;
    let mut out = Vec::new();
    for (l, u) in all
        .into_iter()
        .skip(usize::try_from(offset).unwrap_or(usize::MAX))
        .take(usize::try_from(limit).unwrap_or(0))
    {
        let from_them = rebate::Entity::find()
            .filter(rebate::Column::InviterId.eq(user_id))
            .filter(rebate::Column::SourceUserId.eq(u.id))
            .filter(rebate::Column::Coin.eq("USDT"))
            .all(&ctx.db)
            .await?;
        out.push(Member {
            level: l,
            account: mask(&tree::account_of(u)),
            join_time: u.created_at.timestamp_millis(),
            volume_band: volume_band(spot_volume(&ctx.db, u.id).await?).into(),
            rebates: s(total(from_them.iter().map(|r| r.amount.get()))?),
        });
    }
    Ok((out, total_count))
}

/// One rebate the caller received.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Earning {
    pub id: i64,
    pub level: i32,
    /// `spot`, `futures`, `option`, `second`.
    pub product: String,
    pub coin: String,
    /// The member's fee, the share (percent) and the rebate.
    pub fee: String,
    pub ratio: String,
    pub amount: String,
    /// The member who paid the fee, masked.
    pub source: String,
    pub create_time: i64,
}

/// The caller's rebates, newest first.
pub async fn earnings(
    ctx: &Context,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<Earning>, u64)> {
    let q = rebate::Entity::find().filter(rebate::Column::InviterId.eq(user_id));
    let count = q.clone().count(&ctx.db).await?;
    let rows = q
        .order_by_desc(rebate::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(&ctx.db)
        .await?;
    let mut names: BTreeMap<i64, String> = BTreeMap::new();
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        if let std::collections::btree_map::Entry::Vacant(e) = names.entry(r.source_user_id) {
            let name = user::Entity::find_by_id(r.source_user_id)
                .one(&ctx.db)
                .await?
                .map(|u| mask(&tree::account_of(&u)))
                .unwrap_or_default();
            e.insert(name);
        }
        out.push(Earning {
            id: r.id,
            level: r.level,
            product: r.product.clone(),
            coin: r.coin.clone(),
            fee: s(r.fee.get()),
            ratio: s(r.ratio.get()),
            amount: s(r.amount.get()),
            source: names.get(&r.source_user_id).cloned().unwrap_or_default(),
            create_time: r.created_at,
        });
    }
    Ok((out, count))
}
