//! The options' books as an operator reads them: per coin, what is open,
//! what settled orders staked and were paid, the fees kept, and the
//! `house_option` balance beside it (what the house gained is what settled
//! orders lost net).

use crate::entity::option_order as order;
use onyx_kernel::ledger::SystemAccount;
use onyx_kernel::money::exact_add;
use onyx_kernel::{Failure, Outcome};
use onyx_platform::Context;
use onyx_second_contracts::house::{house_balance, CoinBook as SharedBook};
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

const PAGE: u64 = 5_000;

/// A coin's book as second contracts keep it, and the fees kept.
#[derive(Serialize, ToSchema, Debug, Default, Clone, PartialEq, Eq)]
#[schema(as = OptionCoinBook)]
#[serde(rename_all = "camelCase")]
pub struct CoinBook {
    #[serde(flatten)]
    pub book: SharedBook,
    /// Fees kept (taken less given back), open orders' included.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub fees: Decimal,
}

#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[schema(as = OptionHouseBook)]
#[serde(rename_all = "camelCase")]
pub struct HouseBook {
    pub coins: Vec<CoinBook>,
    /// The ledger's `house_option` USDT balance.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub house_balance: Decimal,
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
                book: SharedBook {
                    coin: o.coin.clone(),
                    ..SharedBook::default()
                },
                fees: Decimal::ZERO,
            });
            let kept = o
                .fee
                .get()
                .checked_sub(o.fee_returned.as_ref().map(|f| f.get()).unwrap_or_default())
                .and_then(|k| exact_add(c.fees, k))
                .ok_or_else(|| Failure::internal("fee out of range"))?;
            c.fees = kept;
            c.book.count_order(
                o.status == crate::repo::STATUS_OPEN,
                o.outcome.as_deref(),
                o.stake.get(),
                [&o.returned, &o.winnings],
            )?;
        }
    }
    for c in coins.values_mut() {
        c.book.finish()?;
        c.fees = c.fees.normalize();
    }
    Ok(HouseBook {
        coins: coins.into_values().collect(),
        house_balance: house_balance(ctx, SystemAccount::OptionHouse).await?,
    })
}
