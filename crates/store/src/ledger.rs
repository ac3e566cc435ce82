//! The ledger in the database: the only code that writes a balance.
//!
//! Every money movement runs inside a [`LedgerTxn`]: one database
//! transaction, entered through a gate that admits one writer at a time
//! (a process-wide mutex, then an update of the single `ledger_gate` row,
//! which takes the database's write lock before any balance is read). Inside
//! it the caller does its own domain writes (a withdrawal row, a deposit
//! status) and posts a transaction; the balances are checked by
//! [`onyx_kernel::ledger::plan`], the same function the in-memory reference
//! ledger uses, so the store enforces exactly the tested rules. Commit makes
//! domain rows, postings, balances and the idempotency record durable
//! together, or none of them.

use crate::entity::{idempotency_key, ledger_account, ledger_posting, ledger_transaction};
use chrono::{DateTime, TimeZone, Utc};
use onyx_kernel::ledger::{
    plan, AccountId, AssetSummary, Balances, Bucket, LedgerError, Owner, Posting, PostingKind,
    PostingRef, Recompute, Side, SystemAccount, Transaction, Violation, Wallet,
};
use onyx_kernel::money::Amount;
use rust_decimal::Decimal;
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, TransactionTrait,
};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use tokio::sync::{Mutex, OwnedMutexGuard};

use crate::{Db, DecimalText};
use onyx_kernel::{ErrorCode, Failure};

/// Postings read per query while auditing.
const AUDIT_PAGE: u64 = 10_000;

/// Why a posting was not made. Deliberately not a `std::error::Error`: a
/// ledger refusal is not a library failure, so it converts into the
/// failure it means (below) rather than into "system error".
#[derive(Debug)]
pub enum PostError {
    /// The transaction breaks a ledger rule (most often: not enough funds).
    Ledger(LedgerError),
    Db(DbErr),
}

impl std::fmt::Display for PostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PostError::Ledger(e) => e.fmt(f),
            PostError::Db(e) => e.fmt(f),
        }
    }
}

impl From<LedgerError> for PostError {
    fn from(e: LedgerError) -> PostError {
        PostError::Ledger(e)
    }
}

impl From<DbErr> for PostError {
    fn from(e: DbErr) -> PostError {
        PostError::Db(e)
    }
}

/// A ledger refusal as the user sees it. Only a shortfall and a sum too
/// large to book are the user's doing; any other refusal means a service
/// built a wrong transaction.
impl From<PostError> for Failure {
    fn from(e: PostError) -> Failure {
        match e {
            PostError::Ledger(LedgerError::InsufficientAvailable { side, balance, .. }) => {
                Failure::new(ErrorCode::InsufficientBalance)
                    .with("available", balance.normalize())
                    .with("coin", side.account.asset)
            }
            PostError::Ledger(LedgerError::Overflow { .. }) => {
                Failure::new(ErrorCode::AmountTooLarge)
            }
            PostError::Ledger(other) => Failure::internal(format!("ledger refused: {other}")),
            PostError::Db(e) => e.into(),
        }
    }
}

/// The gate to the ledger. Cheap to clone; every clone shares the gate.
#[derive(Clone)]
pub struct LedgerStore {
    db: Db,
    gate: Arc<Mutex<()>>,
}

