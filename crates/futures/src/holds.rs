//! What futures hold: each open position's margin and each waiting limit
//! order's margin and fee, frozen in the user's contract USDT (`onyx
//! audit` checks the sum).

use crate::postings::wallet;
use crate::repo;
use onyx_store::ledger::Hold;
use sea_orm::{ConnectionTrait, DbErr};

pub const KIND: &str = "futures_position";
pub const ORDER_KIND: &str = "futures_order";

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
    for o in crate::orders::all_waiting(db).await? {
        if o.action != crate::orders::OPEN_ACTION {
            continue;
        }
        let user = u64::try_from(o.user_id)
            .map_err(|_| DbErr::Custom(format!("futures order {}: bad user id", o.id)))?;
        let amount = o
            .margin
            .get()
            .checked_add(o.fee.get())
            .ok_or_else(|| DbErr::Custom(format!("futures order {}: hold overflows", o.id)))?;
        out.push(Hold {
            kind: ORDER_KIND,
            account: wallet(user),
            amount,
        });
    }
    Ok(out)
}
