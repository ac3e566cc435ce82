//! Operators on option periods: the patch they send, with the cutoff that
//! is the options' own. The rules (lengths of 10 s to a day, odds,
//! stakes, the audit) are the shared ones in
//! `onyx_fixed_payout::period_editing`; the cutoff's in `product`.

use serde::Deserialize;
use utoipa::ToSchema;

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

onyx_fixed_payout::period_patch!(PeriodPatch, owner option_id);
