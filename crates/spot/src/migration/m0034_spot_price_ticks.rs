//! The seeded pairs priced in the thousands (BTC, ETH, BNB, SOL, LTC) trade
//! at a tick of 0.01 USDT, as the big exchanges quote them, instead of the
//! seed's 0.0001: a BTC price is 95,014.12, not 95,014.1234. The screens show
//! every price at its pair's tick, so the tick is what a trader reads.
//!
//! Only pairs still on the seed's 4 decimals change, and only while no order
//! rests on them: a resting order's price on the old, finer tick would not
//! convert to the new one when the book is rebuilt (an operator's own
//! precision, and a live book, are left as they are).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const COINS: [&str; 5] = ["btc", "eth", "bnb", "sol", "ltc"];
const SEED_DP: i32 = 4;
const TICK_DP: i32 = 2;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let resting = Query::select()
            .expr(Expr::val(1))
            .from(Alias::new("spot_orders"))
            .and_where(
                Expr::col((Alias::new("spot_orders"), Alias::new("symbol")))
                    .equals((Alias::new("spot_pairs"), Alias::new("symbol"))),
            )
            .and_where(
                Expr::col((Alias::new("spot_orders"), Alias::new("status")))
                    .is_in(["open", "partial"]),
            )
            .to_owned();
        let ticks = Query::update()
            .table(Alias::new("spot_pairs"))
            .value(Alias::new("base_precision"), TICK_DP)
            .and_where(Expr::col(Alias::new("coin")).is_in(COINS))
            .and_where(Expr::col(Alias::new("base_precision")).eq(SEED_DP))
            .and_where(Expr::exists(resting).not())
            .to_owned();
        m.exec_stmt(ticks).await
    }
}
