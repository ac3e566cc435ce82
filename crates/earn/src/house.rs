//! The finance house: the operator's own funds that pay every finance and
//! staking interest. A subscription sets aside the interest its term
//! promises; one the house cannot cover on top of what earning orders
//! still await is refused, so a promise is never made without the funds.
//! What they await is kept per coin (`earn_reserves`) and moved in the
//! transaction of every change to an order; `onyx verify` checks it
//! against the orders.

use crate::entity::{earn_order as order, earn_reserve as reserve_row};
use crate::repo;
use onyx_kernel::ledger::{AccountId, SystemAccount};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_store::ledger::LedgerTxn;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, Set};

/// Interest an earning order still awaits: its promise less what accrued
/// (never below zero: a staking rate raised after subscription may pay
/// more than was set aside); nothing once it is settled or redeemed.
pub fn awaited(o: &order::Model) -> Decimal {
    if o.status != repo::EARNING {
        return Decimal::ZERO;
    }
    o.reserved
        .get()
        .checked_sub(o.accrued.get())
        .unwrap_or_default()
        .max(Decimal::ZERO)
}

/// What earning orders of `coin` still await, as kept.
pub async fn reserved(db: &impl ConnectionTrait, coin: &str) -> Outcome<Decimal> {
    Ok(reserve_row::Entity::find_by_id(coin.to_string())
        .one(db)
        .await?
        .map(|r| r.awaited.get())
        .unwrap_or_default())
}

/// The same, summed from the orders (what `onyx verify` compares).
pub async fn reserved_by_orders(db: &impl ConnectionTrait, coin: &str) -> Outcome<Decimal> {
    repo::earning(db, None, Some(coin))
        .await?
        .iter()
        .try_fold(Decimal::ZERO, |sum, o| sum.checked_add(awaited(o)))
        .ok_or_else(|| Failure::internal("reserved interest overflows"))
}

/// Moves `coin`'s kept total by `delta` (an order's awaited interest
/// after a change less before it).
pub async fn adjust(
    db: &impl ConnectionTrait,
    coin: &str,
    delta: Decimal,
    now: i64,
) -> Outcome<()> {
    if delta.is_zero() {
        return Ok(());
    }
    let row = reserve_row::Entity::find_by_id(coin.to_string())
        .one(db)
        .await?;
    let before = row.as_ref().map(|r| r.awaited.get()).unwrap_or_default();
    let after = before
        .checked_add(delta)
        .ok_or_else(|| Failure::internal("reserve overflows"))?;
    if after.is_sign_negative() && !after.is_zero() {
        return Err(Failure::internal(format!("reserve of {coin} below zero")));
    }
    match row {
        Some(r) => {
            let mut r = reserve_row::ActiveModel::from(r);
            r.awaited = Set(DecimalText::from(after.normalize()));
            r.updated_at = Set(now);
            r.update(db).await?;
        }
        None => {
            reserve_row::ActiveModel {
                coin: Set(coin.to_string()),
                awaited: Set(DecimalText::from(after.normalize())),
                updated_at: Set(now),
            }
            .insert(db)
            .await?;
        }
    }
    Ok(())
}

/// Refuses a new promise of `interest` the house cannot cover, read under
/// the ledger's gate so two subscriptions cannot both take the last of it;
/// accepted, the promise is added to what is awaited.
pub async fn reserve(txn: &mut LedgerTxn, coin: &str, interest: Decimal, now: i64) -> Outcome<()> {
    let (balance, _) = txn
        .balance(&AccountId::system(SystemAccount::FinanceHouse, coin))
        .await?;
    let owed = reserved(txn.conn(), coin).await?;
    let needed = owed
        .checked_add(interest)
        .ok_or_else(|| Failure::internal("reserve overflows"))?;
    if balance < needed {
        return Err(ErrorCode::EarnReserveShort.into());
    }
    adjust(txn.conn(), coin, interest, now).await
}
