//! The double-entry ledger, in memory. Every balance change in Onyx is a
//! [`Posting`]: one amount of one asset leaves one (account, bucket) and
//! enters another. Postings are grouped in a [`Transaction`] that applies
//! whole or not at all. The store mirrors this model row for row; this module
//! is the reference it is tested against.
//!
//! Accounts are per asset. A user account is keyed by (user, asset, wallet)
//! and has two buckets, `available` and `frozen`, neither of which may go
//! below zero. System accounts (`External`, `Fees`, `House`, `Insurance`,
//! `Rewards`) have only an available bucket and may go negative: they hold
//! the other side of every user balance (a deposit debits `External`).
//! Because every posting takes from one side what it gives to the other, the
//! sum over all accounts of one asset is zero at all times.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable
    )
)]

use crate::money::{exact_add, exact_sub, Amount};
pub use crate::posting_ref::PostingRef;
use rust_decimal::Decimal;
use std::collections::BTreeMap;
use std::fmt;

/// Most postings one transaction may carry: a withdrawal approval or an
/// exchange needs a handful, so anything larger is a bug upstream.
pub const POSTINGS_PER_TX_MAX: usize = 64;

pub type UserId = u64;

/// A user's wallets. `Spot` is the one the spec calls "platform".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wallet {
    Spot,
    Contract,
    Finance,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SystemAccount {
    /// The outside world: deposits debit it, withdrawals credit it.
    External,
    Fees,
    /// The platform's own book where no product has its own yet (and
    /// every earlier posting of the flash exchange and the market maker).
    House,
    Insurance,
    /// Registration credits, rebates, deposit bonuses.
    Rewards,
    /// The flash exchange's book: it is the counterparty of every swap, so
    /// its balance per coin is the exchange's profit and loss.
    ExchangeHouse,
    /// What the spot market maker was given to quote with.
    SpotMakerHouse,
    /// The counterparty of every second contract: lost stakes in, winnings
    /// out, so its balance per coin is the product's profit and loss.
    SecondContractHouse,
    /// The counterparty of every option order, the same way.
    OptionHouse,
    /// The dealer of every futures position: realised losses in, profits
    /// out.
    FuturesHouse,
    /// Pays finance and staking interest from the operator's own funds;
    /// early-redemption penalties come back to it.
    FinanceHouse,
}

impl SystemAccount {
    pub const ALL: [SystemAccount; 11] = [
        SystemAccount::External,
        SystemAccount::Fees,
        SystemAccount::House,
        SystemAccount::Insurance,
        SystemAccount::Rewards,
        SystemAccount::ExchangeHouse,
        SystemAccount::SpotMakerHouse,
        SystemAccount::SecondContractHouse,
        SystemAccount::OptionHouse,
        SystemAccount::FuturesHouse,
        SystemAccount::FinanceHouse,
    ];
}

/// Stable lower-case names, as stored and as the API spells them.
macro_rules! names {
    ($ty:ident { $($variant:ident = $name:literal),* $(,)? }) => {
        impl $ty {
            pub fn as_str(self) -> &'static str {
                match self { $($ty::$variant => $name,)* }
            }

            pub fn parse(text: &str) -> Option<$ty> {
                match text { $($name => Some($ty::$variant),)* _ => None }
            }
        }
    };
}

names!(Wallet { Spot = "spot", Contract = "contract", Finance = "finance" });
names!(SystemAccount {
    External = "external",
    Fees = "fees",
    House = "house",
    Insurance = "insurance",
    Rewards = "rewards",
    ExchangeHouse = "house_exchange",
    SpotMakerHouse = "house_spot_maker",
    SecondContractHouse = "house_second_contract",
    OptionHouse = "house_option",
    FuturesHouse = "house_futures",
    FinanceHouse = "house_finance",
});
names!(Bucket { Available = "available", Frozen = "frozen" });
names!(PostingKind {
    Deposit = "deposit",
    DepositBonus = "deposit_bonus",
    Withdrawal = "withdrawal",
    WithdrawalFee = "withdrawal_fee",
    Transfer = "transfer",
    Freeze = "freeze",
    Unfreeze = "unfreeze",
    Exchange = "exchange",
    ExchangeFee = "exchange_fee",
    Reward = "reward",
    Trade = "trade",
    TradeFee = "trade_fee",
    Adjustment = "adjustment",
    Settlement = "settlement",
    Interest = "interest",
    RedemptionFee = "redemption_fee",
    Rebate = "rebate",
    ProfitShare = "profit_share",
});

impl Wallet {
    pub const ALL: [Wallet; 3] = [Wallet::Spot, Wallet::Contract, Wallet::Finance];
}

impl PostingKind {
    pub const ALL: [PostingKind; 18] = [
        PostingKind::Deposit,
        PostingKind::DepositBonus,
        PostingKind::Withdrawal,
        PostingKind::WithdrawalFee,
        PostingKind::Transfer,
        PostingKind::Freeze,
        PostingKind::Unfreeze,
        PostingKind::Exchange,
        PostingKind::ExchangeFee,
        PostingKind::Reward,
        PostingKind::Trade,
        PostingKind::TradeFee,
        PostingKind::Adjustment,
        PostingKind::Settlement,
        PostingKind::Interest,
        PostingKind::RedemptionFee,
        PostingKind::Rebate,
        PostingKind::ProfitShare,
    ];
}

/// Whose account it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Owner {
    User { user_id: UserId, wallet: Wallet },
    System(SystemAccount),
}

impl Owner {
    pub fn is_user(&self) -> bool {
        matches!(self, Owner::User { .. })
    }
}

/// One account: an owner's holding of one asset (an upper-case symbol).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AccountId {
    pub owner: Owner,
    pub asset: String,
}

