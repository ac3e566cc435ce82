//! What futures hold: each open position's margin, frozen in the user's
//! contract USDT (`onyx audit` checks the sum).

use crate::postings::wallet;
use crate::repo;
use onyx_store::ledger::Hold;
use sea_orm::{ConnectionTrait, DbErr};

pub const KIND: &str = "futures_position";

pub async fn holds(db: &impl ConnectionTrait) -> Result<Vec<Hold>, DbErr> {
    let mut out = Vec::new();
    for p in repo::all_open(db).await? {
        let user = u64::try_from(p.user_id)
            .map_err(|_| DbErr::Custom(format!("futures position {}: bad user id", p.id)))?;
        out.push(Hold {
            kind: KIND,
            account: wallet(user),
            amount: p.margin.get(),
        });
    }
    Ok(out)
}
