use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// A reward paid: a task's, or one day's sign-in.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "welfare_claims")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub kind: ClaimKind,
    pub task_id: Option<i64>,
    /// The UTC day of a sign-in.
    pub day: Option<i64>,
    /// `task:{id}` or `sign_in:{day}`: unique per user.
    pub claim_key: String,
    /// The task's title in English when claimed (or `Day N sign-in`).
    pub title: String,
    pub amount: DecimalText,
    pub coin: String,
    /// 0 when the reward was zero.
    pub tx_id: i64,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_store::status_enum!(
    /// What a reward was paid for.
    ClaimKind {
        Task = "task",
        SignIn = "sign_in",
    }
);
