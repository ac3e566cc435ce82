//! Codes leave the outbox, and sign-in failures move to a table of their
//! own. The outbox keeps only that a message was sent (to whom, why, and
//! whether it arrived): old rows lose their code and body before the two
//! columns go. `login_failures` counts failed password checks per account
//! and source address (and per account from anywhere, `source = "*"`);
//! it replaces the per-account counters on `users` and `admins`, which
//! let anyone lock the owner out.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::{id, index, time, time_null, unique};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        clear_outbox_codes(m).await?;
        // SQLite takes one change per ALTER TABLE.
        for (table, column) in [
            ("outbox", "code"),
            ("outbox", "body"),
            ("users", "failed_logins"),
            ("users", "locked_until"),
            ("admins", "failed_logins"),
            ("admins", "locked_until"),
        ] {
            m.alter_table(
                Table::alter()
                    .table(Alias::new(table))
                    .drop_column(Alias::new(column))
                    .to_owned(),
            )
            .await?;
        }

        m.create_table(
            Table::create()
                .table("login_failures")
                .col(id("id"))
                // user (sign-in), admin (operator sign-in), session (a
                // password checked inside a signed-in session)
                .col(string("scope"))
                // `user:<id>` / `admin:<id>` for an account, or the typed
                // identifier (`name:...`, `email:...`) when none matches
                .col(string("subject"))
                // the client address (IPv6 by /64), or `*` for the account
                // from every address
                .col(string("source"))
                .col(integer("failures"))
                .col(time("window_start"))
                .col(time_null("locked_until"))
                .col(time("updated_at"))
                .to_owned(),
        )
        .await?;
        unique(m, "login_failures", &["scope", "subject", "source"]).await?;
        index(m, "login_failures", &["updated_at"]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Alias::new("login_failures")).to_owned())
            .await?;
        for table in ["admins", "users"] {
            m.alter_table(
                Table::alter()
                    .table(Alias::new(table))
                    .add_column(time_null("locked_until"))
                    .to_owned(),
            )
            .await?;
        }
        for table in ["admins", "users"] {
            m.alter_table(
                Table::alter()
                    .table(Alias::new(table))
                    .add_column(integer("failed_logins").default(0))
                    .to_owned(),
            )
            .await?;
        }
        m.alter_table(
            Table::alter()
                .table(Alias::new("outbox"))
                .add_column(text("body").default(""))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Alias::new("outbox"))
                .add_column(string_null("code"))
                .to_owned(),
        )
        .await
    }
}

/// Blanks what old rows hold before the columns are dropped, so the codes
/// do not linger in the rewritten table either.
async fn clear_outbox_codes(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = m.get_connection();
    let clear = Query::update()
        .table(Alias::new("outbox"))
        .value(Alias::new("code"), Option::<String>::None)
        .value(Alias::new("body"), "")
        .to_owned();
    db.execute(db.get_database_backend().build(&clear)).await?;
    // Nothing is written to a log any more: a message without a provider
    // is simply not sent.
    let renamed = Query::update()
        .table(Alias::new("outbox"))
        .value(Alias::new("status"), "unsent")
        .and_where(Expr::col(Alias::new("status")).eq("logged"))
        .to_owned();
    db.execute(db.get_database_backend().build(&renamed))
        .await?;
    Ok(())
}
