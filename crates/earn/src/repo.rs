//! The earn tables' queries.

use crate::entity::{
    earn_accrual as accrual, earn_order as order, earn_product as product, earn_rate as rate,
};
use onyx_store::sort::Sort;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect,
};

pub use crate::entity::earn_order::OrderStatus;
use crate::entity::earn_product::{EarnKind, ProductStatus};

pub const EARNING: OrderStatus = OrderStatus::Earning;
pub const SETTLED: OrderStatus = OrderStatus::Settled;
pub const REDEEMED: OrderStatus = OrderStatus::Redeemed;

pub async fn product(db: &impl ConnectionTrait, id: i64) -> Result<Option<product::Model>, DbErr> {
    product::Entity::find_by_id(id).one(db).await
}

/// Products of `kind` (every kind when None), on only when `only_on`.
pub async fn products(
    db: &impl ConnectionTrait,
    kind: Option<EarnKind>,
    only_on: bool,
) -> Result<Vec<product::Model>, DbErr> {
    let mut q = product::Entity::find();
    if let Some(kind) = kind {
        q = q.filter(product::Column::Kind.eq(kind));
    }
    if only_on {
        q = q.filter(product::Column::Status.eq(ProductStatus::On));
    }
    q.order_by_asc(product::Column::Sort)
        .order_by_asc(product::Column::Id)
        .all(db)
        .await
}

pub async fn rates(db: &impl ConnectionTrait, product_id: i64) -> Result<Vec<rate::Model>, DbErr> {
    rate::Entity::find()
        .filter(rate::Column::ProductId.eq(product_id))
        .order_by_asc(rate::Column::FromDay)
        .all(db)
        .await
}

pub async fn order(db: &impl ConnectionTrait, id: i64) -> Result<Option<order::Model>, DbErr> {
    order::Entity::find_by_id(id).one(db).await
}

/// Purchases `user_id` made of a product (renewals are not purchases).
pub async fn purchases(
    db: &impl ConnectionTrait,
    product_id: i64,
    user_id: i64,
) -> Result<u64, DbErr> {
    order::Entity::find()
        .filter(order::Column::ProductId.eq(product_id))
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::RenewedFrom.is_null())
        .count(db)
        .await
}

/// Earning orders of one product, or (`product_id` None) of one coin.
pub async fn earning(
    db: &impl ConnectionTrait,
    product_id: Option<i64>,
    coin: Option<&str>,
) -> Result<Vec<order::Model>, DbErr> {
    let mut q = order::Entity::find().filter(order::Column::Status.eq(EARNING));
    if let Some(p) = product_id {
        q = q.filter(order::Column::ProductId.eq(p));
    }
    if let Some(c) = coin {
        q = q.filter(order::Column::Coin.eq(c));
    }
    q.all(db).await
}

/// Every earning order (holds, the house's book).
pub async fn all_earning(db: &impl ConnectionTrait) -> Result<Vec<order::Model>, DbErr> {
    earning(db, None, None).await
}

/// One user's earning orders (their holds on the operator's user page).
pub async fn user_earning(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> Result<Vec<order::Model>, DbErr> {
    order::Entity::find()
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::Status.eq(EARNING))
        .all(db)
        .await
}

/// Earning orders with something due on `today`: a day to accrue or a
/// maturity, oldest first.
pub async fn due(
    db: &impl ConnectionTrait,
    today: i64,
    limit: u64,
) -> Result<Vec<order::Model>, DbErr> {
    order::Entity::find()
        .filter(order::Column::Status.eq(EARNING))
        .filter(
            Condition::any()
                .add(order::Column::LastDay.lt(today.saturating_sub(1)))
                .add(order::Column::EndDay.lte(today)),
        )
        .order_by_asc(order::Column::Id)
        .limit(limit)
        .all(db)
        .await
}

/// A user's orders of `kind`, newest first, a page at a time.
pub async fn user_orders(
    db: &impl ConnectionTrait,
    user_id: i64,
    kind: EarnKind,
    offset: u64,
    limit: u64,
) -> Result<(Vec<order::Model>, u64), DbErr> {
    let q = order::Entity::find()
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::Kind.eq(kind));
    let total = q.clone().count(db).await?;
    let rows = q
        .order_by_desc(order::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok((rows, total))
}

onyx_store::sort_keys! {
    /// How a user's orders sort on the operator's user page: newest first
    /// unless asked. One user's orders are few (read through
    /// `user_id, kind, id`), so no key needs an index of its own.
    pub OrderSort, default = desc(Id) {
        Id = "id" => column(order::Column::Id),
        Kind = "kind" => column(order::Column::Kind),
        Coin = "coin" => column(order::Column::Coin),
        Amount = "amount" => decimal_text(order::Column::Amount),
        Days = "days" => column(order::Column::Days),
        Reserved = "reserved" => decimal_text(order::Column::Reserved),
        Accrued = "accrued" => decimal_text(order::Column::Accrued),
        Status = "status" => column(order::Column::Status),
        CreateTimeMs = "createTimeMs" => column(order::Column::CreatedAt),
        // The maturity day orders as the time of its start.
        EndTimeMs = "endTimeMs" => column(order::Column::EndDay),
    }
}

/// A user's orders of `kind` (every kind when None): earning ones
/// (`history` false) or settled and redeemed ones, in `sort`'s order, a
/// page at a time (the operator's user page).
pub async fn user_orders_in(
    db: &impl ConnectionTrait,
    user_id: i64,
    kind: Option<EarnKind>,
    history: bool,
    sort: Sort<OrderSort>,
    offset: u64,
    limit: u64,
) -> Result<(Vec<order::Model>, u64), DbErr> {
    let mut q = order::Entity::find().filter(order::Column::UserId.eq(user_id));
    if let Some(k) = kind {
        q = q.filter(order::Column::Kind.eq(k));
    }
    q = if history {
        q.filter(order::Column::Status.ne(EARNING))
    } else {
        q.filter(order::Column::Status.eq(EARNING))
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

/// Every order of a user of `kind` (the income summaries).
pub async fn user_all(
    db: &impl ConnectionTrait,
    user_id: i64,
    kind: EarnKind,
) -> Result<Vec<order::Model>, DbErr> {
    order::Entity::find()
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::Kind.eq(kind))
        .all(db)
        .await
}

/// A user's accruals of `kind` posted at or after `since_ms`.
pub async fn accruals_since(
    db: &impl ConnectionTrait,
    user_id: i64,
    kind: EarnKind,
    since_ms: i64,
) -> Result<Vec<accrual::Model>, DbErr> {
    accrual::Entity::find()
        .filter(accrual::Column::UserId.eq(user_id))
        .filter(accrual::Column::Kind.eq(kind))
        .filter(accrual::Column::CreatedAt.gte(since_ms))
        .all(db)
        .await
}

/// Accruals of one order, by day.
pub async fn accruals_of(
    db: &impl ConnectionTrait,
    order_id: i64,
) -> Result<Vec<accrual::Model>, DbErr> {
    accrual::Entity::find()
        .filter(accrual::Column::OrderId.eq(order_id))
        .order_by_asc(accrual::Column::Day)
        .all(db)
        .await
}
