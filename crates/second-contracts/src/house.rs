//! The product's books as an operator reads them: per coin, what is open
//! and what settled orders staked and paid out, and the house account's
//! balance in the ledger beside it (the two must agree: what the house
//! gained is what settled orders lost net).

use crate::product::SecondContracts;
use onyx_fixed_payout::house::{coin_books, house_balance, CoinBook};
use onyx_kernel::Outcome;
use onyx_platform::Context;
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HouseBook {
    pub coins: Vec<CoinBook>,
    /// The ledger's `house_second_contract` USDT balance.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub house_balance: Decimal,
}

pub async fn book(ctx: &Context) -> Outcome<HouseBook> {
    Ok(HouseBook {
        coins: coin_books::<SecondContracts, _>(&ctx.db, CoinBook::of, |_, _| Ok(())).await?,
        house_balance: house_balance::<SecondContracts>(&ctx.db).await?,
    })
}
