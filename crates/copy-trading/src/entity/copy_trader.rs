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
    pub status: TraderStatus,
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

/// An application waits for an operator, who approves or rejects it;
/// stored as 0, 1 and 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "i32", db_type = "Integer")]
pub enum TraderStatus {
    #[sea_orm(num_value = 0)]
    Pending,
    #[sea_orm(num_value = 1)]
    Approved,
    #[sea_orm(num_value = 2)]
    Rejected,
}

impl TraderStatus {
    /// The stored and published number.
    pub fn number(self) -> i32 {
        self.to_value()
    }

    /// The status a number names, if any (an operator's filter).
    pub fn parse(n: i32) -> Option<TraderStatus> {
        Self::try_from_value(&n).ok()
    }
}