impl AccountId {
    pub fn user(user_id: UserId, wallet: Wallet, asset: &str) -> AccountId {
        AccountId {
            owner: Owner::User { user_id, wallet },
            asset: asset.to_string(),
        }
    }

    pub fn system(account: SystemAccount, asset: &str) -> AccountId {
        AccountId {
            owner: Owner::System(account),
            asset: asset.to_string(),
        }
    }

    /// The account's identity as one string ("u:42:spot:USDT",
    /// "s:external:USDT"), the store's unique key.
    pub fn key(&self) -> String {
        match self.owner {
            Owner::User { user_id, wallet } => {
                format!("u:{user_id}:{}:{}", wallet.as_str(), self.asset)
            }
            Owner::System(account) => format!("s:{}:{}", account.as_str(), self.asset),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bucket {
    Available,
    /// Held for a pending withdrawal or order; only user accounts have one.
    Frozen,
}

/// One side of a posting: an account and one of its buckets.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Side {
    pub account: AccountId,
    pub bucket: Bucket,
}

impl Side {
    pub fn available(account: AccountId) -> Side {
        Side {
            account,
            bucket: Bucket::Available,
        }
    }

    pub fn frozen(account: AccountId) -> Side {
        Side {
            account,
            bucket: Bucket::Frozen,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?}/{}/{:?}",
            self.account.owner, self.account.asset, self.bucket
        )
    }
}

/// Why money moved; shown to the user in the financial record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PostingKind {
    Deposit,
    DepositBonus,
    Withdrawal,
    WithdrawalFee,
    /// Between two wallets of the same user.
    Transfer,
    /// Available to frozen within one user account.
    Freeze,
    /// Frozen to available within one user account.
    Unfreeze,
    /// One leg of a flash exchange (each asset moves in its own posting).
    Exchange,
    ExchangeFee,
    Reward,
    Trade,
    TradeFee,
    /// An operator's correction, audited with who and why elsewhere.
    Adjustment,
    /// A contract settled against its product's house: a lost stake to the
    /// house, or winnings from it.
    Settlement,
    /// Finance or staking interest from the finance house (or held interest
    /// given back to it when an early redemption forfeits it).
    Interest,
    /// What an early redemption costs: a published share of the principal.
    RedemptionFee,
    /// An inviter's share of a referred user's trading fee, from the fees
    /// account.
    Rebate,
    /// A follower's profit share paid to the lead trader they copy.
    ProfitShare,
}

/// `amount` of `asset` leaves `from` and enters `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Posting {
    pub kind: PostingKind,
    pub asset: String,
    pub amount: Amount,
    pub from: Side,
    pub to: Side,
    /// What the movement belongs to, e.g. `withdrawal:42`.
    pub reference: PostingRef,
    /// Unix time in milliseconds.
    pub at_ms: i64,
}

/// Postings applied together, in order, all or none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Transaction {
    pub postings: Vec<Posting>,
}

impl Transaction {
    pub fn new(postings: Vec<Posting>) -> Transaction {
        Transaction { postings }
    }
}

/// A posting as recorded: its place in the journal and its transaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JournalEntry {
    /// 0-based position in the journal.
    pub seq: u64,
    /// 0-based number of the transaction that carried it.
    pub tx_seq: u64,
    pub posting: Posting,
}

/// Why a transaction was refused. `index` is the offending posting's
/// position in the transaction. A refused transaction changed nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LedgerError {
    /// A transaction with no posting is a caller bug, not a no-op.
    #[error("transaction has no posting")]
    EmptyTransaction,
    #[error("transaction has {count} postings, at most {POSTINGS_PER_TX_MAX}")]
    TooManyPostings { count: usize },
    /// A zero posting would clutter the user's record with nothing.
    #[error("posting {index}: amount is zero")]
    ZeroAmount { index: usize },
    #[error("posting {index}: from and to are the same account and bucket")]
    SameAccount { index: usize },
    /// Both accounts must hold the posting's asset: no posting converts.
    #[error("posting {index}: asset mismatch")]
    AssetMismatch { index: usize },
    #[error("posting {index}: system accounts have no frozen bucket")]
    SystemFrozen { index: usize },
    /// Freeze/unfreeze stay inside one user account; nothing else may
    /// move between buckets of one account.
    #[error("posting {index}: kind {kind:?} does not fit its accounts")]
    KindMismatch { index: usize, kind: PostingKind },
    #[error("posting {index}: reference is empty")]
    EmptyReference { index: usize },
    /// `balance` is the side's available balance before the transaction
    /// and `needed` all the transaction takes from it up to `index`.
    #[error("posting {index}: {side} has {balance}, needs {needed}")]
    InsufficientAvailable {
        index: usize,
        side: Side,
        balance: Decimal,
        needed: Amount,
    },
    #[error("posting {index}: {side} has {balance} frozen, needs {needed}")]
    InsufficientFrozen {
        index: usize,
        side: Side,
        balance: Decimal,
        needed: Amount,
    },
    #[error("posting {index}: balance overflow")]
    Overflow { index: usize },
}

/// A broken invariant, as found by [`Ledger::check_invariants`] or
/// [`Ledger::audit`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    #[error("asset {asset}: accounts sum to {sum}, not zero")]
    AssetNotBalanced { asset: String, sum: Decimal },
    #[error("{side} is negative: {balance}")]
    UserNegative { side: Side, balance: Decimal },
    #[error("{side}: cached {cached}, journal gives {recomputed}")]
    BalanceMismatch {
        side: Side,
        cached: Decimal,
        recomputed: Decimal,
    },
    #[error("journal overflows a balance at posting {seq}")]
    JournalOverflow { seq: u64 },
    #[error("asset {asset}: the balances add up to more than a decimal holds")]
    SumOverflow { asset: String },
}

