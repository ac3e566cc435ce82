//! The welfare centre: tasks whose progress is measured from what the user
//! really did (an email or phone bound, primary verification approved, a
//! deposit credited, a trade, spot volume) and a daily sign-in calendar.
//! A reward is paid from the rewards account through the ledger when the
//! user claims it, once: the claim row is unique per user and task or day
//! and is written in the same transaction as its posting. Nothing is paid
//! before the user's confirmed deposits meet the operator's condition
//! (`welfare_condition`), and the first-trade task counts only a trade
//! their deposits paid for (decision 0025).

use crate::agent::spot_volume;
use crate::entity::welfare_claim::ClaimKind;
use crate::entity::welfare_task::{TaskKind, TaskStatus};
use crate::entity::{
    welfare_claim as claim, welfare_sign_in_day as sign_in_day, welfare_task as task,
};
use crate::rules::{calendar_day, streak};
use crate::welfare_condition::{Flow, Standing};
use onyx_account::api::kyc::{self, KycStatus};
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::amounts::usdt_price;
use onyx_platform::Context;
use onyx_spot::api::spot_trade;
use onyx_store::entity::{ledger_posting, user};
use onyx_store::repo::settings;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, NotSet, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::str::FromStr;
use utoipa::ToSchema;

fn s(d: Decimal) -> String {
    d.normalize().to_string()
}

use onyx_kernel::i18n::text_in;

#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TaskView {
    pub id: i64,
    pub kind: String,
    pub title: String,
    pub description: String,
    pub reward_amount: String,
    pub reward_coin: String,
    /// Progress measured from the user's real events, and the goal.
    pub current: String,
    pub target: String,
    pub done: bool,
    pub claimed: bool,
}

#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CalendarDay {
    pub day: i32,
    pub amount: String,
    pub coin: String,
}

#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SignInView {
    pub days: Vec<CalendarDay>,
    pub streak: i64,
    pub signed_today: bool,
    /// The calendar day today's sign-in is (or, signed, tomorrow's).
    pub next_day: i64,
    pub next_amount: String,
    pub next_coin: String,
}

/// What the caller must deposit before rewards are paid, and how far
/// they are.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DepositCondition {
    /// Confirmed deposits, valued in USDT, that rewards wait for; `0`
    /// means any first confirmed deposit.
    pub min_deposit: String,
    /// The caller's confirmed deposits so far, valued in USDT at fresh
    /// index prices (a coin without one counts nothing).
    pub deposited: String,
    /// Rewards can be claimed.
    pub met: bool,
}

#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WelfareCenter {
    pub tasks: Vec<TaskView>,
    pub sign_in: SignInView,
    pub condition: DepositCondition,
    pub rules: String,
}

#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ClaimView {
    pub id: i64,
    pub kind: String,
    pub task_id: Option<i64>,
    pub title: String,
    pub amount: String,
    pub coin: String,
    pub create_time: i64,
}

impl ClaimView {
    fn of(c: &claim::Model) -> ClaimView {
        ClaimView {
            id: c.id,
            kind: c.kind.into(),
            task_id: c.task_id,
            title: c.title.clone(),
            amount: s(c.amount.get()),
            coin: c.coin.clone(),
            create_time: c.created_at,
        }
    }
}

/// The published rules, in the caller's language where written.
fn rules(lang: &str) -> String {
    match lang {
        "zh" => "奖励在首次入金到账后（或累计入金达到平台设定的金额后）才能领取。首次交易任务只计算入金之后、由您入金的资金支付的交易。完成任务后可领取奖励，每项任务只能领取一次；进度根据您的真实操作计算（绑定邮箱或手机、初级认证通过、入金到账、交易与现货成交额）。每日签到按 UTC 日计算，连续签到第 N 天获得日历中第 N 天的奖励，第 8 天重新开始，中断后从第 1 天开始。奖励由平台奖励账户发放至现货钱包，并记录在资金流水中。".into(),
        _ => "Rewards are paid after your first confirmed deposit (or once your confirmed deposits reach the amount the platform sets). The first-trade task counts a trade made after that deposit and paid for with your deposited funds. Claim a task's reward once it is complete; each reward is paid once. Progress is measured from what you actually did (an email or phone bound, primary verification approved, a deposit credited, a trade, your spot volume). Daily sign-in follows UTC days: the Nth consecutive day pays the calendar's day N, the eighth starts again at day 1, and a missed day starts over. Rewards are paid from the platform's rewards account into your spot wallet and appear in your cash flow.".into(),
    }
}

