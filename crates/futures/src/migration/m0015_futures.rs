//! Futures terms per contract pair, positions and fills. Every contract
//! pair starts with Binance's BTCUSDT brackets scaled to its market (BTC
//! 1, ETH 0.5, others 0.1), a 0.5 % liquidation fee, no spread, a net
//! open interest of at most 5,000,000 USDT (BTC; scaled the same way), and
//! funding of 0.01 % per interval leaning up to 0.05 % more with the skew,
//! capped at 0.3 %.

use onyx_store::migration::columns::{id, index};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

fn text(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
        .text()
        .not_null()
        .to_owned()
}

fn big(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
        .big_integer()
        .not_null()
        .to_owned()
}

fn scale_of(coin: &str) -> (&'static str, &'static str) {
    match coin.to_ascii_lowercase().as_str() {
        "btc" => ("1", "5000000"),
        "eth" => ("0.5", "2500000"),
        _ => ("0.1", "500000"),
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("futures_terms")
                .col(
                    ColumnDef::new("contract_id")
                        .big_integer()
                        .not_null()
                        .primary_key(),
                )
                .col(text("bracket_scale"))
                .col(text("liquidation_fee"))
                .col(text("spread"))
                .col(text("max_net_oi"))
                .col(text("funding_interest"))
                .col(text("funding_skew"))
                .col(text("funding_cap"))
                .col(text("funding_floor"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("futures_positions")
                .col(id("id"))
                .col(big("user_id"))
                .col(big("contract_id"))
                .col(text("coin"))
                .col(text("symbol"))
                .col(text("side"))
                .col(ColumnDef::new("leverage").integer().not_null())
                .col(text("qty"))
                .col(text("entry_price"))
                .col(text("initial_margin"))
                .col(text("margin"))
                .col(text("fees"))
                .col(text("realised"))
                .col(text("funding"))
                .col(text("status"))
                .col(big("opened_at"))
                .col(big("updated_at"))
                .col(ColumnDef::new("closed_at").big_integer().null())
                .col(ColumnDef::new("close_price").text().null())
                .to_owned(),
        )
        .await?;
        index(m, "futures_positions", &["user_id", "status", "id"]).await?;
        index(m, "futures_positions", &["status", "coin"]).await?;
        // The risk book follows what changed since its last look.
        index(m, "futures_positions", &["updated_at"]).await?;
        m.create_table(
            Table::create()
                .table("futures_fills")
                .col(id("id"))
                .col(big("position_id"))
                .col(big("user_id"))
                .col(text("kind"))
                .col(text("qty"))
                .col(text("price"))
                .col(text("mark"))
                .col(big("tick_ms"))
                .col(text("source"))
                .col(text("fee"))
                .col(text("fee_rate"))
                .col(text("spread"))
                .col(text("pnl"))
                .col(text("margin"))
                .col(big("tx_id"))
                .col(big("at"))
                .to_owned(),
        )
        .await?;
        index(m, "futures_fills", &["position_id", "id"]).await?;
        // Take-profit and stop-loss orders on positions.
        m.create_table(
            Table::create()
                .table("futures_stops")
                .col(id("id"))
                .col(big("user_id"))
                .col(big("position_id"))
                .col(text("coin"))
                .col(text("kind"))
                .col(text("trigger_price"))
                .col(text("qty"))
                .col(text("status"))
                .col(big("created_at"))
                .col(ColumnDef::new("triggered_at").big_integer().null())
                .col(ColumnDef::new("fill_price").text().null())
                .to_owned(),
        )
        .await?;
        index(m, "futures_stops", &["status", "coin"]).await?;
        index(m, "futures_stops", &["user_id", "status", "id"]).await?;
        // One row per contract and funding time: each is paid once.
        m.create_table(
            Table::create()
                .table("futures_fundings")
                .col(big("contract_id"))
                .col(big("funding_time"))
                .col(text("rate"))
                .col(text("mark"))
                .col(big("tick_ms"))
                .col(text("source"))
                .col(text("long_qty"))
                .col(text("short_qty"))
                .col(big("positions"))
                .primary_key(Index::create().col("contract_id").col("funding_time"))
                .to_owned(),
        )
        .await?;
        // Open interest per contract and side, kept with every fill.
        m.create_table(
            Table::create()
                .table("futures_interest")
                .col(
                    ColumnDef::new("contract_id")
                        .big_integer()
                        .not_null()
                        .primary_key(),
                )
                .col(text("long_qty"))
                .col(text("short_qty"))
                .to_owned(),
        )
        .await?;

        let db = m.get_connection();
        let select = Query::select()
            .columns([Alias::new("id"), Alias::new("coin")])
            .from(Alias::new("contract_pairs"))
            .to_owned();
        for row in db
            .query_all(db.get_database_backend().build(&select))
            .await?
        {
            let contract_id: i64 = row.try_get("", "id")?;
            let coin: String = row.try_get("", "coin")?;
            let (scale, max_net_oi) = scale_of(&coin);
            // The skew counts in full from this much open interest.
            let funding_floor = max_net_oi;
            let insert = Query::insert()
                .into_table(Alias::new("futures_terms"))
                .columns(
                    [
                        "contract_id",
                        "bracket_scale",
                        "liquidation_fee",
                        "spread",
                        "max_net_oi",
                        "funding_interest",
                        "funding_skew",
                        "funding_cap",
                        "funding_floor",
                    ]
                    .map(Alias::new),
                )
                .values_panic([
                    contract_id.into(),
                    scale.into(),
                    "0.005".into(),
                    "0".into(),
                    max_net_oi.into(),
                    "0.0001".into(),
                    "0.0005".into(),
                    "0.003".into(),
                    funding_floor.into(),
                ])
                .to_owned();
            m.exec_stmt(insert).await?;
        }
        Ok(())
    }
}
