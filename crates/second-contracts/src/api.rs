//! Second contracts as other crates see them: the settlement sweep the
//! server starts, the holds the audit sums, the house's book, a user's
//! orders for the operator's user page, `onyx verify`'s recomputation, and
//! the product and its order table, which the settlement benchmark fills
//! (the surface every fixed-payout product has). Everything else in the
//! crate is its own (its calls are in `routes`, its tables' history in
//! `migration`).

onyx_fixed_payout::product_api!(product: SecondContracts, orders: second_contract_order);
