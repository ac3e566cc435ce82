//! Fees per product, per UTC day and all-time, folded from the ledger's
//! fee postings into `fee_totals`, so the dashboard reads a handful of rows
//! instead of summing every fee ever taken (amounts are decimal text: SQL
//! cannot sum them exactly).
//!
//! Each fee kind is followed by its own cursor in `job_cursors`
//! (`dashboard_fees:<kind>`, the last posting id folded) through the index
//! on `ledger_postings (kind, id)`. Ledger transactions are serialised by
//! the ledger gate, so posting ids are committed in order and a cursor
//! never passes a posting that commits later. A fold moves every cursor
//! with a compare-and-set in the transaction that adds its totals, so two
//! callers folding at once add each posting once: the second finds the
//! cursors moved and starts over from them.
//!
//! What counts: every fee a user paid (trade fees of spot, futures,
//! options and second contracts, told apart by the posting's reference;
//! withdrawal and flash-exchange fees; earn's early-redemption penalties),
//! less fees given back (an option's fee returned on a void). Referral
//! rebates paid out of the fees account and copy-trading profit shares
//! are not fees and are not subtracted.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

use onyx_kernel::ledger::{PostingKind, PostingRef};
use onyx_kernel::{Failure, Outcome};
use onyx_rewards::api::rebates::job_cursor;
use onyx_store::entity::ledger_posting;
use onyx_store::{Db, DecimalText};
use rust_decimal::Decimal;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, NotSet, QueryFilter, QueryOrder,
    QuerySelect, Set, TransactionTrait,
};
use std::collections::{BTreeMap, HashMap};
use std::ops::Neg;

/// The kinds folded: what users pay the platform as a fee.
pub const FEE_KINDS: [PostingKind; 4] = [
    PostingKind::TradeFee,
    PostingKind::WithdrawalFee,
    PostingKind::ExchangeFee,
    PostingKind::RedemptionFee,
];

/// `day_ms` of the all-time rows.
pub const ALL_TIME: i64 = -1;

pub const DAY_MS: i64 = 86_400_000;

/// Postings of one kind read per fold.
pub const PAGE: u64 = 5_000;

/// Folds one dashboard call may run before it answers with what is
/// folded so far (the first call on a large ledger catches up over a few).
pub const FOLDS_PER_CALL: usize = 20;

/// The products fees are shown for, in the dashboard's order.
pub const PRODUCTS: [&str; 7] = [
    "spot",
    "futures",
    "secondContracts",
    "options",
    "earn",
    "withdrawals",
    "exchange",
];

pub mod entity {
    use onyx_store::DecimalText;
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "fee_totals")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        /// UTC day start in ms, or `ALL_TIME`.
        pub day_ms: i64,
        pub product: String,
        pub asset: String,
        pub amount: DecimalText,
        pub updated_at: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

fn job(kind: PostingKind) -> String {
    format!("dashboard_fees:{}", kind.as_str())
}

/// The UTC day `ms` falls in, as its start in ms.
pub fn day_start(ms: i64) -> i64 {
    ms.checked_rem_euclid(DAY_MS)
        .and_then(|r| ms.checked_sub(r))
        .unwrap_or(ms)
}

/// The product a fee posting belongs to.
pub fn product_of(kind: PostingKind, reference: &str) -> &'static str {
    match kind {
        PostingKind::WithdrawalFee => "withdrawals",
        PostingKind::ExchangeFee => "exchange",
        PostingKind::RedemptionFee => "earn",
        _ => match PostingRef::from(reference) {
            PostingRef::SpotOrder(_) | PostingRef::SpotTrade(_) | PostingRef::SpotMaker(_) => {
                "spot"
            }
            PostingRef::FuturesFill(_) | PostingRef::FuturesOrder(_) => "futures",
            PostingRef::OptionOrder(_) => "options",
            PostingRef::SecondContract(_) => "secondContracts",
            PostingRef::EarnOrder(_) => "earn",
            PostingRef::Exchange(_) => "exchange",
            PostingRef::Withdrawal(_) => "withdrawals",
            _ => "other",
        },
    }
}

