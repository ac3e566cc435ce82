//! The wallet: the double-entry ledger (accounts, transactions, postings),
//! idempotency keys, deposit addresses and claims, deposit bonus rules,
//! withdrawals and flash exchanges. Every amount is decimal TEXT, so no
//! value passes through a float; sums are done in Rust on exact decimals.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::{id, index, time, time_null, unique};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One row, updated first in every ledger transaction: it takes the
        // database's write lock before any balance is read (SQLite would
        // otherwise fail a read-then-write transaction that lost a race,
        // PostgreSQL would let two processes read the same balance).
        m.create_table(
            Table::create()
                .table("ledger_gate")
                .col(id("id"))
                .col(big_integer("version"))
                .to_owned(),
        )
        .await?;
        let seed = Query::insert()
            .into_table("ledger_gate")
            .columns(["id", "version"])
            .values_panic([1.into(), 0.into()])
            .to_owned();
        m.exec_stmt(seed).await?;

        // `account_key` is the account's identity as text ("u:42:spot:USDT",
        // "s:external:USDT"); owner columns are kept for queries.
        m.create_table(
            Table::create()
                .table("ledger_accounts")
                .col(id("id"))
                .col(string("account_key").unique_key())
                .col(big_integer_null("user_id"))
                .col(string_null("wallet"))
                .col(string_null("system"))
                .col(string("asset"))
                .col(string("available"))
                .col(string("frozen"))
                .col(time("updated_at"))
                .to_owned(),
        )
        .await?;
        index(m, "ledger_accounts", &["user_id"]).await?;

        m.create_table(
            Table::create()
                .table("ledger_transactions")
                .col(id("id"))
                .col(string("reference"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("ledger_postings")
                .col(id("id"))
                .col(big_integer("tx_id"))
                .col(string("kind"))
                .col(string("asset"))
                .col(string("amount"))
                .col(big_integer("from_account_id"))
                .col(string("from_bucket"))
                .col(big_integer("to_account_id"))
                .col(string("to_bucket"))
                // Denormalised owners, so a user's record is one indexed query.
                .col(big_integer_null("from_user_id"))
                .col(big_integer_null("to_user_id"))
                .col(string("reference"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;
        index(m, "ledger_postings", &["tx_id"]).await?;
        index(m, "ledger_postings", &["from_user_id", "id"]).await?;
        index(m, "ledger_postings", &["to_user_id", "id"]).await?;

        // A retried money-moving call returns the stored first response.
        m.create_table(
            Table::create()
                .table("idempotency_keys")
                .col(id("id"))
                .col(big_integer("user_id"))
                .col(string("scope"))
                .col(string("key"))
                .col(string("request_hash"))
                .col(text("response"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;
        unique(m, "idempotency_keys", &["user_id", "scope", "key"]).await?;

        m.create_table(
            Table::create()
                .table("deposit_addresses")
                .col(id("id"))
                .col(big_integer("user_id"))
                .col(string("coin"))
                .col(string("network"))
                .col(string("address"))
                // BIP32 child index under the network's extended key; null
                // for the shared ASSET_COIN address.
                .col(big_integer_null("derivation_index"))
                .col(boolean("shared"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;
        unique(m, "deposit_addresses", &["user_id", "coin", "network"]).await?;
        index(m, "deposit_addresses", &["address"]).await?;

        m.create_table(
            Table::create()
                .table("deposits")
                .col(id("id"))
                .col(big_integer("user_id"))
                .col(string("coin"))
                .col(string("network"))
                .col(string("address"))
                .col(string("amount"))
                .col(string("tx_hash"))
                .col(string_null("screenshot"))
                // pending, confirmed, rejected
                .col(string("status"))
                .col(string_null("bonus"))
                .col(string_null("reason"))
                .col(big_integer_null("reviewed_by"))
                .col(big_integer_null("ledger_tx_id"))
                .col(time("created_at"))
                .col(time_null("reviewed_at"))
                .to_owned(),
        )
        .await?;
        index(m, "deposits", &["user_id", "id"]).await?;
        index(m, "deposits", &["status", "id"]).await?;
        unique(m, "deposits", &["network", "tx_hash"]).await?;

        m.create_table(
            Table::create()
                .table("deposit_bonus_rules")
                .col(id("id"))
                .col(string("coin"))
                .col(string("min_amount"))
                // Percent of the deposit, capped at max_bonus.
                .col(string("ratio"))
                .col(string("max_bonus"))
                .col(boolean("enabled"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("withdrawals")
                .col(id("id"))
                .col(big_integer("user_id"))
                .col(string("coin"))
                .col(string("channel"))
                .col(string("network"))
                .col(string("address"))
                .col(string("amount"))
                .col(string("fee"))
                .col(string("net_amount"))
                .col(string_null("separate_fee_coin"))
                .col(string_null("separate_fee"))
                .col(string("amount_usdt"))
                // pending, approved, rejected
                .col(string("status"))
                .col(string_null("tx_hash"))
                .col(string_null("reason"))
                .col(big_integer_null("reviewed_by"))
                .col(time("created_at"))
                .col(time_null("reviewed_at"))
                .to_owned(),
        )
        .await?;
        index(m, "withdrawals", &["user_id", "created_at"]).await?;
        index(m, "withdrawals", &["status", "id"]).await?;

        m.create_table(
            Table::create()
                .table("exchanges")
                .col(id("id"))
                .col(big_integer("user_id"))
                .col(string("from_coin"))
                .col(string("to_coin"))
                .col(string("from_amount"))
                .col(string("to_amount"))
                // to_coin per from_coin, as executed
                .col(string("price"))
                .col(string("fee"))
                .col(string("fee_coin"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;
        index(m, "exchanges", &["user_id", "id"]).await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "exchanges",
            "withdrawals",
            "deposit_bonus_rules",
            "deposits",
            "deposit_addresses",
            "idempotency_keys",
            "ledger_postings",
            "ledger_transactions",
            "ledger_accounts",
            "ledger_gate",
        ] {
            m.drop_table(Table::drop().table(Alias::new(table)).to_owned())
                .await?;
        }
        Ok(())
    }
}
