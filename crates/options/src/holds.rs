//! What options hold: each open order's stake, frozen in the user's spot
//! USDT until its issue settles (`onyx audit` checks the sum).

use crate::repo;
use onyx_kernel::ledger::{AccountId, Wallet};
use onyx_second_contracts::postings::STAKE_COIN;
use onyx_store::ledger::Hold;
use sea_orm::{ConnectionTrait, DbErr};

pub const KIND: &str = "option";

/// Every user's holds (the holds audit).
pub async fn holds(db: &impl ConnectionTrait) -> Result<Vec<Hold>, DbErr> {
    of(repo::all_open(db).await?)
}

/// One user's holds (the operator's user page), by the same rule.
pub async fn user_holds(db: &impl ConnectionTrait, user_id: i64) -> Result<Vec<Hold>, DbErr> {
    of(repo::user_open(db, user_id).await?)
}

fn of(rows: Vec<crate::entity::option_order::Model>) -> Result<Vec<Hold>, DbErr> {
    let mut out = Vec::with_capacity(rows.len());
    for o in rows {
        let user = u64::try_from(o.user_id)
            .map_err(|_| DbErr::Custom(format!("option {}: bad user id", o.id)))?;
        out.push(Hold {
            kind: KIND,
            account: AccountId::user(user, Wallet::Spot, STAKE_COIN),
            amount: o.stake.get(),
        });
    }
    Ok(out)
}
