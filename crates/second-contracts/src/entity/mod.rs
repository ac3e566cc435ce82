pub mod contract_exposure;
pub mod country_block;
pub mod product_disclosure;
pub mod second_contract_order;
pub mod second_contract_period;
