//! `onyx verify` for options: every settled order recomputed from the
//! price tape and the terms stored on it (`onyx_fixed_payout::verify`),
//! its issue and fee by the options' own rules
//! (`Product::terms_differences`).

use crate::product::Options;
use onyx_fixed_payout::verify::VerifyReport;
use sea_orm::{ConnectionTrait, DbErr};

/// Recomputes every settled option.
pub async fn verify(db: &impl ConnectionTrait) -> Result<VerifyReport, DbErr> {
    onyx_fixed_payout::verify::verify::<Options>(db).await
}
