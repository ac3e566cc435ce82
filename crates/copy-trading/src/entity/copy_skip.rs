use onyx_futures::api::futures_position::PositionSide;
use sea_orm::entity::prelude::*;

/// A copy not made, and why.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "copy_skips")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub follow_id: i64,
    pub user_id: i64,
    pub trader_id: i64,
    pub lead_position_id: i64,
    pub coin: String,
    pub side: PositionSide,
    /// `balance`, `symbol`, `size`, `budget`, `stop_loss`, `house_limit`,
    /// `leverage`, `margin`.
    pub reason: String,
    pub at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
