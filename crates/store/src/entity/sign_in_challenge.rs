//! A proof-of-work challenge issued for signing in to one account while
//! that account is slowed (decision 0011-lockout).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sign_in_challenges")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub challenge: String,
    pub scope: String,
    pub subject: String,
    pub difficulty: i32,
    pub expires_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
