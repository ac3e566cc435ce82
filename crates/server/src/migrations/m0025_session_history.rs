//! Sessions kept as history: on `sessions` and `admin_sessions` the time a
//! session was last used (written at most once a minute), and when and why
//! it was ended (signing out, a password change, a freeze, ...) in place
//! of deleting the row. The token lookup needs no new index (`token_hash`
//! is unique, so it reads one row); the lists of one holder's sessions
//! and ending them all read the holder's live rows, so each table gets an
//! index on the holder, then `ended_at` (null while live), then
//! `expires_at`.

use onyx_store::migration::columns::{index, time_null};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::text_null;

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLES: [(&str, &str); 2] = [("sessions", "user_id"), ("admin_sessions", "admin_id")];
const COLUMNS: [&str; 3] = ["last_seen_at", "ended_at", "end_reason"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (table, holder) in TABLES {
            // SQLite takes one change per ALTER TABLE.
            for column in [
                time_null("last_seen_at"),
                time_null("ended_at"),
                text_null("end_reason"),
            ] {
                m.alter_table(Table::alter().table(table).add_column(column).to_owned())
                    .await?;
            }
            index(m, table, &[holder, "ended_at", "expires_at"]).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (table, holder) in TABLES {
            m.drop_index(
                Index::drop()
                    .name(format!("ix_{table}_{holder}_ended_at_expires_at"))
                    .table(Alias::new(table))
                    .to_owned(),
            )
            .await?;
            for column in COLUMNS {
                m.alter_table(
                    Table::alter()
                        .table(table)
                        .drop_column(Alias::new(column))
                        .to_owned(),
                )
                .await?;
            }
        }
        Ok(())
    }
}
