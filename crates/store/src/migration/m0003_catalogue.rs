//! The market catalogue: the coin list, spot, futures and option pairs, and
//! each user's watchlist. The catalogue is product data, so the spec's
//! section 9 values are seeded here for every database, not only the demo.
//! Decimals (fees, limits, share sizes) are TEXT so they never pass through
//! a float.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::id;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// One seeded coin: the values of spec section 9 that differ per coin.
struct SeedCoin {
    coin: &'static str,
    /// Quantity precision of a spot order (DOGE trades in whole coins).
    coin_precision: i32,
    order_min: &'static str,
    leverage: &'static str,
    max_share: &'static str,
    share_number: &'static str,
}

const SEED: [SeedCoin; 8] = [
    SeedCoin {
        coin: "btc",
        coin_precision: 4,
        order_min: "0.00001",
        leverage: "5,10,20,50,100",
        max_share: "1000000",
        share_number: "0.0001",
    },
    SeedCoin {
        coin: "eth",
        coin_precision: 4,
        order_min: "0.00001",
        leverage: "5,10,20",
        max_share: "1000000",
        share_number: "0.001",
    },
    SeedCoin {
        coin: "trx",
        coin_precision: 4,
        order_min: "0.00001",
        leverage: "5,10,20",
        max_share: "10000",
        share_number: "1",
    },
    SeedCoin {
        coin: "xrp",
        coin_precision: 4,
        order_min: "0.00001",
        leverage: "5,10,20",
        max_share: "10000",
        share_number: "1",
    },
    SeedCoin {
        coin: "doge",
        coin_precision: 0,
        order_min: "1",
        leverage: "5,10,20",
        max_share: "10000",
        share_number: "10",
    },
    SeedCoin {
        coin: "ltc",
        coin_precision: 4,
        order_min: "0.00001",
        leverage: "2,5,10,20,50",
        max_share: "1000",
        share_number: "0.01",
    },
    SeedCoin {
        coin: "bnb",
        coin_precision: 4,
        order_min: "0.00001",
        leverage: "5,10,20",
        max_share: "1000",
        share_number: "0.01",
    },
    SeedCoin {
        coin: "sol",
        coin_precision: 4,
        order_min: "0.00001",
        leverage: "5,10,20",
        max_share: "100000",
        share_number: "0.01",
    },
];

const FEE_RATE: &str = "0.001";
const ORDER_MAX: &str = "1000000";
const PRICE_PRECISION: i32 = 4;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("coins")
                .col(id("id"))
                .col(string("coin").unique_key())
                .col(string("symbol").unique_key())
                .col(string("show_symbol"))
                .col(string("logo"))
                .col(integer("sort"))
                .col(integer("status"))
                .col(integer("show_flag"))
                .col(integer("customize_flag"))
                .col(string("market"))
                .col(integer("coin_type"))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("spot_pairs")
                .col(id("id"))
                .col(string("coin"))
                .col(string("symbol").unique_key())
                .col(string("order_min"))
                .col(string("order_max"))
                .col(string("buy_max"))
                .col(string("sell_min"))
                .col(string("min_sell"))
                .col(string("fee_rate"))
                .col(integer("base_precision"))
                .col(integer("coin_precision"))
                .col(integer("limited_buy"))
                .col(integer("limited_sell"))
                .col(integer("market_buy"))
                .col(integer("market_sell"))
                .col(integer("enable"))
                .col(integer("is_deal"))
                .col(integer("is_show"))
                .col(integer("sort"))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("contract_pairs")
                .col(id("id"))
                .col(string("symbol").unique_key())
                .col(string("show_symbol"))
                .col(string("coin"))
                .col(string("base_coin"))
                .col(string("leverage"))
                .col(string("min_share"))
                .col(string("max_share"))
                .col(string("share_number"))
                .col(string("open_fee"))
                .col(string("close_fee"))
                .col(string("usdt_rate"))
                .col(integer("interval_hour"))
                .col(integer("enable"))
                .col(integer("sort"))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("option_pairs")
                .col(id("id"))
                .col(string("coin"))
                .col(string("symbol").unique_key())
                .col(string("show_symbol"))
                .col(integer("fee_type"))
                .col(string("fee_value"))
                .col(integer("sort"))
                .col(integer("status"))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("watchlist")
                .col(id("id"))
                .col(big_integer("user_id"))
                .col(string("coin"))
                .col(timestamp_with_time_zone("created_at"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ux_watchlist_user_id_coin")
                .table(Alias::new("watchlist"))
                .col(Alias::new("user_id"))
                .col(Alias::new("coin"))
                .unique()
                .to_owned(),
        )
        .await?;

        seed(m).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "watchlist",
            "option_pairs",
            "contract_pairs",
            "spot_pairs",
            "coins",
        ] {
            m.drop_table(Table::drop().table(Alias::new(table)).to_owned())
                .await?;
        }
        Ok(())
    }
}

