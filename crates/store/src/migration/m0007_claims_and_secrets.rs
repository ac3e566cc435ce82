//! Contested deposit claims and server secrets.
//!
//! A transaction hash used to be unique per network among all claims, so
//! whoever claimed a hash first blocked its real sender. Now several users
//! may claim one hash and an operator decides; what stays unique is a
//! user's own claim of a hash, and the one claim of a hash that is
//! credited (a partial index over `confirmed` claims, which SQLite and
//! PostgreSQL both enforce).
//!
//! `server_secrets` holds keys every node on one database must share and
//! that must survive a restart (the key that signs file links).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::{index, time, unique};

#[derive(DeriveMigrationName)]
pub struct Migration;

const CREDITED_INDEX: &str = "ux_deposits_credited_network_tx_hash";
const OLD_INDEX: &str = "ux_deposits_network_tx_hash";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(
            Index::drop()
                .name(OLD_INDEX)
                .table(Alias::new("deposits"))
                .to_owned(),
        )
        .await?;
        unique(m, "deposits", &["user_id", "network", "tx_hash"]).await?;
        index(m, "deposits", &["tx_hash"]).await?;
        m.create_index(
            Index::create()
                .name(CREDITED_INDEX)
                .table(Alias::new("deposits"))
                .col(Alias::new("network"))
                .col(Alias::new("tx_hash"))
                .unique()
                .and_where(Expr::col(Alias::new("status")).eq("confirmed"))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("server_secrets")
                .col(string("name").primary_key())
                .col(text("value"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Alias::new("server_secrets")).to_owned())
            .await?;
        for name in [
            CREDITED_INDEX,
            "ix_deposits_tx_hash",
            "ux_deposits_user_id_network_tx_hash",
        ] {
            m.drop_index(
                Index::drop()
                    .name(name)
                    .table(Alias::new("deposits"))
                    .to_owned(),
            )
            .await?;
        }
        // Fails while contested claims exist: they cannot fit the old rule.
        unique(m, "deposits", &["network", "tx_hash"]).await
    }
}
