//! The rebate sweep follows the ledger's journal: every trading fee a user
//! paid into the fees account (whatever product posted it: spot, futures,
//! options, second contracts) is a source. When FINANCIAL_REBATE_SETTING
//! is on, the inviters at levels 1 to 3 receive their share of it, out of
//! the fees account (never created), credited per batch: one posting per
//! inviter and coin. Each share is a row unique per source posting and
//! level, written with the batch and the journal cursor in one
//! transaction, so a restart pays nothing twice and skips nothing. Fees
//! paid while the setting is off are passed over for good.

use crate::entity::{job_cursor, rebate, rebate_batch};
use crate::rules::Ratios;
use crate::tree;
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use onyx_kernel::{Failure, Outcome};
use onyx_platform::scheduler::Progress;
use onyx_platform::Context;
use onyx_store::entity::{ledger_account, ledger_posting};
use onyx_store::repo::settings;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, NotSet, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

pub const JOB: &str = "referral_rebates";
pub const SWEEP_EVERY: Duration = Duration::from_secs(60);
/// Fee postings one run reads.
pub const POSTINGS_PER_RUN: u64 = 2_000;
/// Credits (inviter and coin) one batch carries, within a transaction's
/// postings.
pub const CREDITS_PER_BATCH: usize = 60;

pub fn start(ctx: &Context) {
    let job_ctx = ctx.clone();
    ctx.scheduler.every(JOB, SWEEP_EVERY, move || {
        let ctx = job_ctx.clone();
        async move { sweep(&ctx).await }
    });
}

/// The product a fee's reference names (`spot:trade:7` → `spot`).
pub fn product_of(reference: &str) -> String {
    reference.split(':').next().unwrap_or_default().to_string()
}

async fn cursor(db: &impl ConnectionTrait) -> Outcome<i64> {
    Ok(job_cursor::Entity::find_by_id(JOB.to_string())
        .one(db)
        .await?
        .map(|c| c.position)
        .unwrap_or(0))
}

async fn fee_postings(
    db: &impl ConnectionTrait,
    after: i64,
) -> Outcome<Vec<ledger_posting::Model>> {
    let fees: Vec<i64> = ledger_account::Entity::find()
        .filter(ledger_account::Column::System.eq(SystemAccount::Fees.as_str()))
        .all(db)
        .await?
        .into_iter()
        .map(|a| a.id)
        .collect();
    if fees.is_empty() {
        return Ok(Vec::new());
    }
    Ok(ledger_posting::Entity::find()
        .filter(ledger_posting::Column::Id.gt(after))
        .filter(ledger_posting::Column::Kind.eq(PostingKind::TradeFee.as_str()))
        .filter(ledger_posting::Column::FromUserId.is_not_null())
        .filter(ledger_posting::Column::ToAccountId.is_in(fees))
        .order_by_asc(ledger_posting::Column::Id)
        .limit(POSTINGS_PER_RUN)
        .all(db)
        .await?)
}

