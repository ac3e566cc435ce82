//! Which audit entries are about one user. Operators record a change to
//! the user's account against `user:<id>` (freeze, unfreeze, a message),
//! but a review against the thing reviewed (`kyc:<id>`, `deposit:<id>`,
//! `withdrawal:<id>`); the user's page asks for all of these at once.

use onyx_account::api::kyc::kyc_submission::{self, KycStatus};
use onyx_kernel::Outcome;
use onyx_wallet::api::deposits::deposit::{self, DepositStatus};
use onyx_wallet::api::withdrawal::{self, WithdrawalStatus};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

/// Reviews of each kind looked at: the user's newest. Older ones stay
/// reachable in the audit log by their own target; the bound keeps the
/// query's list of targets small whatever the user's history.
pub const REVIEWS_PER_KIND_MAX: u64 = 300;

/// `user:<id>`, then the targets of the user's reviewed verifications,
/// deposit claims and withdrawals (pending ones have no entry yet).
pub async fn targets(db: &impl ConnectionTrait, user_id: i64) -> Outcome<Vec<String>> {
    let kyc: Vec<i64> = kyc_submission::Entity::find()
        .select_only()
        .column(kyc_submission::Column::Id)
        .filter(kyc_submission::Column::UserId.eq(user_id))
        .filter(kyc_submission::Column::Status.ne(KycStatus::Pending))
        .order_by_desc(kyc_submission::Column::Id)
        .limit(REVIEWS_PER_KIND_MAX)
        .into_tuple()
        .all(db)
        .await?;
    let deposits: Vec<i64> = deposit::Entity::find()
        .select_only()
        .column(deposit::Column::Id)
        .filter(deposit::Column::UserId.eq(user_id))
        .filter(deposit::Column::Status.ne(DepositStatus::Pending))
        .order_by_desc(deposit::Column::Id)
        .limit(REVIEWS_PER_KIND_MAX)
        .into_tuple()
        .all(db)
        .await?;
    let withdrawals: Vec<i64> = withdrawal::Entity::find()
        .select_only()
        .column(withdrawal::Column::Id)
        .filter(withdrawal::Column::UserId.eq(user_id))
        .filter(withdrawal::Column::Status.ne(WithdrawalStatus::Pending))
        .order_by_desc(withdrawal::Column::Id)
        .limit(REVIEWS_PER_KIND_MAX)
        .into_tuple()
        .all(db)
        .await?;
    let mut out = Vec::with_capacity(
        1usize
            .saturating_add(kyc.len())
            .saturating_add(deposits.len())
            .saturating_add(withdrawals.len()),
    );
    out.push(format!("user:{user_id}"));
    out.extend(kyc.iter().map(|id| format!("kyc:{id}")));
    out.extend(deposits.iter().map(|id| format!("deposit:{id}")));
    out.extend(withdrawals.iter().map(|id| format!("withdrawal:{id}")));
    Ok(out)
}
