//! What earn orders hold: each earning order's principal and the interest
//! it holds until maturity, frozen in the user's finance wallet (`onyx
//! audit` checks the sum).

use crate::repo;
use onyx_kernel::ledger::{AccountId, Wallet};
use onyx_store::ledger::Hold;
use sea_orm::{ConnectionTrait, DbErr};

pub const KIND: &str = "earn";

/// Every user's holds (the holds audit).
pub async fn holds(db: &impl ConnectionTrait) -> Result<Vec<Hold>, DbErr> {
    of(repo::all_earning(db).await?)
}

/// One user's holds (the operator's user page), by the same rule.
pub async fn user_holds(db: &impl ConnectionTrait, user_id: i64) -> Result<Vec<Hold>, DbErr> {
    of(repo::user_earning(db, user_id).await?)
}

fn of(rows: Vec<crate::entity::earn_order::Model>) -> Result<Vec<Hold>, DbErr> {
    let mut out = Vec::with_capacity(rows.len());
    for o in rows {
        let bad = || DbErr::Custom(format!("earn order {}: bad amounts", o.id));
        let user = u64::try_from(o.user_id).map_err(|_| bad())?;
        let held = o
            .accrued
            .get()
            .checked_sub(o.paid.get())
            .and_then(|i| i.checked_add(o.amount.get()))
            .ok_or_else(bad)?;
        out.push(Hold {
            kind: KIND,
            account: AccountId::user(user, Wallet::Finance, &o.coin),
            amount: held,
        });
    }
    Ok(out)
}
