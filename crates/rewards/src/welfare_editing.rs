//! Operators on the welfare centre: tasks and the sign-in calendar, each
//! write with a reason and audited with the old and new.

use crate::entity::welfare_task::{TaskKind, TaskStatus};
use crate::entity::{welfare_sign_in_day as sign_in_day, welfare_task as task};
use onyx_kernel::money::{parse_decimal, LEDGER_DP};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::amounts::asset;
use onyx_platform::audit::{self, Actor};
use onyx_platform::Context;
use onyx_store::repo::settings;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, EntityTrait, NotSet, QueryOrder, Set, TransactionTrait};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema, Debug, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct TaskBody {
    /// One of `bind_email`, `bind_phone`, `kyc_primary`, `first_deposit`,
    /// `first_trade`, `spot_volume` (creation only).
    pub kind: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub title: Option<BTreeMap<String, String>>,
    #[schema(value_type = Option<Object>)]
    pub description: Option<BTreeMap<String, String>>,
    /// `spot_volume`: USDT to reach.
    pub threshold: Option<String>,
    pub reward_amount: Option<String>,
    pub reward_coin: Option<String>,
    pub status: Option<i32>,
    pub sort: Option<i32>,
    pub reason: String,
}

#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct TaskAdminView {
    pub id: i64,
    pub kind: String,
    #[schema(value_type = Object)]
    pub title: Value,
    #[schema(value_type = Object)]
    pub description: Value,
    pub threshold: String,
    pub reward_amount: String,
    pub reward_coin: String,
    pub status: i32,
    pub sort: i32,
}

impl TaskAdminView {
    fn of(t: &task::Model) -> TaskAdminView {
        TaskAdminView {
            id: t.id,
            kind: t.kind.into(),
            title: serde_json::from_str(&t.title).unwrap_or(Value::Null),
            description: serde_json::from_str(&t.description).unwrap_or(Value::Null),
            threshold: t.threshold.get().normalize().to_string(),
            reward_amount: t.reward_amount.get().normalize().to_string(),
            reward_coin: t.reward_coin.clone(),
            status: t.status.number(),
            sort: t.sort,
        }
    }
}

fn amount(field: &'static str, text: &str) -> Outcome<Decimal> {
    let v = parse_decimal(text, LEDGER_DP).map_err(|_| Failure::invalid(field))?;
    if v < Decimal::ZERO || v > Decimal::from(1_000_000_000i64) {
        return Err(Failure::invalid(field));
    }
    Ok(v.normalize())
}

fn apply(mut t: task::Model, b: &TaskBody) -> Outcome<task::Model> {
    if let Some(v) = &b.title {
        if v.values().all(|s| s.trim().is_empty()) {
            return Err(Failure::missing("title"));
        }
        t.title = serde_json::to_string(v).map_err(Failure::internal)?;
    }
    if let Some(v) = &b.description {
        t.description = serde_json::to_string(v).map_err(Failure::internal)?;
    }
    if let Some(v) = &b.threshold {
        t.threshold = DecimalText::from(amount("threshold", v)?);
    }
    if let Some(v) = &b.reward_amount {
        t.reward_amount = DecimalText::from(amount("rewardAmount", v)?);
    }
    if let Some(v) = &b.reward_coin {
        let coin = asset(v);
        if coin.is_empty() || !coin.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(Failure::invalid("rewardCoin"));
        }
        t.reward_coin = coin;
    }
    if let Some(v) = b.status {
        t.status = TaskStatus::parse(v).ok_or_else(|| Failure::invalid("status"))?;
    }
    if let Some(v) = b.sort {
        t.sort = v;
    }
    if t.title == "{}" {
        return Err(Failure::missing("title"));
    }
    if t.kind == TaskKind::SpotVolume && t.threshold.get() <= Decimal::ZERO {
        return Err(Failure::invalid("threshold"));
    }
    Ok(t)
}

pub async fn tasks(ctx: &Context) -> Outcome<Vec<TaskAdminView>> {
    Ok(task::Entity::find()
        .order_by_asc(task::Column::Sort)
        .order_by_asc(task::Column::Id)
        .all(&ctx.db)
        .await?
        .iter()
        .map(TaskAdminView::of)
        .collect())
}

pub async fn create_task(ctx: &Context, by: &Actor, b: &TaskBody) -> Outcome<TaskAdminView> {
    let reason = audit::reason(&b.reason)?;
    let kind = b
        .kind
        .as_deref()
        .and_then(TaskKind::parse)
        .ok_or_else(|| Failure::invalid("kind"))?;
    let now = ctx.now_ms();
    let t = apply(
        task::Model {
            id: 0,
            kind,
            title: "{}".into(),
            description: "{}".into(),
            threshold: DecimalText::from(Decimal::ONE),
            reward_amount: DecimalText::from(Decimal::ZERO),
            reward_coin: "USDT".into(),
            status: TaskStatus::On,
            sort: 0,
            created_at: now,
            updated_at: now,
        },
        b,
    )?;
    let txn = ctx.db.begin().await?;
    let mut row = task::ActiveModel::from(t).reset_all();
    row.id = NotSet;
    let row = row.insert(&txn).await?;
    let view = TaskAdminView::of(&row);
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "welfare.task_create",
        &format!("welfare_task:{}", row.id),
        reason,
        json!({ "new": view }),
    )
    .await?;
    txn.commit().await?;
    Ok(view)
}

