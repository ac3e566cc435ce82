use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "admins")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub username: String,
    pub password_hash: String,
    pub role: String,
    pub status: AdminStatus,
    pub created_at: DateTimeUtc,
    /// Base32 TOTP secret: pending while `totp_enabled_at` is None.
    pub totp_secret: Option<String>,
    pub totp_enabled_at: Option<DateTimeUtc>,
    /// The last time step a code was accepted at; a code of this step or
    /// an earlier one is a replay.
    pub totp_last_step: Option<i64>,
}

impl Model {
    /// Sign-in asks for a code.
    pub fn totp_enabled(&self) -> bool {
        self.totp_secret.is_some() && self.totp_enabled_at.is_some()
    }
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

crate::status_enum!(AdminStatus { Active = "active", Disabled = "disabled" });
