//! Operators adding and changing catalogue entries: coins and the spot,
//! futures and option pairs. Each kind says what a new entry starts as,
//! what must be unique and what else it checks ([`Entry`]); adding and
//! changing run the same steps for every kind: the reason, the whole
//! resulting row validated by the caller's patch, the checks, the write and
//! its audit entry (old and new rows) in one transaction.

use crate::entity::coin::CoinStatus;
use crate::entity::{coin, contract_pair, option_pair, spot_pair};
use crate::repo::catalogue;
use chrono::{DateTime, Utc};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::audit::{self, Actor};
use onyx_platform::Context;
use rust_decimal::Decimal;
use sea_orm::{DatabaseTransaction, TransactionTrait};
use serde::Serialize;
use serde_json::json;

/// A kind of catalogue entry operators edit.
pub(crate) trait Entry: Clone + Serialize + Send + Sync + Sized {
    /// In audit actions (`catalogue.<AREA>_create`).
    const AREA: &'static str;
    /// In audit targets (`<TARGET>:<id>`).
    const TARGET: &'static str;

    fn id(&self) -> i64;
    fn sort(&self) -> i32;

    async fn all(txn: &DatabaseTransaction) -> Outcome<Vec<Self>>;
    async fn find(txn: &DatabaseTransaction, id: i64) -> Outcome<Option<Self>>;
    async fn insert(txn: &DatabaseTransaction, row: Self) -> Outcome<Self>;
    async fn update(txn: &DatabaseTransaction, row: Self) -> Outcome<Self>;

    /// A new entry for the coin named `name`, with the defaults a patch
    /// changes, sorted after `sort`.
    async fn draft(txn: &DatabaseTransaction, name: &str, sort: i32) -> Outcome<Self>;

    /// Checks, before the coin is resolved, what the patched `row` names
    /// beyond its own columns; `old` is the entry changed, if any.
    async fn vet(_txn: &DatabaseTransaction, _row: &Self, _old: Option<&Self>) -> Outcome<()> {
        Ok(())
    }

    /// Points a changed `row` at the coin a patch named (`name`), or refuses
    /// a change its kind does not allow.
    async fn repoint(
        txn: &DatabaseTransaction,
        row: &mut Self,
        old: &Self,
        name: Option<&str>,
    ) -> Outcome<()>;

    /// Refuses `row` if it repeats one of the `others` where it must not.
    fn unique(row: &Self, others: &[&Self]) -> Outcome<()>;
}

/// Adds the entry the patch describes: `coin` names its coin, `apply` lays
/// the patch over the kind's draft and validates the whole row.
pub(crate) async fn create<E: Entry>(
    ctx: &Context,
    by: &Actor,
    reason: &str,
    coin: Option<&str>,
    apply: impl FnOnce(E) -> Outcome<E>,
) -> Outcome<E> {
    let reason = audit::reason(reason)?;
    let name = coin.ok_or_else(|| Failure::missing("coin"))?;
    let txn = ctx.db.begin().await?;
    let existing = E::all(&txn).await?;
    let sort = existing.iter().map(E::sort).max().unwrap_or(0);
    let row = apply(E::draft(&txn, name, sort).await?)?;
    E::vet(&txn, &row, None).await?;
    E::unique(&row, &existing.iter().collect::<Vec<_>>())?;
    let row = E::insert(&txn, row).await?;
    let at = Audited::new(by, ctx.clock.now(), reason);
    at.record(&txn, "create", row.id(), None, &row).await?;
    txn.commit().await?;
    Ok(row)
}

/// Changes the entry `id` as the patch says: `coin`, when given, points it
/// at another coin; `apply` lays the patch over the row and validates it.
pub(crate) async fn update<E: Entry>(
    ctx: &Context,
    by: &Actor,
    id: i64,
    reason: &str,
    coin: Option<&str>,
    apply: impl FnOnce(E) -> Outcome<E>,
) -> Outcome<E> {
    let reason = audit::reason(reason)?;
    let txn = ctx.db.begin().await?;
    let old = E::find(&txn, id)
        .await?
        .ok_or(Failure::new(ErrorCode::NotFound))?;
    let mut row = apply(old.clone())?;
    E::vet(&txn, &row, Some(&old)).await?;
    E::repoint(&txn, &mut row, &old, coin).await?;
    let existing = E::all(&txn).await?;
    E::unique(
        &row,
        &existing.iter().filter(|r| r.id() != id).collect::<Vec<_>>(),
    )?;
    let row = E::update(&txn, row).await?;
    let at = Audited::new(by, ctx.clock.now(), reason);
    at.record(&txn, "update", id, Some(&old), &row).await?;
    txn.commit().await?;
    Ok(row)
}

