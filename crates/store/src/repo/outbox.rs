//! The outbox: every email and SMS the server sends (or would send), with
//! its delivery status. Operators read it; in a demo it is how codes arrive.

use crate::entity::outbox;
use chrono::Utc;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    Set,
};

pub const CHANNEL_EMAIL: &str = "email";
pub const CHANNEL_SMS: &str = "sms";
/// Written to the outbox and the log only (no provider configured).
pub const STATUS_LOGGED: &str = "logged";
/// Handed to the provider, waiting for its answer.
pub const STATUS_SENDING: &str = "sending";
pub const STATUS_SENT: &str = "sent";
pub const STATUS_FAILED: &str = "failed";

pub struct NewMessage<'a> {
    pub channel: &'a str,
    pub target: &'a str,
    pub subject: &'a str,
    pub body: &'a str,
    pub code: Option<&'a str>,
    pub purpose: &'a str,
    pub status: &'a str,
}

pub async fn create(db: &impl ConnectionTrait, m: NewMessage<'_>) -> Result<outbox::Model, DbErr> {
    outbox::ActiveModel {
        channel: Set(m.channel.to_string()),
        target: Set(m.target.to_string()),
        subject: Set(m.subject.to_string()),
        body: Set(m.body.to_string()),
        code: Set(m.code.map(str::to_string)),
        purpose: Set(m.purpose.to_string()),
        status: Set(m.status.to_string()),
        error: Set(None),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await
}

pub async fn set_status(
    db: &impl ConnectionTrait,
    id: i64,
    status: &str,
    error: Option<&str>,
) -> Result<(), DbErr> {
    outbox::Entity::update_many()
        .col_expr(outbox::Column::Status, Expr::value(status.to_string()))
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
