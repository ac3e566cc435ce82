//! Lead traders: applying, their own settings, the operator's review, and
//! the public cards, pages and positions followers choose by.

use crate::entity::copy_trader as trader;
use crate::repo::{self, APPROVED, PENDING, REJECTED};
use crate::settings;
use crate::stats::{self, Day, Figures, DAY_MS};
use onyx_futures::api::futures_position as position;
use onyx_futures::api::positions::side_of;
use onyx_futures::api::Side;
use onyx_kernel::{html, ErrorCode, Failure, Outcome};
use onyx_platform::audit::{self, Actor};
use onyx_platform::Context;
use rust_decimal::Decimal;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

pub const NAME_MAX: usize = 32;
pub const BIO_MAX: usize = 280;
pub const DELAY_MAX_S: i32 = 3_600;

#[derive(Deserialize, ToSchema, Debug, Default)]
#[serde(rename_all = "camelCase")]
pub struct ApplyBody {
    #[serde(default)]
    pub trader_name: String,
    #[serde(default)]
    pub bio: String,
    #[serde(default)]
    pub avatar: Option<String>,
}

#[derive(Deserialize, ToSchema, Debug, Default)]
#[serde(rename_all = "camelCase")]
pub struct UpdateBody {
    #[serde(default)]
    pub trader_name: String,
    #[serde(default)]
    pub bio: String,
    #[serde(default)]
    pub order_delay_seconds: i32,
}

/// The caller's own application or trader profile.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MyTrader {
    pub id: i64,
    pub trader_name: String,
    pub avatar: String,
    pub bio: String,
    /// 0 pending, 1 approved, 2 rejected.
    pub status: i32,
    pub reason: Option<String>,
    pub order_delay_seconds: i32,
    pub create_time: i64,
    pub follow_user: u64,
}

fn my_view(t: &trader::Model, followers: u64) -> MyTrader {
    MyTrader {
        id: t.id,
        trader_name: t.name.clone(),
        avatar: t.avatar.clone(),
        bio: t.bio.clone(),
        status: t.status.number(),
        reason: t.reason.clone(),
        order_delay_seconds: t.order_delay_s,
        create_time: t.created_at,
        follow_user: followers,
    }
}

/// A name and bio as stored and shown: plain text (the bio may break
/// lines). Markup is refused rather than escaped, so every client, the
/// spec's included, shows what the trader typed and none runs it.
fn profile(name: &str, bio: &str) -> Outcome<(String, String)> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Failure::missing("traderName"));
    }
    if name.chars().count() > NAME_MAX {
        return Err(Failure::invalid("traderName"));
    }
    let bio = bio.trim().replace("\r\n", "\n");
    if bio.chars().count() > BIO_MAX {
        return Err(Failure::invalid("bio"));
    }
    for (field, text, line_breaks) in [("traderName", name, false), ("bio", bio.as_str(), true)] {
        if !html::is_plain(text, line_breaks) {
            return Err(Failure::new(ErrorCode::CopyProfileText).with("field", field));
        }
    }
    Ok((name.to_string(), bio))
}

pub async fn mine(ctx: &Context, user_id: i64) -> Outcome<Option<MyTrader>> {
    let Some(t) = repo::trader_of_user(&ctx.db, user_id).await? else {
        return Ok(None);
    };
    let followers = repo::follower_count(&ctx.db, t.id).await?;
    Ok(Some(my_view(&t, followers)))
}

