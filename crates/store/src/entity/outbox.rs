//! What was sent to whom and whether it arrived; never the message itself,
//! which may carry a code.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "outbox")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub channel: String,
    pub target: String,
    pub subject: String,
    pub purpose: String,
    pub status: OutboxStatus,
    pub error: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

crate::status_enum!(
    /// Delivery state of one email or SMS.
    OutboxStatus {
        /// Not sent: no provider is configured for the channel.
        Unsent = "unsent",
        /// Handed to the provider, waiting for its answer.
        Sending = "sending",
        Sent = "sent",
        Failed = "failed",
    }
);
