//! What the wallet holds: each pending withdrawal's amount (and a fee
//! charged in another coin), frozen in the spot wallet from submit until
//! an operator decides.

use crate::entity::withdrawal::{self, WithdrawalStatus};
use onyx_kernel::ledger::{AccountId, Wallet};
use onyx_store::ledger::Hold;
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Select};

/// Every user's holds (the holds audit).
pub async fn holds(db: &impl ConnectionTrait) -> Result<Vec<Hold>, DbErr> {
    of(pending().all(db).await?)
}

/// One user's holds (the operator's user page), by the same rule.
pub async fn user_holds(db: &impl ConnectionTrait, user_id: i64) -> Result<Vec<Hold>, DbErr> {
    of(pending()
        .filter(withdrawal::Column::UserId.eq(user_id))
        .all(db)
        .await?)
}

fn pending() -> Select<withdrawal::Entity> {
    withdrawal::Entity::find().filter(withdrawal::Column::Status.eq(WithdrawalStatus::Pending))
}

fn of(rows: Vec<withdrawal::Model>) -> Result<Vec<Hold>, DbErr> {
    let mut out = Vec::with_capacity(rows.len());
    for w in rows {
        let user = u64::try_from(w.user_id)
            .map_err(|_| DbErr::Custom(format!("withdrawal {} has no user", w.id)))?;
        let mut hold = |coin: &str, value: Decimal| {
            if !value.is_zero() {
                out.push(Hold {
                    kind: "withdrawal",
                    account: AccountId::user(user, Wallet::Spot, &crate::asset(coin)),
                    amount: value,
                });
            }
        };
        hold(&w.coin, w.amount.get());
        if let (Some(coin), Some(fee)) = (&w.separate_fee_coin, w.separate_fee) {
            hold(coin, fee.get());
        }
    }
    Ok(out)
}