pub async fn update_task(
    ctx: &Context,
    by: &Actor,
    id: i64,
    b: &TaskBody,
) -> Outcome<TaskAdminView> {
    let reason = audit::reason(&b.reason)?;
    let txn = ctx.db.begin().await?;
    let old = task::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    let before = TaskAdminView::of(&old);
    let mut new = apply(old, b)?;
    new.updated_at = ctx.now_ms();
    let row = task::ActiveModel::from(new)
        .reset_all()
        .update(&txn)
        .await?;
    let after = TaskAdminView::of(&row);
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "welfare.task_update",
        &format!("welfare_task:{id}"),
        reason,
        json!({ "old": before, "new": after }),
    )
    .await?;
    txn.commit().await?;
    Ok(after)
}

/// The audit target of the deposit condition's edits (one condition).
pub const CONDITION_TARGET: &str = "welfare_condition:deposit";

/// The condition the welfare centre pays after.
#[derive(Serialize, Deserialize, ToSchema, Debug, Default, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ConditionView {
    /// Confirmed deposits, valued in USDT, before any task or sign-in
    /// reward is paid; `0` means the first confirmed deposit of any size.
    pub min_deposit: String,
}

#[derive(Deserialize, ToSchema, Debug, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct ConditionBody {
    pub min_deposit: String,
    pub reason: String,
}

pub async fn condition(ctx: &Context) -> Outcome<ConditionView> {
    Ok(ConditionView {
        min_deposit: crate::welfare::min_deposit(&ctx.db)
            .await?
            .normalize()
            .to_string(),
    })
}

/// Sets the deposit condition. There is no switch to pay without one: a
/// reward open to accounts that never deposited is the farm issue 32
/// found; an operator who wants a low bar sets 0 (any first deposit).
pub async fn set_condition(ctx: &Context, by: &Actor, b: &ConditionBody) -> Outcome<ConditionView> {
    let reason = audit::reason(&b.reason)?;
    let min = amount("minDeposit", &b.min_deposit)?;
    let new = ConditionView {
        min_deposit: min.to_string(),
    };
    let txn = ctx.db.begin().await?;
    let old = ConditionView {
        min_deposit: crate::welfare::min_deposit(&txn)
            .await?
            .normalize()
            .to_string(),
    };
    settings::put(
        &txn,
        crate::welfare::CONDITION_KEY,
        &json!({ "minDeposit": new.min_deposit }),
        None,
        ctx.clock.now(),
    )
    .await?;
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "welfare.condition_update",
        CONDITION_TARGET,
        reason,
        json!({ "old": old, "new": new }),
    )
    .await?;
    txn.commit().await?;
    Ok(new)
}

/// The audit target of the sign-in calendar's edits: `kind:id` like every
/// other target, so the audit log's target filter selects them (there is
/// one calendar; its id names it).
pub const CALENDAR_TARGET: &str = "welfare_calendar:sign_in";

#[derive(Deserialize, ToSchema, Debug, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct CalendarBody {
    /// Up to 7 days, `{day: 1..7, amount, coin}`.
    #[schema(value_type = Vec<Object>)]
    pub days: Vec<Value>,
    pub reason: String,
}

/// Replaces the sign-in calendar.
pub async fn set_calendar(
    ctx: &Context,
    by: &Actor,
    b: &CalendarBody,
) -> Outcome<Vec<crate::welfare::CalendarDay>> {
    let reason = audit::reason(&b.reason)?;
    let mut rows = Vec::new();
    for d in &b.days {
        let day = d
            .get("day")
            .and_then(Value::as_i64)
            .filter(|n| (1..=7).contains(n))
            .ok_or_else(|| Failure::invalid("days"))?;
        let value = d
            .get("amount")
            .and_then(Value::as_str)
            .ok_or_else(|| Failure::invalid("days"))?;
        let coin = asset(d.get("coin").and_then(Value::as_str).unwrap_or("USDT"));
        if rows.iter().any(|(n, _, _)| *n == day) {
            return Err(Failure::invalid("days"));
        }
        rows.push((day, amount("days", value)?, coin));
    }
    let txn = ctx.db.begin().await?;
    let old: Vec<Value> = sign_in_day::Entity::find()
        .all(&txn)
        .await?
        .iter()
        .map(|d| json!({"day": d.day, "amount": d.amount.get().normalize().to_string(), "coin": d.coin}))
        .collect();
    sign_in_day::Entity::delete_many().exec(&txn).await?;
    for (day, value, coin) in &rows {
        sign_in_day::ActiveModel {
            id: NotSet,
            day: Set(i32::try_from(*day).map_err(Failure::internal)?),
            amount: Set(DecimalText::from(*value)),
            coin: Set(coin.clone()),
        }
        .insert(&txn)
        .await?;
    }
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "welfare.calendar_update",
        CALENDAR_TARGET,
        reason,
        json!({ "old": old, "new": b.days }),
    )
    .await?;
    txn.commit().await?;
    let mut out: Vec<_> = rows
        .into_iter()
        .map(|(day, value, coin)| crate::welfare::CalendarDay {
            day: i32::try_from(day).unwrap_or_default(),
            amount: value.to_string(),
            coin,
        })
        .collect();
    out.sort_by_key(|d| d.day);
    Ok(out)
}
