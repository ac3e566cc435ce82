//! Options as other crates see them, the surface every fixed-payout
//! product has: the settlement sweep, holds, the house's book (its fees
//! too), a user's orders, `onyx verify`'s recomputation (issue and fee
//! too), and the product and its order table for the settlement
//! benchmark. Everything else in the crate is its own (its calls are in
//! `routes`, its tables' history in `migration`).

onyx_fixed_payout::product_api!(product: Options, orders: option_order);
