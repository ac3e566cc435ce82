//! Limits on fixed-payout orders: each second-contract period gets an
//! exposure cap (what the house may owe on one window if every order in it
//! wins), the running exposure per window is kept beside the orders, and
//! each product has the countries it is not offered in.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The cap every existing period starts with, in USDT.
pub const EXPOSURE_CAP_DEFAULT: &str = "100000";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("second_contract_periods")
                .add_column(
                    ColumnDef::new("exposure_cap")
                        .text()
                        .not_null()
                        .default(EXPOSURE_CAP_DEFAULT),
                )
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("contract_exposures")
                .col(ColumnDef::new("product").string().not_null())
                .col(ColumnDef::new("period_id").big_integer().not_null())
                .col(ColumnDef::new("window_no").big_integer().not_null())
                .col(ColumnDef::new("exposure").text().not_null())
                .primary_key(
                    Index::create()
                        .col("product")
                        .col("period_id")
                        .col("window_no"),
                )
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("contract_country_blocks")
                .col(ColumnDef::new("product").string().not_null())
                .col(ColumnDef::new("country").string().not_null())
                .primary_key(Index::create().col("product").col("country"))
                .to_owned(),
        )
        .await
    }
}