/// Who changed the catalogue, when and why.
struct Audited<'a> {
    by: &'a Actor,
    at: DateTime<Utc>,
    reason: &'a str,
}

impl<'a> Audited<'a> {
    fn new(by: &'a Actor, at: DateTime<Utc>, reason: &'a str) -> Audited<'a> {
        Audited { by, at, reason }
    }

    /// The audit entry of `verb` on entry `id`, with its rows before and
    /// after.
    async fn record<E: Entry>(
        &self,
        txn: &DatabaseTransaction,
        verb: &str,
        id: i64,
        old: Option<&E>,
        new: &E,
    ) -> Outcome<()> {
        let action = format!("catalogue.{}_{verb}", E::AREA);
        let target = format!("{}:{id}", E::TARGET);
        let detail = json!({"old": old, "new": new});
        audit::record(txn, self.at, self.by, &action, &target, self.reason, detail).await
    }
}

fn duplicate(field: &'static str, value: &str) -> Failure {
    Failure::new(ErrorCode::CatalogueDuplicate)
        .with("field", field)
        .with("value", value)
}

/// The catalogue coin a pair refers to, in its stored spelling.
async fn pair_coin(txn: &DatabaseTransaction, raw: &str) -> Outcome<String> {
    match catalogue::find_coin(txn, raw.trim()).await? {
        Some(c) => Ok(c.coin),
        None => Err(Failure::new(ErrorCode::UnknownCoin).with("coin", raw.trim())),
    }
}

/// A pair's symbol unless another pair has it.
fn symbol_unique<'a>(symbol: &str, mut others: impl Iterator<Item = &'a str>) -> Outcome<()> {
    if others.any(|s| s == symbol) {
        return Err(duplicate("symbol", symbol));
    }
    Ok(())
}

fn default_symbol(coin: &str) -> String {
    format!("{}usdt", coin.to_lowercase())
}

fn default_show_symbol(coin: &str) -> String {
    format!("{}/USDT", coin.to_uppercase())
}

fn next(sort: i32) -> i32 {
    sort.saturating_add(1)
}

/// The table calls of one kind, from the catalogue's queries.
macro_rules! table {
    ($all:ident, $find:ident, $insert:ident, $update:ident) => {
        fn id(&self) -> i64 {
            self.id
        }

        fn sort(&self) -> i32 {
            self.sort
        }

        async fn all(txn: &DatabaseTransaction) -> Outcome<Vec<Self>> {
            Ok(catalogue::$all(txn).await?)
        }

        async fn find(txn: &DatabaseTransaction, id: i64) -> Outcome<Option<Self>> {
            Ok(catalogue::$find(txn, id).await?)
        }

        async fn insert(txn: &DatabaseTransaction, row: Self) -> Outcome<Self> {
            Ok(catalogue::$insert(txn, row).await?)
        }

        async fn update(txn: &DatabaseTransaction, row: Self) -> Outcome<Self> {
            Ok(catalogue::$update(txn, row).await?)
        }
    };
}

impl Entry for coin::Model {
    const AREA: &'static str = "coin";
    const TARGET: &'static str = "coin";
    table!(coins, find_coin_by_id, insert_coin, update_coin);

    async fn draft(_txn: &DatabaseTransaction, name: &str, sort: i32) -> Outcome<Self> {
        Ok(coin::Model {
            id: 0,
            coin: name.to_string(),
            symbol: default_symbol(name),
            show_symbol: default_show_symbol(name),
            logo: String::new(),
            sort: next(sort),
            status: CoinStatus::On,
            show_flag: catalogue::ON,
            customize_flag: 2,
            market: "spot".into(),
            coin_type: 1,
        })
    }

    /// A coin's name is fixed once listed.
    async fn repoint(
        _txn: &DatabaseTransaction,
        row: &mut Self,
        old: &Self,
        _name: Option<&str>,
    ) -> Outcome<()> {
        if row.coin.eq_ignore_ascii_case(&old.coin) {
            Ok(())
        } else {
            Err(Failure::invalid("coin"))
        }
    }

