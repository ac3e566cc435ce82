//! The market catalogue: the coin list and the spot, futures and option
//! pairs. Rows are seeded by migration m0003 and edited by operators.

use crate::entity::coin::CoinStatus;
use crate::entity::{coin, contract_pair, option_pair, spot_pair};
use onyx_kernel::{ErrorCode, Failure};
use onyx_platform::amounts::USDT;
use sea_orm::{
    ActiveModelTrait, ActiveValue::NotSet, ColumnTrait, ConnectionTrait, DbErr, EntityTrait,
    QueryFilter, QueryOrder,
};

/// `status` / `enable` value of an entry that is switched on.
pub const ON: i32 = 1;

/// Lower-case coins of the enabled coin-list entries, in sort order: the
/// coins the market engine prices.
pub async fn enabled_coins(db: &impl ConnectionTrait) -> Result<Vec<String>, DbErr> {
    Ok(coin::Entity::find()
        .filter(coin::Column::Status.eq(CoinStatus::On))
        .order_by_asc(coin::Column::Sort)
        .order_by_asc(coin::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|c| c.coin.to_lowercase())
        .collect())
}

/// The coin-list entry for a coin, matched without regard to case.
pub async fn find_coin(
    db: &impl ConnectionTrait,
    coin_name: &str,
) -> Result<Option<coin::Model>, DbErr> {
    let wanted = coin_name.to_lowercase();
    Ok(coins(db)
        .await?
        .into_iter()
        .find(|c| c.coin.to_lowercase() == wanted))
}

/// The ledger asset of a coin an operator names (`btc` -> `BTC`): an
/// enabled coin of the catalogue, or the quote coin USDT. Anything else,
/// a typo, markup or control characters included, is CoinNotListed naming
/// `field`, so no ledger asset is ever made up from operator input.
pub async fn listed_asset(
    db: &impl ConnectionTrait,
    field: &str,
    raw: &str,
) -> Result<String, Failure> {
    let name = raw.trim();
    if name.eq_ignore_ascii_case(USDT) {
        return Ok(USDT.to_string());
    }
    let refused = || Failure::new(ErrorCode::CoinNotListed).with("field", field);
    if name.is_empty() || name.len() > 32 || !name.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(refused());
    }
    match find_coin(db, name).await? {
        Some(c) if c.status == CoinStatus::On => Ok(c.coin.to_ascii_uppercase()),
        _ => Err(refused()),
    }
}

/// Generates, per table: every row in sort order, insert (id assigned by
/// the database), update (every column, by id) and find by id.
macro_rules! table_ops {
    ($entity:ident, $all:ident, $insert:ident, $update:ident, $find:ident) => {
        /// Every row, by sort then id, enabled or not.
        pub async fn $all(db: &impl ConnectionTrait) -> Result<Vec<$entity::Model>, DbErr> {
            $entity::Entity::find()
                .order_by_asc($entity::Column::Sort)
                .order_by_asc($entity::Column::Id)
                .all(db)
                .await
        }

        /// Inserts the row; its `id` is ignored and assigned by the database.
        pub async fn $insert(
            db: &impl ConnectionTrait,
            row: $entity::Model,
        ) -> Result<$entity::Model, DbErr> {
            let mut active = $entity::ActiveModel::from(row).reset_all();
            active.id = NotSet;
            active.insert(db).await
        }

        /// Writes every column of the row with the same `id`.
        pub async fn $update(
            db: &impl ConnectionTrait,
            row: $entity::Model,
        ) -> Result<$entity::Model, DbErr> {
            $entity::ActiveModel::from(row).reset_all().update(db).await
        }

        pub async fn $find(
            db: &impl ConnectionTrait,
            id: i64,
        ) -> Result<Option<$entity::Model>, DbErr> {
            $entity::Entity::find_by_id(id).one(db).await
        }
    };
}

table_ops!(coin, coins, insert_coin, update_coin, find_coin_by_id);
table_ops!(
    spot_pair,
    spot_pairs,
    insert_spot_pair,
    update_spot_pair,
    find_spot_pair
);
table_ops!(
    contract_pair,
    contract_pairs,
    insert_contract_pair,
    update_contract_pair,
    find_contract_pair
);
table_ops!(
    option_pair,
    option_pairs,
    insert_option_pair,
    update_option_pair,
    find_option_pair
);