/// Totals for one asset, as `onyx audit` prints them. User totals are
/// non-negative; system balances carry their sign.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AssetSummary {
    pub postings: u64,
    pub user_available: Decimal,
    pub user_frozen: Decimal,
    pub system: BTreeMap<SystemAccount, Decimal>,
}

impl AssetSummary {
    /// Zero for a healthy ledger. Saturates: a sum beyond the decimal
    /// range is not zero either.
    pub fn sum(&self) -> Decimal {
        self.system.values().fold(
            self.user_available.saturating_add(self.user_frozen),
            |sum, b| sum.saturating_add(*b),
        )
    }
}

pub type Balances = BTreeMap<Side, Decimal>;

#[derive(Clone, Debug, Default)]
pub struct Ledger {
    /// Cached balances; a side never posted to is absent and reads zero.
    balances: Balances,
    journal: Vec<JournalEntry>,
    tx_count: u64,
}

impl Ledger {
    pub fn new() -> Ledger {
        Ledger::default()
    }

    pub fn balance(&self, side: &Side) -> Decimal {
        self.balances.get(side).copied().unwrap_or(Decimal::ZERO)
    }

    pub fn available(&self, account: &AccountId) -> Decimal {
        self.balance(&Side::available(account.clone()))
    }

    pub fn frozen(&self, account: &AccountId) -> Decimal {
        self.balance(&Side::frozen(account.clone()))
    }

    pub fn balances(&self) -> &Balances {
        &self.balances
    }

    pub fn journal(&self) -> &[JournalEntry] {
        &self.journal
    }

    /// Applies every posting of `tx` in order, or none of them. Each posting
    /// sees the balances left by the ones before it, so a transaction may
    /// spend what an earlier posting in it credited.
    pub fn apply(&mut self, tx: Transaction) -> Result<(), LedgerError> {
        let count = tx.postings.len();
        let scratch = plan(&tx, |side| self.balance(side))?;
        // Commit: nothing below can fail.
        let journal_len_before = self.journal.len();
        for (side, balance) in scratch {
            debug_assert!(
                !side.account.owner.is_user() || !balance.is_sign_negative() || balance.is_zero(),
                "validated user balance went negative"
            );
            self.balances.insert(side, balance);
        }
        let tx_seq = self.tx_count;
        for posting in tx.postings {
            let seq = self.journal.len() as u64;
            self.journal.push(JournalEntry {
                seq,
                tx_seq,
                posting,
            });
        }
        self.tx_count = self.tx_count.saturating_add(1);
        debug_assert_eq!(self.journal.len(), journal_len_before.saturating_add(count));
        debug_assert_eq!(self.check_invariants(), Ok(()));
        Ok(())
    }

    /// Per asset the sum is zero; no user bucket is negative; no system
    /// account holds a frozen balance.
    pub fn check_invariants(&self) -> Result<(), Violation> {
        check_balances(&self.balances).map(|_| ())
    }

    /// Recomputes every balance from the journal, compares it with the
    /// cached balances and checks the invariants. Returns a summary per asset
    /// or the first violation found.
    pub fn audit(&self) -> Result<BTreeMap<String, AssetSummary>, Violation> {
        let mut recompute = Recompute::default();
        for entry in &self.journal {
            recompute.add(entry.seq, &entry.posting)?;
        }
        recompute.finish(&self.balances)
    }
}

/// Checks `tx` against the balances `read` returns and gives the balance
/// every touched side would have after it, or the first reason it cannot
/// apply. Pure: the caller (the in-memory [`Ledger`] or the store) writes
/// the result, so both enforce exactly the same rules.
pub fn plan(tx: &Transaction, read: impl Fn(&Side) -> Decimal) -> Result<Balances, LedgerError> {
    let count = tx.postings.len();
    if count == 0 {
        return Err(LedgerError::EmptyTransaction);
    }
    if count > POSTINGS_PER_TX_MAX {
        return Err(LedgerError::TooManyPostings { count });
    }
    for (index, posting) in tx.postings.iter().enumerate() {
        check_shape(index, posting)?;
    }
    let mut scratch: Balances = BTreeMap::new();
    for (index, posting) in tx.postings.iter().enumerate() {
        apply_to_scratch(&read, &mut scratch, index, posting)?;
    }
    Ok(scratch)
}

fn apply_to_scratch(
    read: &impl Fn(&Side) -> Decimal,
    scratch: &mut Balances,
    index: usize,
    posting: &Posting,
) -> Result<(), LedgerError> {
    let amount = posting.amount.as_decimal();
    let from_before = *scratch
        .entry(posting.from.clone())
        .or_insert_with(|| read(&posting.from));
    let from_after = exact_sub(from_before, amount).ok_or(LedgerError::Overflow { index })?;
    if posting.from.account.owner.is_user() && from_after.is_sign_negative() {
        let side = posting.from.clone();
        return Err(match side.bucket {
            // What the user had free before this transaction, and all it
            // takes from there: the figure after the transaction's earlier
            // postings (a futures open's margin, before its fee) is no
            // balance the user ever saw.
            Bucket::Available => {
                let balance = read(&side);
                let needed = exact_sub(balance, from_after)
                    .and_then(|n| Amount::from_decimal(n).ok())
                    .unwrap_or(posting.amount);
                LedgerError::InsufficientAvailable {
                    index,
                    side,
                    balance,
                    needed,
                }
            }
            Bucket::Frozen => LedgerError::InsufficientFrozen {
                index,
                side,
                balance: from_before,
                needed: posting.amount,
            },
        });
    }
    let to_before = *scratch
        .entry(posting.to.clone())
        .or_insert_with(|| read(&posting.to));
    let to_after = exact_add(to_before, amount).ok_or(LedgerError::Overflow { index })?;
    scratch.insert(posting.from.clone(), from_after);
    scratch.insert(posting.to.clone(), to_after);
    Ok(())
}

