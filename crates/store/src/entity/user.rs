use crate::DecimalText;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub username: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub password_hash: String,
    pub trade_password_hash: Option<String>,
    pub invite_code: String,
    pub parent_id: Option<i64>,
    pub credits: DecimalText,
    pub status: UserStatus,
    pub frozen_reason: Option<String>,
    pub register_lang: String,
    pub register_ip: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

crate::status_enum!(
    /// A frozen user cannot sign in and every session of theirs is revoked.
    UserStatus { Active = "active", Frozen = "frozen" }
);
