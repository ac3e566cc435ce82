//! A user's withdrawal addresses, one per network: setting a network's
//! address again replaces it and moves it to the end, because the client
//! takes the last entry as the current one (spec section 3).

use crate::entity::withdraw_address as address;
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    Set,
};

pub async fn set(
    db: &impl ConnectionTrait,
    user_id: i64,
    network: &str,
    addr: &str,
    now: DateTime<Utc>,
) -> Result<address::Model, DbErr> {
    address::Entity::delete_many()
        .filter(address::Column::UserId.eq(user_id))
        .filter(address::Column::Network.eq(network))
        .exec(db)
        .await?;
    address::ActiveModel {
        user_id: Set(user_id),
        network: Set(network.to_string()),
        address: Set(addr.to_string()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// Oldest first; the last one is the current address.
pub async fn list(db: &impl ConnectionTrait, user_id: i64) -> Result<Vec<address::Model>, DbErr> {
    address::Entity::find()
        .filter(address::Column::UserId.eq(user_id))
        .order_by_asc(address::Column::Id)
        .all(db)
        .await
}
