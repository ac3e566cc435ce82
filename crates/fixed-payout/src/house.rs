//! A fixed-payout product's books as an operator reads them: per coin,
//! what is open and what settled orders staked and paid out. Each product
//! sets its house account's ledger balance beside it (the two must agree:
//! what the house gained is what settled orders lost net).

use crate::postings::STAKE_COIN;
use crate::product::Product;
use crate::repo;
use crate::rules::Outcome as Ended;
use crate::table::OrderRow;
use onyx_kernel::money::exact_add;
use onyx_kernel::{Failure, Outcome};
use onyx_store::ledger::system_balance;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{ConnectionTrait, EntityTrait};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

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

fn add(a: &mut Decimal, b: Decimal) -> Outcome<()> {
    *a = exact_add(*a, b).ok_or_else(|| Failure::internal("house book total out of range"))?;
    Ok(())
}

fn count(n: &mut u64) {
    *n = n.saturating_add(1);
}

impl AsMut<CoinBook> for CoinBook {
    fn as_mut(&mut self) -> &mut CoinBook {
        self
    }
}

impl CoinBook {
    /// An empty book for `coin`.
    pub fn of(coin: &str) -> CoinBook {
        CoinBook {
            coin: coin.to_string(),
            ..CoinBook::default()
        }
    }

    /// Counts one order of a fixed-payout product: open, or settled with
    /// its outcome and what it paid back (`returned`, `winnings`).
    pub fn count_order(
        &mut self,
        open: bool,
        outcome: Option<Ended>,
        stake: Decimal,
        paid: [&Option<DecimalText>; 2],
    ) -> Outcome<()> {
        if open {
            count(&mut self.open_orders);
            return add(&mut self.open_stake, stake);
        }
        count(&mut self.settled_orders);
        match outcome {
            Some(Ended::Win) => count(&mut self.wins),
            Some(Ended::Lose) => count(&mut self.losses),
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

/// Orders read per query.
const PAGE: u64 = 5_000;

/// Walks every order of `P`, counting each into its coin's book and
/// handing it to `also` (a product's own totals), and finishes the books,
/// coin by coin.
pub async fn coin_books<P: Product, B: AsMut<CoinBook>>(
    db: &impl ConnectionTrait,
    book: impl Fn(&str) -> B,
    mut also: impl FnMut(&mut B, &<P::Orders as EntityTrait>::Model) -> Outcome<()>,
) -> Outcome<Vec<B>> {
    let mut coins: BTreeMap<String, B> = BTreeMap::new();
    let mut after = 0i64;
    loop {
        let page = repo::page_after::<P::Orders>(db, after, false, PAGE).await?;
        let Some(last) = page.last() else { break };
        after = last.fields().id;
        for o in &page {
            let f = o.fields();
            let c = coins
                .entry(f.coin.to_string())
                .or_insert_with(|| book(f.coin));
            also(c, o)?;
            c.as_mut().count_order(
                f.status == repo::OrderStatus::Open,
                f.outcome,
                f.stake.get(),
                [&f.returned, &f.winnings],
            )?;
        }
    }
    let mut out: Vec<B> = coins.into_values().collect();
    for c in &mut out {
        c.as_mut().finish()?;
    }
    Ok(out)
}

/// `P`'s house account's USDT balance in the ledger.
pub async fn house_balance<P: Product>(db: &impl ConnectionTrait) -> Outcome<Decimal> {
    Ok(system_balance(db, P::HOUSE, STAKE_COIN).await?)
}
