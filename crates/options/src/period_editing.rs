//! Operators on option periods: add one to a pair, change one, with a
//! reason, audited with the old and new rows. An order keeps the terms it
//! was accepted on.

use crate::entity::option_period as period;
use crate::repo;
use crate::views::PeriodView;
use onyx_kernel::money::{parse_decimal, LEDGER_DP};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_market::entity::option_pair;
use onyx_market::repo::catalogue;
use onyx_platform::audit::{self, Actor};
use onyx_platform::Context;
use onyx_second_contracts::limits::EXPOSURE_CAP;
use onyx_second_contracts::rules::{Terms, RATE_DP};
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, ConnectionTrait, NotSet, SqlErr, TransactionTrait};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

/// The shortest and longest period an operator may offer.
pub const PERIOD_SECONDS_MIN: i32 = 10;
pub const PERIOD_SECONDS_MAX: i32 = 86_400;
/// The cutoff a new period gets unless told.
pub const CUTOFF_DEFAULT: i32 = 5;

/// A period to add (`optionId`, `period`, `odds`, `minAmount`,
/// `maxAmount` required), or the fields of one to change.
#[derive(Deserialize, ToSchema, Debug, Default, Clone)]
#[schema(as = OptionPeriodPatch)]
#[serde(rename_all = "camelCase", default)]
pub struct PeriodPatch {
    pub option_id: Option<i64>,
    /// Seconds, 10 to 86,400.
    pub period: Option<i32>,
    /// Seconds before an issue's end that entry closes: 1 to period - 1
    /// (default 5).
    pub cutoff: Option<i32>,
    pub odds: Option<String>,
    pub min_amount: Option<String>,
    pub max_amount: Option<String>,
    /// USDT the house may owe on one issue (default 100,000).
    pub exposure_cap: Option<String>,
    /// 1 offered, 2 switched off.
    pub status: Option<i32>,
    /// A loss takes the whole stake.
    pub flag: Option<bool>,
    pub sort: Option<i32>,
    pub reason: String,
}

fn number(field: &'static str, text: &str, dp: u32) -> Outcome<Decimal> {
    parse_decimal(text, dp).map_err(|_| Failure::invalid(field))
}

fn apply(mut row: period::Model, p: &PeriodPatch) -> Outcome<period::Model> {
    if let Some(s) = p.period {
        if !(PERIOD_SECONDS_MIN..=PERIOD_SECONDS_MAX).contains(&s) {
            return Err(Failure::invalid("period"));
        }
        row.period_seconds = s;
    }
    if let Some(c) = p.cutoff {
        row.cutoff_seconds = c;
    }
    if row.cutoff_seconds < 1 || row.cutoff_seconds >= row.period_seconds {
        return Err(Failure::invalid("cutoff"));
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
    if let Some(c) = &p.exposure_cap {
        row.exposure_cap = DecimalText::from(number("exposureCap", c, LEDGER_DP)?);
    }
    if let Some(s) = p.status {
        if s != 1 && s != 2 {
            return Err(Failure::invalid("status"));
        }
        row.status = s;
    }
    if let Some(f) = p.flag {
        row.full_loss = i32::from(f);
    }
    if let Some(s) = p.sort {
        if !(0..=1_000_000).contains(&s) {
            return Err(Failure::invalid("sort"));
        }
        row.sort = s;
    }
    Terms::new(row.odds.get(), row.full_loss == 1).map_err(|_| Failure::invalid("odds"))?;
    if row.min_amount.get() <= Decimal::ZERO {
        return Err(Failure::invalid("minAmount"));
    }
    if row.max_amount.get() < row.min_amount.get() {
        return Err(Failure::invalid("maxAmount"));
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

async fn pair(db: &impl ConnectionTrait, id: i64) -> Outcome<option_pair::Model> {
    catalogue::find_option_pair(db, id)
        .await?
        .ok_or_else(|| Failure::invalid("optionId"))
}

async fn view(db: &impl ConnectionTrait, row: &period::Model) -> Outcome<PeriodView> {
    let pair = pair(db, row.option_id).await?;
    PeriodView::of(row, &pair)
        .ok_or_else(|| Failure::internal(format!("option period {} has bad terms", row.id)))
}

/// Every period of every pair.
pub async fn all(ctx: &Context) -> Outcome<Vec<PeriodView>> {
    let mut out = Vec::new();
    for row in repo::all_periods(&ctx.db).await? {
        out.push(view(&ctx.db, &row).await?);
    }
    Ok(out)
}

pub async fn create(ctx: &Context, by: &Actor, p: &PeriodPatch) -> Outcome<PeriodView> {
    let reason = audit::reason(&p.reason)?;
    let option_id = p.option_id.ok_or_else(|| Failure::missing("optionId"))?;
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
    pair(&txn, option_id).await?;
    let blank = period::Model {
        id: 0,
        option_id,
        period_seconds: 0,
        cutoff_seconds: CUTOFF_DEFAULT,
        odds: DecimalText::ZERO,
        min_amount: DecimalText::ZERO,
        max_amount: DecimalText::ZERO,
        status: 1,
        full_loss: 1,
        sort: 0,
        exposure_cap: DecimalText::from(Decimal::from(EXPOSURE_CAP)),
    };
    let row = apply(blank, p)?;
    let mut active = period::ActiveModel::from(row).reset_all();
    active.id = NotSet;
    let row = active.insert(&txn).await.map_err(taken)?;
    let shown = view(&txn, &row).await?;
    audit::record(
        &txn,
        by,
        "option.period_create",
        &format!("option_period:{}", row.id),
        reason,
        json!({ "new": shown }),
    )
    .await?;
    txn.commit().await?;
    Ok(shown)
}

pub async fn update(ctx: &Context, by: &Actor, id: i64, p: &PeriodPatch) -> Outcome<PeriodView> {
    let reason = audit::reason(&p.reason)?;
    if p.option_id.is_some() {
        return Err(Failure::invalid("optionId"));
    }
    let txn = ctx.db.begin().await?;
    let old = repo::period(&txn, id).await?.ok_or(ErrorCode::NotFound)?;
    let row = apply(old.clone(), p)?;
    let row = period::ActiveModel::from(row)
        .reset_all()
        .update(&txn)
        .await
        .map_err(taken)?;
    let (before, after) = (view(&txn, &old).await?, view(&txn, &row).await?);
    audit::record(
        &txn,
        by,
        "option.period_update",
        &format!("option_period:{id}"),
        reason,
        json!({ "old": before, "new": after }),
    )
    .await?;
    txn.commit().await?;
    Ok(after)
}
