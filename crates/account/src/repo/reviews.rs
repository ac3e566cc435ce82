//! What operators read and decide of accounts: identity submissions to
//! review, and a user's address book.

use crate::entity::kyc_submission::KycStatus;
use crate::entity::{kyc_submission, withdraw_address};
use chrono::{DateTime, Utc};
use onyx_store::sort::Sort;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
};

pub async fn withdraw_addresses(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> Result<Vec<withdraw_address::Model>, DbErr> {
    withdraw_address::Entity::find()
        .filter(withdraw_address::Column::UserId.eq(user_id))
        .order_by_asc(withdraw_address::Column::Id)
        .all(db)
        .await
}

// ---- KYC -----------------------------------------------------------------

/// Every submission of these users, newest first.
pub async fn kyc_for_users(
    db: &impl ConnectionTrait,
    user_ids: &[i64],
) -> Result<Vec<kyc_submission::Model>, DbErr> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    kyc_submission::Entity::find()
        .filter(kyc_submission::Column::UserId.is_in(user_ids.iter().copied()))
        .order_by_desc(kyc_submission::Column::Id)
        .all(db)
        .await
}

onyx_store::sort_keys! {
    /// How the review queue sorts: oldest first (the queue order) unless
    /// asked.
    pub KycSort, default = asc(CreateTime) {
        Id = "id" => column(kyc_submission::Column::Id),
        UserId = "userId" => column(kyc_submission::Column::UserId),
        Tier = "tier" => column(kyc_submission::Column::Tier),
        RealName = "realName" => column(kyc_submission::Column::RealName),
        Country = "country" => column(kyc_submission::Column::Country),
        CreateTime = "createTime" => column(kyc_submission::Column::CreatedAt),
        ReviewedAt = "reviewedAt" => column(kyc_submission::Column::ReviewedAt),
    }
}

/// The review queue: submissions in `status`, in `sort`'s order.
pub async fn kyc_page(
    db: &impl ConnectionTrait,
    status: KycStatus,
    sort: Sort<KycSort>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<kyc_submission::Model>, u64), DbErr> {
    let query = kyc_submission::Entity::find().filter(kyc_submission::Column::Status.eq(status));
    let paginator = sort
        .apply(query, kyc_submission::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}

pub async fn find_kyc(
    db: &impl ConnectionTrait,
    id: i64,
) -> Result<Option<kyc_submission::Model>, DbErr> {
    kyc_submission::Entity::find_by_id(id).one(db).await
}

/// Decides a pending submission. Returns false when it was no longer
/// pending (someone else reviewed it first), so a review never overwrites
/// another.
pub async fn review_kyc(
    db: &impl ConnectionTrait,
    id: i64,
    status: KycStatus,
    reason: &str,
    reviewed_by: Option<i64>,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let done = kyc_submission::Entity::update_many()
        .col_expr(kyc_submission::Column::Status, Expr::value(status))
        .col_expr(kyc_submission::Column::Reason, Expr::value(reason))
        .col_expr(kyc_submission::Column::ReviewedBy, Expr::value(reviewed_by))
        .col_expr(kyc_submission::Column::ReviewedAt, Expr::value(now))
        .filter(kyc_submission::Column::Id.eq(id))
        .filter(kyc_submission::Column::Status.eq(KycStatus::Pending))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}
