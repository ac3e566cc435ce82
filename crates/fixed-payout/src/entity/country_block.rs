use sea_orm::entity::prelude::*;

/// A country (ISO code) a fixed-payout product is not offered in.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "contract_country_blocks")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub product: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub country: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
