//! What options hold: each open order's stake, frozen in the user's spot
//! USDT until its issue settles (`onyx audit` checks the sum).

use crate::product::Options;
use onyx_fixed_payout::holds::holds as of;
use onyx_store::ledger::Hold;
use sea_orm::{ConnectionTrait, DbErr};

pub const KIND: &str = "option";

/// Every user's holds (the holds audit).
pub async fn holds(db: &impl ConnectionTrait) -> Result<Vec<Hold>, DbErr> {
    of::<Options>(db, KIND, None).await
}

/// One user's holds (the operator's user page), by the same rule.
pub async fn user_holds(db: &impl ConnectionTrait, user_id: i64) -> Result<Vec<Hold>, DbErr> {
    of::<Options>(db, KIND, Some(user_id)).await
}
