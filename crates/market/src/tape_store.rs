//! The price tape in the store: written a second at a time by the market
//! service, read by settlements and by `onyx verify`.

use crate::tape::TapeEntry;
use crate::tape_entity as row;
use onyx_store::DecimalText;
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, DeleteResult, EntityTrait, QueryFilter, QueryOrder, Set,
};

/// Rows per INSERT statement (5 binds each).
const ROWS_PER_STATEMENT: usize = 500;

/// A stored second as read back (its source as stored).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTick {
    pub coin: String,
    pub second: i64,
    pub price: rust_decimal::Decimal,
    pub ts_ms: i64,
    pub source: String,
}

impl From<row::Model> for StoredTick {
    fn from(m: row::Model) -> StoredTick {
        StoredTick {
            coin: m.coin,
            second: m.second,
            price: m.price.get(),
            ts_ms: m.ts_ms,
            source: m.source,
        }
    }
}

/// Writes closed seconds. A second already stored keeps what it has: the
/// tape never changes behind a settlement that read it.
pub async fn insert(db: &impl ConnectionTrait, entries: &[TapeEntry]) -> Result<(), DbErr> {
    for chunk in entries.chunks(ROWS_PER_STATEMENT) {
        let rows = chunk.iter().map(|e| row::ActiveModel {
            coin: Set(e.coin.clone()),
            second: Set(e.second),
            price: Set(DecimalText::from(e.price.normalize())),
            ts_ms: Set(e.ts_ms),
            source: Set(e.source.to_string()),
        });
        row::Entity::insert_many(rows)
            .on_conflict(
                OnConflict::columns([row::Column::Coin, row::Column::Second])
                    .do_nothing()
                    .to_owned(),
            )
            .do_nothing()
            .exec(db)
            .await?;
    }
    Ok(())
}

/// The last stored tick of `coin` in a second that ended by `before_ms`
/// (a whole second: the close of an order).
pub async fn last_before(
    db: &impl ConnectionTrait,
    coin: &str,
    before_ms: i64,
) -> Result<Option<StoredTick>, DbErr> {
    let before = crate::tape::second_of(before_ms);
    Ok(row::Entity::find()
        .filter(row::Column::Coin.eq(coin))
        .filter(row::Column::Second.lt(before))
        .order_by_desc(row::Column::Second)
        .one(db)
        .await?
        .map(StoredTick::from))
}

/// The stored seconds of `coin` from `from_ms` up to (not including)
/// `to_ms`, oldest first.
pub async fn between(
    db: &impl ConnectionTrait,
    coin: &str,
    from_ms: i64,
    to_ms: i64,
) -> Result<Vec<StoredTick>, DbErr> {
    Ok(row::Entity::find()
        .filter(row::Column::Coin.eq(coin))
        .filter(row::Column::Second.gte(crate::tape::second_of(from_ms)))
        .filter(row::Column::Second.lt(crate::tape::second_of(to_ms)))
        .order_by_asc(row::Column::Second)
        .all(db)
        .await?
        .into_iter()
        .map(StoredTick::from)
        .collect())
}

/// The stored tick of `coin` in the second holding `ts_ms`.
pub async fn at_second(
    db: &impl ConnectionTrait,
    coin: &str,
    ts_ms: i64,
) -> Result<Option<StoredTick>, DbErr> {
    Ok(
        row::Entity::find_by_id((coin.to_string(), crate::tape::second_of(ts_ms)))
            .one(db)
            .await?
            .map(StoredTick::from),
    )
}

/// The oldest second the tape keeps (any coin), if any.
pub async fn oldest(db: &impl ConnectionTrait) -> Result<Option<i64>, DbErr> {
    Ok(row::Entity::find()
        .order_by_asc(row::Column::Second)
        .one(db)
        .await?
        .map(|r| r.second))
}

/// Drops the seconds that ended before `before_ms` (the retention).
pub async fn prune(db: &impl ConnectionTrait, before_ms: i64) -> Result<u64, DbErr> {
    let DeleteResult { rows_affected } = row::Entity::delete_many()
        .filter(row::Column::Second.lt(crate::tape::second_of(before_ms)))
        .exec(db)
        .await?;
    Ok(rows_affected)
}
