//! Every migration in one ordered list: the store's baseline (m0001..m0007),
//! then each product's own (wallet: m0008, spot: m0009, market: m0010, second contracts: m0011, ...). Product migrations are
//! numbered across the whole list, so the order never depends on which
//! crate a table lives in.

use sea_orm::DbErr;
use sea_orm_migration::{MigrationTrait, MigratorTrait};

mod m0023_audit_runs;
mod m0024_audit_log_filters;
mod m0025_session_history;
mod m0026_list_sort_indexes;
mod m0027_house_postings;
mod m0028_session_pruning;
mod m0029_postings_by_account;
mod m0031_remember_families;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        let mut all = onyx_store::migration::baseline();
        all.extend(onyx_wallet::migration::migrations());
        all.extend(onyx_spot::migration::migrations());
        all.extend(onyx_market::migration::migrations());
        all.extend(onyx_second_contracts::migration::migrations());
        all.extend(onyx_options::migration::migrations());
        all.extend(onyx_futures::migration::migrations());
        all.extend(onyx_earn::migration::migrations());
        all.extend(onyx_rewards::migration::migrations());
        all.extend(onyx_copy_trading::migration::migrations());
        all.push(Box::new(
            onyx_store::migration::m0022_operator_totp::Migration,
        ));
        all.push(Box::new(m0023_audit_runs::Migration));
        all.push(Box::new(m0024_audit_log_filters::Migration));
        all.push(Box::new(m0025_session_history::Migration));
        all.push(Box::new(m0026_list_sort_indexes::Migration));
        all.push(Box::new(m0027_house_postings::Migration));
        all.push(Box::new(m0028_session_pruning::Migration));
        all.push(Box::new(m0029_postings_by_account::Migration));
        all.push(Box::new(
            onyx_store::migration::m0030_sign_in_challenges::Migration,
        ));
        all.push(Box::new(m0031_remember_families::Migration));
        all
    }
}

/// Applies whatever of the list the database has not run yet.
pub async fn migrate(db: &onyx_store::Db) -> Result<(), DbErr> {
    Migrator::up(db, None).await
}