/// Where the operator's condition is kept: a row of the settings table
/// under a key outside the spec's 25 (so getAllSetting and the console's
/// settings pages, which list only those, do not carry it), written with
/// the rest of the welfare centre by `welfare_editing::set_condition`.
pub const CONDITION_KEY: &str = "welfare_condition";

/// The confirmed deposits (USDT) rewards wait for: 0, any first deposit,
/// when the operator never set it.
pub async fn min_deposit(db: &impl ConnectionTrait) -> Outcome<Decimal> {
    Ok(settings::get(db, CONDITION_KEY)
        .await?
        .get("minDeposit")
        .and_then(Value::as_str)
        .and_then(|t| Decimal::from_str(t).ok())
        .filter(|d| *d >= Decimal::ZERO)
        .unwrap_or(Decimal::ZERO))
}

/// A sum of `coin` in USDT at its fresh index price.
fn in_usdt(ctx: &Context, coin: &str, amount: Decimal) -> Option<Decimal> {
    usdt_price(ctx, coin)?.checked_mul(amount)
}

/// What is known of the caller once per request: their accounts, deposits
/// and withdrawals, and the operator's minimum.
struct Facts {
    user: user::Model,
    accounts: Vec<i64>,
    standing: Standing,
    min: Decimal,
}

impl Facts {
    async fn of(ctx: &Context, user_id: i64) -> Outcome<Facts> {
        let user = me(&ctx.db, user_id).await?;
        let accounts = onyx_store::ledger::user_account_ids(&ctx.db, user_id).await?;
        let out = [PostingKind::Withdrawal, PostingKind::WithdrawalFee].map(PostingKind::as_str);
        let flows = ledger_posting::Entity::find()
            .filter(
                Condition::any()
                    .add(
                        Condition::all()
                            .add(ledger_posting::Column::ToAccountId.is_in(accounts.clone()))
                            .add(ledger_posting::Column::Kind.eq(PostingKind::Deposit.as_str())),
                    )
                    .add(
                        Condition::all()
                            .add(ledger_posting::Column::FromAccountId.is_in(accounts.clone()))
                            .add(ledger_posting::Column::Kind.is_in(out)),
                    ),
            )
            .order_by_asc(ledger_posting::Column::Id)
            .all(&ctx.db)
            .await?
            .into_iter()
            .map(|p| Flow {
                posting_id: p.id,
                usdt: in_usdt(ctx, &p.asset, p.amount.get()),
                inflow: p.kind.get() == PostingKind::Deposit,
            })
            .collect();
        Ok(Facts {
            user,
            accounts,
            standing: Standing::new(flows),
            min: min_deposit(&ctx.db).await?,
        })
    }

    fn condition(&self) -> DepositCondition {
        DepositCondition {
            min_deposit: s(self.min),
            deposited: s(self.standing.deposited()),
            met: self.standing.met_at(self.min).is_some(),
        }
    }

    /// Refuses a claim, saying what is needed, until the condition is met.
    fn require_condition(&self) -> Outcome<()> {
        if self.standing.met_at(self.min).is_some() {
            return Ok(());
        }
        Err(if self.min.is_zero() {
            ErrorCode::WelfareDepositFirst.into()
        } else {
            Failure::new(ErrorCode::WelfareDepositMin)
                .with("min", s(self.min))
                .with("have", s(self.standing.deposited()))
        })
    }
}

