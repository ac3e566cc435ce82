//! Code delivery. Every message is written to the `outbox` table and to the
//! log (code included): that is the operator-visible outbox, and in a demo
//! without SMTP it is how a user finishes a flow that needs a code.
//!
//! Email also goes out through SMTP when `--smtp-url` is set. SMS has no
//! provider yet: SMS messages are only logged (status `logged`).

use crate::config::Config;
use lettre::message::{header::ContentType, Mailbox};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use onyx_core::i18n;
use onyx_core::identity::{CodePurpose, CODE_TTL_SECONDS};
use onyx_store::repo::outbox;
use onyx_store::Db;

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

pub struct Delivery {
    /// `None` without `--smtp-url`; `Some(Err)` when the URL or sender is
    /// unusable, so each email is recorded `failed` with the reason instead
    /// of vanishing.
    smtp: Option<Result<(Smtp, Mailbox), String>>,
}

impl Delivery {
    pub fn new(config: &Config) -> Delivery {
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
        Delivery { smtp }
    }

    /// Records and sends one code. The SMTP hand-off runs in the background
    /// so a slow mail server does not hold the request; its outcome lands in
    /// the outbox row.
    pub async fn send_code(
        &self,
        db: &Db,
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
            outbox::STATUS_SENDING
        } else {
            outbox::STATUS_LOGGED
        };
        let row = outbox::create(
            db,
            outbox::NewMessage {
                channel: channel.as_str(),
                target,
                subject: &subject,
                body: &body,
                code: Some(code),
                purpose: purpose.as_str(),
                status,
            },
        )
        .await?;
        tracing::info!(
            outbox_id = row.id,
            channel = channel.as_str(),
            target,
            purpose = purpose.as_str(),
            code,
            "verification code issued"
        );
        match smtp {
            None => {}
            Some(Err(e)) => {
                outbox::set_status(db, row.id, outbox::STATUS_FAILED, Some(e)).await?;
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
                        Ok(()) => (outbox::STATUS_SENT, None),
                        Err(e) => (outbox::STATUS_FAILED, Some(e.as_str())),
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
