use sea_orm::entity::prelude::*;

/// A lead trader: one per user, from application to review.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "copy_traders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub user_id: i64,
    pub name: String,
    pub avatar: String,
    pub bio: String,
    /// 0 pending, 1 approved, 2 rejected.
    pub status: i32,
    /// The operator's reason for a rejection.
    pub reason: Option<String>,
    /// How long an open position stays hidden from the public list.
    pub order_delay_s: i32,
    pub created_at: i64,
    pub reviewed_at: Option<i64>,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
