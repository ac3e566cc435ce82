//! Each user's watchlist of coins (spec: getUserCoin, the "Optional" tab).

use crate::entity::watchlist_entry as entry;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set,
};

/// Most coins one user may watch.
pub const MAX_ENTRIES: u64 = 200;

#[derive(Debug, PartialEq, Eq)]
pub enum Added {
    Added,
    /// The coin was already on the list; nothing changed.
    AlreadyThere,
    /// The list holds `MAX_ENTRIES` coins already.
    Full,
}

/// The user's coins, oldest first.
pub async fn list(db: &impl ConnectionTrait, user_id: i64) -> Result<Vec<entry::Model>, DbErr> {
    entry::Entity::find()
        .filter(entry::Column::UserId.eq(user_id))
        .order_by_asc(entry::Column::Id)
        .all(db)
        .await
}

/// Adds a coin (the caller has checked it is a listed coin, in its stored
/// spelling). Adding it twice is not an error.
pub async fn add(
    db: &impl ConnectionTrait,
    user_id: i64,
    coin: &str,
    now: DateTime<Utc>,
) -> Result<Added, DbErr> {
    let mine = entry::Entity::find().filter(entry::Column::UserId.eq(user_id));
    if mine
        .clone()
        .filter(entry::Column::Coin.eq(coin))
        .count(db)
        .await?
        > 0
    {
        return Ok(Added::AlreadyThere);
    }
    if mine.count(db).await? >= MAX_ENTRIES {
        return Ok(Added::Full);
    }
    let row = entry::ActiveModel {
        user_id: Set(user_id),
        coin: Set(coin.to_string()),
        created_at: Set(now),
        ..Default::default()
    };
    // A concurrent add of the same coin lands on the unique index: still
    // the same outcome for the user.
    let inserted = entry::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([entry::Column::UserId, entry::Column::Coin])
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(if inserted == 0 {
        Added::AlreadyThere
    } else {
        Added::Added
    })
}

/// Removes a coin; true when it was on the list.
pub async fn remove(db: &impl ConnectionTrait, user_id: i64, coin: &str) -> Result<bool, DbErr> {
    let res = entry::Entity::delete_many()
        .filter(entry::Column::UserId.eq(user_id))
        .filter(entry::Column::Coin.eq(coin))
        .exec(db)
        .await?;
    Ok(res.rows_affected > 0)
}
