use sea_orm::entity::prelude::*;

pub use super::session::{EndReason, SessionState};

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "admin_sessions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub admin_id: i64,
    pub token_hash: String,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    /// Where and with what the session was opened ("" before m0022).
    pub ip: String,
    pub user_agent: String,
    /// When a request last came with the token, written at most once a
    /// minute; None when none has since sign-in (read `created_at`).
    pub last_seen_at: Option<DateTimeUtc>,
    /// When the session was ended before it expired; the row stays as
    /// history (None while live, and for one that merely expired).
    pub ended_at: Option<DateTimeUtc>,
    pub end_reason: Option<EndReason>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::admin::Entity",
        from = "Column::AdminId",
        to = "super::admin::Column::Id"
    )]
    Admin,
}

impl Related<super::admin::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Admin.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}

impl Model {
    pub fn state(&self, now: DateTimeUtc) -> SessionState {
        SessionState::at(self.ended_at, self.expires_at, now)
    }
}
