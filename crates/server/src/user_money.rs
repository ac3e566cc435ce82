//! One user's money as the operator's user page shows it: every ledger
//! account with the holds the products name behind its frozen balance,
//! and the user's postings. Balances and holds are read in one snapshot,
//! so where they differ the holds audit (`onyx audit`) would fail too.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

use chrono::{DateTime, Utc};
use onyx_kernel::ledger::{AccountId, Owner};
use onyx_kernel::{Failure, Outcome};
use onyx_store::entity::ledger_account;
use onyx_store::ledger::{snapshot, user_balances, Hold};
use onyx_store::sort::Sort;
use onyx_store::Db;
use onyx_wallet::api::wallet_records::{self, PostingSort, RecordFilter, RecordRow};
use rust_decimal::Decimal;
use sea_orm::ConnectionTrait;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;

/// One account of the user: a wallet's holding of one asset.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct UserAccount {
    /// `spot`, `contract` or `finance`.
    pub wallet: String,
    /// Upper case, e.g. `USDT`.
    pub asset: String,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub available: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub frozen: Decimal,
    /// What the products' holds on this account add up to; equal to
    /// `frozen` unless the holds audit would report the account.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub held: Decimal,
}

/// The holds of one kind on one account.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct UserHold {
    /// What holds it: `spot_order`, `withdrawal`, `second_contract`,
    /// `option`, `futures_position`, `futures_order`, `earn`.
    pub kind: String,
    pub wallet: String,
    pub asset: String,
    /// How many orders, withdrawals or positions.
    pub count: u64,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub amount: Decimal,
}

#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct UserBalances {
    /// By wallet, then asset.
    pub accounts: Vec<UserAccount>,
    /// By kind, then wallet and asset.
    pub holds: Vec<UserHold>,
}

/// One posting as seen from one side: the user's accounts on the user
/// page, the house accounts on the house page.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct UserPosting {
    pub id: i64,
    pub tx_id: i64,
    /// The posting kind: `deposit`, `transfer`, `trade`, ...
    pub kind: String,
    pub asset: String,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub amount: Decimal,
    /// `in` (to that side), `out` (from it) or `own` (between its own
    /// accounts or buckets).
    pub direction: String,
    /// The user's own wallet (`spot`, on the user page), another user's
    /// (`user:43:spot`) or a system account (`external`, `fees`,
    /// `house_futures`, ...).
    pub from: String,
    pub to: String,
    /// Set when that side is a user's account.
    pub from_user_id: Option<i64>,
    pub to_user_id: Option<i64>,
    /// `available` or `frozen`.
    pub from_bucket: String,
    pub to_bucket: String,
    /// What the movement belongs to, e.g. `withdrawal:42`.
    pub reference: String,
    pub create_time: DateTime<Utc>,
}

fn wallet_of(account: &AccountId) -> Option<&'static str> {
    match account.owner {
        Owner::User { wallet, .. } => Some(wallet.as_str()),
        Owner::System(_) => None,
    }
}

fn owned_by(account: &AccountId, user_id: i64) -> bool {
    matches!(account.owner, Owner::User { user_id: u, .. } if i64::try_from(u) == Ok(user_id))
}

/// Every product's holds on the user's accounts, by each product's own
/// rule (the one the holds audit uses).
async fn user_holds(db: &impl ConnectionTrait, user_id: i64) -> Outcome<Vec<Hold>> {
    let mut holds = onyx_spot::api::holds::user_holds(db, user_id).await?;
    holds.extend(onyx_wallet::api::holds::user_holds(db, user_id).await?);
    holds.extend(onyx_second_contracts::api::holds::user_holds(db, user_id).await?);
    holds.extend(onyx_options::api::holds::user_holds(db, user_id).await?);
    holds.extend(onyx_earn::api::holds::user_holds(db, user_id).await?);
    // Futures has no per-user reading of its holds yet: every open
    // position and waiting order, as the liquidation sweep reads them
    // anyway, narrowed to the user here.
    holds.extend(
        onyx_futures::api::holds::holds(db)
            .await?
            .into_iter()
            .filter(|h| owned_by(&h.account, user_id)),
    );
    Ok(holds)
}

/// The user's accounts and the holds behind their frozen balances.
pub async fn balances(db: &Db, user_id: i64) -> Outcome<UserBalances> {
    let txn = snapshot(db).await?;
    let accounts = user_balances(&txn, user_id).await?;
    let holds = user_holds(&txn, user_id).await?;
    txn.commit().await?;
    summarise(accounts, holds)
}

