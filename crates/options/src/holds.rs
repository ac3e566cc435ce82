//! What options hold: each open order's stake, frozen in the user's spot
//! USDT until its issue settles (`onyx audit` checks the sum).

use crate::repo;
use onyx_kernel::ledger::{AccountId, Wallet};
use onyx_second_contracts::postings::STAKE_COIN;
use onyx_store::ledger::Hold;
use sea_orm::{ConnectionTrait, DbErr};

pub const KIND: &str = "option";

pub async fn holds(db: &impl ConnectionTrait) -> Result<Vec<Hold>, DbErr> {
    let mut out = Vec::new();
    for o in repo::all_open(db).await? {
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