impl LedgerStore {
    pub fn new(db: Db) -> LedgerStore {
        LedgerStore {
            db,
            gate: Arc::new(Mutex::new(())),
        }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Waits for the gate (FIFO) and opens a transaction holding the
    /// database write lock. Dropping the result without [`LedgerTxn::commit`]
    /// rolls everything back.
    pub async fn begin(&self) -> Result<LedgerTxn, DbErr> {
        let guard = self.gate.clone().lock_owned().await;
        let txn = self.db.begin().await?;
        let touch = Query::update()
            .table("ledger_gate")
            .value("version", Expr::col("version").add(1))
            .and_where(Expr::col("id").eq(1))
            .to_owned();
        txn.execute(txn.get_database_backend().build(&touch))
            .await?;
        Ok(LedgerTxn {
            txn,
            _guard: guard,
            accounts: HashMap::new(),
            postings: Vec::new(),
        })
    }
}

/// An open ledger transaction; see the module doc.
///
/// Balances are read once per account and then kept here; changed balances
/// and new postings are written when the transaction commits (one UPDATE
/// per touched account, postings in bulk inserts). A batch of orders that
/// touches the same accounts many times so pays for each account once.
/// Nothing outside this type reads balances through this transaction, and
/// dropping it without commit discards everything, so the deferral is
/// invisible to callers.
pub struct LedgerTxn {
    txn: DatabaseTransaction,
    _guard: OwnedMutexGuard<()>,
    accounts: HashMap<AccountId, Cached>,
    postings: Vec<ledger_posting::ActiveModel>,
}

/// An account as this transaction sees it.
#[derive(Clone, Copy, Debug)]
struct Cached {
    id: i64,
    available: Decimal,
    frozen: Decimal,
    dirty: bool,
}

/// Postings per bulk insert: 13 columns each stays far below SQLite's
/// bound-parameter limit.
const POSTINGS_PER_INSERT: usize = 500;

/// A stored response for a retried call, or a key reused for another request.
#[derive(Debug, PartialEq, Eq)]
pub enum Replay {
    Fresh,
    Stored(serde_json::Value),
    /// The same key came with a different request.
    Conflict,
}

impl LedgerTxn {
    /// The transaction, for the caller's own reads and writes.
    pub fn conn(&self) -> &DatabaseTransaction {
        &self.txn
    }

    /// Available and frozen balance of one account, as of this transaction.
    pub async fn balance(&self, account: &AccountId) -> Result<(Decimal, Decimal), DbErr> {
        if let Some(c) = self.accounts.get(account) {
            return Ok((c.available, c.frozen));
        }
        let row = ledger_account::Entity::find()
            .filter(ledger_account::Column::AccountKey.eq(account.key()))
            .one(&self.txn)
            .await?;
        match row {
            Some(row) => Ok((row.available.get(), row.frozen.get())),
            None => Ok((Decimal::ZERO, Decimal::ZERO)),
        }
    }

    /// Applies `postings` as one ledger transaction, or refuses them all.
    /// Returns the transaction's id.
    pub async fn post(
        &mut self,
        reference: &PostingRef,
        postings: Vec<Posting>,
    ) -> Result<i64, PostError> {
        let tx = Transaction::new(postings);
        for p in &tx.postings {
            for side in [&p.from, &p.to] {
                if !self.accounts.contains_key(&side.account) {
                    let cached = self.account_row(&side.account).await?;
                    self.accounts.insert(side.account.clone(), cached);
                }
            }
        }
        let accounts = &self.accounts;
        let after = plan(&tx, |side| {
            let c = &accounts[&side.account];
            match side.bucket {
                Bucket::Available => c.available,
                Bucket::Frozen => c.frozen,
            }
        })?;

        let now = Utc::now();
        let tx_row = ledger_transaction::ActiveModel {
            reference: Set(reference.to_string()),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&self.txn)
        .await?;
        for (side, balance) in after {
            let c = self
                .accounts
                .get_mut(&side.account)
                .expect("planned sides are cached");
            match side.bucket {
                Bucket::Available => c.available = balance,
                Bucket::Frozen => c.frozen = balance,
            }
            c.dirty = true;
        }
        for p in &tx.postings {
            self.postings.push(ledger_posting::ActiveModel {
                tx_id: Set(tx_row.id),
                kind: Set(p.kind.as_str().to_string()),
                asset: Set(p.asset.clone()),
                amount: Set(p.amount.as_decimal().into()),
                from_account_id: Set(self.accounts[&p.from.account].id),
                from_bucket: Set(p.from.bucket.as_str().to_string()),
                to_account_id: Set(self.accounts[&p.to.account].id),
                to_bucket: Set(p.to.bucket.as_str().to_string()),
                from_user_id: Set(user_of(&p.from.account)),
                to_user_id: Set(user_of(&p.to.account)),
                reference: Set(p.reference.to_string()),
                created_at: Set(at(p.at_ms)),
                ..Default::default()
            });
        }
        Ok(tx_row.id)
    }