    fn unique(row: &Self, others: &[&Self]) -> Outcome<()> {
        for c in others {
            if c.coin.eq_ignore_ascii_case(&row.coin) {
                return Err(duplicate("coin", &row.coin));
            }
            if c.symbol.eq_ignore_ascii_case(&row.symbol) {
                return Err(duplicate("symbol", &row.symbol));
            }
        }
        Ok(())
    }
}

/// Pairs name a listed coin; changing the coin points the pair at another.
macro_rules! pair_repoint {
    () => {
        async fn repoint(
            txn: &DatabaseTransaction,
            row: &mut Self,
            _old: &Self,
            name: Option<&str>,
        ) -> Outcome<()> {
            if let Some(name) = name {
                row.coin = pair_coin(txn, name).await?;
            }
            Ok(())
        }

        fn unique(row: &Self, others: &[&Self]) -> Outcome<()> {
            symbol_unique(&row.symbol, others.iter().map(|r| r.symbol.as_str()))
        }
    };
}

impl Entry for spot_pair::Model {
    const AREA: &'static str = "spot";
    const TARGET: &'static str = "spot_pair";
    table!(
        spot_pairs,
        find_spot_pair,
        insert_spot_pair,
        update_spot_pair
    );
    pair_repoint!();

    async fn draft(txn: &DatabaseTransaction, name: &str, sort: i32) -> Outcome<Self> {
        let coin = pair_coin(txn, name).await?;
        Ok(spot_pair::Model {
            id: 0,
            symbol: default_symbol(&coin),
            coin,
            order_min: Decimal::new(1, 5).into(),
            order_max: Decimal::from(1_000_000).into(),
            buy_max: Decimal::from(1_000_000).into(),
            sell_min: Decimal::new(1, 5).into(),
            min_sell: Decimal::new(1, 5).into(),
            fee_rate: Decimal::new(1, 3).into(),
            base_precision: 4,
            coin_precision: 4,
            limited_buy: 1,
            limited_sell: 1,
            market_buy: 1,
            market_sell: 1,
            enable: 1,
            is_deal: 1,
            is_show: 1,
            sort: next(sort),
        })
    }
}

impl Entry for contract_pair::Model {
    const AREA: &'static str = "contract";
    const TARGET: &'static str = "contract_pair";
    table!(
        contract_pairs,
        find_contract_pair,
        insert_contract_pair,
        update_contract_pair
    );
    pair_repoint!();

    async fn draft(txn: &DatabaseTransaction, name: &str, sort: i32) -> Outcome<Self> {
        let coin = pair_coin(txn, name).await?;
        Ok(contract_pair::Model {
            id: 0,
            symbol: default_symbol(&coin),
            show_symbol: default_show_symbol(&coin),
            base_coin: "usdt".into(),
            coin,
            leverage: "5,10,20".into(),
            min_share: Decimal::ONE.into(),
            max_share: Decimal::from(10_000).into(),
            share_number: Decimal::ONE.into(),
            open_fee: Decimal::new(1, 3).into(),
            close_fee: Decimal::new(1, 3).into(),
            usdt_rate: Decimal::ONE.into(),
            interval_hour: 8,
            enable: 1,
            sort: next(sort),
        })
    }

    /// A pair's base coin is a listed coin or USDT (checked when it is set
    /// or changed).
    async fn vet(txn: &DatabaseTransaction, row: &Self, old: Option<&Self>) -> Outcome<()> {
        if old.is_none_or(|o| !row.base_coin.eq_ignore_ascii_case(&o.base_coin)) {
            catalogue::listed_asset(txn, "baseCoin", &row.base_coin).await?;
        }
        Ok(())
    }
}

impl Entry for option_pair::Model {
    const AREA: &'static str = "option";
    const TARGET: &'static str = "option_pair";
    table!(
        option_pairs,
        find_option_pair,
        insert_option_pair,
        update_option_pair
    );
    pair_repoint!();

    async fn draft(txn: &DatabaseTransaction, name: &str, sort: i32) -> Outcome<Self> {
        let coin = pair_coin(txn, name).await?;
        Ok(option_pair::Model {
            id: 0,
            symbol: default_symbol(&coin),
            show_symbol: default_show_symbol(&coin),
            coin,
            fee_type: 1,
            fee_value: Decimal::ONE.into(),
            sort: next(sort),
            status: 1,
        })
    }
}
