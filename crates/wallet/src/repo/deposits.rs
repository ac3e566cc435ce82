//! Deposits: per-user deposit addresses, the claims users file after a
//! transfer (`pending` until an operator `confirmed` or `rejected` it), and
//! the bonus rules paid on confirmation. Balances are not touched here: a
//! confirmation posts through the ledger in the same transaction.

use crate::entity::{deposit, deposit_address, deposit_bonus_rule, deposit_index};
use chrono::{DateTime, Utc};
use onyx_store::sort::Sort;
use onyx_store::DecimalText;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set, SqlErr,
};

pub use crate::entity::deposit::DepositStatus;

// ---- addresses -------------------------------------------------------------

pub async fn find_address(
    db: &impl ConnectionTrait,
    user_id: i64,
    coin: &str,
    network: &str,
) -> Result<Option<deposit_address::Model>, DbErr> {
    deposit_address::Entity::find()
        .filter(deposit_address::Column::UserId.eq(user_id))
        .filter(deposit_address::Column::Coin.eq(coin))
        .filter(deposit_address::Column::Network.eq(network))
        .one(db)
        .await
}

/// Attempts at taking the next free index before giving up (each lost
/// race means another user took it in between).
const INDEX_ATTEMPTS: usize = 8;

/// The user's derivation index: the one they have, or the next free one,
/// taken under the unique indexes of `deposit_indexes` (no gate: a
/// request that loses a race reads what won, or tries the next index).
pub async fn derivation_index_for(
    db: &impl ConnectionTrait,
    user_id: i64,
    now: DateTime<Utc>,
) -> Result<i64, DbErr> {
    for _ in 0..INDEX_ATTEMPTS {
        if let Some(row) = deposit_index::Entity::find_by_id(user_id).one(db).await? {
            return Ok(row.derivation_index);
        }
        let highest: Option<Option<i64>> = deposit_index::Entity::find()
            .select_only()
            .column_as(deposit_index::Column::DerivationIndex.max(), "highest")
            .into_tuple()
            .one(db)
            .await?;
        let next = highest.flatten().map_or(0, |h| h.saturating_add(1));
        let taken = deposit_index::ActiveModel {
            user_id: Set(user_id),
            derivation_index: Set(next),
            created_at: Set(now),
        }
        .insert(db)
        .await;
        match taken {
            Ok(row) => return Ok(row.derivation_index),
            Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(DbErr::Custom(format!(
        "no free derivation index for user {user_id} after {INDEX_ATTEMPTS} attempts"
    )))
}

pub struct NewAddress<'a> {
    pub user_id: i64,
    pub coin: &'a str,
    pub network: &'a str,
    pub address: &'a str,
    pub derivation_index: Option<i64>,
    pub shared: bool,
    pub now: DateTime<Utc>,
}

pub async fn create_address(
    db: &impl ConnectionTrait,
    a: NewAddress<'_>,
) -> Result<deposit_address::Model, DbErr> {
    deposit_address::ActiveModel {
        user_id: Set(a.user_id),
        coin: Set(a.coin.to_string()),
        network: Set(a.network.to_string()),
        address: Set(a.address.to_string()),
        derivation_index: Set(a.derivation_index),
        shared: Set(a.shared),
        created_at: Set(a.now),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// Rewrites a stored address (the operator replaced the network's key: the
/// index stays, the address follows the new key).
pub async fn set_address(db: &impl ConnectionTrait, id: i64, address: &str) -> Result<(), DbErr> {
    deposit_address::Entity::update_many()
        .col_expr(deposit_address::Column::Address, Expr::value(address))
        .filter(deposit_address::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

// ---- claims ----------------------------------------------------------------

pub struct NewDeposit<'a> {
    pub user_id: i64,
    pub coin: &'a str,
    pub network: &'a str,
    pub address: &'a str,
    pub amount: DecimalText,
    pub tx_hash: &'a str,
    pub screenshot: Option<&'a str>,
    pub now: DateTime<Utc>,
}

pub async fn create(db: &impl ConnectionTrait, d: NewDeposit<'_>) -> Result<deposit::Model, DbErr> {
    deposit::ActiveModel {
        user_id: Set(d.user_id),
        coin: Set(d.coin.to_string()),
        network: Set(d.network.to_string()),
        address: Set(d.address.to_string()),
        amount: Set(d.amount),
        tx_hash: Set(d.tx_hash.to_string()),
        screenshot: Set(d.screenshot.map(str::to_string)),
        status: Set(DepositStatus::Pending),
        bonus: Set(None),
        reason: Set(None),
        reviewed_by: Set(None),
        ledger_tx_id: Set(None),
        created_at: Set(d.now),
        reviewed_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await
}

pub async fn find(db: &impl ConnectionTrait, id: i64) -> Result<Option<deposit::Model>, DbErr> {
    deposit::Entity::find_by_id(id).one(db).await
}

/// Every claim of this transaction hash, on any network; the caller decides
/// which networks share a chain.
pub async fn with_tx_hash(
    db: &impl ConnectionTrait,
    tx_hash: &str,
) -> Result<Vec<deposit::Model>, DbErr> {
    with_tx_hashes(db, &[tx_hash.to_string()]).await
}

/// Every claim of any of these hashes (one page of a list), oldest first.
pub async fn with_tx_hashes(
    db: &impl ConnectionTrait,
    tx_hashes: &[String],
) -> Result<Vec<deposit::Model>, DbErr> {
    if tx_hashes.is_empty() {
        return Ok(Vec::new());
    }
    deposit::Entity::find()
        .filter(deposit::Column::TxHash.is_in(tx_hashes.iter().cloned()))
        .order_by_asc(deposit::Column::Id)
        .all(db)
        .await
}

/// How many of the user's claims wait for review.
pub async fn pending_count(db: &impl ConnectionTrait, user_id: i64) -> Result<u64, DbErr> {
    deposit::Entity::find()
        .filter(deposit::Column::UserId.eq(user_id))
        .filter(deposit::Column::Status.eq(DepositStatus::Pending))
        .count(db)
        .await
}

/// True when some claim shows this screenshot (its stored reference).
pub async fn shows_screenshot(db: &impl ConnectionTrait, reference: &str) -> Result<bool, DbErr> {
    let n = deposit::Entity::find()
        .filter(deposit::Column::Screenshot.eq(reference))
        .count(db)
        .await?;
    Ok(n > 0)
}

/// One user's claims, newest first.
pub async fn user_page(
    db: &impl ConnectionTrait,
    user_id: i64,
    coin: Option<&str>,
    status: Option<DepositStatus>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<deposit::Model>, u64), DbErr> {
    let mut query = deposit::Entity::find().filter(deposit::Column::UserId.eq(user_id));
    if let Some(coin) = coin {
        query = query.filter(deposit::Column::Coin.eq(coin));
    }
    if let Some(status) = status {
        query = query.filter(deposit::Column::Status.eq(status));
    }
    let paginator = query
        .order_by_desc(deposit::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}

onyx_store::sort_keys! {
    /// How the claims queue sorts. Its own order depends on the status
    /// (`queue_order`).
    pub DepositSort, default = asc(Id) {
        Id = "id" => column(deposit::Column::Id),
        UserId = "userId" => column(deposit::Column::UserId),
        Coin = "coin" => column(deposit::Column::Coin),
        Amount = "amount" => decimal_text(deposit::Column::Amount),
        CreateTime = "createTime" => column(deposit::Column::CreatedAt),
        ReviewTime = "reviewTime" => column(deposit::Column::ReviewedAt),
    }
}

/// Pending claims oldest first (the queue), decided ones newest first.
pub fn queue_order(status: DepositStatus) -> Sort<DepositSort> {
    if status == DepositStatus::Pending {
        Sort::asc(DepositSort::Id)
    } else {
        Sort::desc(DepositSort::Id)
    }
}

/// The operators' view: claims in one status, optionally of one user,
/// in `sort`'s order (`queue_order` unless the operator asks another).
pub async fn review_page(
    db: &impl ConnectionTrait,
    status: DepositStatus,
    user_id: Option<i64>,
    sort: Sort<DepositSort>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<deposit::Model>, u64), DbErr> {
    let mut query = deposit::Entity::find().filter(deposit::Column::Status.eq(status));
    if let Some(user_id) = user_id {
        query = query.filter(deposit::Column::UserId.eq(user_id));
    }
    let paginator = sort
        .apply(query, deposit::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}

/// Confirmed claims of one user that paid a bonus, newest first.
pub async fn bonus_page(
    db: &impl ConnectionTrait,
    user_id: i64,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<deposit::Model>, u64), DbErr> {
    let paginator = deposit::Entity::find()
        .filter(deposit::Column::UserId.eq(user_id))
        .filter(deposit::Column::Status.eq(DepositStatus::Confirmed))
        .filter(deposit::Column::Bonus.is_not_null())
        .order_by_desc(deposit::Column::ReviewedAt)
        .order_by_desc(deposit::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}

/// The outcome of a review.
pub struct Review<'a> {
    pub status: DepositStatus,
    pub reviewed_by: i64,
    /// Shown to the user (a rejection's reason); `None` on confirmation,
    /// whose note stays in the audit trail.
    pub reason: Option<&'a str>,
    pub bonus: Option<DecimalText>,
    pub ledger_tx_id: Option<i64>,
    pub now: DateTime<Utc>,
}

/// Decides a pending claim. Returns false when it was no longer pending,
/// so a review never overwrites another. Confirming a claim whose hash
/// another claim of the same network already credited fails on the
/// `ux_deposits_credited_network_tx_hash` index.
pub async fn review(db: &impl ConnectionTrait, id: i64, r: Review<'_>) -> Result<bool, DbErr> {
    let done = deposit::Entity::update_many()
        .col_expr(deposit::Column::Status, Expr::value(r.status))
        .col_expr(deposit::Column::ReviewedBy, Expr::value(r.reviewed_by))
        .col_expr(deposit::Column::Reason, Expr::value(r.reason))
        .col_expr(deposit::Column::Bonus, Expr::value(r.bonus))
        .col_expr(deposit::Column::LedgerTxId, Expr::value(r.ledger_tx_id))
        .col_expr(deposit::Column::ReviewedAt, Expr::value(r.now))
        .filter(deposit::Column::Id.eq(id))
        .filter(deposit::Column::Status.eq(DepositStatus::Pending))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

// ---- bonus rules -----------------------------------------------------------

pub async fn rules(db: &impl ConnectionTrait) -> Result<Vec<deposit_bonus_rule::Model>, DbErr> {
    deposit_bonus_rule::Entity::find()
        .order_by_asc(deposit_bonus_rule::Column::Coin)
        .order_by_asc(deposit_bonus_rule::Column::Id)
        .all(db)
        .await
}

/// Enabled rules, all coins or one.
pub async fn enabled_rules(
    db: &impl ConnectionTrait,
    coin: Option<&str>,
) -> Result<Vec<deposit_bonus_rule::Model>, DbErr> {
    let mut query =
        deposit_bonus_rule::Entity::find().filter(deposit_bonus_rule::Column::Enabled.eq(true));
    if let Some(coin) = coin {
        query = query.filter(deposit_bonus_rule::Column::Coin.eq(coin));
    }
    query
        .order_by_asc(deposit_bonus_rule::Column::Coin)
        .order_by_asc(deposit_bonus_rule::Column::Id)
        .all(db)
        .await
}

pub async fn find_rule(
    db: &impl ConnectionTrait,
    id: i64,
) -> Result<Option<deposit_bonus_rule::Model>, DbErr> {
    deposit_bonus_rule::Entity::find_by_id(id).one(db).await
}

pub struct RuleFields<'a> {
    pub coin: &'a str,
    pub min_amount: DecimalText,
    pub ratio: DecimalText,
    pub max_bonus: DecimalText,
    pub enabled: bool,
}

pub async fn create_rule(
    db: &impl ConnectionTrait,
    f: RuleFields<'_>,
    now: DateTime<Utc>,
) -> Result<deposit_bonus_rule::Model, DbErr> {
    deposit_bonus_rule::ActiveModel {
        coin: Set(f.coin.to_string()),
        min_amount: Set(f.min_amount),
        ratio: Set(f.ratio),
        max_bonus: Set(f.max_bonus),
        enabled: Set(f.enabled),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

pub async fn update_rule(
    db: &impl ConnectionTrait,
    id: i64,
    f: RuleFields<'_>,
) -> Result<deposit_bonus_rule::Model, DbErr> {
    deposit_bonus_rule::ActiveModel {
        id: Set(id),
        coin: Set(f.coin.to_string()),
        min_amount: Set(f.min_amount),
        ratio: Set(f.ratio),
        max_bonus: Set(f.max_bonus),
        enabled: Set(f.enabled),
        ..Default::default()
    }
    .update(db)
    .await
}