/// Applies to lead: the futures account must hold `traderMinAmount`; a
/// rejected application may be made again.
pub async fn apply(ctx: &Context, user_id: i64, b: &ApplyBody) -> Outcome<MyTrader> {
    let (name, bio) = profile(&b.trader_name, &b.bio)?;
    let avatar = b.avatar.as_deref().unwrap_or_default().trim().to_string();
    if avatar.len() > 512 {
        return Err(Failure::invalid("avatar"));
    }
    let setting = settings::read(&ctx.db).await?;
    let owner = u64::try_from(user_id).map_err(Failure::internal)?;
    let now = ctx.now_ms();
    let mut txn = ctx.ledger.begin().await?;
    let (available, frozen) = txn
        .balance(&onyx_futures::api::postings::wallet(owner))
        .await?;
    let held = available.checked_add(frozen).unwrap_or(available);
    if held < setting.min_amount {
        return Err(Failure::new(ErrorCode::CopyTraderMinAmount)
            .with("min", setting.min_amount.normalize()));
    }
    let row = match repo::trader_of_user(txn.conn(), user_id).await? {
        Some(t) if t.status != REJECTED => return Err(ErrorCode::CopyAlreadyApplied.into()),
        Some(t) => {
            let mut a = trader::ActiveModel::from(t);
            a.name = Set(name);
            a.bio = Set(bio);
            a.avatar = Set(avatar);
            a.status = Set(PENDING);
            a.reason = Set(None);
            a.updated_at = Set(now);
            a.update(txn.conn()).await?
        }
        None => {
            trader::ActiveModel {
                id: NotSet,
                user_id: Set(user_id),
                name: Set(name),
                avatar: Set(avatar),
                bio: Set(bio),
                status: Set(PENDING),
                reason: Set(None),
                order_delay_s: Set(0),
                created_at: Set(now),
                reviewed_at: Set(None),
                updated_at: Set(now),
            }
            .insert(txn.conn())
            .await?
        }
    };
    txn.commit().await?;
    Ok(my_view(&row, 0))
}

/// An approved trader's own profile and the delay before followers see a
/// new position.
pub async fn update(ctx: &Context, user_id: i64, b: &UpdateBody) -> Outcome<MyTrader> {
    let (name, bio) = profile(&b.trader_name, &b.bio)?;
    if !(0..=DELAY_MAX_S).contains(&b.order_delay_seconds) {
        return Err(Failure::invalid("orderDelaySeconds"));
    }
    let t = repo::trader_of_user(&ctx.db, user_id)
        .await?
        .filter(|t| t.status == APPROVED)
        .ok_or(ErrorCode::CopyNotTrader)?;
    let mut a = trader::ActiveModel::from(t);
    a.name = Set(name);
    a.bio = Set(bio);
    a.order_delay_s = Set(b.order_delay_seconds);
    a.updated_at = Set(ctx.now_ms());
    let row = a.update(&ctx.db).await?;
    let followers = repo::follower_count(&ctx.db, row.id).await?;
    Ok(my_view(&row, followers))
}

#[derive(Deserialize, ToSchema, Debug, Default)]
#[serde(rename_all = "camelCase")]
pub struct ReviewBody {
    pub approve: bool,
    #[serde(default)]
    pub reason: String,
}

/// An operator approves or rejects a pending application (audited).
pub async fn review(ctx: &Context, by: &Actor, id: i64, b: &ReviewBody) -> Outcome<MyTrader> {
    let reason = audit::reason(&b.reason)?;
    let txn = ctx.db.begin().await?;
    let t = trader::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .filter(|t| t.status == PENDING)
        .ok_or(ErrorCode::NotFound)?;
    let now = ctx.now_ms();
    let mut a = trader::ActiveModel::from(t);
    a.status = Set(if b.approve { APPROVED } else { REJECTED });
    a.reason = Set((!b.approve).then(|| reason.to_string()));
    a.reviewed_at = Set(Some(now));
    a.updated_at = Set(now);
    let row = a.update(&txn).await?;
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        if b.approve {
            "copy.trader_approve"
        } else {
            "copy.trader_reject"
        },
        &format!("copy_trader:{id}"),
        reason,
        json!({ "userId": row.user_id, "name": row.name }),
    )
    .await?;
    txn.commit().await?;
    Ok(my_view(&row, 0))
}

