//! Candle history: batched upserts from the market service, pages for the
//! kline call, and the recent bars the service resumes from.

use crate::candle_entity as candle;
use crate::{Candle, Interval};
use rust_decimal::Decimal;
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, NotSet, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set, TransactionTrait,
};
use std::str::FromStr;

/// Rows per INSERT statement (9 binds each, well under SQLite's limit).
pub const ROWS_PER_STATEMENT: usize = 500;

fn to_row(coin: &str, interval: Interval, c: &Candle) -> candle::ActiveModel {
    candle::ActiveModel {
        id: NotSet,
        coin: Set(coin.to_string()),
        interval: Set(interval.as_str().to_string()),
        open_time: Set(c.open_time_ms),
        open: Set(c.open.normalize().to_string()),
        high: Set(c.high.normalize().to_string()),
        low: Set(c.low.normalize().to_string()),
        close: Set(c.close.normalize().to_string()),
        volume: Set(c.volume.normalize().to_string()),
        quote_volume: Set(c.quote_volume.normalize().to_string()),
    }
}

fn decimal(text: &str, column: &str) -> Result<Decimal, DbErr> {
    Decimal::from_str(text)
        .map_err(|e| DbErr::Custom(format!("candles.{column} {text:?} is not a decimal: {e}")))
}

fn from_row(m: candle::Model) -> Result<Candle, DbErr> {
    Ok(Candle {
        open_time_ms: m.open_time,
        open: decimal(&m.open, "open")?,
        high: decimal(&m.high, "high")?,
        low: decimal(&m.low, "low")?,
        close: decimal(&m.close, "close")?,
        volume: decimal(&m.volume, "volume")?,
        quote_volume: decimal(&m.quote_volume, "quote_volume")?,
    })
}

/// Inserts or replaces candles (keyed by coin, interval, open time) in one
/// transaction, `ROWS_PER_STATEMENT` rows per statement.
pub async fn upsert<C>(db: &C, rows: &[(String, Interval, Candle)]) -> Result<(), DbErr>
where
    C: ConnectionTrait + TransactionTrait,
{
    if rows.is_empty() {
        return Ok(());
    }
    let txn = db.begin().await?;
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        candle::Entity::insert_many(chunk.iter().map(|(coin, i, c)| to_row(coin, *i, c)))
            .on_conflict(
                OnConflict::columns([
                    candle::Column::Coin,
                    candle::Column::Interval,
                    candle::Column::OpenTime,
                ])
                .update_columns([
                    candle::Column::Open,
                    candle::Column::High,
                    candle::Column::Low,
                    candle::Column::Close,
                    candle::Column::Volume,
                    candle::Column::QuoteVolume,
                ])
                .to_owned(),
            )
            .exec_without_returning(&txn)
            .await?;
    }
    txn.commit().await
}

/// Number of candles stored for a coin (all intervals).
pub async fn count(db: &impl ConnectionTrait, coin: &str) -> Result<u64, DbErr> {
    candle::Entity::find()
        .filter(candle::Column::Coin.eq(coin))
        .count(db)
        .await
}

/// Up to `limit` candles with open time before `end_before_ms` (all when
/// `None`), oldest first.
pub async fn page(
    db: &impl ConnectionTrait,
    coin: &str,
    interval: Interval,
    end_before_ms: Option<i64>,
    limit: u64,
) -> Result<Vec<Candle>, DbErr> {
    let mut q = candle::Entity::find()
        .filter(candle::Column::Coin.eq(coin))
        .filter(candle::Column::Interval.eq(interval.as_str()));
    if let Some(end) = end_before_ms {
        q = q.filter(candle::Column::OpenTime.lt(end));
    }
    let mut rows = q
        .order_by_desc(candle::Column::OpenTime)
        .limit(limit)
        .all(db)
        .await?;
    rows.reverse();
    rows.into_iter().map(from_row).collect()
}

/// Candles with open time at or after `from_ms`, oldest first.
pub async fn since(
    db: &impl ConnectionTrait,
    coin: &str,
    interval: Interval,
    from_ms: i64,
) -> Result<Vec<Candle>, DbErr> {
    candle::Entity::find()
        .filter(candle::Column::Coin.eq(coin))
        .filter(candle::Column::Interval.eq(interval.as_str()))
        .filter(candle::Column::OpenTime.gte(from_ms))
        .order_by_asc(candle::Column::OpenTime)
        .all(db)
        .await?
        .into_iter()
        .map(from_row)
        .collect()
}

/// The newest candle of one coin and interval.
pub async fn latest(
    db: &impl ConnectionTrait,
    coin: &str,
    interval: Interval,
) -> Result<Option<Candle>, DbErr> {
    Ok(page(db, coin, interval, None, 1).await?.pop())
}
