//! The operators' sorted lists on the big tables: the audit log by
//! action and by operator name (each with the time, which also serves
//! the action and operator-name filters; target and time are m0024's),
//! and a user's spot orders by pair and by time. Sorts on a user's
//! postings go through the user's own postings (m0004's indexes: one
//! user's rows, then sorted), and amounts are ordered by their decimal
//! text's value, which no plain index holds.

use onyx_store::migration::columns::{drop_index, index};
use sea_orm_migration::prelude::*;

const INDEXES: [(&str, &[&str]); 4] = [
    ("audit_log", &["action", "created_at"]),
    ("audit_log", &["actor_name", "created_at"]),
    ("spot_orders", &["user_id", "symbol", "id"]),
    ("spot_orders", &["user_id", "created_at"]),
];

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (table, cols) in INDEXES {
            index(m, table, cols).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (table, cols) in INDEXES {
            drop_index(m, table, cols).await?;
        }
        Ok(())
    }
}
