//! Queries over positions, orders, fills and open interest.

use crate::entity::{
    futures_fill as fill, futures_interest as interest, futures_order as order,
    futures_position as position,
};
use crate::orders::WAITING;
use onyx_store::sort::Sort;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, NotSet, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};

pub use crate::entity::futures_fill::FillKind;
pub use crate::entity::futures_position::{PositionSide, PositionStatus};

pub const OPEN: PositionStatus = PositionStatus::Open;
pub const CLOSED: PositionStatus = PositionStatus::Closed;
pub const LIQUIDATED: PositionStatus = PositionStatus::Liquidated;

/// The user's open position on a contract and side in a portfolio (0:
/// their own).
pub async fn open_position(
    db: &impl ConnectionTrait,
    user_id: i64,
    contract_id: i64,
    side: &str,
    portfolio: i64,
) -> Result<Option<position::Model>, DbErr> {
    position::Entity::find()
        .filter(position::Column::UserId.eq(user_id))
        .filter(position::Column::ContractId.eq(contract_id))
        .filter(position::Column::Side.eq(side))
        .filter(position::Column::Portfolio.eq(portfolio))
        .filter(position::Column::Status.eq(OPEN))
        .one(db)
        .await
}

pub async fn position(
    db: &impl ConnectionTrait,
    id: i64,
) -> Result<Option<position::Model>, DbErr> {
    position::Entity::find_by_id(id).one(db).await
}

/// The positions of the given ids that exist, in id order.
pub async fn positions_by_id(
    db: &impl ConnectionTrait,
    ids: &[i64],
) -> Result<Vec<position::Model>, DbErr> {
    let mut out = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(500) {
        out.extend(
            position::Entity::find()
                .filter(position::Column::Id.is_in(chunk.iter().copied()))
                .all(db)
                .await?,
        );
    }
    out.sort_unstable_by_key(|p| p.id);
    Ok(out)
}

onyx_store::sort_keys! {
    /// How a user's positions sort: newest first unless an operator asks.
    pub PositionSort, default = desc(Id) {
        Id = "id" => column(position::Column::Id),
        Symbol = "symbol" => column(position::Column::Symbol),
        Side = "side" => column(position::Column::Side),
        Qty = "qty" => decimal_text(position::Column::Qty),
        EntryPrice = "entryPrice" => decimal_text(position::Column::EntryPrice),
        Margin = "margin" => decimal_text(position::Column::Margin),
        Status = "status" => column(position::Column::Status),
        OpenTimeMs = "openTimeMs" => column(position::Column::OpenedAt),
    }
}

