//! Pruning past sessions: the periodic sweep
//! (`onyx_account::api::session_pruning`) deletes users' and operators'
//! sessions that ended, or expired, longer ago than the retention. Each
//! time gets its own index on both tables, so a run finds what it deletes
//! through them instead of reading every session (m0025's indexes start
//! with the holder, which the sweep does not name).

use onyx_store::migration::columns::{drop_index, index};
use sea_orm_migration::prelude::*;

const INDEXES: [(&str, &str); 4] = [
    ("sessions", "expires_at"),
    ("sessions", "ended_at"),
    ("admin_sessions", "expires_at"),
    ("admin_sessions", "ended_at"),
];

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (table, col) in INDEXES {
            index(m, table, &[col]).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (table, col) in INDEXES {
            drop_index(m, table, &[col]).await?;
        }
        Ok(())
    }
}