/// Trade postings read after the condition was met, looking for one the
/// user's deposits covered: a user whose first few hundred trades were
/// all bigger than everything they deposited is trading other money.
const TRADES_SCANNED: u64 = 400;

/// Whether the caller made a trade that earns the first-trade task: after
/// the condition was met and covered by their deposits net of
/// withdrawals (`Standing::trade_qualifies`). What they put in is a USDT
/// pair's spot trade's quote (both sides exchange that value, and the
/// seller's coin may have no fresh index) or, elsewhere, what left their
/// accounts under the trade, fill or order (the coin paid, the margin or
/// stake frozen), valued in USDT.
async fn first_trade(ctx: &Context, f: &Facts) -> Outcome<bool> {
    let Some(met) = f.standing.met_at(f.min) else {
        return Ok(false);
    };
    let mut any = Condition::any();
    for prefix in ["spot:trade:", "futures:fill:", "second:", "option:"] {
        any = any.add(ledger_posting::Column::Reference.starts_with(prefix));
    }
    let rows = ledger_posting::Entity::find()
        .filter(ledger_posting::Column::FromAccountId.is_in(f.accounts.clone()))
        .filter(any)
        .filter(
            ledger_posting::Column::Kind
                .is_in([PostingKind::Trade, PostingKind::Freeze].map(PostingKind::as_str)),
        )
        .filter(ledger_posting::Column::Id.gt(met))
        .order_by_asc(ledger_posting::Column::Id)
        .limit(TRADES_SCANNED)
        .all(&ctx.db)
        .await?;
    // (reference, its first posting, the outlay so far) in journal order.
    let mut trades: Vec<(String, i64, Option<Decimal>)> = Vec::new();
    for p in rows {
        let value = in_usdt(ctx, &p.asset, p.amount.get());
        match trades.iter_mut().find(|t| t.0 == p.reference) {
            Some(t) => t.2 = t.2.zip(value).and_then(|(a, b)| a.checked_add(b)),
            None => trades.push((p.reference, p.id, value)),
        }
    }
    let spot_id = |reference: &str| {
        reference
            .strip_prefix("spot:trade:")
            .and_then(|id| id.parse::<i64>().ok())
    };
    // The USDT pairs' spot trades among them, read at once.
    let spot_ids: Vec<i64> = trades.iter().filter_map(|t| spot_id(&t.0)).collect();
    let quotes: HashMap<i64, Decimal> = if spot_ids.is_empty() {
        HashMap::new()
    } else {
        spot_trade::Entity::find()
            .filter(spot_trade::Column::Id.is_in(spot_ids))
            .all(&ctx.db)
            .await?
            .into_iter()
            .filter(|t| t.symbol.to_ascii_lowercase().ends_with("usdt"))
            .map(|t| (t.id, t.quote.get()))
            .collect()
    };
    Ok(trades.into_iter().any(|(reference, first, outlay)| {
        let outlay = spot_id(&reference)
            .and_then(|id| quotes.get(&id).copied())
            .or(outlay);
        f.standing.trade_qualifies(f.min, first, outlay)
    }))
}

/// How far the caller is with a task of `kind`: (current, target).
async fn progress(ctx: &Context, f: &Facts, t: &task::Model) -> Outcome<(Decimal, Decimal)> {
    let db = &ctx.db;
    let u = &f.user;
    let one = |yes: bool| (Decimal::from(u8::from(yes)), Decimal::ONE);
    Ok(match t.kind {
        TaskKind::BindEmail => one(u.email.as_deref().is_some_and(|e| !e.is_empty())),
        TaskKind::BindPhone => one(u.phone.as_deref().is_some_and(|p| !p.is_empty())),
        TaskKind::KycPrimary => one(kyc::latest(db, u.id, kyc::TIER_PRIMARY)
            .await?
            .is_some_and(|k| k.status == KycStatus::Approved)),
        TaskKind::FirstDeposit => one(f.standing.met_at(Decimal::ZERO).is_some()),
        TaskKind::FirstTrade => one(first_trade(ctx, f).await?),
        TaskKind::SpotVolume => (spot_volume(db, u.id).await?, t.threshold.get()),
    })
}