/// A user's positions: open ones (`history` false) or closed and
/// liquidated ones, in `sort`'s order, a page at a time.
pub async fn user_positions(
    db: &impl ConnectionTrait,
    user_id: i64,
    history: bool,
    sort: Sort<PositionSort>,
    offset: u64,
    limit: u64,
) -> Result<(Vec<position::Model>, u64), DbErr> {
    let q = position::Entity::find().filter(position::Column::UserId.eq(user_id));
    let q = if history {
        q.filter(position::Column::Status.ne(OPEN))
    } else {
        q.filter(position::Column::Status.eq(OPEN))
    };
    let total = q.clone().count(db).await?;
    let rows = sort
        .apply(q, position::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok((rows, total))
}

onyx_store::sort_keys! {
    /// How a user's orders sort: newest first unless an operator asks. The
    /// keys are the rows' fields that are never null (a null sorts first
    /// on SQLite and last on PostgreSQL). One user's orders are read
    /// through `user_id, status, id` (m0016), so no key needs an index.
    pub OrderSort, default = desc(Id) {
        Id = "id" => column(order::Column::Id),
        Symbol = "symbol" => column(order::Column::Symbol),
        Side = "side" => column(order::Column::Side),
        Kind = "kind" => column(order::Column::Kind),
        Leverage = "leverage" => column(order::Column::Leverage),
        Qty = "qty" => decimal_text(order::Column::Qty),
        Margin = "margin" => decimal_text(order::Column::Margin),
        Fee = "fee" => decimal_text(order::Column::Fee),
        Status = "status" => column(order::Column::Status),
        CreateTimeMs = "createTimeMs" => column(order::Column::CreatedAt),
        UpdateTimeMs = "updateTimeMs" => column(order::Column::UpdatedAt),
    }
}

/// A user's orders, market and limit: waiting ones (`history` false) or
/// filled and cancelled ones, in `sort`'s order, a page at a time.
pub async fn user_orders(
    db: &impl ConnectionTrait,
    user_id: i64,
    history: bool,
    sort: Sort<OrderSort>,
    offset: u64,
    limit: u64,
) -> Result<(Vec<order::Model>, u64), DbErr> {
    let q = order::Entity::find().filter(order::Column::UserId.eq(user_id));
    let q = if history {
        q.filter(order::Column::Status.ne(WAITING))
    } else {
        q.filter(order::Column::Status.eq(WAITING))
    };
    let total = q.clone().count(db).await?;
    let rows = sort
        .apply(q, order::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok((rows, total))
}

/// Every open position on a coin's contracts (the liquidation sweep).
pub async fn open_on(db: &impl ConnectionTrait, coin: &str) -> Result<Vec<position::Model>, DbErr> {
    position::Entity::find()
        .filter(position::Column::Status.eq(OPEN))
        .filter(position::Column::Coin.eq(coin))
        .all(db)
        .await
}

/// Positions changed at or after `since_ms` (opened, added to, closed,
/// margined, funded), whatever their status.
pub async fn changed_since(
    db: &impl ConnectionTrait,
    since_ms: i64,
) -> Result<Vec<position::Model>, DbErr> {
    position::Entity::find()
        .filter(position::Column::UpdatedAt.gte(since_ms))
        .all(db)
        .await
}

pub async fn all_open(db: &impl ConnectionTrait) -> Result<Vec<position::Model>, DbErr> {
    position::Entity::find()
        .filter(position::Column::Status.eq(OPEN))
        .all(db)
        .await
}

pub async fn fills(db: &impl ConnectionTrait, position_id: i64) -> Result<Vec<fill::Model>, DbErr> {
    fill::Entity::find()
        .filter(fill::Column::PositionId.eq(position_id))
        .order_by_asc(fill::Column::Id)
        .all(db)
        .await
}

/// Inserts a fill row with its transaction id still 0; returns its id.
pub async fn insert_fill(
    db: &impl ConnectionTrait,
    row: fill::Model,
) -> Result<fill::Model, DbErr> {
    let mut active = fill::ActiveModel::from(row).reset_all();
    active.id = NotSet;
    active.insert(db).await
}

pub async fn set_fill_tx(
    db: &impl ConnectionTrait,
    row: fill::Model,
    tx_id: i64,
) -> Result<(), DbErr> {
    let mut active = fill::ActiveModel::from(row);
    active.tx_id = Set(tx_id);
    active.update(db).await.map(|_| ())
}

/// Open interest of a contract (long, short), in the coin.
pub async fn interest(
    db: &impl ConnectionTrait,
    contract_id: i64,
) -> Result<(Decimal, Decimal), DbErr> {
    Ok(interest::Entity::find_by_id(contract_id)
        .one(db)
        .await?
        .map(|r| (r.long_qty.get(), r.short_qty.get()))
        .unwrap_or_default())
}

pub async fn set_interest(
    db: &impl ConnectionTrait,
    contract_id: i64,
    long: Decimal,
    short: Decimal,
) -> Result<(), DbErr> {
    interest::Entity::insert(interest::ActiveModel {
        contract_id: Set(contract_id),
        long_qty: Set(DecimalText::from(long.normalize())),
        short_qty: Set(DecimalText::from(short.normalize())),
    })
    .on_conflict(
        OnConflict::column(interest::Column::ContractId)
            .update_columns([interest::Column::LongQty, interest::Column::ShortQty])
            .to_owned(),
    )
    .exec(db)
    .await
    .map(|_| ())
}
