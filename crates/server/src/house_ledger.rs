//! The house accounts' ledger postings as the operators' house page shows
//! them: every posting into or out of the books where the house is the
//! counterparty (futures with its insurance fund, second contracts,
//! options, earn's finance house), read the way the user page reads a
//! user's (`wallet_records::postings_of`), seen from the house's side.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

use crate::user_money::{seen_from, UserPosting};
use onyx_kernel::ledger::SystemAccount;
use onyx_kernel::Outcome;
use onyx_store::entity::ledger_account;
use onyx_store::sort::Sort;
use onyx_wallet::api::wallet_records::{self, Party, PostingSort, RecordFilter};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};

/// A house book, as the page's filter names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HouseProduct {
    Futures,
    /// The futures insurance fund: liquidations' remainders in, bankrupt
    /// positions' shortfalls out.
    Insurance,
    SecondContracts,
    Options,
    Earn,
}

impl HouseProduct {
    pub const ALL: [HouseProduct; 5] = [
        HouseProduct::Futures,
        HouseProduct::Insurance,
        HouseProduct::SecondContracts,
        HouseProduct::Options,
        HouseProduct::Earn,
    ];

    pub fn parse(text: &str) -> Option<HouseProduct> {
        match text {
            "futures" => Some(HouseProduct::Futures),
            "insurance" => Some(HouseProduct::Insurance),
            "secondContracts" => Some(HouseProduct::SecondContracts),
            "options" => Some(HouseProduct::Options),
            "earn" => Some(HouseProduct::Earn),
            _ => None,
        }
    }

    /// The ledger's system account behind the book.
    pub fn account(self) -> SystemAccount {
        match self {
            HouseProduct::Futures => SystemAccount::FuturesHouse,
            HouseProduct::Insurance => SystemAccount::Insurance,
            HouseProduct::SecondContracts => SystemAccount::SecondContractHouse,
            HouseProduct::Options => SystemAccount::OptionHouse,
            HouseProduct::Earn => SystemAccount::FinanceHouse,
        }
    }
}

/// The ledger account ids of the books (every book when `product` is
/// None), in one asset when `asset` is given.
async fn account_ids(
    db: &impl ConnectionTrait,
    product: Option<HouseProduct>,
    asset: Option<&str>,
) -> Outcome<Vec<i64>> {
    let systems: Vec<&'static str> = match product {
        Some(p) => vec![p.account().as_str()],
        None => HouseProduct::ALL
            .iter()
            .map(|p| p.account().as_str())
            .collect(),
    };
    let mut q = ledger_account::Entity::find()
        .select_only()
        .column(ledger_account::Column::Id)
        .filter(ledger_account::Column::System.is_in(systems));
    if let Some(a) = asset {
        q = q.filter(ledger_account::Column::Asset.eq(a));
    }
    Ok(q.into_tuple::<i64>().all(db).await?)
}

/// One page of the books' postings in `sort`'s order (newest first
/// unless asked), and the total. `in` is money into a house account; a
/// posting between two of the listed books (futures to the insurance
/// fund) is `own`. The books' postings are found through the account
/// indexes (m0027); the count already reads every one of them, so a sort
/// by another key orders that same set rather than scanning the ledger.
pub async fn postings(
    db: &impl ConnectionTrait,
    product: Option<HouseProduct>,
    asset: Option<&str>,
    sort: Sort<PostingSort>,
    page_index: u64,
    page_size: u64,
) -> Outcome<(Vec<UserPosting>, u64)> {
    let ids = account_ids(db, product, asset).await?;
    let filter = RecordFilter {
        sort,
        ..RecordFilter::default()
    };
    let (rows, total) =
        wallet_records::postings_of(db, Party::Accounts(&ids), &filter, page_index, page_size)
            .await?;
    let ours = |a: &ledger_account::Model| ids.contains(&a.id);
    Ok((
        rows.into_iter().map(|r| seen_from(r, ours, None)).collect(),
        total,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_book_is_named_once_and_read_back() {
        for p in HouseProduct::ALL {
            let name = match p {
                HouseProduct::Futures => "futures",
                HouseProduct::Insurance => "insurance",
                HouseProduct::SecondContracts => "secondContracts",
                HouseProduct::Options => "options",
                HouseProduct::Earn => "earn",
            };
            assert_eq!(HouseProduct::parse(name), Some(p));
        }
        assert_eq!(HouseProduct::parse("house"), None);
        assert_eq!(HouseProduct::parse("Futures"), None);
    }
}
