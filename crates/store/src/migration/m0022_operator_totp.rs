//! Operators' second factor (decision 0027-operator-totp): on `admins`
//! the TOTP secret (pending while `totp_enabled_at` is null, enabled from
//! then on) and the last time step a code was accepted at, so a code is
//! never taken twice; one-use recovery codes, stored as SHA-256 hashes,
//! in `admin_recovery_codes`; and on `admin_sessions` the address and
//! user agent each session was opened from, for the operator's list of
//! their own sessions.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::{id, index, time, time_null};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite takes one change per ALTER TABLE.
        for column in [
            text_null("totp_secret"),
            time_null("totp_enabled_at"),
            big_integer_null("totp_last_step"),
        ] {
            m.alter_table(Table::alter().table("admins").add_column(column).to_owned())
                .await?;
        }
        for column in ["ip", "user_agent"] {
            m.alter_table(
                Table::alter()
                    .table("admin_sessions")
                    .add_column(
                        ColumnDef::new(Alias::new(column))
                            .string()
                            .not_null()
                            .default(""),
                    )
                    .to_owned(),
            )
            .await?;
        }
        index(m, "admin_sessions", &["admin_id"]).await?;

        m.create_table(
            Table::create()
                .table("admin_recovery_codes")
                .col(id("id"))
                .col(big_integer("admin_id"))
                .col(string("code_hash"))
                .col(time("created_at"))
                .col(time_null("used_at"))
                .to_owned(),
        )
        .await?;
        index(m, "admin_recovery_codes", &["admin_id", "code_hash"]).await
    }
}
