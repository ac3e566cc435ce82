//! Operators on a product's periods: add one to a coin or pair, change
//! one. Every write has a reason and is audited in its own transaction
//! (old and new rows). A change applies to orders accepted after it: an
//! order keeps the terms it was accepted on.

use crate::limits::EXPOSURE_CAP;
use crate::product::Product;
use crate::rules::{Terms, RATE_DP};
use crate::table::{PeriodRow, PeriodTable};
use onyx_kernel::money::{parse_decimal, LEDGER_DP};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::audit::{self, Actor};
use onyx_platform::Context;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter,
    SqlErr, TransactionTrait,
};
use serde::Serialize;
use serde_json::json;
use std::future::Future;

type Period<P> = <<P as Product>::Periods as EntityTrait>::Model;

/// The longest period an operator may offer.
pub const PERIOD_SECONDS_MAX: i32 = 86_400;

/// The fields of a period patch every product has (absent: unchanged).
pub struct TermsPatch<'a> {
    /// Seconds.
    pub period: Option<i32>,
    /// Paid per unit staked on a win: above 0, at most 10, 4 decimals.
    pub odds: Option<&'a str>,
    pub min_amount: Option<&'a str>,
    pub max_amount: Option<&'a str>,
    /// 1 offered, 2 switched off.
    pub status: Option<i32>,
    /// A loss takes the whole stake.
    pub flag: Option<bool>,
    pub sort: Option<i32>,
    /// USDT the house may owe on one window if every order in it wins.
    pub exposure_cap: Option<&'a str>,
    pub reason: &'a str,
}

/// A product's period patch (its request body).
pub trait PeriodPatch: Sync {
    fn terms(&self) -> TermsPatch<'_>;
    /// The coin or pair a new period is on.
    fn owner(&self) -> Option<i64>;
}

/// Makes a product's patch (with the shared fields under their shared
/// names) a [`PeriodPatch`] whose new periods are on `owner`.
#[macro_export]
macro_rules! period_patch {
    ($patch:ty, owner $owner:ident) => {
        impl $crate::period_editing::PeriodPatch for $patch {
            fn terms(&self) -> $crate::period_editing::TermsPatch<'_> {
                $crate::period_editing::TermsPatch {
                    period: self.period,
                    odds: self.odds.as_deref(),
                    min_amount: self.min_amount.as_deref(),
                    max_amount: self.max_amount.as_deref(),
                    status: self.status,
                    flag: self.flag,
                    sort: self.sort,
                    exposure_cap: self.exposure_cap.as_deref(),
                    reason: &self.reason,
                }
            }

            fn owner(&self) -> Option<i64> {
                self.$owner
            }
        }
    };
}

/// What a product's period editing adds to the shared rules.
pub trait PeriodEditing: Product {
    type Patch: PeriodPatch;
    type PeriodView: Serialize + Send;
    /// The shortest period an operator may offer, in seconds.
    const PERIOD_SECONDS_MIN: i32;
    /// The patch's owner field: `coinId`, `optionId`.
    const OWNER_FIELD: &'static str;
    /// The audit's action area and target prefix.
    const AUDIT_AREA: &'static str;
    const AUDIT_TARGET: &'static str;

    /// A new period on `owner_id` before the patch applies.
    fn blank(owner_id: i64, exposure_cap: DecimalText) -> Period<Self>;
    /// The product's own fields, applied right after the period's length.
    fn apply_own(_row: &mut Period<Self>, _patch: &Self::Patch) -> Outcome<()> {
        Ok(())
    }
    /// Whether `owner_id` is a coin or pair a period may be on.
    fn owner_exists(
        db: &DatabaseTransaction,
        owner_id: i64,
    ) -> impl Future<Output = Outcome<bool>> + Send;
    fn period_view<C: ConnectionTrait + Sync>(
        db: &C,
        row: &Period<Self>,
    ) -> impl Future<Output = Outcome<Self::PeriodView>> + Send;
}

fn number(field: &'static str, text: &str, dp: u32) -> Outcome<Decimal> {
    parse_decimal(text, dp).map_err(|_| Failure::invalid(field))
}

