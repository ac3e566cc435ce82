//! Withdrawal requests. A row is `pending` from submit (its amount frozen in
//! the same ledger transaction) until an operator `approved` or `rejected`
//! it. Amounts are decimal text, like every amount in the store.

use crate::entity::withdrawal;
use chrono::{DateTime, Utc};
use onyx_store::sort::Sort;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};

pub use crate::entity::withdrawal::WithdrawalStatus;

pub struct NewWithdrawal<'a> {
    pub user_id: i64,
    pub coin: &'a str,
    pub channel: &'a str,
    pub network: &'a str,
    pub address: &'a str,
    pub amount: DecimalText,
    pub fee: DecimalText,
    pub net_amount: DecimalText,
    pub separate_fee: Option<(&'a str, DecimalText)>,
    pub amount_usdt: DecimalText,
    pub now: DateTime<Utc>,
}

pub async fn insert(
    db: &impl ConnectionTrait,
    w: NewWithdrawal<'_>,
) -> Result<withdrawal::Model, DbErr> {
    withdrawal::ActiveModel {
        user_id: Set(w.user_id),
        coin: Set(w.coin.to_string()),
        channel: Set(w.channel.to_string()),
        network: Set(w.network.to_string()),
        address: Set(w.address.to_string()),
        amount: Set(w.amount),
        fee: Set(w.fee),
        net_amount: Set(w.net_amount),
        separate_fee_coin: Set(w.separate_fee.map(|(coin, _)| coin.to_string())),
        separate_fee: Set(w.separate_fee.map(|(_, amount)| amount)),
        amount_usdt: Set(w.amount_usdt),
        status: Set(WithdrawalStatus::Pending),
        tx_hash: Set(None),
        reason: Set(None),
        reviewed_by: Set(None),
        created_at: Set(w.now),
        reviewed_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// One page of a user's withdrawals (optionally in one status), newest
/// first, and the total.
pub async fn page_for_user(
    db: &impl ConnectionTrait,
    user_id: i64,
    status: Option<WithdrawalStatus>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<withdrawal::Model>, u64), DbErr> {
    let mut query = withdrawal::Entity::find().filter(withdrawal::Column::UserId.eq(user_id));
    if let Some(status) = status {
        query = query.filter(withdrawal::Column::Status.eq(status));
    }
    let paginator = query
        .order_by_desc(withdrawal::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}

onyx_store::sort_keys! {
    /// How the withdrawals queue sorts: oldest first (the queue order)
    /// unless asked.
    pub WithdrawalSort, default = asc(Id) {
        Id = "id" => column(withdrawal::Column::Id),
        UserId = "userId" => column(withdrawal::Column::UserId),
        Coin = "coin" => column(withdrawal::Column::Coin),
        Amount = "amount" => decimal_text(withdrawal::Column::Amount),
        CreateTime = "createTime" => column(withdrawal::Column::CreatedAt),
        ReviewTime = "reviewTime" => column(withdrawal::Column::ReviewedAt),
    }
}

/// The review queue: withdrawals in `status` (of one user, if given),
/// in `sort`'s order (by default oldest first, so the longest-waiting
/// request is reviewed first).
pub async fn page_by_status(
    db: &impl ConnectionTrait,
    status: WithdrawalStatus,
    user_id: Option<i64>,
    sort: Sort<WithdrawalSort>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<withdrawal::Model>, u64), DbErr> {
    let mut query = withdrawal::Entity::find().filter(withdrawal::Column::Status.eq(status));
    if let Some(user_id) = user_id {
        query = query.filter(withdrawal::Column::UserId.eq(user_id));
    }
    let paginator = sort
        .apply(query, withdrawal::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}

/// What a user withdrew in a time range: the count, the USDT value (as
/// valued at submit) of every request that was not rejected (pending ones
/// count: their money is already on its way out), and the same split into
/// BTC withdrawals (their own amount) and the USDT value of the rest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DaySummary {
    pub count: u64,
    pub usdt: Decimal,
    /// Amounts of BTC withdrawals, in BTC.
    pub btc_amount: Decimal,
    /// USDT values of every withdrawal of another coin.
    pub other_usdt: Decimal,
}

/// The user's withdrawals created in `[from, to)`, rejected ones left out.
/// Summed here rather than in SQL because amounts are decimal text.
pub async fn day_summary(
    db: &impl ConnectionTrait,
    user_id: i64,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<DaySummary, DbErr> {
    let rows: Vec<(String, DecimalText, DecimalText)> = withdrawal::Entity::find()
        .select_only()
        .column(withdrawal::Column::Coin)
        .column(withdrawal::Column::Amount)
        .column(withdrawal::Column::AmountUsdt)
        .filter(withdrawal::Column::UserId.eq(user_id))
        .filter(withdrawal::Column::CreatedAt.gte(from))
        .filter(withdrawal::Column::CreatedAt.lt(to))
        .filter(withdrawal::Column::Status.ne(WithdrawalStatus::Rejected))
        .into_tuple()
        .all(db)
        .await?;
    let add = |sum: Decimal, value: Decimal| {
        sum.checked_add(value)
            .ok_or_else(|| DbErr::Custom("withdrawal total out of range".into()))
    };
    let mut summary = DaySummary::default();
    for (coin, amount, usdt) in rows {
        let usdt = usdt.get();
        summary.count = summary.count.saturating_add(1);
        summary.usdt = add(summary.usdt, usdt)?;
        if coin.eq_ignore_ascii_case("BTC") {
            summary.btc_amount = add(summary.btc_amount, amount.get())?;
        } else {
            summary.other_usdt = add(summary.other_usdt, usdt)?;
        }
    }
    Ok(summary)
}

pub async fn find(db: &impl ConnectionTrait, id: i64) -> Result<Option<withdrawal::Model>, DbErr> {
    withdrawal::Entity::find_by_id(id).one(db).await
}

/// The withdrawal if it exists and belongs to `user_id`.
pub async fn find_for_user(
    db: &impl ConnectionTrait,
    user_id: i64,
    id: i64,
) -> Result<Option<withdrawal::Model>, DbErr> {
    withdrawal::Entity::find_by_id(id)
        .filter(withdrawal::Column::UserId.eq(user_id))
        .one(db)
        .await
}

/// The user's newest withdrawal.
pub async fn latest_for_user(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> Result<Option<withdrawal::Model>, DbErr> {
    withdrawal::Entity::find()
        .filter(withdrawal::Column::UserId.eq(user_id))
        .order_by_desc(withdrawal::Column::Id)
        .one(db)
        .await
}

/// The outcome of a review.
pub struct Review<'a> {
    pub status: WithdrawalStatus,
    pub tx_hash: Option<&'a str>,
    pub reason: &'a str,
    pub reviewed_by: i64,
    pub now: DateTime<Utc>,
}

/// Decides a pending withdrawal. Returns false when it was no longer
/// pending, so a review never overwrites another.
pub async fn review(db: &impl ConnectionTrait, id: i64, r: Review<'_>) -> Result<bool, DbErr> {
    let done = withdrawal::Entity::update_many()
        .col_expr(withdrawal::Column::Status, Expr::value(r.status))
        .col_expr(
            withdrawal::Column::TxHash,
            Expr::value(r.tx_hash.map(str::to_string)),
        )
        .col_expr(withdrawal::Column::Reason, Expr::value(r.reason))
        .col_expr(withdrawal::Column::ReviewedBy, Expr::value(r.reviewed_by))
        .col_expr(withdrawal::Column::ReviewedAt, Expr::value(r.now))
        .filter(withdrawal::Column::Id.eq(id))
        .filter(withdrawal::Column::Status.eq(WithdrawalStatus::Pending))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}
