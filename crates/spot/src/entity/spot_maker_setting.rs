use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// The market maker's ladder for one pair.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "spot_maker_settings")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub symbol: String,
    pub enabled: bool,
    pub levels: i32,
    pub spread_bps: i32,
    pub step_bps: i32,
    pub size: DecimalText,
    /// Each level further out adds this share (bps) of the first size.
    pub size_growth_bps: i32,
    /// Each gap further out adds this share (bps) of `step_bps`.
    pub step_growth_bps: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
