//! Server secrets kept in the database, so every restart and every node on
//! one database use the same value (e.g. the key that signs file links).
//! Whichever node asks first generates it; the others read what it stored.

use crate::entity::server_secret as secret;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set};

/// The secret called `name`, created from `fresh()` when none exists yet.
/// Two nodes racing on the first call both end up with the stored value:
/// the losing insert does nothing and the read-back returns the winner's.
pub async fn get_or_create(
    db: &impl ConnectionTrait,
    name: &str,
    fresh: impl FnOnce() -> String,
    now: DateTime<Utc>,
) -> Result<String, DbErr> {
    if let Some(found) = secret::Entity::find_by_id(name.to_string()).one(db).await? {
        return Ok(found.value);
    }
    let row = secret::ActiveModel {
        name: Set(name.to_string()),
        value: Set(fresh()),
        created_at: Set(now),
    };
    secret::Entity::insert(row)
        .on_conflict(
            OnConflict::column(secret::Column::Name)
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    secret::Entity::find_by_id(name.to_string())
        .one(db)
        .await?
        .map(|s| s.value)
        .ok_or_else(|| DbErr::RecordNotFound(format!("server secret {name}")))
}
