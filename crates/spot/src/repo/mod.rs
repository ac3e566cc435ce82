//! Spot orders, trades and market-maker settings. Orders and trades are
//! written only by the pair tasks of the spot service, inside the ledger
//! transaction that moves their money; everything else reads.

use crate::entity::{spot_maker_setting, spot_order, spot_trade};
use onyx_store::sort::Sort;
use sea_orm::sea_query::Condition;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};

pub use crate::entity::spot_order::{OrderSide, OrderStatus};

pub async fn find_order(
    db: &impl ConnectionTrait,
    id: i64,
) -> Result<Option<spot_order::Model>, DbErr> {
    spot_order::Entity::find_by_id(id).one(db).await
}

/// The order if it exists and belongs to `user_id`.
pub async fn find_for_user(
    db: &impl ConnectionTrait,
    user_id: i64,
    id: i64,
) -> Result<Option<spot_order::Model>, DbErr> {
    spot_order::Entity::find_by_id(id)
        .filter(spot_order::Column::UserId.eq(user_id))
        .one(db)
        .await
}

/// Every open or partial order of a pair, oldest first: the book's time
/// priority, as recovery rebuilds it.
pub async fn open_orders(
    db: &impl ConnectionTrait,
    symbol: &str,
) -> Result<Vec<spot_order::Model>, DbErr> {
    spot_order::Entity::find()
        .filter(spot_order::Column::Symbol.eq(symbol))
        .filter(spot_order::Column::Status.is_in(OrderStatus::OPEN))
        .order_by_asc(spot_order::Column::Id)
        .all(db)
        .await
}

/// One user's open orders on one pair, oldest first.
pub async fn open_orders_of_user(
    db: &impl ConnectionTrait,
    user_id: i64,
    symbol: &str,
) -> Result<Vec<spot_order::Model>, DbErr> {
    spot_order::Entity::find()
        .filter(spot_order::Column::UserId.eq(user_id))
        .filter(spot_order::Column::Symbol.eq(symbol))
        .filter(spot_order::Column::Status.is_in(OrderStatus::OPEN))
        .order_by_asc(spot_order::Column::Id)
        .all(db)
        .await
}

#[derive(Clone, Debug, Default)]
pub struct OrderFilter {
    pub symbol: Option<String>,
    pub side: Option<OrderSide>,
    /// Any of these statuses; all when empty.
    pub statuses: Vec<OrderStatus>,
}

onyx_store::sort_keys! {
    /// How a user's orders sort: newest first unless an operator asks
    /// (by pair and by time each have an index with the user, m0026).
    pub OrderSort, default = desc(Id) {
        Id = "id" => column(spot_order::Column::Id),
        Symbol = "symbol" => column(spot_order::Column::Symbol),
        Side = "side" => column(spot_order::Column::Side),
        Price = "price" => decimal_text(spot_order::Column::Price),
        Qty = "qty" => decimal_text(spot_order::Column::Qty),
        Status = "status" => column(spot_order::Column::Status),
        CreateTime = "createTime" => column(spot_order::Column::CreatedAt),
    }
}

/// One page of a user's orders in `sort`'s order, and the total.
pub async fn page_for_user(
    db: &impl ConnectionTrait,
    user_id: i64,
    filter: &OrderFilter,
    sort: Sort<OrderSort>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<spot_order::Model>, u64), DbErr> {
    let mut query = spot_order::Entity::find().filter(spot_order::Column::UserId.eq(user_id));
    if let Some(symbol) = &filter.symbol {
        query = query.filter(spot_order::Column::Symbol.eq(symbol.as_str()));
    }
    if let Some(side) = &filter.side {
        query = query.filter(spot_order::Column::Side.eq(*side));
    }
    if !filter.statuses.is_empty() {
        query = query.filter(spot_order::Column::Status.is_in(filter.statuses.iter().copied()));
    }
    let paginator = sort
        .apply(query, spot_order::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}

/// One page of the trades a user took part in (either side), newest first.
pub async fn trades_for_user(
    db: &impl ConnectionTrait,
    user_id: i64,
    symbol: Option<&str>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<spot_trade::Model>, u64), DbErr> {
    let mut query = spot_trade::Entity::find().filter(
        Condition::any()
            .add(spot_trade::Column::MakerUserId.eq(user_id))
            .add(spot_trade::Column::TakerUserId.eq(user_id)),
    );
    if let Some(symbol) = symbol {
        query = query.filter(spot_trade::Column::Symbol.eq(symbol));
    }
    let paginator = query
        .order_by_desc(spot_trade::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}

/// Every trade of one order, oldest first.
pub async fn trades_of_order(
    db: &impl ConnectionTrait,
    order_id: i64,
) -> Result<Vec<spot_trade::Model>, DbErr> {
    spot_trade::Entity::find()
        .filter(
            Condition::any()
                .add(spot_trade::Column::MakerOrderId.eq(order_id))
                .add(spot_trade::Column::TakerOrderId.eq(order_id)),
        )
        .order_by_asc(spot_trade::Column::Id)
        .all(db)
        .await
}

/// The pair's latest `limit` trades, newest first (the public tape); with
/// `before`, those older than that trade id (the next page).
pub async fn recent_trades(
    db: &impl ConnectionTrait,
    symbol: &str,
    before: Option<i64>,
    limit: u64,
) -> Result<Vec<spot_trade::Model>, DbErr> {
    use sea_orm::QuerySelect;
    let mut query = spot_trade::Entity::find().filter(spot_trade::Column::Symbol.eq(symbol));
    if let Some(before) = before {
        query = query.filter(spot_trade::Column::Id.lt(before));
    }
    query
        .order_by_desc(spot_trade::Column::Id)
        .limit(limit)
        .all(db)
        .await
}

/// The maker's settings for every pair that has a row.
pub async fn maker_settings(
    db: &impl ConnectionTrait,
) -> Result<Vec<spot_maker_setting::Model>, DbErr> {
    spot_maker_setting::Entity::find()
        .order_by_asc(spot_maker_setting::Column::Id)
        .all(db)
        .await
}

/// Writes one pair's maker settings (inserting the row if missing).
pub async fn put_maker_setting(
    db: &impl ConnectionTrait,
    row: spot_maker_setting::Model,
) -> Result<spot_maker_setting::Model, DbErr> {
    let existing = spot_maker_setting::Entity::find()
        .filter(spot_maker_setting::Column::Symbol.eq(row.symbol.as_str()))
        .one(db)
        .await?;
    let mut active = spot_maker_setting::ActiveModel {
        symbol: Set(row.symbol),
        enabled: Set(row.enabled),
        levels: Set(row.levels),
        spread_bps: Set(row.spread_bps),
        step_bps: Set(row.step_bps),
        size: Set(row.size),
        size_growth_bps: Set(row.size_growth_bps),
        step_growth_bps: Set(row.step_growth_bps),
        ..Default::default()
    };
    match existing {
        Some(e) => {
            active.id = Set(e.id);
            active.update(db).await
        }
        None => active.insert(db).await,
    }
}
