//! `onyx verify` for second contracts: every settled order recomputed from
//! the price tape and the terms stored on it
//! (`onyx_fixed_payout::verify`).

use crate::product::SecondContracts;
use onyx_fixed_payout::verify::VerifyReport;
use sea_orm::{ConnectionTrait, DbErr};

/// Recomputes every settled order.
pub async fn verify(db: &impl ConnectionTrait) -> Result<VerifyReport, DbErr> {
    onyx_fixed_payout::verify::verify::<SecondContracts>(db).await
}