    async fn account_row(&self, account: &AccountId) -> Result<Cached, DbErr> {
        let key = account.key();
        if let Some(row) = ledger_account::Entity::find()
            .filter(ledger_account::Column::AccountKey.eq(&key))
            .one(&self.txn)
            .await?
        {
            return Ok(Cached {
                id: row.id,
                available: row.available.get(),
                frozen: row.frozen.get(),
                dirty: false,
            });
        }
        let (user_id, wallet, system) = match account.owner {
            Owner::User { user_id, wallet } => (Some(user_id as i64), Some(wallet.as_str()), None),
            Owner::System(s) => (None, None, Some(s.as_str())),
        };
        let row = ledger_account::ActiveModel {
            account_key: Set(key),
            user_id: Set(user_id),
            wallet: Set(wallet.map(str::to_string)),
            system: Set(system.map(str::to_string)),
            asset: Set(account.asset.clone()),
            available: Set(DecimalText::ZERO),
            frozen: Set(DecimalText::ZERO),
            updated_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(&self.txn)
        .await?;
        Ok(Cached {
            id: row.id,
            available: Decimal::ZERO,
            frozen: Decimal::ZERO,
            dirty: false,
        })
    }

    /// Looks up an idempotency key. `request_hash` identifies the request's
    /// content, so a key reused for another request is told apart.
    pub async fn replay(
        &self,
        user_id: i64,
        scope: &str,
        key: &str,
        request_hash: &str,
    ) -> Result<Replay, DbErr> {
        let row = idempotency_key::Entity::find()
            .filter(idempotency_key::Column::UserId.eq(user_id))
            .filter(idempotency_key::Column::Scope.eq(scope))
            .filter(idempotency_key::Column::Key.eq(key))
            .one(&self.txn)
            .await?;
        Ok(match row {
            None => Replay::Fresh,
            Some(row) if row.request_hash != request_hash => Replay::Conflict,
            Some(row) => Replay::Stored(
                serde_json::from_str(&row.response).map_err(|e| DbErr::Custom(e.to_string()))?,
            ),
        })
    }

    /// Records the response of a call under its key, in this transaction.
    pub async fn remember(
        &self,
        user_id: i64,
        scope: &str,
        key: &str,
        request_hash: &str,
        response: &serde_json::Value,
    ) -> Result<(), DbErr> {
        idempotency_key::ActiveModel {
            user_id: Set(user_id),
            scope: Set(scope.to_string()),
            key: Set(key.to_string()),
            request_hash: Set(request_hash.to_string()),
            response: Set(response.to_string()),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(&self.txn)
        .await?;
        Ok(())
    }

    /// Writes the changed balances and the postings, then commits.
    pub async fn commit(mut self) -> Result<(), DbErr> {
        let now = Utc::now();
        for c in self.accounts.values().filter(|c| c.dirty) {
            ledger_account::ActiveModel {
                id: Set(c.id),
                available: Set(c.available.normalize().into()),
                frozen: Set(c.frozen.normalize().into()),
                updated_at: Set(now),
                ..Default::default()
            }
            .update(&self.txn)
            .await?;
        }
        let postings = std::mem::take(&mut self.postings);
        let mut rest = postings.into_iter().peekable();
        while rest.peek().is_some() {
            let chunk: Vec<_> = rest.by_ref().take(POSTINGS_PER_INSERT).collect();
            ledger_posting::Entity::insert_many(chunk)
                .exec(&self.txn)
                .await?;
        }
        self.txn.commit().await
    }
}

fn user_of(account: &AccountId) -> Option<i64> {
    match account.owner {
        Owner::User { user_id, .. } => Some(user_id as i64),
        Owner::System(_) => None,
    }
}

fn at(ms: i64) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(ms)
        .single()
        .unwrap_or_else(Utc::now)
}

/// One account as read back from the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountBalance {
    pub account: AccountId,
    pub available: Decimal,
    pub frozen: Decimal,
}

fn account_of(row: &ledger_account::Model) -> Result<AccountId, DbErr> {
    let bad = || DbErr::Custom(format!("ledger account {} is malformed", row.account_key));
    let owner = match (&row.user_id, &row.wallet, &row.system) {
        (Some(user_id), Some(wallet), None) => Owner::User {
            user_id: u64::try_from(*user_id).map_err(|_| bad())?,
            wallet: Wallet::parse(wallet).ok_or_else(bad)?,
        },
        (None, None, Some(system)) => Owner::System(SystemAccount::parse(system).ok_or_else(bad)?),
        _ => return Err(bad()),
    };
    Ok(AccountId {
        owner,
        asset: row.asset.clone(),
    })
}

/// Every account of one user, all wallets and assets, committed state.
pub async fn user_balances(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> Result<Vec<AccountBalance>, DbErr> {
    let rows = ledger_account::Entity::find()
        .filter(ledger_account::Column::UserId.eq(user_id))
        .order_by_asc(ledger_account::Column::Id)
        .all(db)
        .await?;
    rows.iter()
        .map(|row| {
            Ok(AccountBalance {
                account: account_of(row)?,
                available: row.available.get(),
                frozen: row.frozen.get(),
            })
        })
        .collect()
}

/// What `onyx audit` reports.
#[derive(Debug)]
pub struct AuditReport {
    pub accounts: u64,
    pub postings: u64,
    pub transactions: u64,
    /// Per asset, or the first broken invariant.
    pub result: Result<BTreeMap<String, AssetSummary>, Violation>,
}

/// Recomputes every balance from the postings, compares it with the stored
/// balances and checks every invariant. Reads a consistent snapshot: it runs
/// in one transaction.
pub async fn audit(db: &Db) -> Result<AuditReport, DbErr> {
    let txn = db.begin().await?;
    let rows = ledger_account::Entity::find().all(&txn).await?;
    let mut by_id: HashMap<i64, AccountId> = HashMap::with_capacity(rows.len());
    let mut cached: Balances = BTreeMap::new();
    for row in &rows {
        let account = account_of(row)?;
        cached.insert(Side::available(account.clone()), row.available.get());
        cached.insert(Side::frozen(account.clone()), row.frozen.get());
        by_id.insert(row.id, account);
    }
    let mut recompute = Recompute::default();
    let mut postings = 0u64;
    let mut after_id = 0i64;
    loop {
        let page = ledger_posting::Entity::find()
            .filter(ledger_posting::Column::Id.gt(after_id))
            .order_by_asc(ledger_posting::Column::Id)
            .limit(AUDIT_PAGE)
            .all(&txn)
            .await?;
        let Some(last) = page.last() else { break };
        after_id = last.id;
        for row in &page {
            let posting = posting_of(row, &by_id)?;
            postings += 1;
            if let Err(v) = recompute.add(row.id as u64, &posting) {
                return Ok(AuditReport {
                    accounts: rows.len() as u64,
                    postings,
                    transactions: 0,
                    result: Err(v),
                });
            }
        }
    }
    let transactions = ledger_transaction::Entity::find().count(&txn).await?;
    txn.commit().await?;
    Ok(AuditReport {
        accounts: rows.len() as u64,
        postings,
        transactions,
        result: recompute.finish(&cached),
    })
}

fn posting_of(
    row: &ledger_posting::Model,
    accounts: &HashMap<i64, AccountId>,
) -> Result<Posting, DbErr> {
    let bad = |what: &str| DbErr::Custom(format!("posting {}: {what}", row.id));
    let side = |id: i64, bucket: &str| -> Result<Side, DbErr> {
        Ok(Side {
            account: accounts
                .get(&id)
                .cloned()
                .ok_or_else(|| bad("unknown account"))?,
            bucket: Bucket::parse(bucket).ok_or_else(|| bad("unknown bucket"))?,
        })
    };
    Ok(Posting {
        kind: PostingKind::parse(&row.kind).ok_or_else(|| bad("unknown kind"))?,
        asset: row.asset.clone(),
        amount: Amount::from_decimal(row.amount.get()).map_err(|_| bad("malformed amount"))?,
        from: side(row.from_account_id, &row.from_bucket)?,
        to: side(row.to_account_id, &row.to_bucket)?,
        reference: PostingRef::from(row.reference.as_str()),
        at_ms: row.created_at.timestamp_millis(),
    })
}