/// What a fee posting adds to the platform's fees: its amount when a user
/// pays it, less when it goes back to a user, nothing between two system
/// accounts or two users.
pub fn signed(from_user: bool, to_user: bool, amount: Decimal) -> Decimal {
    match (from_user, to_user) {
        (true, false) => amount,
        (false, true) => amount.neg(),
        _ => Decimal::ZERO,
    }
}

type Key = (i64, &'static str, String);

/// Adds one page of postings to `deltas` (per day and all-time).
fn fold(
    deltas: &mut BTreeMap<Key, Decimal>,
    kind: PostingKind,
    rows: &[ledger_posting::Model],
) -> Outcome<()> {
    let overflow = || Failure::internal("fee totals out of range");
    for p in rows {
        let amount = signed(
            p.from_user_id.is_some(),
            p.to_user_id.is_some(),
            p.amount.get(),
        );
        if amount.is_zero() {
            continue;
        }
        let product = product_of(kind, &p.reference);
        let day = day_start(p.created_at.timestamp_millis());
        for d in [day, ALL_TIME] {
            let e = deltas.entry((d, product, p.asset.clone())).or_default();
            *e = e.checked_add(amount).ok_or_else(overflow)?;
        }
    }
    Ok(())
}

async fn ensure_cursors(db: &Db, now_ms: i64) -> Outcome<()> {
    for kind in FEE_KINDS {
        job_cursor::Entity::insert(job_cursor::ActiveModel {
            job: Set(job(kind)),
            position: Set(0),
            updated_at: Set(now_ms),
        })
        .on_conflict(
            OnConflict::column(job_cursor::Column::Job)
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    }
    Ok(())
}

async fn positions(db: &impl ConnectionTrait) -> Outcome<HashMap<String, i64>> {
    let jobs: Vec<String> = FEE_KINDS.iter().map(|k| job(*k)).collect();
    Ok(job_cursor::Entity::find()
        .filter(job_cursor::Column::Job.is_in(jobs))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.job, c.position))
        .collect())
}