async fn me(db: &impl ConnectionTrait, user_id: i64) -> Outcome<user::Model> {
    user::Entity::find_by_id(user_id)
        .one(db)
        .await?
        .ok_or_else(|| Failure::internal("signed-in user missing"))
}

async fn calendar(db: &impl ConnectionTrait) -> Outcome<Vec<sign_in_day::Model>> {
    Ok(sign_in_day::Entity::find()
        .order_by_asc(sign_in_day::Column::Day)
        .all(db)
        .await?)
}

async fn signed_days(db: &impl ConnectionTrait, user_id: i64) -> Outcome<Vec<i64>> {
    Ok(claim::Entity::find()
        .filter(claim::Column::UserId.eq(user_id))
        .filter(claim::Column::Kind.eq(ClaimKind::SignIn))
        .order_by_desc(claim::Column::Day)
        .limit(64)
        .all(db)
        .await?
        .into_iter()
        .filter_map(|c| c.day)
        .collect())
}

fn today(ctx: &Context) -> i64 {
    ctx.now_ms().div_euclid(86_400_000)
}

pub async fn center(ctx: &Context, user_id: i64, lang: &str) -> Outcome<WelfareCenter> {
    let facts = Facts::of(ctx, user_id).await?;
    let claimed: Vec<i64> = claim::Entity::find()
        .filter(claim::Column::UserId.eq(user_id))
        .filter(claim::Column::Kind.eq(ClaimKind::Task))
        .all(&ctx.db)
        .await?
        .into_iter()
        .filter_map(|c| c.task_id)
        .collect();
    let mut tasks = Vec::new();
    for t in task::Entity::find()
        .filter(task::Column::Status.eq(TaskStatus::On))
        .order_by_asc(task::Column::Sort)
        .order_by_asc(task::Column::Id)
        .all(&ctx.db)
        .await?
    {
        let (current, target) = progress(ctx, &facts, &t).await?;
        tasks.push(TaskView {
            id: t.id,
            kind: t.kind.into(),
            title: text_in(&t.title, lang),
            description: text_in(&t.description, lang),
            reward_amount: s(t.reward_amount.get()),
            reward_coin: t.reward_coin.clone(),
            current: s(current.min(target)),
            target: s(target),
            done: current >= target,
            claimed: claimed.contains(&t.id),
        });
    }
    let days = calendar(&ctx.db).await?;
    let (n, signed_today) = streak(&signed_days(&ctx.db, user_id).await?, today(ctx));
    let next = calendar_day(n);
    let next_reward = days.iter().find(|d| i64::from(d.day) == next);
    Ok(WelfareCenter {
        tasks,
        sign_in: SignInView {
            days: days
                .iter()
                .map(|d| CalendarDay {
                    day: d.day,
                    amount: s(d.amount.get()),
                    coin: d.coin.clone(),
                })
                .collect(),
            streak: n,
            signed_today,
            next_day: next,
            next_amount: next_reward
                .map(|d| s(d.amount.get()))
                .unwrap_or_else(|| "0".into()),
            next_coin: next_reward
                .map(|d| d.coin.clone())
                .unwrap_or_else(|| "USDT".into()),
        },
        condition: facts.condition(),
        rules: rules(lang),
    })
}

