use sea_orm::entity::prelude::*;

/// A follower's copied futures position and the lead position it copies.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "copy_positions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub position_id: i64,
    pub follow_id: i64,
    pub trader_id: i64,
    pub user_id: i64,
    pub lead_position_id: i64,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