/// Balances rebuilt from a journal fed one posting at a time, so a store can
/// stream millions of postings through it. [`Recompute::finish`] compares the
/// result with the cached balances and checks the invariants.
#[derive(Debug, Default)]
pub struct Recompute {
    balances: Balances,
    postings: BTreeMap<String, u64>,
}

impl Recompute {
    pub fn add(&mut self, seq: u64, p: &Posting) -> Result<(), Violation> {
        let amount = p.amount.as_decimal();
        let overflow = Violation::JournalOverflow { seq };
        let from = self.balances.entry(p.from.clone()).or_default();
        *from = exact_sub(*from, amount).ok_or(overflow.clone())?;
        let to = self.balances.entry(p.to.clone()).or_default();
        *to = exact_add(*to, amount).ok_or(overflow)?;
        let count = self.postings.entry(p.asset.clone()).or_default();
        *count = count.saturating_add(1);
        Ok(())
    }

    /// Every cached side equals the journal's, in both directions (a cached
    /// side the journal never touched must be zero), then the invariants.
    pub fn finish(self, cached: &Balances) -> Result<BTreeMap<String, AssetSummary>, Violation> {
        for (side, cached_balance) in cached {
            let journal = self.balances.get(side).copied().unwrap_or_default();
            if journal != *cached_balance {
                return Err(Violation::BalanceMismatch {
                    side: side.clone(),
                    cached: *cached_balance,
                    recomputed: journal,
                });
            }
        }
        for (side, journal) in &self.balances {
            let cached_balance = cached.get(side).copied().unwrap_or_default();
            if cached_balance != *journal {
                return Err(Violation::BalanceMismatch {
                    side: side.clone(),
                    cached: cached_balance,
                    recomputed: *journal,
                });
            }
        }
        let mut summary = check_balances(&self.balances)?;
        for (asset, count) in self.postings {
            if let Some(s) = summary.get_mut(&asset) {
                s.postings = count;
            }
        }
        Ok(summary)
    }
}

fn check_shape(index: usize, p: &Posting) -> Result<(), LedgerError> {
    if p.amount.is_zero() {
        return Err(LedgerError::ZeroAmount { index });
    }
    if p.from == p.to {
        return Err(LedgerError::SameAccount { index });
    }
    if p.from.account.asset != p.asset || p.to.account.asset != p.asset {
        return Err(LedgerError::AssetMismatch { index });
    }
    for side in [&p.from, &p.to] {
        if !side.account.owner.is_user() && side.bucket == Bucket::Frozen {
            return Err(LedgerError::SystemFrozen { index });
        }
    }
    if p.reference.is_empty() {
        return Err(LedgerError::EmptyReference { index });
    }
    let one_account = p.from.account == p.to.account;
    let fits = match p.kind {
        PostingKind::Freeze => {
            one_account && p.from.bucket == Bucket::Available && p.to.bucket == Bucket::Frozen
        }
        PostingKind::Unfreeze => {
            one_account && p.from.bucket == Bucket::Frozen && p.to.bucket == Bucket::Available
        }
        _ => !one_account,
    };
    if !fits {
        return Err(LedgerError::KindMismatch {
            index,
            kind: p.kind,
        });
    }
    Ok(())
}