/// One run: the next fee postings after the cursor, rebated in one batch.
pub async fn sweep(ctx: &Context) -> Result<Progress, Failure> {
    let after = cursor(&ctx.db).await?;
    if fee_postings(&ctx.db, after).await?.is_empty() {
        return Ok(Progress::Done);
    }
    let ratios = Ratios::from_setting(&settings::get(&ctx.db, "FINANCIAL_REBATE_SETTING").await?);
    let now = ctx.now_ms();
    let mut txn = ctx.ledger.begin().await?;
    let after = cursor(txn.conn()).await?;
    let postings = fee_postings(txn.conn(), after).await?;
    let Some(first) = postings.first().map(|p| p.id) else {
        return Ok(Progress::Done);
    };
    let mut more = postings.len() as u64 >= POSTINGS_PER_RUN;
    let mut chains: HashMap<i64, Vec<i64>> = HashMap::new();
    let mut rows: Vec<rebate::ActiveModel> = Vec::new();
    let mut credits: BTreeMap<(i64, String), Amount> = BTreeMap::new();
    let mut last = after;
    for p in &postings {
        let Some(source) = p.from_user_id else {
            continue;
        };
        if let Some(r) = &ratios {
            if let std::collections::hash_map::Entry::Vacant(e) = chains.entry(source) {
                e.insert(tree::inviters(txn.conn(), source).await?);
            }
            let chain = chains.get(&source).cloned().unwrap_or_default();
            let fee = Amount::from_decimal(p.amount.get()).map_err(Failure::internal)?;
            let mut these = Vec::new();
            for (i, inviter) in chain.iter().enumerate() {
                let level = i.saturating_add(1);
                let share = r
                    .share(level, fee)
                    .ok_or_else(|| Failure::internal("rebate share"))?;
                if share.is_zero() {
                    continue;
                }
                these.push((level, *inviter, share));
            }
            let new_keys = these
                .iter()
                .filter(|(_, inviter, _)| !credits.contains_key(&(*inviter, p.asset.clone())))
                .count();
            if credits.len().saturating_add(new_keys) > CREDITS_PER_BATCH {
                // The batch is full: this posting starts the next one.
                more = true;
                break;
            }
            for (level, inviter, share) in these {
                let credit = credits
                    .entry((inviter, p.asset.clone()))
                    .or_insert(Amount::ZERO);
                *credit = credit
                    .checked_add(share)
                    .ok_or_else(|| Failure::internal("rebate overflows"))?;
                rows.push(rebate::ActiveModel {
                    id: NotSet,
                    batch_id: Set(0),
                    posting_id: Set(p.id),
                    level: Set(i32::try_from(level).unwrap_or(i32::MAX)),
                    source_user_id: Set(source),
                    inviter_id: Set(inviter),
                    product: Set(product_of(&p.reference)),
                    coin: Set(p.asset.clone()),
                    fee: Set(DecimalText::from(fee.as_decimal())),
                    ratio: Set(DecimalText::from(
                        r.0.get(level.saturating_sub(1))
                            .copied()
                            .unwrap_or_default()
                            .normalize(),
                    )),
                    amount: Set(DecimalText::from(share.as_decimal())),
                    created_at: Set(now),
                });
            }
        }
        last = p.id;
    }
    let batch = rebate_batch::ActiveModel {
        id: NotSet,
        from_posting: Set(first),
        to_posting: Set(last),
        tx_id: Set(0),
        created_at: Set(now),
    }
    .insert(txn.conn())
    .await?;
    if !credits.is_empty() {
        let reference = PostingRef::RebateBatch(batch.id);
        let out: Vec<Posting> = credits
            .iter()
            .map(|((inviter, coin), amount)| {
                Ok(Posting {
                    kind: PostingKind::Rebate,
                    asset: coin.clone(),
                    amount: *amount,
                    from: Side::available(AccountId::system(SystemAccount::Fees, coin)),
                    to: Side::available(AccountId::user(
                        u64::try_from(*inviter).map_err(Failure::internal)?,
                        Wallet::Spot,
                        coin,
                    )),
                    reference: reference.clone(),
                    at_ms: now,
                })
            })
            .collect::<Result<_, Failure>>()?;
        let tx = txn.post(&reference, out).await?;
        let mut b = rebate_batch::ActiveModel::from(batch.clone());
        b.tx_id = Set(tx);
        b.update(txn.conn()).await?;
        for r in &mut rows {
            r.batch_id = Set(batch.id);
        }
        rebate::Entity::insert_many(rows).exec(txn.conn()).await?;
    }
    let moved = job_cursor::ActiveModel {
        job: Set(JOB.to_string()),
        position: Set(last),
        updated_at: Set(now),
    };
    if after == 0
        && job_cursor::Entity::find_by_id(JOB.to_string())
            .one(txn.conn())
            .await?
            .is_none()
    {
        moved.insert(txn.conn()).await?;
    } else {
        moved.update(txn.conn()).await?;
    }
    txn.commit().await?;
    Ok(if more { Progress::More } else { Progress::Done })
}

/// Σ of a list of decimals, checked.
pub fn total(mut values: impl Iterator<Item = Decimal>) -> Outcome<Decimal> {
    values
        .try_fold(Decimal::ZERO, |a, b| a.checked_add(b))
        .ok_or_else(|| Failure::internal("sum overflows"))
}