/// Writes the claim and pays it from the rewards account, in one ledger
/// transaction; a second claim of the same key is refused by the unique
/// index even when two arrive at once.
#[allow(clippy::too_many_arguments)]
async fn pay(
    ctx: &Context,
    user_id: i64,
    kind: ClaimKind,
    task_id: Option<i64>,
    day: Option<i64>,
    key: String,
    title: String,
    amount: Decimal,
    coin: &str,
    already: ErrorCode,
) -> Outcome<ClaimView> {
    let now = ctx.now_ms();
    let mut txn = ctx.ledger.begin().await?;
    let exists = claim::Entity::find()
        .filter(claim::Column::UserId.eq(user_id))
        .filter(claim::Column::ClaimKey.eq(key.clone()))
        .count(txn.conn())
        .await?;
    if exists > 0 {
        return Err(already.into());
    }
    let row = claim::ActiveModel {
        id: NotSet,
        user_id: Set(user_id),
        kind: Set(kind),
        task_id: Set(task_id),
        day: Set(day),
        claim_key: Set(key),
        title: Set(title),
        amount: Set(DecimalText::from(amount)),
        coin: Set(coin.into()),
        tx_id: Set(0),
        created_at: Set(now),
    }
    .insert(txn.conn())
    .await?;
    let reward = Amount::from_decimal(amount).map_err(Failure::internal)?;
    let row = if reward.is_zero() {
        row
    } else {
        let reference = PostingRef::WelfareClaim(row.id);
        let owner = u64::try_from(user_id).map_err(Failure::internal)?;
        let tx = txn
            .post(
                &reference,
                vec![Posting {
                    kind: PostingKind::Reward,
                    asset: coin.into(),
                    amount: reward,
                    from: Side::available(AccountId::system(SystemAccount::Rewards, coin)),
                    to: Side::available(AccountId::user(owner, Wallet::Spot, coin)),
                    reference: reference.clone(),
                    at_ms: now,
                }],
            )
            .await?;
        let mut paid = claim::ActiveModel::from(row);
        paid.tx_id = Set(tx);
        paid.update(txn.conn()).await?
    };
    txn.commit().await?;
    Ok(ClaimView::of(&row))
}

/// Claims a complete task's reward.
pub async fn claim_task(ctx: &Context, user_id: i64, task_id: i64) -> Outcome<ClaimView> {
    let t = task::Entity::find_by_id(task_id)
        .one(&ctx.db)
        .await?
        .filter(|t| t.status == TaskStatus::On)
        .ok_or(ErrorCode::WelfareTaskUnknown)?;
    let facts = Facts::of(ctx, user_id).await?;
    let (current, target) = progress(ctx, &facts, &t).await?;
    if current < target {
        return Err(ErrorCode::WelfareNotDone.into());
    }
    facts.require_condition()?;
    pay(
        ctx,
        user_id,
        ClaimKind::Task,
        Some(t.id),
        None,
        format!("task:{}", t.id),
        text_in(&t.title, "en"),
        t.reward_amount.get(),
        &t.reward_coin,
        ErrorCode::WelfareClaimed,
    )
    .await
}

/// Today's sign-in, paying the calendar's reward for the streak it makes.
pub async fn sign_in(ctx: &Context, user_id: i64) -> Outcome<ClaimView> {
    Facts::of(ctx, user_id).await?.require_condition()?;
    let day = today(ctx);
    let (n, signed_today) = streak(&signed_days(&ctx.db, user_id).await?, day);
    if signed_today {
        return Err(ErrorCode::WelfareSignedToday.into());
    }
    let which = calendar_day(n);
    let reward = calendar(&ctx.db)
        .await?
        .into_iter()
        .find(|d| i64::from(d.day) == which);
    let (amount, coin) = reward
        .map(|d| (d.amount.get(), d.coin))
        .unwrap_or((Decimal::ZERO, "USDT".into()));
    pay(
        ctx,
        user_id,
        ClaimKind::SignIn,
        None,
        Some(day),
        format!("sign_in:{day}"),
        format!("Day {which} sign-in"),
        amount,
        &coin,
        ErrorCode::WelfareSignedToday,
    )
    .await
}

pub async fn claims(
    ctx: &Context,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<ClaimView>, u64)> {
    let q = claim::Entity::find().filter(claim::Column::UserId.eq(user_id));
    let total = q.clone().count(&ctx.db).await?;
    let rows = q
        .order_by_desc(claim::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(&ctx.db)
        .await?;
    Ok((rows.iter().map(ClaimView::of).collect(), total))
}
