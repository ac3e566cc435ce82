//! What one batch of a pair writes besides the ledger: its new and changed
//! orders and its trades, kept in memory while the batch runs and written
//! in a few bulk statements just before the batch commits, however many
//! orders it held. Order and trade ids are the spot service's: the pair
//! tasks are the only writers of these tables and write under the ledger
//! gate, one batch at a time.

use crate::entity::{spot_order, spot_trade};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, DbBackend, DbErr,
    EntityTrait, QuerySelect, Statement,
};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// Rows per bulk statement: 18 columns each stays below SQLite's
/// bound-parameter limit.
const ROWS_PER_INSERT: usize = 400;

/// The next order and trade ids, once read from the store.
#[derive(Default)]
pub struct SpotIds {
    order: Option<i64>,
    trade: Option<i64>,
}

#[derive(Clone, Copy)]
pub(crate) enum Table {
    Orders,
    Trades,
}

/// The next id of `table`. Ids of a batch that rolls back are skipped.
pub(crate) async fn next_id(
    ids: &Mutex<SpotIds>,
    table: Table,
    txn: &DatabaseTransaction,
) -> Result<i64, DbErr> {
    let known = {
        let ids = ids
            .lock()
            .map_err(|_| DbErr::Custom("spot ids poisoned".into()))?;
        match table {
            Table::Orders => ids.order,
            Table::Trades => ids.trade,
        }
    };
    let next = match known {
        Some(next) => next,
        None => {
            let max: Option<i64> = match table {
                Table::Orders => {
                    spot_order::Entity::find()
                        .select_only()
                        .column_as(spot_order::Column::Id.max(), "max")
                        .into_tuple()
                        .one(txn)
                        .await?
                }
                Table::Trades => {
                    spot_trade::Entity::find()
                        .select_only()
                        .column_as(spot_trade::Column::Id.max(), "max")
                        .into_tuple()
                        .one(txn)
                        .await?
                }
            }
            .flatten();
            max.unwrap_or(0)
                .checked_add(1)
                .ok_or_else(|| DbErr::Custom("spot ids exhausted".into()))?
        }
    };
    let after = next
        .checked_add(1)
        .ok_or_else(|| DbErr::Custom("spot ids exhausted".into()))?;
    let mut ids = ids
        .lock()
        .map_err(|_| DbErr::Custom("spot ids poisoned".into()))?;
    match table {
        Table::Orders => ids.order = Some(after),
        Table::Trades => ids.trade = Some(after),
    }
    Ok(next)
}

/// A batch's writes, in the order the batch made them.
#[derive(Default)]
pub(crate) struct Pending {
    /// Every order the batch created or changed, as it ends the batch.
    pub orders: BTreeMap<i64, spot_order::Model>,
    pub trades: Vec<spot_trade::Model>,
}

impl Pending {
    /// Writes the batch's orders (insert or update, one statement per
    /// chunk) and trades. Leaves `orders` for the caller to merge after
    /// the commit.
    pub async fn flush(&mut self, txn: &DatabaseTransaction) -> Result<(), DbErr> {
        if self.orders.is_empty() {
            return Ok(());
        }
        let orders: Vec<spot_order::ActiveModel> = self
            .orders
            .values()
            .cloned()
            .map(|o| spot_order::ActiveModel::from(o).reset_all())
            .collect();
        let upsert = OnConflict::column(spot_order::Column::Id)
            .update_columns([
                spot_order::Column::FilledQty,
                spot_order::Column::FilledQuote,
                spot_order::Column::Fee,
                spot_order::Column::Frozen,
                spot_order::Column::Returned,
                spot_order::Column::Status,
                spot_order::Column::CancelReason,
                spot_order::Column::UpdatedAt,
            ])
            .to_owned();
        for chunk in onyx_store::chunks(orders, ROWS_PER_INSERT) {
            spot_order::Entity::insert_many(chunk)
                .on_conflict(upsert.clone())
                .exec(txn)
                .await?;
        }
        let trades: Vec<spot_trade::ActiveModel> = std::mem::take(&mut self.trades)
            .into_iter()
            .map(|t| spot_trade::ActiveModel::from(t).reset_all())
            .collect();
        let last_trade = trades
            .iter()
            .filter_map(|t| t.id.try_as_ref().copied())
            .max();
        for chunk in onyx_store::chunks(trades, ROWS_PER_INSERT) {
            spot_trade::Entity::insert_many(chunk).exec(txn).await?;
        }
        if txn.get_database_backend() == DbBackend::Postgres {
            // The ids are ours (handed out in increasing order, so the
            // batch's highest is the table's): keep the sequences past them.
            let last_order = self.orders.keys().next_back().copied();
            for (table, last) in [("spot_orders", last_order), ("spot_trades", last_trade)] {
                let Some(last) = last else { continue };
                let sync = Statement::from_sql_and_values(
                    DbBackend::Postgres,
                    format!("SELECT setval(pg_get_serial_sequence('{table}', 'id'), $1)"),
                    [last.into()],
                );
                txn.execute(sync).await?;
            }
        }
        Ok(())
    }
}
