//! What spot holds: each open or partial order's unfilled cost, frozen in
//! the owner's spot wallet until it fills or is cancelled.

use crate::entity::spot_order;
use crate::repo::OrderStatus;
use onyx_kernel::ledger::{AccountId, Wallet};
use onyx_store::ledger::Hold;
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use std::str::FromStr;

pub async fn holds(db: &impl ConnectionTrait) -> Result<Vec<Hold>, DbErr> {
    let rows = spot_order::Entity::find()
        .filter(spot_order::Column::Status.is_in(OrderStatus::OPEN))
        .all(db)
        .await?;
    rows.into_iter()
        .filter(|o| o.frozen != "0")
        .map(|o| {
            let amount = Decimal::from_str(&o.frozen)
                .map_err(|e| DbErr::Custom(format!("order {} frozen {:?}: {e}", o.id, o.frozen)))?;
            let user = u64::try_from(o.user_id)
                .map_err(|_| DbErr::Custom(format!("order {} has no user", o.id)))?;
            Ok(Hold {
                kind: "spot_order",
                account: AccountId::user(user, Wallet::Spot, &o.frozen_asset),
                amount,
            })
        })
        .collect()
}