/// Applications and traders for the operator, newest first.
pub async fn for_operator(
    ctx: &Context,
    status: Option<i32>,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<MyTrader>, u64)> {
    let mut q = trader::Entity::find();
    if let Some(s) = status {
        // No trader has a status that does not exist.
        let Some(s) = repo::TraderStatus::parse(s) else {
            return Ok((Vec::new(), 0));
        };
        q = q.filter(trader::Column::Status.eq(s));
    }
    let total = q.clone().count(&ctx.db).await?;
    let rows = q
        .order_by_desc(trader::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(&ctx.db)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for t in rows {
        let n = repo::follower_count(&ctx.db, t.id).await?;
        out.push(my_view(&t, n));
    }
    Ok((out, total))
}

/// A lead trader as the list and their page show them.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TraderCard {
    pub id: i64,
    pub trader_name: String,
    pub avatar: String,
    pub bio: String,
    pub follow_user: u64,
    pub max_user_count: u64,
    /// Percent, 30 days.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub profit_rate30: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub profit_amount30: Decimal,
    /// The 14-day win rate, percent.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub profit_rate14: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub max_drawdown30: Decimal,
    /// Margin in followers' open copies (AUM).
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub follow_amount: Decimal,
    /// Followers' 30-day realised return after the profit share, percent.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub followers_return: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub min_follow_amount: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub share_rate: Decimal,
    /// The last 30 days' daily ROI, percent, oldest first.
    #[schema(value_type = Vec<String>)]
    pub series: Vec<String>,
    pub following: bool,
}

/// A trader's page: the card and more.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TraderInfo {
    #[serde(flatten)]
    pub card: TraderCard,
    /// Days since approval.
    pub follow_order: i64,
    /// Profit share earned, all time.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub reward_amount: Decimal,
    pub win_count14: u64,
    pub loss_count14: u64,
    pub order_delay_seconds: i32,
    pub create_time: i64,
}

/// One day of the daily series.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ProfitDay {
    pub day: String,
    /// The day's ROI, percent.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub reward_rate: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub profit: Decimal,
}

/// The smallest fixed amount worth following with: one contract's margin
/// at the highest leverage is not known in advance, so a flat floor.
pub const MIN_FOLLOW_AMOUNT: Decimal = Decimal::from_parts(10, 0, 0, false, 0);

fn card(
    t: &trader::Model,
    f: &Figures,
    max_users: u64,
    rate: Decimal,
    following: bool,
) -> TraderCard {
    TraderCard {
        id: t.id,
        trader_name: t.name.clone(),
        avatar: t.avatar.clone(),
        bio: t.bio.clone(),
        follow_user: f.followers,
        max_user_count: max_users,
        profit_rate30: f.roi30,
        profit_amount30: f.profit30,
        profit_rate14: f.win_rate14,
        max_drawdown30: f.max_drawdown30,
        follow_amount: f.aum,
        followers_return: f.followers_return30,
        min_follow_amount: MIN_FOLLOW_AMOUNT,
        share_rate: rate.normalize(),
        series: f.series.iter().map(|d: &Day| d.roi.to_string()).collect(),
        following,
    }
}

async fn followed_by(ctx: &Context, caller: Option<i64>) -> Outcome<Vec<i64>> {
    let Some(user_id) = caller else {
        return Ok(Vec::new());
    };
    Ok(crate::entity::copy_follow::Entity::find()
        .filter(crate::entity::copy_follow::Column::UserId.eq(user_id))
        .filter(crate::entity::copy_follow::Column::Status.eq(repo::ACTIVE))
        .all(&ctx.db)
        .await?
        .into_iter()
        .map(|f| f.trader_id)
        .collect())
}

/// Approved traders by `sort` (0 overall: ROI weighted by followers'
/// return and win rate; 1 ROI; 2 win rate; 3 AUM), filtered by name.
pub async fn list(
    ctx: &Context,
    sort: i32,
    name: &str,
    caller: Option<i64>,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<TraderCard>, u64)> {
    let setting = settings::read(&ctx.db).await?;
    let following = followed_by(ctx, caller).await?;
    let wanted = name.trim().to_lowercase();
    let now = ctx.now_ms();
    let mut cards = Vec::new();
    for t in repo::approved_all(&ctx.db).await? {
        if !wanted.is_empty() && !t.name.to_lowercase().contains(&wanted) {
            continue;
        }
        let f = stats::figures(&ctx.db, t.id, t.user_id, now).await?;
        cards.push(card(
            &t,
            &f,
            setting.max_users,
            setting.share_rate,
            following.contains(&t.id),
        ));
    }
    let overall = |c: &TraderCard| {
        c.profit_rate30
            .checked_add(c.followers_return)
            .and_then(|v| v.checked_add(c.profit_rate14.checked_div(Decimal::TEN)?))
            .unwrap_or_default()
    };
    cards.sort_by(|a, b| {
        let key = |c: &TraderCard| match sort {
            1 => c.profit_rate30,
            2 => c.profit_rate14,
            3 => c.follow_amount,
            _ => overall(c),
        };
        key(b).cmp(&key(a)).then(a.id.cmp(&b.id))
    });
    let total = u64::try_from(cards.len()).unwrap_or(u64::MAX);
    let page = cards
        .into_iter()
        .skip(usize::try_from(offset).unwrap_or(usize::MAX))
        .take(usize::try_from(limit).unwrap_or(0))
        .collect();
    Ok((page, total))
}

