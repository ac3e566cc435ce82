//! Code delivery. Every message is recorded in the `outbox` table: channel,
//! target, purpose, subject and delivery state, never the body or the code
//! (operators read that table). Codes are never logged either.
//!
//! Email goes out through SMTP when `--smtp-url` is set. SMS has no
//! provider yet: SMS messages are recorded `unsent`. A `--demo` server
//! without SMTP also keeps the composed messages, codes included, in a
//! bounded in-memory development mailbox (`/dev/mailbox`), so the demo
//! works without a mail server; nothing else ever holds a readable code.

use crate::config::Config;
use chrono::{DateTime, Utc};
use lettre::message::{header::ContentType, Mailbox};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use onyx_kernel::i18n;
use onyx_kernel::identity::{CodePurpose, CODE_TTL_SECONDS};
use onyx_store::repo::outbox;
use serde::Serialize;
use std::collections::VecDeque;
use std::sync::Mutex;
use utoipa::ToSchema;

/// Where a code goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    Email,
    Sms,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Email => outbox::CHANNEL_EMAIL,
            Channel::Sms => outbox::CHANNEL_SMS,
        }
    }
}

type Smtp = AsyncSmtpTransport<Tokio1Executor>;

pub struct Notifier {
    /// `None` without `--smtp-url`; `Some(Err)` when the URL or sender is
    /// unusable, so each email is recorded `failed` with the reason instead
    /// of vanishing.
    smtp: Option<Result<(Smtp, Mailbox), String>>,
    /// Only with `--demo` (or a test asking for it) and without SMTP.
    mailbox: Option<DevMailbox>,
}

impl Notifier {
    pub fn new(config: &Config) -> Notifier {
        let smtp = config
            .smtp_url
            .as_deref()
            .filter(|u| !u.is_empty())
            .map(|url| {
                let transport = Smtp::from_url(url)
                    .map_err(|e| format!("smtp url: {e}"))?
                    .build();
                let from: Mailbox = config
                    .smtp_from
                    .parse()
                    .map_err(|e| format!("smtp from: {e}"))?;
                Ok((transport, from))
            });
        if let Some(Err(e)) = &smtp {
            tracing::error!(error = %e, "SMTP is configured but unusable: emails will be recorded as failed");
        }
        let mailbox = (smtp.is_none() && (config.demo || config.dev_mailbox)).then(|| {
            tracing::warn!(
                "development mailbox on (--demo without SMTP): every code sent is readable at \
                 /dev/mailbox; a public server must never run with --demo"
            );
            DevMailbox::default()
        });
        Notifier { smtp, mailbox }
    }

    /// The development mailbox, when this server keeps one.
    pub fn mailbox(&self) -> Option<&DevMailbox> {
        self.mailbox.as_ref()
    }

    /// Records and sends one code. The SMTP hand-off runs in the background
    /// so a slow mail server does not hold the request; its outcome lands in
    /// the outbox row.
    pub async fn send_code(
        &self,
        ctx: &crate::Context,
        lang: &str,
        channel: Channel,
        target: &str,
        purpose: CodePurpose,
        code: &str,
    ) -> Result<(), sea_orm::DbErr> {
        let minutes = (CODE_TTL_SECONDS / 60).to_string();
        let subject = i18n::message(lang, "code_mail_subject", &[]);
        let body = i18n::message(
            lang,
            "code_mail_body",
            &[("code", code.to_string()), ("minutes", minutes)],
        );
        let smtp = match (channel, &self.smtp) {
            (Channel::Email, Some(smtp)) => Some(smtp),
            _ => None,
        };
        let status = if smtp.is_some() {
            outbox::OutboxStatus::Sending
        } else {
            outbox::OutboxStatus::Unsent
        };
        let db = &ctx.db;
        let row = outbox::create(
            db,
            outbox::NewMessage {
                channel: channel.as_str(),
                target,
                subject: &subject,
                purpose: purpose.as_str(),
                status,
                now: ctx.clock.now(),
            },
        )
        .await?;
        tracing::info!(
            outbox_id = row.id,
            channel = channel.as_str(),
            target,
            purpose = purpose.as_str(),
            status = status.as_str(),
            "verification code issued"
        );
        if let Some(mailbox) = &self.mailbox {
            mailbox.keep(DevMessage {
                id: row.id,
                channel: channel.as_str(),
                target: target.to_string(),
                purpose: purpose.as_str(),
                subject: subject.clone(),
                body: body.clone(),
                code: code.to_string(),
                create_time: row.created_at,
            });
        }
        match smtp {
            None => {}
            Some(Err(e)) => {
                outbox::set_status(db, row.id, outbox::OutboxStatus::Failed, Some(e)).await?;
            }
            Some(Ok((transport, from))) => {
                let (transport, db) = (transport.clone(), db.clone());
                let message = build_mail(from, target, &subject, &body);
                tokio::spawn(async move {
                    let outcome = match message {
                        Ok(m) => transport
                            .send(m)
                            .await
                            .map(|_| ())
                            .map_err(|e| e.to_string()),
                        Err(e) => Err(e),
                    };
                    let (status, error) = match &outcome {
                        Ok(()) => (outbox::OutboxStatus::Sent, None),
                        Err(e) => (outbox::OutboxStatus::Failed, Some(e.as_str())),
                    };
                    if let Some(e) = error {
                        tracing::warn!(outbox_id = row.id, error = e, "email not sent");
                    }
                    if let Err(e) = outbox::set_status(&db, row.id, status, error).await {
                        tracing::error!(outbox_id = row.id, error = %e, "outbox status not saved");
                    }
                });
            }
        }
        Ok(())
    }
}

