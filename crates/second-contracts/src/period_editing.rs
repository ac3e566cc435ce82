//! Operators on second-contract periods: the patch they send. The rules
//! (lengths of 5 s to a day, odds, stakes, the audit) are the shared ones
//! in `onyx_fixed_payout::period_editing`.

use serde::Deserialize;
use utoipa::ToSchema;

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

onyx_fixed_payout::period_patch!(PeriodPatch, owner coin_id);
