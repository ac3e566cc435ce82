use sea_orm::entity::prelude::*;

onyx_fixed_payout::period_table! {
    /// A period offered on a coin (the spec's TSecondPeriodConfig), edited by
    /// operators.
    table: "second_contract_periods",
    /// The coin's id in the catalogue (the spec's `secondId`).
    owner: coin_id => CoinId,
    own: {},
}
