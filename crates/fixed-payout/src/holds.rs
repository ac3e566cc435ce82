//! What a fixed-payout product holds: each open order's stake, frozen in
//! the user's spot USDT until it settles (`onyx audit` checks the sum).

use crate::postings::stake_account;
use crate::product::Product;
use crate::repo;
use crate::table::OrderRow;
use onyx_store::ledger::Hold;
use sea_orm::{ConnectionTrait, DbErr};

/// Every user's holds (the holds audit), or (`user_id`) one user's, for
/// the operator's user page, by the same rule; `kind` names the product's.
pub async fn holds<P: Product>(
    db: &impl ConnectionTrait,
    kind: &'static str,
    user_id: Option<i64>,
) -> Result<Vec<Hold>, DbErr> {
    let rows = repo::open::<P::Orders>(db, user_id).await?;
    let mut out = Vec::with_capacity(rows.len());
    for o in rows {
        let f = o.fields();
        let user = u64::try_from(f.user_id)
            .map_err(|_| DbErr::Custom(format!("{} {}: bad user id", P::NAME, f.id)))?;
        out.push(Hold {
            kind,
            account: stake_account(user),
            amount: f.stake.get(),
        });
    }
    Ok(out)
}
