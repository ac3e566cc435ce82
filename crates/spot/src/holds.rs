//! What spot holds: each open or partial order's unfilled cost, frozen in
//! the owner's spot wallet until it fills or is cancelled.

use crate::entity::spot_order;
use crate::repo::OrderStatus;
use onyx_kernel::ledger::{AccountId, Wallet};
use onyx_store::ledger::Hold;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Select};

/// Every user's holds (the holds audit).
pub async fn holds(db: &impl ConnectionTrait) -> Result<Vec<Hold>, DbErr> {
    of(open().all(db).await?)
}

/// One user's holds (the operator's user page), by the same rule.
pub async fn user_holds(db: &impl ConnectionTrait, user_id: i64) -> Result<Vec<Hold>, DbErr> {
    of(open()
        .filter(spot_order::Column::UserId.eq(user_id))
        .all(db)
        .await?)
}

fn open() -> Select<spot_order::Entity> {
    spot_order::Entity::find().filter(spot_order::Column::Status.is_in(OrderStatus::OPEN))
}

fn of(rows: Vec<spot_order::Model>) -> Result<Vec<Hold>, DbErr> {
    rows.into_iter()
        .filter(|o| !o.frozen.get().is_zero())
        .map(|o| {
            let user = u64::try_from(o.user_id)
                .map_err(|_| DbErr::Custom(format!("order {} has no user", o.id)))?;
            Ok(Hold {
                kind: "spot_order",
                account: AccountId::user(user, Wallet::Spot, &o.frozen_asset),
                amount: o.frozen.get(),
            })
        })
        .collect()
}