pub async fn info(ctx: &Context, id: i64, caller: Option<i64>) -> Outcome<TraderInfo> {
    let t = repo::approved(&ctx.db, id)
        .await?
        .ok_or(ErrorCode::CopyTraderUnknown)?;
    let setting = settings::read(&ctx.db).await?;
    let now = ctx.now_ms();
    let f = stats::figures(&ctx.db, t.id, t.user_id, now).await?;
    let following = followed_by(ctx, caller).await?.contains(&t.id);
    let approved_at = t.reviewed_at.unwrap_or(t.created_at);
    Ok(TraderInfo {
        card: card(&t, &f, setting.max_users, setting.share_rate, following),
        follow_order: now.saturating_sub(approved_at).div_euclid(DAY_MS),
        reward_amount: f.shared_total,
        win_count14: f.wins14,
        loss_count14: f.losses14,
        order_delay_seconds: t.order_delay_s,
        create_time: t.created_at,
    })
}

pub async fn profit(ctx: &Context, id: i64) -> Outcome<Vec<ProfitDay>> {
    let t = repo::approved(&ctx.db, id)
        .await?
        .ok_or(ErrorCode::CopyTraderUnknown)?;
    let f = stats::figures(&ctx.db, t.id, t.user_id, ctx.now_ms()).await?;
    Ok(f.series
        .into_iter()
        .map(|d| ProfitDay {
            day: d.day,
            reward_rate: d.roi,
            profit: d.profit,
        })
        .collect())
}

/// A lead's position as followers see it.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct LeadPosition {
    pub id: i64,
    pub symbol: String,
    pub coin: String,
    /// `long` or `short`.
    pub side: String,
    pub leverage: i32,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub open_num: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub open_price: Decimal,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub close_price: Option<Decimal>,
    /// Realised profit less fees.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub earn: Decimal,
    pub open_time: i64,
    pub close_time: Option<i64>,
}

/// The lead's own positions: open ones once older than the trader's
/// delay, or the closed history.
pub async fn orders(
    ctx: &Context,
    id: i64,
    history: bool,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<LeadPosition>, u64)> {
    let t = repo::approved(&ctx.db, id)
        .await?
        .ok_or(ErrorCode::CopyTraderUnknown)?;
    let mut q = position::Entity::find()
        .filter(position::Column::UserId.eq(t.user_id))
        .filter(position::Column::Portfolio.eq(0));
    q = if history {
        q.filter(position::Column::Status.ne(onyx_futures::api::OPEN))
    } else {
        let shown_before = ctx
            .now_ms()
            .saturating_sub(i64::from(t.order_delay_s).saturating_mul(1000));
        q.filter(position::Column::Status.eq(onyx_futures::api::OPEN))
            .filter(position::Column::OpenedAt.lte(shown_before))
    };
    let total = q.clone().count(&ctx.db).await?;
    let rows = q
        .order_by_desc(position::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(&ctx.db)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for p in rows {
        out.push(LeadPosition {
            id: p.id,
            symbol: p.symbol.clone(),
            coin: p.coin.clone(),
            side: if side_of(&p.side) == Side::Short {
                "short"
            } else {
                "long"
            }
            .into(),
            leverage: p.leverage,
            open_num: p.qty.get().normalize(),
            open_price: p.entry_price.get().normalize(),
            close_price: p.close_price.as_ref().map(|d| d.get().normalize()),
            earn: p
                .realised
                .get()
                .checked_sub(p.fees.get())
                .unwrap_or_default()
                .normalize(),
            open_time: p.opened_at,
            close_time: p.closed_at,
        });
    }
    Ok((out, total))
}
