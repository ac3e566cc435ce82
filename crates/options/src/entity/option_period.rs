use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// A period offered on an option pair, edited by operators.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "option_periods")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The option pair's id (the spec's `optionId`).
    pub option_id: i64,
    pub period_seconds: i32,
    /// Entry closes this many seconds before an issue ends.
    pub cutoff_seconds: i32,
    /// Paid per unit staked on a win, on top of the stake.
    pub odds: DecimalText,
    pub min_amount: DecimalText,
    pub max_amount: DecimalText,
    /// 1 offered, 2 switched off.
    pub status: i32,
    /// 1: a loss takes the whole stake; 0: `stake × odds`.
    pub full_loss: i32,
    pub sort: i32,
    /// What the house may owe on one issue if every order in it wins.
    pub exposure_cap: DecimalText,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_fixed_payout::period_table!(owner OptionId);
