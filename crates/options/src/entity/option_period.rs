use sea_orm::entity::prelude::*;

onyx_fixed_payout::period_table! {
    /// A period offered on an option pair, edited by operators.
    table: "option_periods",
    /// The option pair's id (the spec's `optionId`).
    owner: option_id => OptionId,
    own: {
        /// Entry closes this many seconds before an issue ends.
        cutoff_seconds: i32,
    },
}
