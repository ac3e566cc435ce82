//! The options' books as an operator reads them: per coin, what is open,
//! what settled orders staked and were paid, the fees kept, and the
//! `house_option` balance beside it (what the house gained is what settled
//! orders lost net).

use crate::entity::option_order as order;
use onyx_kernel::ledger::{AccountId, SystemAccount};
use onyx_kernel::money::exact_add;
use onyx_kernel::{Failure, Outcome};
use onyx_platform::Context;
use onyx_second_contracts::postings::STAKE_COIN;
use onyx_store::entity::ledger_account;
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

const PAGE: u64 = 5_000;

#[derive(Serialize, ToSchema, Debug, Default, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CoinBook {
    pub coin: String,
    pub open_orders: u64,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub open_stake: Decimal,
    pub settled_orders: u64,
    pub wins: u64,
    pub losses: u64,
    /// Draws and voids.
    pub refunds: u64,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub staked: Decimal,
    /// Paid back to users, stakes included (fees given back on voids not).
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub paid_out: Decimal,
    /// `staked - paid_out`.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub house_result: Decimal,
    /// Fees kept (taken less given back), open orders' included.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub fees: Decimal,
}

#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HouseBook {
    pub coins: Vec<CoinBook>,
    /// The ledger's `house_option` USDT balance.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub house_balance: Decimal,
}

fn add(a: &mut Decimal, b: Decimal) -> Outcome<()> {
    *a = exact_add(*a, b).ok_or_else(|| Failure::internal("house book total out of range"))?;
    Ok(())
}

fn count(n: &mut u64) {
    *n = n.saturating_add(1);
}

pub async fn book(ctx: &Context) -> Outcome<HouseBook> {
    let mut coins: BTreeMap<String, CoinBook> = BTreeMap::new();
    let mut after = 0i64;
    loop {
        let page = order::Entity::find()
            .filter(order::Column::Id.gt(after))
            .order_by_asc(order::Column::Id)
            .limit(PAGE)
            .all(&ctx.db)
            .await?;
        let Some(last) = page.last() else { break };
        after = last.id;
        for o in &page {
            let c = coins.entry(o.coin.clone()).or_insert_with(|| CoinBook {
                coin: o.coin.clone(),
                ..CoinBook::default()
            });
            let kept = o
                .fee
                .get()
                .checked_sub(o.fee_returned.as_ref().map(|f| f.get()).unwrap_or_default())
                .ok_or_else(|| Failure::internal("fee out of range"))?;
            add(&mut c.fees, kept)?;
            let stake = o.stake.get();
            if o.status == crate::repo::STATUS_OPEN {
                count(&mut c.open_orders);
                add(&mut c.open_stake, stake)?;
                continue;
            }
            count(&mut c.settled_orders);
            match o.outcome.as_deref() {
                Some("win") => count(&mut c.wins),
                Some("lose") => count(&mut c.losses),
                _ => count(&mut c.refunds),
            }
            add(&mut c.staked, stake)?;
            for part in [&o.returned, &o.winnings].into_iter().flatten() {
                add(&mut c.paid_out, part.get())?;
            }
        }
    }
    for c in coins.values_mut() {
        c.house_result = c
            .staked
            .checked_sub(c.paid_out)
            .ok_or_else(|| Failure::internal("house result out of range"))?;
        c.fees = c.fees.normalize();
    }
    let key = AccountId::system(SystemAccount::OptionHouse, STAKE_COIN).key();
    let house_balance = ledger_account::Entity::find()
        .filter(ledger_account::Column::AccountKey.eq(key))
        .one(&ctx.db)
        .await?
        .map(|a| a.available.get())
        .unwrap_or_default();
    Ok(HouseBook {
        coins: coins.into_values().collect(),
        house_balance: house_balance.normalize(),
    })
}
