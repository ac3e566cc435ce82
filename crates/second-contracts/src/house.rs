//! The product's books as an operator reads them: per coin, what is open
//! and what settled orders staked and paid out, and the house account's
//! balance in the ledger beside it (the two must agree: what the house
//! gained is what settled orders lost net).

use crate::entity::second_contract_order as order;
use crate::postings::STAKE_COIN;
use onyx_kernel::ledger::{AccountId, SystemAccount};
use onyx_kernel::money::exact_add;
use onyx_kernel::{Failure, Outcome};
use onyx_platform::Context;
use onyx_store::entity::ledger_account;
use onyx_store::DecimalText;
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
    /// Draws and voids: the stake came back.
    pub refunds: u64,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub staked: Decimal,
    /// Paid back to users in total, stakes included.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub paid_out: Decimal,
    /// `staked - paid_out`: the house's result on this coin.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub house_result: Decimal,
}

#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HouseBook {
    pub coins: Vec<CoinBook>,
    /// The ledger's `house_second_contract` USDT balance.
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

impl CoinBook {
    /// Counts one order of a fixed-payout product: open, or settled with
    /// its outcome and what it paid back (`returned`, `winnings`).
    pub fn count_order(
        &mut self,
        open: bool,
        outcome: Option<&str>,
        stake: Decimal,
        paid: [&Option<DecimalText>; 2],
    ) -> Outcome<()> {
        if open {
            count(&mut self.open_orders);
            return add(&mut self.open_stake, stake);
        }
        count(&mut self.settled_orders);
        match outcome {
            Some("win") => count(&mut self.wins),
            Some("lose") => count(&mut self.losses),
            _ => count(&mut self.refunds),
        }
        add(&mut self.staked, stake)?;
        for part in paid.into_iter().flatten() {
            add(&mut self.paid_out, part.get())?;
        }
        Ok(())
    }

    /// Sets the house's result once every order is counted.
    pub fn finish(&mut self) -> Outcome<()> {
        self.house_result = self
            .staked
            .checked_sub(self.paid_out)
            .ok_or_else(|| Failure::internal("house result out of range"))?;
        Ok(())
    }
}

/// A product's house account's USDT balance in the ledger.
pub async fn house_balance(ctx: &Context, account: SystemAccount) -> Outcome<Decimal> {
    let key = AccountId::system(account, STAKE_COIN).key();
    Ok(ledger_account::Entity::find()
        .filter(ledger_account::Column::AccountKey.eq(key))
        .one(&ctx.db)
        .await?
        .map(|a| a.available.get().normalize())
        .unwrap_or_default())
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
            coins
                .entry(o.coin.clone())
                .or_insert_with(|| CoinBook {
                    coin: o.coin.clone(),
                    ..CoinBook::default()
                })
                .count_order(
                    o.status == crate::repo::STATUS_OPEN,
                    o.outcome.as_deref(),
                    o.stake.get(),
                    [&o.returned, &o.winnings],
                )?;
        }
    }
    for c in coins.values_mut() {
        c.finish()?;
    }
    Ok(HouseBook {
        coins: coins.into_values().collect(),
        house_balance: house_balance(ctx, SystemAccount::SecondContractHouse).await?,
    })
}
