//! The outbox: a record of every email and SMS the server sends (or could
//! not send): channel, target, purpose, subject and delivery state. Never
//! the body or the code: operators read this table, and a code they could
//! read would let them take over the account it protects.

use crate::entity::outbox;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    Set,
};

pub const CHANNEL_EMAIL: &str = "email";
pub const CHANNEL_SMS: &str = "sms";
pub use crate::entity::outbox::OutboxStatus;

pub struct NewMessage<'a> {
    pub channel: &'a str,
    pub target: &'a str,
    pub subject: &'a str,
    pub purpose: &'a str,
    pub status: OutboxStatus,
    pub now: DateTime<Utc>,
}

pub async fn create(db: &impl ConnectionTrait, m: NewMessage<'_>) -> Result<outbox::Model, DbErr> {
    outbox::ActiveModel {
        channel: Set(m.channel.to_string()),
        target: Set(m.target.to_string()),
        subject: Set(m.subject.to_string()),
        purpose: Set(m.purpose.to_string()),
        status: Set(m.status),
        error: Set(None),
        created_at: Set(m.now),
        ..Default::default()
    }
    .insert(db)
    .await
}

pub async fn set_status(
    db: &impl ConnectionTrait,
    id: i64,
    status: OutboxStatus,
    error: Option<&str>,
) -> Result<(), DbErr> {
    outbox::Entity::update_many()
        .col_expr(outbox::Column::Status, Expr::value(status))
        .col_expr(
            outbox::Column::Error,
            Expr::value(error.map(str::to_string)),
        )
        .filter(outbox::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// The newest message to `target`.
pub async fn latest_for(
    db: &impl ConnectionTrait,
    target: &str,
) -> Result<Option<outbox::Model>, DbErr> {
    outbox::Entity::find()
        .filter(outbox::Column::Target.eq(target))
        .order_by_desc(outbox::Column::Id)
        .one(db)
        .await
}
