//! A market maker's ladder shaped like a real book: sizes that grow away
//! from the mid (`size_growth_bps`: each level adds that share of the first
//! level's size) and gaps that widen (`step_growth_bps`: each gap adds that
//! share of `step_bps`), so levels crowd near the price. Rows still on the
//! seeded uniform ladder (5 levels, 10 bps apart) take the new defaults;
//! an operator's own ladder is left as it is (growth 0 keeps it uniform).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for column in ["size_growth_bps", "step_growth_bps"] {
            m.alter_table(
                Table::alter()
                    .table("spot_maker_settings")
                    .add_column(
                        ColumnDef::new(Alias::new(column))
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .to_owned(),
            )
            .await?;
        }
        let realistic = Query::update()
            .table("spot_maker_settings")
            .value(Alias::new("levels"), 12)
            .value(Alias::new("spread_bps"), 5)
            .value(Alias::new("step_bps"), 5)
            .value(Alias::new("size_growth_bps"), 2_500)
            .value(Alias::new("step_growth_bps"), 5_000)
            .and_where(Expr::col("levels").eq(5))
            .and_where(Expr::col("spread_bps").eq(10))
            .and_where(Expr::col("step_bps").eq(10))
            .to_owned();
        m.exec_stmt(realistic).await
    }
}
