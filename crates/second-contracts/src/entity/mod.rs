pub mod second_contract_order;
pub mod second_contract_period;