fn build_mail(from: &Mailbox, to: &str, subject: &str, body: &str) -> Result<Message, String> {
    let to: Mailbox = to.parse().map_err(|e| format!("recipient: {e}"))?;
    Message::builder()
        .from(from.clone())
        .to(to)
        .subject(subject)
        .header(ContentType::TEXT_PLAIN)
        .body(body.to_string())
        .map_err(|e| e.to_string())
}

/// Messages the development mailbox keeps; older ones fall off.
pub const DEV_MAILBOX_MAX: usize = 500;

/// One message as composed, code included (development mailbox only).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DevMessage {
    /// The outbox row that records it.
    pub id: i64,
    /// `email` or `sms`.
    pub channel: &'static str,
    pub target: String,
    pub purpose: &'static str,
    pub subject: String,
    pub body: String,
    pub code: String,
    pub create_time: DateTime<Utc>,
}

/// The newest `DEV_MAILBOX_MAX` messages, in memory only: gone on restart
/// and never in the database.
#[derive(Default)]
pub struct DevMailbox {
    messages: Mutex<VecDeque<DevMessage>>,
}

impl DevMailbox {
    pub(crate) fn keep(&self, message: DevMessage) {
        let mut messages = self.messages.lock().unwrap_or_else(|e| e.into_inner());
        while messages.len() >= DEV_MAILBOX_MAX {
            messages.pop_front();
        }
        messages.push_back(message);
    }

    /// Newest first, only those to `target` when given (exact match).
    pub fn newest_first(&self, target: Option<&str>) -> Vec<DevMessage> {
        let messages = self.messages.lock().unwrap_or_else(|e| e.into_inner());
        messages
            .iter()
            .rev()
            .filter(|m| target.is_none_or(|t| m.target == t))
            .cloned()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(id: i64, target: &str) -> DevMessage {
        DevMessage {
            id,
            channel: "email",
            target: target.into(),
            purpose: "bind",
            subject: "s".into(),
            body: "b".into(),
            code: format!("{id:06}"),
            create_time: DateTime::UNIX_EPOCH,
        }
    }

    #[test]
    fn the_mailbox_keeps_the_newest_messages_only_newest_first() {
        let mailbox = DevMailbox::default();
        for id in 0..(DEV_MAILBOX_MAX as i64 + 20) {
            let target = if id % 2 == 0 { "a@x.io" } else { "b@x.io" };
            mailbox.keep(message(id, target));
        }
        let all = mailbox.newest_first(None);
        assert_eq!(all.len(), DEV_MAILBOX_MAX);
        assert_eq!(all[0].id, DEV_MAILBOX_MAX as i64 + 19);
        assert_eq!(all.last().unwrap().id, 20);
        let only_a = mailbox.newest_first(Some("a@x.io"));
        assert!(only_a.iter().all(|m| m.target == "a@x.io"));
        assert_eq!(only_a.len(), DEV_MAILBOX_MAX / 2);
        assert!(mailbox.newest_first(Some("c@x.io")).is_empty());
    }
}