fn summarise(
    accounts: Vec<onyx_store::ledger::AccountBalance>,
    holds: Vec<Hold>,
) -> Outcome<UserBalances> {
    let overflow = || Failure::internal("holds total out of range");
    let mut held: HashMap<AccountId, Decimal> = HashMap::new();
    let mut kinds: BTreeMap<(&'static str, &'static str, String), (u64, Decimal)> = BTreeMap::new();
    for h in holds {
        let wallet = wallet_of(&h.account)
            .ok_or_else(|| Failure::internal(format!("a {} hold on a system account", h.kind)))?;
        let (count, total) = kinds
            .entry((h.kind, wallet, h.account.asset.clone()))
            .or_default();
        *count = count.saturating_add(1);
        *total = total.checked_add(h.amount).ok_or_else(overflow)?;
        let sum = held.entry(h.account).or_default();
        *sum = sum.checked_add(h.amount).ok_or_else(overflow)?;
    }
    let mut rows = accounts
        .into_iter()
        .map(|b| {
            let wallet = wallet_of(&b.account)
                .ok_or_else(|| Failure::internal("a system account among a user's"))?;
            Ok(UserAccount {
                wallet: wallet.to_string(),
                held: held
                    .get(&b.account)
                    .copied()
                    .unwrap_or_default()
                    .normalize(),
                asset: b.account.asset,
                available: b.available.normalize(),
                frozen: b.frozen.normalize(),
            })
        })
        .collect::<Outcome<Vec<_>>>()?;
    rows.sort_by(|a, b| (&a.wallet, &a.asset).cmp(&(&b.wallet, &b.asset)));
    Ok(UserBalances {
        accounts: rows,
        holds: kinds
            .into_iter()
            .map(|((kind, wallet, asset), (count, amount))| UserHold {
                kind: kind.to_string(),
                wallet: wallet.to_string(),
                asset,
                count,
                amount: amount.normalize(),
            })
            .collect(),
    })
}

/// How a side reads from `viewer`'s point of view (a user; none on the
/// house page).
fn label(account: &ledger_account::Model, viewer: Option<i64>) -> String {
    match (&account.user_id, &account.wallet, &account.system) {
        (Some(id), Some(wallet), _) if Some(*id) == viewer => wallet.clone(),
        (Some(id), Some(wallet), _) => format!("user:{id}:{wallet}"),
        (None, _, Some(system)) => system.clone(),
        _ => account.account_key.clone(),
    }
}

fn posting(row: RecordRow, user_id: i64) -> UserPosting {
    seen_from(
        row,
        |a: &ledger_account::Model| a.user_id == Some(user_id),
        Some(user_id),
    )
}

/// A posting read from the side whose accounts `ours` picks; sides are
/// labelled for `viewer` (see [`label`]).
pub(crate) fn seen_from(
    row: RecordRow,
    ours: impl Fn(&ledger_account::Model) -> bool,
    viewer: Option<i64>,
) -> UserPosting {
    let direction = match (ours(&row.from), ours(&row.to)) {
        (true, true) => "own",
        (false, true) => "in",
        _ => "out",
    };
    let p = row.posting;
    UserPosting {
        id: p.id,
        tx_id: p.tx_id,
        kind: p.kind.into(),
        asset: p.asset,
        amount: p.amount.get().normalize(),
        direction: direction.to_string(),
        from: label(&row.from, viewer),
        to: label(&row.to, viewer),
        from_user_id: row.from.user_id,
        to_user_id: row.to.user_id,
        from_bucket: p.from_bucket,
        to_bucket: p.to_bucket,
        reference: p.reference,
        create_time: p.created_at,
    }
}

/// One page of the user's postings in `sort`'s order, and the total.
pub async fn postings(
    db: &Db,
    user_id: i64,
    sort: Sort<PostingSort>,
    page_index: u64,
    page_size: u64,
) -> Outcome<(Vec<UserPosting>, u64)> {
    let filter = RecordFilter {
        sort,
        ..RecordFilter::default()
    };
    let (rows, total) =
        wallet_records::postings(db, user_id, &filter, page_index, page_size).await?;
    Ok((
        rows.into_iter().map(|r| posting(r, user_id)).collect(),
        total,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use onyx_kernel::ledger::Wallet;
    use onyx_store::ledger::AccountBalance;

    fn dec(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn holds_add_up_per_account_and_per_kind() {
        let spot = AccountId::user(7, Wallet::Spot, "USDT");
        let accounts = vec![AccountBalance {
            account: spot.clone(),
            available: dec("10"),
            frozen: dec("35.50"),
        }];
        let hold = |kind, amount| Hold {
            kind,
            account: spot.clone(),
            amount: dec(amount),
        };
        let b = summarise(
            accounts,
            vec![
                hold("spot_order", "20"),
                hold("spot_order", "5.5"),
                hold("withdrawal", "10"),
            ],
        )
        .unwrap();
        assert_eq!(b.accounts[0].held, dec("35.5"));
        assert_eq!(b.accounts[0].frozen, b.accounts[0].held);
        assert_eq!(b.holds.len(), 2);
        assert_eq!(
            (b.holds[0].kind.as_str(), b.holds[0].count),
            ("spot_order", 2)
        );
        assert_eq!(b.holds[0].amount, dec("25.5"));
    }
}