/// Fills the freshly created (so empty) tables with spec section 9.
async fn seed(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    for (i, c) in SEED.iter().enumerate() {
        let sort = i as i32 + 1;
        let symbol = format!("{}usdt", c.coin);
        let show_symbol = format!("{}/USDT", c.coin.to_uppercase());
        let a = |s: &str| Alias::new(s);

        let coin = Query::insert()
            .into_table(a("coins"))
            .columns(
                [
                    "coin",
                    "symbol",
                    "show_symbol",
                    "logo",
                    "sort",
                    "status",
                    "show_flag",
                    "customize_flag",
                    "market",
                    "coin_type",
                ]
                .map(a),
            )
            .values_panic([
                c.coin.into(),
                symbol.clone().into(),
                show_symbol.clone().into(),
                "".into(),
                sort.into(),
                1.into(),
                1.into(),
                2.into(),
                "spot".into(),
                1.into(),
            ])
            .to_owned();
        m.exec_stmt(coin).await?;

        let spot = Query::insert()
            .into_table(a("spot_pairs"))
            .columns(
                [
                    "coin",
                    "symbol",
                    "order_min",
                    "order_max",
                    "buy_max",
                    "sell_min",
                    "min_sell",
                    "fee_rate",
                    "base_precision",
                    "coin_precision",
                    "limited_buy",
                    "limited_sell",
                    "market_buy",
                    "market_sell",
                    "enable",
                    "is_deal",
                    "is_show",
                    "sort",
                ]
                .map(a),
            )
            .values_panic([
                c.coin.into(),
                symbol.clone().into(),
                c.order_min.into(),
                ORDER_MAX.into(),
                ORDER_MAX.into(),
                c.order_min.into(),
                c.order_min.into(),
                FEE_RATE.into(),
                PRICE_PRECISION.into(),
                c.coin_precision.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                sort.into(),
            ])
            .to_owned();
        m.exec_stmt(spot).await?;

        let contract = Query::insert()
            .into_table(a("contract_pairs"))
            .columns(
                [
                    "symbol",
                    "show_symbol",
                    "coin",
                    "base_coin",
                    "leverage",
                    "min_share",
                    "max_share",
                    "share_number",
                    "open_fee",
                    "close_fee",
                    "usdt_rate",
                    "interval_hour",
                    "enable",
                    "sort",
                ]
                .map(a),
            )
            .values_panic([
                symbol.clone().into(),
                show_symbol.clone().into(),
                c.coin.into(),
                "usdt".into(),
                c.leverage.into(),
                "1".into(),
                c.max_share.into(),
                c.share_number.into(),
                FEE_RATE.into(),
                FEE_RATE.into(),
                "1".into(),
                8.into(),
                1.into(),
                sort.into(),
            ])
            .to_owned();
        m.exec_stmt(contract).await?;

        let option = Query::insert()
            .into_table(a("option_pairs"))
            .columns(
                [
                    "coin",
                    "symbol",
                    "show_symbol",
                    "fee_type",
                    "fee_value",
                    "sort",
                    "status",
                ]
                .map(a),
            )
            .values_panic([
                c.coin.into(),
                symbol.into(),
                show_symbol.into(),
                1.into(),
                "1".into(),
                sort.into(),
                1.into(),
            ])
            .to_owned();
        m.exec_stmt(option).await?;
    }
    Ok(())
}
