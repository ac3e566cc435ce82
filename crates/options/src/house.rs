//! The options' books as an operator reads them: per coin, what is open,
//! what settled orders staked and were paid, the fees kept, and the
//! `house_option` balance beside it (what the house gained is what settled
//! orders lost net).

use crate::entity::option_order as order;
use crate::product::Options;
use onyx_fixed_payout::house::{coin_books, house_balance, CoinBook as SharedBook};
use onyx_kernel::money::exact_add;
use onyx_kernel::{Failure, Outcome};
use onyx_platform::Context;
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

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

impl AsMut<SharedBook> for CoinBook {
    fn as_mut(&mut self) -> &mut SharedBook {
        &mut self.book
    }
}

/// Adds what `o` kept in fees to `c`.
fn count_fee(c: &mut CoinBook, o: &order::Model) -> Outcome<()> {
    c.fees = o
        .fee
        .get()
        .checked_sub(o.fee_returned.map(|f| f.get()).unwrap_or_default())
        .and_then(|k| exact_add(c.fees, k))
        .ok_or_else(|| Failure::internal("fee out of range"))?;
    Ok(())
}

pub async fn book(ctx: &Context) -> Outcome<HouseBook> {
    let new = |coin: &str| CoinBook {
        book: SharedBook::of(coin),
        fees: Decimal::ZERO,
    };
    let mut coins = coin_books::<Options, _>(&ctx.db, new, count_fee).await?;
    for c in &mut coins {
        c.fees = c.fees.normalize();
    }
    Ok(HouseBook {
        coins,
        house_balance: house_balance::<Options>(&ctx.db).await?,
    })
}
