//! Spot trading: orders, trades and the market maker's per-pair settings.
//! Amounts are decimal TEXT like every amount in the store. An order row is
//! written in the same ledger transaction as the postings that freeze,
//! settle and release its funds, so `frozen` (what the order still holds)
//! always matches the ledger.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::{id, index, time, unique};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Quantity per level of the seeded market-maker ladders, in the base coin:
/// roughly a few hundred USDT each at recent prices. A pair not listed here
/// (an operator's own) gets `DEFAULT_MAKER_SIZE` and the maker stays off.
const MAKER_SIZES: [(&str, &str); 8] = [
    ("btcusdt", "0.005"),
    ("ethusdt", "0.1"),
    ("trxusdt", "2000"),
    ("xrpusdt", "200"),
    ("dogeusdt", "2000"),
    ("ltcusdt", "5"),
    ("bnbusdt", "0.5"),
    ("solusdt", "2"),
];
const DEFAULT_MAKER_SIZE: &str = "1";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("spot_orders")
                .col(id("id"))
                .col(big_integer("user_id"))
                .col(string("symbol"))
                // buy, sell
                .col(string("side"))
                // limit, market
                .col(string("kind"))
                // gtc, ioc, post_only; null for a market order
                .col(string_null("tif"))
                .col(string_null("price"))
                // base quantity asked; null for a market buy by total
                .col(string_null("qty"))
                // USDT to spend, market buy by total only
                .col(string_null("quote_amount"))
                .col(string("filled_qty"))
                .col(string("filled_quote"))
                .col(string("fee"))
                .col(string("fee_coin"))
                .col(string("frozen_asset"))
                // what the order still holds frozen
                .col(string("frozen"))
                // open, partial, filled, cancelled, rejected
                .col(string("status"))
                .col(string_null("cancel_reason"))
                .col(time("created_at"))
                .col(time("updated_at"))
                .to_owned(),
        )
        .await?;
        index(m, "spot_orders", &["user_id", "id"]).await?;
        index(m, "spot_orders", &["symbol", "status"]).await?;

        m.create_table(
            Table::create()
                .table("spot_trades")
                .col(id("id"))
                .col(string("symbol"))
                .col(string("price"))
                .col(string("qty"))
                .col(string("quote"))
                .col(big_integer("maker_order_id"))
                .col(big_integer("taker_order_id"))
                .col(big_integer("maker_user_id"))
                .col(big_integer("taker_user_id"))
                .col(string("taker_side"))
                .col(string("buyer_fee"))
                .col(string("seller_fee"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;
        index(m, "spot_trades", &["symbol", "id"]).await?;
        index(m, "spot_trades", &["maker_user_id", "id"]).await?;
        index(m, "spot_trades", &["taker_user_id", "id"]).await?;

        m.create_table(
            Table::create()
                .table("spot_maker_settings")
                .col(id("id"))
                .col(string("symbol"))
                .col(boolean("enabled"))
                .col(integer("levels"))
                // distance of the first level from the index price
                .col(integer("spread_bps"))
                // distance between levels
                .col(integer("step_bps"))
                // base quantity per level
                .col(string("size"))
                .to_owned(),
        )
        .await?;
        unique(m, "spot_maker_settings", &["symbol"]).await?;
        seed_maker(m).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in ["spot_maker_settings", "spot_trades", "spot_orders"] {
            m.drop_table(Table::drop().table(Alias::new(table)).to_owned())
                .await?;
        }
        Ok(())
    }
}

/// One settings row per spot pair in the catalogue (m0003 seeded them).
async fn seed_maker(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = m.get_connection();
    let select = Query::select()
        .column(Alias::new("symbol"))
        .from(Alias::new("spot_pairs"))
        .order_by(Alias::new("id"), Order::Asc)
        .to_owned();
    let rows = db
        .query_all(db.get_database_backend().build(&select))
        .await?;
    for row in rows {
        let symbol: String = row.try_get("", "symbol")?;
        let known = MAKER_SIZES.iter().find(|(s, _)| *s == symbol);
        let size = known.map(|(_, size)| *size).unwrap_or(DEFAULT_MAKER_SIZE);
        let insert = Query::insert()
            .into_table(Alias::new("spot_maker_settings"))
            .columns(
                [
                    "symbol",
                    "enabled",
                    "levels",
                    "spread_bps",
                    "step_bps",
                    "size",
                ]
                .map(Alias::new),
            )
            .values_panic([
                symbol.into(),
                known.is_some().into(),
                5.into(),
                10.into(),
                10.into(),
                size.into(),
            ])
            .to_owned();
        m.exec_stmt(insert).await?;
    }
    Ok(())
}