fn check_balances(balances: &Balances) -> Result<BTreeMap<String, AssetSummary>, Violation> {
    let mut summary: BTreeMap<String, AssetSummary> = BTreeMap::new();
    for (side, balance) in balances {
        let asset = &side.account.asset;
        let overflow = || Violation::SumOverflow {
            asset: asset.clone(),
        };
        let s = summary.entry(asset.clone()).or_default();
        match (side.account.owner, side.bucket) {
            (Owner::User { .. }, bucket) => {
                if balance.is_sign_negative() && !balance.is_zero() {
                    return Err(Violation::UserNegative {
                        side: side.clone(),
                        balance: *balance,
                    });
                }
                let total = match bucket {
                    Bucket::Available => &mut s.user_available,
                    Bucket::Frozen => &mut s.user_frozen,
                };
                *total = exact_add(*total, *balance).ok_or_else(overflow)?;
            }
            (Owner::System(account), _) => {
                // Postings never reach a system frozen bucket (check_shape).
                debug_assert_eq!(side.bucket, Bucket::Available, "system frozen bucket");
                let total = s.system.entry(account).or_default();
                *total = exact_add(*total, *balance).ok_or_else(overflow)?;
            }
        }
    }
    for (asset, s) in &summary {
        let sum = s.sum();
        if !sum.is_zero() {
            return Err(Violation::AssetNotBalanced {
                asset: asset.clone(),
                sum,
            });
        }
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn every_name_parses_back_and_names_are_distinct() {
        for kind in PostingKind::ALL {
            assert_eq!(PostingKind::parse(kind.as_str()), Some(kind));
        }
        for wallet in Wallet::ALL {
            assert_eq!(Wallet::parse(wallet.as_str()), Some(wallet));
        }
        for account in SystemAccount::ALL {
            assert_eq!(SystemAccount::parse(account.as_str()), Some(account));
        }
        let kinds: std::collections::HashSet<_> =
            PostingKind::ALL.iter().map(|k| k.as_str()).collect();
        assert_eq!(kinds.len(), PostingKind::ALL.len());
        assert_eq!(Wallet::parse("platform"), None);
    }

    #[test]
    fn account_keys_tell_owners_apart() {
        assert_eq!(
            AccountId::user(42, Wallet::Spot, "USDT").key(),
            "u:42:spot:USDT"
        );
        assert_eq!(
            AccountId::system(SystemAccount::External, "USDT").key(),
            "s:external:USDT"
        );
        assert_ne!(
            AccountId::user(4, Wallet::Spot, "USDT").key(),
            AccountId::user(42, Wallet::Spot, "USDT").key()
        );
    }

    const USDT: &str = "USDT";
    const BTC: &str = "BTC";

    fn amt(text: &str) -> Amount {
        Amount::parse(text).unwrap()
    }

    fn spot(user_id: UserId, asset: &str) -> AccountId {
        AccountId::user(user_id, Wallet::Spot, asset)
    }

    fn sys(account: SystemAccount, asset: &str) -> AccountId {
        AccountId::system(account, asset)
    }

    fn posting(kind: PostingKind, amount: Amount, from: Side, to: Side) -> Posting {
        Posting {
            kind,
            asset: from.account.asset.clone(),
            amount,
            from,
            to,
            reference: PostingRef::from("test:1"),
            at_ms: 1_795_000_000_000,
        }
    }

    fn deposit(user_id: UserId, asset: &str, amount: Amount) -> Posting {
        posting(
            PostingKind::Deposit,
            amount,
            Side::available(sys(SystemAccount::External, asset)),
            Side::available(spot(user_id, asset)),
        )
    }

    fn freeze(account: AccountId, amount: Amount) -> Posting {
        posting(
            PostingKind::Freeze,
            amount,
            Side::available(account.clone()),
            Side::frozen(account),
        )
    }

    fn unfreeze(account: AccountId, amount: Amount) -> Posting {
        posting(
            PostingKind::Unfreeze,
            amount,
            Side::frozen(account.clone()),
            Side::available(account),
        )
    }

    fn one(p: Posting) -> Transaction {
        Transaction::new(vec![p])
    }

    fn funded(user_id: UserId, units: &str) -> Ledger {
        let mut ledger = Ledger::new();
        ledger
            .apply(one(deposit(user_id, USDT, amt(units))))
            .unwrap();
        ledger
    }

    /// Applies `tx`, expecting `err`, and checks nothing moved.
    fn refused(ledger: &mut Ledger, tx: Transaction, err: LedgerError) {
        let before = ledger.balances().clone();
        let journal_len = ledger.journal().len();
        assert_eq!(ledger.apply(tx), Err(err));
        assert_eq!(ledger.balances(), &before);
        assert_eq!(ledger.journal().len(), journal_len);
    }

    #[test]
    fn a_deposit_debits_external_and_the_asset_sums_to_zero() {
        let ledger = funded(1, "100.5");
        assert_eq!(ledger.available(&spot(1, USDT)), Decimal::new(1005, 1));
        assert_eq!(
            ledger.available(&sys(SystemAccount::External, USDT)),
            Decimal::new(-1005, 1)
        );
        let summary = ledger.audit().unwrap();
        assert_eq!(summary[USDT].postings, 1);
        assert_eq!(summary[USDT].sum(), Decimal::ZERO);
        assert_eq!(summary[USDT].user_available, Decimal::new(1005, 1));
    }

    #[test]
    fn an_empty_transaction_is_refused() {
        refused(
            &mut Ledger::new(),
            Transaction::default(),
            LedgerError::EmptyTransaction,
        );
    }

    #[test]
    fn a_transaction_with_too_many_postings_is_refused() {
        let postings = vec![deposit(1, USDT, amt("1")); POSTINGS_PER_TX_MAX + 1];
        refused(
            &mut Ledger::new(),
            Transaction::new(postings),
            LedgerError::TooManyPostings {
                count: POSTINGS_PER_TX_MAX + 1,
            },
        );
    }

    #[test]
    fn a_zero_posting_is_refused() {
        refused(
            &mut Ledger::new(),
            one(deposit(1, USDT, Amount::ZERO)),
            LedgerError::ZeroAmount { index: 0 },
        );
    }

    #[test]
    fn a_posting_to_its_own_side_is_refused() {
        let side = Side::available(spot(1, USDT));
        let p = posting(PostingKind::Adjustment, amt("1"), side.clone(), side);
        refused(
            &mut funded(1, "5"),
            one(p),
            LedgerError::SameAccount { index: 0 },
        );
    }

    #[test]
    fn a_posting_between_two_assets_is_refused() {
        let mut p = deposit(1, USDT, amt("1"));
        p.to = Side::available(spot(1, BTC));
        refused(
            &mut Ledger::new(),
            one(p),
            LedgerError::AssetMismatch { index: 0 },
        );
        let mut p = deposit(1, USDT, amt("1"));
        p.asset = BTC.into();
        refused(
            &mut Ledger::new(),
            one(p),
            LedgerError::AssetMismatch { index: 0 },
        );
    }

    #[test]
    fn a_system_account_has_no_frozen_bucket() {
        let p = posting(
            PostingKind::Adjustment,
            amt("1"),
            Side::available(sys(SystemAccount::House, USDT)),
            Side::frozen(sys(SystemAccount::Fees, USDT)),
        );
        refused(
            &mut Ledger::new(),
            one(p),
            LedgerError::SystemFrozen { index: 0 },
        );
    }

    #[test]
    fn freeze_must_stay_inside_one_account_and_transfers_must_not() {
        let mut ledger = funded(1, "5");
        let mut p = freeze(spot(1, USDT), amt("1"));
        p.to = Side::frozen(AccountId::user(1, Wallet::Contract, USDT));
        let kind = PostingKind::Freeze;
        refused(
            &mut ledger,
            one(p),
            LedgerError::KindMismatch { index: 0, kind },
        );
        let mut p = unfreeze(spot(1, USDT), amt("1"));
        p.kind = PostingKind::Transfer;
        let kind = PostingKind::Transfer;
        refused(
            &mut ledger,
            one(p),
            LedgerError::KindMismatch { index: 0, kind },
        );
        let mut p = unfreeze(spot(1, USDT), amt("1"));
        p.kind = PostingKind::Freeze;
        let kind = PostingKind::Freeze;
        refused(
            &mut ledger,
            one(p),
            LedgerError::KindMismatch { index: 0, kind },
        );
    }

    #[test]
    fn a_posting_without_reference_is_refused() {
        let mut p = deposit(1, USDT, amt("1"));
        p.reference = PostingRef::from("  ");
        refused(
            &mut Ledger::new(),
            one(p),
            LedgerError::EmptyReference { index: 0 },
        );
    }

    #[test]
    fn spending_more_than_available_is_refused_with_the_balance() {
        let mut ledger = funded(1, "5");
        let side = Side::available(spot(1, USDT));
        refused(
            &mut ledger,
            one(freeze(spot(1, USDT), amt("5.01"))),
            LedgerError::InsufficientAvailable {
                index: 0,
                side,
                balance: Decimal::new(5, 0),
                needed: amt("5.01"),
            },
        );
    }

    #[test]
    fn releasing_more_than_frozen_is_refused() {
        let mut ledger = funded(1, "5");
        ledger.apply(one(freeze(spot(1, USDT), amt("2")))).unwrap();
        refused(
            &mut ledger,
            one(unfreeze(spot(1, USDT), amt("3"))),
            LedgerError::InsufficientFrozen {
                index: 0,
                side: Side::frozen(spot(1, USDT)),
                balance: Decimal::new(2, 0),
                needed: amt("3"),
            },
        );
    }

    #[test]
    fn a_balance_overflow_is_refused() {
        let max = Amount::from_decimal(Decimal::MAX).unwrap();
        let mut ledger = Ledger::new();
        ledger.apply(one(deposit(1, USDT, max))).unwrap();
        refused(
            &mut ledger,
            one(deposit(2, USDT, max)),
            LedgerError::Overflow { index: 0 },
        );
    }

    #[test]
    fn a_later_failing_posting_undoes_the_earlier_ones() {
        let mut ledger = funded(1, "10");
        let tx = Transaction::new(vec![
            freeze(spot(1, USDT), amt("4")),
            freeze(spot(1, USDT), amt("7")),
        ]);
        refused(
            &mut ledger,
            tx,
            LedgerError::InsufficientAvailable {
                index: 1,
                side: Side::available(spot(1, USDT)),
                balance: Decimal::new(10, 0),
                needed: amt("11"),
            },
        );
    }

    #[test]
    fn a_posting_may_spend_what_an_earlier_one_in_the_transaction_credited() {
        let mut ledger = Ledger::new();
        let tx = Transaction::new(vec![
            deposit(1, USDT, amt("3")),
            freeze(spot(1, USDT), amt("3")),
        ]);
        ledger.apply(tx).unwrap();
        assert_eq!(ledger.frozen(&spot(1, USDT)), Decimal::new(3, 0));
        assert_eq!(ledger.journal()[1].tx_seq, 0);
        assert_eq!(ledger.journal()[1].seq, 1);
    }

    #[test]
    fn a_withdrawal_approval_moves_frozen_to_external_and_fees() {
        let mut ledger = funded(1, "100");
        ledger
            .apply(one(freeze(spot(1, USDT), amt("100"))))
            .unwrap();
        let from = Side::frozen(spot(1, USDT));
        ledger
            .apply(Transaction::new(vec![
                posting(
                    PostingKind::Withdrawal,
                    amt("90"),
                    from.clone(),
                    Side::available(sys(SystemAccount::External, USDT)),
                ),
                posting(
                    PostingKind::WithdrawalFee,
                    amt("10"),
                    from,
                    Side::available(sys(SystemAccount::Fees, USDT)),
                ),
            ]))
            .unwrap();
        let summary = ledger.audit().unwrap();
        assert_eq!(summary[USDT].user_frozen, Decimal::ZERO);
        assert_eq!(
            summary[USDT].system[&SystemAccount::External],
            Decimal::new(-10, 0)
        );
        assert_eq!(
            summary[USDT].system[&SystemAccount::Fees],
            Decimal::new(10, 0)
        );
    }

    #[test]
    fn audit_finds_a_cached_balance_that_disagrees_with_the_journal() {
        let mut ledger = funded(1, "5");
        let side = Side::available(spot(1, USDT));
        ledger.balances.insert(side.clone(), Decimal::new(6, 0));
        assert_eq!(
            ledger.audit(),
            Err(Violation::BalanceMismatch {
                side,
                cached: Decimal::new(6, 0),
                recomputed: Decimal::new(5, 0),
            })
        );
    }

    #[test]
    fn audit_finds_a_cached_balance_the_journal_never_touched() {
        let mut ledger = funded(1, "5");
        let side = Side::available(spot(2, USDT));
        ledger.balances.insert(side.clone(), Decimal::ONE);
        assert!(matches!(
            ledger.audit(),
            Err(Violation::BalanceMismatch { .. })
        ));
        assert!(matches!(
            ledger.check_invariants(),
            Err(Violation::AssetNotBalanced { .. })
        ));
    }

    #[test]
    fn invariants_find_a_negative_user_balance() {
        let mut ledger = Ledger::new();
        let side = Side::available(spot(1, USDT));
        ledger.balances.insert(side.clone(), Decimal::NEGATIVE_ONE);
        ledger.balances.insert(
            Side::available(sys(SystemAccount::House, USDT)),
            Decimal::ONE,
        );
        assert_eq!(
            ledger.check_invariants(),
            Err(Violation::UserNegative {
                side,
                balance: Decimal::NEGATIVE_ONE
            })
        );
    }

    // ---- random sequences -------------------------------------------------

    const ASSETS: [&str; 3] = ["USDT", "BTC", "ETH"];
    const WALLETS: [Wallet; 3] = [Wallet::Spot, Wallet::Contract, Wallet::Finance];

    #[derive(Clone, Debug)]
    enum Op {
        Deposit {
            user: u64,
            asset: usize,
            cents: i64,
        },
        Freeze {
            user: u64,
            wallet: usize,
            asset: usize,
            cents: i64,
        },
        Unfreeze {
            user: u64,
            wallet: usize,
            asset: usize,
            cents: i64,
        },
        Transfer {
            user: u64,
            from: usize,
            to: usize,
            asset: usize,
            cents: i64,
        },
        Exchange {
            user: u64,
            give_asset: usize,
            get_asset: usize,
            give: i64,
            get: i64,
            fee: i64,
        },
        Withdraw {
            user: u64,
            asset: usize,
            cents: i64,
            fee: i64,
            approve: bool,
        },
    }

    fn op() -> impl Strategy<Value = Op> {
        let user = 1u64..4;
        let cents = 0i64..50_000;
        prop_oneof![
            (user.clone(), 0..3usize, cents.clone()).prop_map(|(user, asset, cents)| Op::Deposit {
                user,
                asset,
                cents
            }),
            (user.clone(), 0..3usize, 0..3usize, cents.clone()).prop_map(
                |(user, wallet, asset, cents)| Op::Freeze {
                    user,
                    wallet,
                    asset,
                    cents
                }
            ),
            (user.clone(), 0..3usize, 0..3usize, cents.clone()).prop_map(
                |(user, wallet, asset, cents)| Op::Unfreeze {
                    user,
                    wallet,
                    asset,
                    cents
                }
            ),
            (user.clone(), 0..3usize, 0..3usize, 0..3usize, cents.clone()).prop_map(
                |(user, from, to, asset, cents)| Op::Transfer {
                    user,
                    from,
                    to,
                    asset,
                    cents
                }
            ),
            (
                user.clone(),
                0..3usize,
                0..3usize,
                cents.clone(),
                cents.clone(),
                0i64..500
            )
                .prop_map(|(user, give_asset, get_asset, give, get, fee)| {
                    Op::Exchange {
                        user,
                        give_asset,
                        get_asset,
                        give,
                        get,
                        fee,
                    }
                }),
            (user, 0..3usize, cents, 0i64..500, any::<bool>()).prop_map(
                |(user, asset, cents, fee, approve)| Op::Withdraw {
                    user,
                    asset,
                    cents,
                    fee,
                    approve
                }
            ),
        ]
    }

    fn cents(units: i64) -> Amount {
        Amount::from_decimal(Decimal::new(units, 2)).unwrap()
    }

    fn sys_side(account: SystemAccount, asset: &str) -> Side {
        Side::available(sys(account, asset))
    }

    /// The transactions an operation produces, in order. Zero-fee legs are
    /// left out, as the wallet service will do.
    fn transactions(op: &Op) -> Vec<Transaction> {
        match *op {
            Op::Deposit {
                user,
                asset,
                cents: c,
            } => vec![one(deposit(user, ASSETS[asset], cents(c)))],
            Op::Freeze {
                user,
                wallet,
                asset,
                cents: c,
            } => {
                let account = AccountId::user(user, WALLETS[wallet], ASSETS[asset]);
                vec![one(freeze(account, cents(c)))]
            }
            Op::Unfreeze {
                user,
                wallet,
                asset,
                cents: c,
            } => {
                let account = AccountId::user(user, WALLETS[wallet], ASSETS[asset]);
                vec![one(unfreeze(account, cents(c)))]
            }
            Op::Transfer {
                user,
                from,
                to,
                asset,
                cents: c,
            } => {
                let from = Side::available(AccountId::user(user, WALLETS[from], ASSETS[asset]));
                let to = Side::available(AccountId::user(user, WALLETS[to], ASSETS[asset]));
                vec![one(posting(PostingKind::Transfer, cents(c), from, to))]
            }
            Op::Exchange {
                user,
                give_asset,
                get_asset,
                give,
                get,
                fee,
            } => {
                let (a, b) = (ASSETS[give_asset], ASSETS[get_asset]);
                let mut postings = vec![
                    posting(
                        PostingKind::Exchange,
                        cents(give),
                        Side::available(spot(user, a)),
                        sys_side(SystemAccount::House, a),
                    ),
                    posting(
                        PostingKind::Exchange,
                        cents(get),
                        sys_side(SystemAccount::House, b),
                        Side::available(spot(user, b)),
                    ),
                ];
                if fee > 0 {
                    postings.push(posting(
                        PostingKind::ExchangeFee,
                        cents(fee),
                        Side::available(spot(user, b)),
                        sys_side(SystemAccount::Fees, b),
                    ));
                }
                vec![Transaction::new(postings)]
            }
            Op::Withdraw {
                user,
                asset,
                cents: c,
                fee,
                approve,
            } => {
                let asset = ASSETS[asset];
                let account = spot(user, asset);
                let held = cents(c + fee);
                let settle = if approve {
                    let mut postings = vec![posting(
                        PostingKind::Withdrawal,
                        cents(c),
                        Side::frozen(account.clone()),
                        sys_side(SystemAccount::External, asset),
                    )];
                    if fee > 0 {
                        postings.push(posting(
                            PostingKind::WithdrawalFee,
                            cents(fee),
                            Side::frozen(account.clone()),
                            sys_side(SystemAccount::Fees, asset),
                        ));
                    }
                    Transaction::new(postings)
                } else {
                    one(unfreeze(account.clone(), held))
                };
                vec![one(freeze(account, held)), settle]
            }
        }
    }

    fn step(ledger: &mut Ledger, tx: Transaction) -> Result<(), TestCaseError> {
        let before = ledger.balances().clone();
        let journal_len = ledger.journal().len();
        let count = tx.postings.len();
        match ledger.apply(tx) {
            Ok(()) => prop_assert_eq!(ledger.journal().len(), journal_len + count),
            Err(_) => {
                prop_assert_eq!(ledger.balances(), &before);
                prop_assert_eq!(ledger.journal().len(), journal_len);
            }
        }
        prop_assert_eq!(ledger.check_invariants(), Ok(()));
        let summary = ledger.audit();
        prop_assert!(summary.is_ok(), "audit: {:?}", summary);
        for s in summary.unwrap().values() {
            prop_assert_eq!(s.sum(), Decimal::ZERO);
            prop_assert!(!s.user_available.is_sign_negative() || s.user_available.is_zero());
            prop_assert!(!s.user_frozen.is_sign_negative() || s.user_frozen.is_zero());
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn random_operations_keep_every_invariant(ops in prop::collection::vec(op(), 1..60)) {
            let mut ledger = Ledger::new();
            for op in &ops {
                for tx in transactions(op) {
                    step(&mut ledger, tx)?;
                }
            }
            let deposited = ops.iter().any(|op| matches!(op, Op::Deposit { cents, .. } if *cents > 0));
            prop_assert!(!deposited || !ledger.journal().is_empty());
            let postings_total: u64 = ledger.audit().unwrap().values().map(|s| s.postings).sum();
            prop_assert_eq!(postings_total, ledger.journal().len() as u64);
        }
    }

    /// A naive reference: a transaction applies iff it has no zero amount,
    /// no posting to its own side, and leaves no user side negative when its
    /// postings are applied in order. Deliberately written without `plan`.
    fn model_apply(model: &mut Balances, tx: &Transaction) -> bool {
        if tx
            .postings
            .iter()
            .any(|p| p.amount.is_zero() || p.from == p.to)
        {
            return false;
        }
        let mut next = model.clone();
        for p in &tx.postings {
            let amount = p.amount.as_decimal();
            *next.entry(p.from.clone()).or_default() -= amount;
            *next.entry(p.to.clone()).or_default() += amount;
            if p.from.account.owner.is_user() && next[&p.from] < Decimal::ZERO {
                return false;
            }
        }
        *model = next;
        true
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// The ledger accepts exactly what the naive model accepts, ends
        /// with the model's balance on every side, and its audit totals are
        /// the model's sums.
        #[test]
        fn random_operations_agree_with_a_naive_model(ops in prop::collection::vec(op(), 1..80)) {
            let mut ledger = Ledger::new();
            let mut model: Balances = BTreeMap::new();
            let (mut applied, mut refused) = (0u32, 0u32);
            for op in &ops {
                for tx in transactions(op) {
                    let expected = model_apply(&mut model, &tx);
                    let got = ledger.apply(tx.clone());
                    prop_assert_eq!(got.is_ok(), expected, "{:?}: {:?}", tx, got);
                    if expected { applied += 1 } else { refused += 1 }
                }
            }
            prop_assert_eq!(applied + refused, ops.iter().map(|op| transactions(op).len() as u32).sum::<u32>());
            for (side, balance) in &model {
                prop_assert_eq!(ledger.balance(side), *balance, "{}", side);
            }
            for (side, balance) in ledger.balances() {
                prop_assert_eq!(model.get(side).copied().unwrap_or_default(), *balance);
            }
            let summary = ledger.audit().unwrap();
            for (asset, s) in &summary {
                let user = |bucket: Bucket| -> Decimal {
                    model
                        .iter()
                        .filter(|(side, _)| side.account.asset == *asset && side.account.owner.is_user() && side.bucket == bucket)
                        .map(|(_, b)| *b)
                        .sum()
                };
                prop_assert_eq!(s.user_available, user(Bucket::Available));
                prop_assert_eq!(s.user_frozen, user(Bucket::Frozen));
                for (account, balance) in &s.system {
                    let side = Side::available(sys(*account, asset));
                    prop_assert_eq!(model.get(&side).copied().unwrap_or_default(), *balance);
                }
                prop_assert_eq!(s.sum(), Decimal::ZERO);
            }
        }

        /// After any history, changing one cached balance by any amount is
        /// found by the audit as that side's mismatch.
        #[test]
        fn a_tampered_balance_is_found_after_any_history(
            ops in prop::collection::vec(op(), 1..40),
            pick in any::<prop::sample::Index>(),
            delta in 1i64..1_000_000,
        ) {
            let mut ledger = Ledger::new();
            for op in &ops {
                for tx in transactions(op) {
                    let _ = ledger.apply(tx);
                }
            }
            let sides: Vec<Side> = ledger.balances().keys().cloned().collect();
            prop_assume!(!sides.is_empty());
            let side = pick.get(&sides).clone();
            let before = ledger.balance(&side);
            let tampered = before + Decimal::new(delta, 2);
            ledger.balances.insert(side.clone(), tampered);
            prop_assert_eq!(
                ledger.audit(),
                Err(Violation::BalanceMismatch { side, cached: tampered, recomputed: before })
            );
        }
    }
}
