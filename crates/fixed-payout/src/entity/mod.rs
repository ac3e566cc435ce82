//! The tables both products share, each row keyed by its product.

pub mod contract_exposure;
pub mod country_block;
pub mod product_disclosure;