/// The row with the patch applied, checked as a whole.
fn apply<P: PeriodEditing>(mut row: Period<P>, patch: &P::Patch) -> Outcome<Period<P>> {
    let p = patch.terms();
    if let Some(s) = p.period {
        if !(P::PERIOD_SECONDS_MIN..=PERIOD_SECONDS_MAX).contains(&s) {
            return Err(Failure::invalid("period"));
        }
        *row.fields().period_seconds = s;
    }
    P::apply_own(&mut row, patch)?;
    let f = row.fields();
    if let Some(o) = p.odds {
        *f.odds = DecimalText::from(number("odds", o, RATE_DP)?);
    }
    if let Some(m) = p.min_amount {
        *f.min_amount = DecimalText::from(number("minAmount", m, LEDGER_DP)?);
    }
    if let Some(m) = p.max_amount {
        *f.max_amount = DecimalText::from(number("maxAmount", m, LEDGER_DP)?);
    }
    if let Some(s) = p.status {
        if s != 1 && s != 2 {
            return Err(Failure::invalid("status"));
        }
        *f.status = s;
    }
    if let Some(flag) = p.flag {
        *f.full_loss = i32::from(flag);
    }
    if let Some(s) = p.sort {
        if !(0..=1_000_000).contains(&s) {
            return Err(Failure::invalid("sort"));
        }
        *f.sort = s;
    }
    if let Some(c) = p.exposure_cap {
        *f.exposure_cap = DecimalText::from(number("exposureCap", c, LEDGER_DP)?);
    }
    Terms::new(f.odds.get(), *f.full_loss == 1).map_err(|_| Failure::invalid("odds"))?;
    if f.min_amount.get() <= Decimal::ZERO {
        return Err(Failure::invalid("minAmount"));
    }
    if f.max_amount.get() < f.min_amount.get() {
        return Err(Failure::invalid("maxAmount"));
    }
    Ok(row)
}

/// A second period of the same length on one coin or pair is a duplicate.
fn taken(e: sea_orm::DbErr) -> Failure {
    match e.sql_err() {
        Some(SqlErr::UniqueConstraintViolation(_)) => {
            Failure::new(ErrorCode::Duplicate).with("field", "period")
        }
        _ => Failure::from(e),
    }
}

/// Every period of every coin or pair, on or off.
pub async fn all<P: PeriodEditing>(ctx: &Context) -> Outcome<Vec<P::PeriodView>> {
    let mut out = Vec::new();
    for row in crate::repo::all_periods::<P::Periods>(&ctx.db).await? {
        out.push(P::period_view(&ctx.db, &row).await?);
    }
    Ok(out)
}

pub async fn create<P: PeriodEditing>(
    ctx: &Context,
    by: &Actor,
    patch: &P::Patch,
) -> Outcome<P::PeriodView> {
    let p = patch.terms();
    let reason = audit::reason(p.reason)?;
    let owner_id = patch
        .owner()
        .ok_or_else(|| Failure::missing(P::OWNER_FIELD))?;
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
    if !P::owner_exists(&txn, owner_id).await? {
        return Err(Failure::invalid(P::OWNER_FIELD));
    }
    let cap = DecimalText::from(Decimal::from(EXPOSURE_CAP));
    let row = apply::<P>(P::blank(owner_id, cap), patch)?;
    let mut active = <P::Periods as EntityTrait>::ActiveModel::from(row).reset_all();
    active.not_set(<P::Periods as PeriodTable>::ID);
    let mut row = active.insert(&txn).await.map_err(taken)?;
    let shown = P::period_view(&txn, &row).await?;
    let id = *row.fields().id;
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        &format!("{}.period_create", P::AUDIT_AREA),
        &format!("{}:{id}", P::AUDIT_TARGET),
        reason,
        json!({ "new": shown }),
    )
    .await?;
    txn.commit().await?;
    Ok(shown)
}

pub async fn update<P: PeriodEditing>(
    ctx: &Context,
    by: &Actor,
    id: i64,
    patch: &P::Patch,
) -> Outcome<P::PeriodView> {
    let reason = audit::reason(patch.terms().reason)?;
    if patch.owner().is_some() {
        return Err(Failure::invalid(P::OWNER_FIELD));
    }
    let txn = ctx.db.begin().await?;
    let old = <P::Periods as EntityTrait>::find()
        .filter(<P::Periods as PeriodTable>::ID.eq(id))
        .one(&txn)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    let row = apply::<P>(old.clone(), patch)?;
    let row = <P::Periods as EntityTrait>::ActiveModel::from(row)
        .reset_all()
        .update(&txn)
        .await
        .map_err(taken)?;
    let (before, after) = (
        P::period_view(&txn, &old).await?,
        P::period_view(&txn, &row).await?,
    );
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        &format!("{}.period_update", P::AUDIT_AREA),
        &format!("{}:{id}", P::AUDIT_TARGET),
        reason,
        json!({ "old": before, "new": after }),
    )
    .await?;
    txn.commit().await?;
    Ok(after)
}