/// Folds what the ledger holds beyond the cursors. `Ok(true)` when the
/// totals are up to date; `Ok(false)` when more remains after
/// `FOLDS_PER_CALL` folds.
pub async fn catch_up(db: &Db, now_ms: i64) -> Outcome<bool> {
    ensure_cursors(db, now_ms).await?;
    for _ in 0..FOLDS_PER_CALL {
        let before = positions(db).await?;
        let mut deltas: BTreeMap<Key, Decimal> = BTreeMap::new();
        let mut moves: Vec<(String, i64, i64)> = Vec::new();
        let mut more = false;
        for kind in FEE_KINDS {
            let name = job(kind);
            let from = before.get(&name).copied().unwrap_or(0);
            let rows = ledger_posting::Entity::find()
                .filter(ledger_posting::Column::Kind.eq(kind.as_str()))
                .filter(ledger_posting::Column::Id.gt(from))
                .order_by_asc(ledger_posting::Column::Id)
                .limit(PAGE)
                .all(db)
                .await?;
            more = more || rows.len() as u64 >= PAGE;
            let to = rows.last().map_or(from, |p| p.id);
            fold(&mut deltas, kind, &rows)?;
            moves.push((name, from, to));
        }
        if moves.iter().all(|(_, from, to)| from == to) {
            return Ok(true);
        }
        if write(db, &moves, &deltas, now_ms).await? && !more {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Moves every cursor (compare-and-set) and adds the deltas, in one
/// transaction. `Ok(false)` when another caller moved a cursor first:
/// nothing was written.
async fn write(
    db: &Db,
    moves: &[(String, i64, i64)],
    deltas: &BTreeMap<Key, Decimal>,
    now_ms: i64,
) -> Outcome<bool> {
    let txn = db.begin().await?;
    // Writes first: on SQLite the transaction takes the write lock here,
    // before it reads anything, so it cannot hold a stale snapshot.
    for (name, from, to) in moves {
        let moved = job_cursor::Entity::update_many()
            .col_expr(job_cursor::Column::Position, Expr::value(*to))
            .col_expr(job_cursor::Column::UpdatedAt, Expr::value(now_ms))
            .filter(job_cursor::Column::Job.eq(name.as_str()))
            .filter(job_cursor::Column::Position.eq(*from))
            .exec(&txn)
            .await?;
        if moved.rows_affected != 1 {
            txn.rollback().await?;
            return Ok(false);
        }
    }
    let overflow = || Failure::internal("fee totals out of range");
    for ((day, product, asset), delta) in deltas {
        if delta.is_zero() {
            continue;
        }
        let found = entity::Entity::find()
            .filter(entity::Column::DayMs.eq(*day))
            .filter(entity::Column::Product.eq(*product))
            .filter(entity::Column::Asset.eq(asset.as_str()))
            .one(&txn)
            .await?;
        match found {
            Some(row) => {
                let amount = row.amount.get().checked_add(*delta).ok_or_else(overflow)?;
                let mut row = entity::ActiveModel::from(row);
                row.amount = Set(DecimalText::from(amount.normalize()));
                row.updated_at = Set(now_ms);
                row.update(&txn).await?;
            }
            None => {
                entity::ActiveModel {
                    id: NotSet,
                    day_ms: Set(*day),
                    product: Set(product.to_string()),
                    asset: Set(asset.clone()),
                    amount: Set(DecimalText::from(delta.normalize())),
                    updated_at: Set(now_ms),
                }
                .insert(&txn)
                .await?;
            }
        }
    }
    txn.commit().await?;
    Ok(true)
}

/// The rows of one day (`day_ms`) and the all-time rows.
pub async fn totals(
    db: &impl ConnectionTrait,
    day_ms: i64,
) -> Outcome<(Vec<entity::Model>, Vec<entity::Model>)> {
    let rows = entity::Entity::find()
        .filter(entity::Column::DayMs.is_in([day_ms, ALL_TIME]))
        .order_by_asc(entity::Column::Product)
        .order_by_asc(entity::Column::Asset)
        .all(db)
        .await?;
    Ok(rows.into_iter().partition(|r| r.day_ms == day_ms))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn fees_are_told_apart_by_kind_and_reference() {
        let trade = PostingKind::TradeFee;
        assert_eq!(product_of(trade, "spot:trade:7"), "spot");
        assert_eq!(product_of(trade, "futures:fill:3"), "futures");
        assert_eq!(product_of(trade, "futures:order:3"), "futures");
        assert_eq!(product_of(trade, "option:9"), "options");
        assert_eq!(product_of(trade, "second:1"), "secondContracts");
        assert_eq!(product_of(trade, "test-fund:1"), "other");
        assert_eq!(
            product_of(PostingKind::WithdrawalFee, "withdrawal:4"),
            "withdrawals"
        );
        assert_eq!(product_of(PostingKind::RedemptionFee, "earn:2"), "earn");
    }

    #[test]
    fn a_fee_given_back_counts_against_the_fees() {
        let a = Decimal::from_str("1.5").unwrap();
        assert_eq!(signed(true, false, a), a);
        assert_eq!(signed(false, true, a), -a);
        assert_eq!(signed(true, true, a), Decimal::ZERO);
        assert_eq!(signed(false, false, a), Decimal::ZERO);
    }

    #[test]
    fn days_start_at_utc_midnight() {
        assert_eq!(day_start(0), 0);
        assert_eq!(day_start(DAY_MS - 1), 0);
        assert_eq!(day_start(DAY_MS * 3 + 5), DAY_MS * 3);
    }
}
