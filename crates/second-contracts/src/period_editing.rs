//! Operators on periods: add one to a coin, change one. Every write has a
//! reason and is audited in its own transaction (old and new rows). A
//! change applies to orders opened after it: an order keeps the terms it
//! opened on.

use crate::entity::second_contract_period as period;
use crate::limits::EXPOSURE_CAP;
use crate::repo;
use crate::rules::{Terms, RATE_DP};
use crate::views::PeriodView;
use onyx_kernel::money::{parse_decimal, LEDGER_DP};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_market::repo::catalogue;
use onyx_platform::audit::{self, Actor};
use onyx_platform::Context;
use onyx_store::DecimalText;
use sea_orm::{ActiveModelTrait, NotSet, SqlErr, TransactionTrait};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

/// The shortest and longest period an operator may offer.
pub const PERIOD_SECONDS_MIN: i32 = 5;
pub const PERIOD_SECONDS_MAX: i32 = 86_400;

/// A period to add (`coinId`, `period`, `odds`, `minAmount`, `maxAmount`
/// required), or the fields of one to change (absent fields keep theirs).
#[derive(Deserialize, ToSchema, Debug, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct PeriodPatch {
    pub coin_id: Option<i64>,
    /// Seconds, 5 to 86,400.
    pub period: Option<i32>,
    /// Paid per unit staked on a win: above 0, at most 10, 4 decimals.
    pub odds: Option<String>,
    pub min_amount: Option<String>,
    pub max_amount: Option<String>,
    /// 1 offered, 2 switched off.
    pub status: Option<i32>,
    /// A loss takes the whole stake.
    pub flag: Option<bool>,
    pub sort: Option<i32>,
    /// What the house may owe on one window if every order in it wins,
    /// USDT (default 100,000).
    pub exposure_cap: Option<String>,
    pub reason: String,
}

fn invalid(field: &'static str) -> Failure {
    Failure::invalid(field)
}

fn number(field: &'static str, text: &str, dp: u32) -> Outcome<rust_decimal::Decimal> {
    parse_decimal(text, dp).map_err(|_| invalid(field))
}

/// The row with the patch applied, checked as a whole.
fn apply(mut row: period::Model, p: &PeriodPatch) -> Outcome<period::Model> {
    if let Some(s) = p.period {
        if !(PERIOD_SECONDS_MIN..=PERIOD_SECONDS_MAX).contains(&s) {
            return Err(invalid("period"));
        }
        row.period_seconds = s;
    }
    if let Some(o) = &p.odds {
        row.odds = DecimalText::from(number("odds", o, RATE_DP)?);
    }
    if let Some(m) = &p.min_amount {
        row.min_amount = DecimalText::from(number("minAmount", m, LEDGER_DP)?);
    }
    if let Some(m) = &p.max_amount {
        row.max_amount = DecimalText::from(number("maxAmount", m, LEDGER_DP)?);
    }
    if let Some(s) = p.status {
        if s != 1 && s != 2 {
            return Err(invalid("status"));
        }
        row.status = s;
    }
    if let Some(f) = p.flag {
        row.full_loss = i32::from(f);
    }
    if let Some(s) = p.sort {
        if !(0..=1_000_000).contains(&s) {
            return Err(invalid("sort"));
        }
        row.sort = s;
    }
    if let Some(c) = &p.exposure_cap {
        row.exposure_cap = DecimalText::from(number("exposureCap", c, LEDGER_DP)?);
    }
    Terms::new(row.odds.get(), row.full_loss == 1).map_err(|_| invalid("odds"))?;
    if row.min_amount.get() <= rust_decimal::Decimal::ZERO {
        return Err(invalid("minAmount"));
    }
    if row.max_amount.get() < row.min_amount.get() {
        return Err(invalid("maxAmount"));
    }
    Ok(row)
}

fn taken(e: sea_orm::DbErr) -> Failure {
    match e.sql_err() {
        Some(SqlErr::UniqueConstraintViolation(_)) => {
            Failure::new(ErrorCode::Duplicate).with("field", "period")
        }
        _ => Failure::from(e),
    }
}

fn view(row: &period::Model) -> Outcome<PeriodView> {
    PeriodView::of(row).ok_or_else(|| Failure::internal(format!("period {} has bad terms", row.id)))
}

/// Every period of every coin.
pub async fn all(ctx: &Context) -> Outcome<Vec<PeriodView>> {
    repo::all_periods(&ctx.db).await?.iter().map(view).collect()
}

pub async fn create(ctx: &Context, by: &Actor, p: &PeriodPatch) -> Outcome<PeriodView> {
    let reason = audit::reason(&p.reason)?;
    let coin_id = p.coin_id.ok_or_else(|| Failure::missing("coinId"))?;
    for (field, present) in [
        ("period", p.period.is_some()),
        ("odds", p.odds.is_some()),
        ("minAmount", p.min_amount.is_some()),
        ("maxAmount", p.max_amount.is_some()),
    ] {
        if !present {
            return Err(Failure::missing(field));
        }
    }
    let txn = ctx.db.begin().await?;
    catalogue::find_coin_by_id(&txn, coin_id)
        .await?
        .ok_or_else(|| invalid("coinId"))?;
    let blank = period::Model {
        id: 0,
        coin_id,
        period_seconds: 0,
        odds: DecimalText::ZERO,
        min_amount: DecimalText::ZERO,
        max_amount: DecimalText::ZERO,
        status: 1,
        full_loss: 1,
        sort: 0,
        exposure_cap: DecimalText::from(rust_decimal::Decimal::from(EXPOSURE_CAP)),
    };
    let row = apply(blank, p)?;
    let mut active = period::ActiveModel::from(row).reset_all();
    active.id = NotSet;
    let row = active.insert(&txn).await.map_err(taken)?;
    audit::record(
        &txn,
        by,
        "second_contract.period_create",
        &format!("second_period:{}", row.id),
        reason,
        json!({"new": view(&row)?}),
    )
    .await?;
    txn.commit().await?;
    view(&row)
}

pub async fn update(ctx: &Context, by: &Actor, id: i64, p: &PeriodPatch) -> Outcome<PeriodView> {
    let reason = audit::reason(&p.reason)?;
    if p.coin_id.is_some() {
        return Err(invalid("coinId"));
    }
    let txn = ctx.db.begin().await?;
    let old = repo::period(&txn, id).await?.ok_or(ErrorCode::NotFound)?;
    let row = apply(old.clone(), p)?;
    let row = period::ActiveModel::from(row)
        .reset_all()
        .update(&txn)
        .await
        .map_err(taken)?;
    audit::record(
        &txn,
        by,
        "second_contract.period_update",
        &format!("second_period:{id}"),
        reason,
        json!({"old": view(&old)?, "new": view(&row)?}),
    )
    .await?;
    txn.commit().await?;
    view(&row)
}
