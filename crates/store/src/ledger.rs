//! The ledger in the database: the only code that writes a balance.
//!
//! Every money movement runs inside a [`LedgerTxn`]: one database
//! transaction, entered through a gate that admits one writer at a time
//! (a process-wide mutex, then an update of the single `ledger_gate` row,
//! which takes the database's write lock before any balance is read), on
//! the gate's own connection, which keeps its prepared statements. Inside
//! it the caller does its own domain writes (a withdrawal row, a deposit
//! status) and posts a transaction; the balances are checked by
//! [`onyx_kernel::ledger::plan`], the same function the in-memory reference
//! ledger uses, so the store enforces exactly the tested rules. Commit makes
//! domain rows, postings, balances and the idempotency record durable
//! together, or none of them.

use crate::entity::{idempotency_key, ledger_account, ledger_posting, ledger_transaction};
use chrono::{DateTime, TimeZone, Utc};
use onyx_kernel::clock::{Clock, SystemClock};
use onyx_kernel::ledger::{
    plan, AccountId, AssetSummary, Balances, Bucket, LedgerError, Owner, Posting, PostingRef,
    Recompute, Side, SystemAccount, Transaction, Violation, Wallet,
};
use onyx_kernel::money::Amount;
use rust_decimal::Decimal;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, DbBackend,
    DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, Statement,
    TransactionTrait,
};
use std::collections::{BTreeMap, HashMap, HashSet};
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

/// The gate to the ledger. Cheap to clone; every clone shares the gate and
/// what the writer knows between transactions.
#[derive(Clone)]
pub struct LedgerStore {
    db: Db,
    /// The gate's own connection to the same database (see [`writer_of`]).
    writer: Db,
    gate: Arc<Mutex<WriterState>>,
    /// The time each transaction is written at: read once when it begins.
    clock: Arc<dyn Clock>,
}

/// Statements the writer's connection keeps prepared.
const WRITER_STATEMENTS: usize = 1_000;

/// A pool of one connection to `db`'s database, kept open, for the
/// transactions through the gate: each then finds the statements the ones
/// before it prepared. Through the shared pool every transaction met the
/// next connection in turn, which prepared a batch's statements again (a
/// tenth of a 2,500-copy open went to parsing its inserts).
fn writer_of(db: &Db) -> Db {
    match db {
        Db::SqlxSqlitePoolConnection(_) => {
            let options = (*db.get_sqlite_connection_pool().connect_options())
                .clone()
                .statement_cache_capacity(WRITER_STATEMENTS);
            sea_orm::SqlxSqliteConnector::from_sqlx_sqlite_pool(one_connection(options))
        }
        Db::SqlxPostgresPoolConnection(_) => {
            let options = (*db.get_postgres_connection_pool().connect_options())
                .clone()
                .statement_cache_capacity(WRITER_STATEMENTS);
            sea_orm::SqlxPostgresConnector::from_sqlx_postgres_pool(one_connection(options))
        }
        _ => db.clone(),
    }
}

/// A pool of one connection with `options`, opened on first use and
/// never closed for idleness or age.
fn one_connection<D: sea_orm::sqlx::Database>(
    options: <D::Connection as sea_orm::sqlx::Connection>::Options,
) -> sea_orm::sqlx::Pool<D> {
    sea_orm::sqlx::pool::PoolOptions::<D>::new()
        .max_connections(1)
        .idle_timeout(None)
        .max_lifetime(None)
        .connect_lazy_with(options)
}

/// Accounts the writer keeps between transactions at most; past it the
/// memory starts over (the next transactions read their accounts again).
const ACCOUNTS_KEPT_MAX: usize = 1_000_000;
/// Idempotency responses kept in memory at most (the store keeps them all).
const RECENT_KEYS_MAX: usize = 20_000;
/// Rows per bulk statement: at most 13 columns each stays far below
/// SQLite's bound-parameter limit.
const ROWS_PER_INSERT: usize = 500;

type KeyId = (i64, String, String);

/// What the one writer knows between its transactions. Between its own
/// commits nobody else writes a balance, so its copy is the truth; the
/// gate row's version tells when someone did (another process sharing a
/// PostgreSQL database), and then it starts over from the store.
#[derive(Default)]
struct WriterState {
    /// `ledger_gate.version` after this process's last commit.
    version: Option<i64>,
    accounts: HashMap<AccountId, Cached>,
    next_tx_id: Option<i64>,
    /// Recent idempotency records: key -> (request hash, response).
    recent: HashMap<KeyId, (String, serde_json::Value)>,
}

impl WriterState {
    fn forget(&mut self) {
        *self = WriterState::default();
    }
}

impl LedgerStore {
    /// A writer on the system clock.
    pub fn new(db: Db) -> LedgerStore {
        LedgerStore::with_clock(db, Arc::new(SystemClock))
    }

    /// A writer whose rows carry `clock`'s time (the context's clock).
    pub fn with_clock(db: Db, clock: Arc<dyn Clock>) -> LedgerStore {
        LedgerStore {
            writer: writer_of(&db),
            db,
            gate: Arc::new(Mutex::new(WriterState::default())),
            clock,
        }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Waits for the gate (FIFO) and opens a transaction holding the
    /// database write lock. Dropping the result without [`LedgerTxn::commit`]
    /// rolls everything back and leaves the writer's memory as it was.
    pub async fn begin(&self) -> Result<LedgerTxn, DbErr> {
        let mut state = self.gate.clone().lock_owned().await;
        let txn = self.writer.begin().await?;
        let backend = txn.get_database_backend();
        let touch = Statement::from_string(
            backend,
            "UPDATE ledger_gate SET version = version + 1 WHERE id = 1 RETURNING version",
        );
        let version: i64 = txn
            .query_one(touch)
            .await?
            .ok_or_else(|| DbErr::Custom("the ledger gate row is missing".into()))?
            .try_get("", "version")?;
        if state.version.and_then(|v| v.checked_add(1)) != Some(version) {
            // First transaction of this process, or another writer came
            // in between: what this one remembers may be stale.
            state.forget();
        }
        let now = self.clock.now();
        Ok(LedgerTxn {
            txn,
            state,
            version,
            now,
            book: Book {
                now,
                ..Book::default()
            },
            keys: HashMap::new(),
            fresh_keys: HashSet::new(),
            remembered: Vec::new(),
        })
    }
}

/// An open ledger transaction; see the module doc.
///
/// Balances come from the writer's memory or are read once per account;
/// changed balances, transactions, postings and idempotency records are
/// written when the transaction commits, a bounded number of statements
/// however many postings it holds. Nothing outside this type reads
/// balances through this transaction, and dropping it without commit
/// discards everything, so the deferral is invisible to callers.
pub struct LedgerTxn {
    txn: DatabaseTransaction,
    state: OwnedMutexGuard<WriterState>,
    version: i64,
    /// The time of this transaction's writes (the writer's clock when it
    /// began).
    now: DateTime<Utc>,
    book: Book,
    /// Idempotency records seen in this transaction (read or written).
    keys: HashMap<KeyId, (String, serde_json::Value)>,
    /// Keys the store was asked about and does not hold.
    fresh_keys: HashSet<KeyId>,
    remembered: Vec<idempotency_key::ActiveModel>,
}

/// What a transaction has posted, held until it commits: the balances of
/// the accounts it touched, its ledger transactions and their postings.
/// Posting to it is bookkeeping in memory, no statement, so a product can
/// post while its own rows are being stored ([`LedgerTxn::book_for`]).
#[derive(Default)]
pub struct Book {
    accounts: HashMap<AccountId, Cached>,
    transactions: Vec<ledger_transaction::ActiveModel>,
    postings: Vec<ledger_posting::ActiveModel>,
    /// The id the next ledger transaction gets, once known.
    next_tx_id: Option<i64>,
    /// When the ledger transactions are written (the open transaction's
    /// time).
    now: DateTime<Utc>,
}

/// An account as the writer sees it.
#[derive(Clone, Copy, Debug)]
struct Cached {
    id: i64,
    available: Decimal,
    frozen: Decimal,
    dirty: bool,
}

/// One ledger transaction a product hands the writer in a batch
/// ([`LedgerTxn::post_each`]): a settled stake, a liquidation, one
/// position's funding payment.
#[derive(Clone, Debug)]
pub struct LedgerCommand {
    pub reference: PostingRef,
    pub postings: Vec<Posting>,
}

/// Commands a periodic job (a settlement sweep, a funding round, interest
/// accrual) posts per trip through the gate at most. At 100 holds a trip
/// the longest pause a sweep caused to spot order entry was under 10 ms on
/// both databases, at 1,000 it was 21 to 32 ms (decision 0018); a job that
/// has more left reports `Progress::More` and the scheduler runs it again
/// after everyone waiting at the gate.
pub const SLICE_MAX: usize = 200;

/// A stored response for a retried call, or a key reused for another request.
#[derive(Debug, PartialEq, Eq)]
pub enum Replay {
    Fresh,
    Stored(serde_json::Value),
    /// The same key came with a different request.
    Conflict,
}

impl LedgerTxn {
    /// The time of this transaction: the writer's clock when it began. Rows
    /// written with the transaction carry it, so one transaction has one
    /// time.
    pub fn now(&self) -> DateTime<Utc> {
        self.now
    }

    /// The transaction, for the caller's own reads and writes.
    pub fn conn(&self) -> &DatabaseTransaction {
        &self.txn
    }

    /// The transaction and its book, apart, with `accounts` loaded (created
    /// when new) and the next transaction id known: posting to those
    /// accounts can then run beside a statement on the transaction, so
    /// building postings overlaps storing rows.
    pub async fn book_for(
        &mut self,
        accounts: &[AccountId],
    ) -> Result<(&DatabaseTransaction, &mut Book), DbErr> {
        self.load_accounts(accounts, true).await?;
        self.ready_tx_id().await?;
        Ok((&self.txn, &mut self.book))
    }

    /// Reads these accounts in one query (those the writer does not already
    /// hold), so balances and postings that follow cost no query each.
    pub async fn preload(&mut self, accounts: &[AccountId]) -> Result<(), DbErr> {
        self.load_accounts(accounts, false).await
    }

    /// Available and frozen balance of one account, as of this transaction.
    pub async fn balance(&mut self, account: &AccountId) -> Result<(Decimal, Decimal), DbErr> {
        self.load_accounts(std::slice::from_ref(account), false)
            .await?;
        Ok(match self.book.accounts.get(account) {
            Some(c) => (c.available, c.frozen),
            None => (Decimal::ZERO, Decimal::ZERO),
        })
    }

    /// Brings these accounts into the transaction's view: from the writer's
    /// memory, else in one query; with `create`, accounts the store does not
    /// have yet are created (at zero).
    async fn load_accounts(&mut self, wanted: &[AccountId], create: bool) -> Result<(), DbErr> {
        let mut missing: Vec<&AccountId> = Vec::new();
        let mut asked: HashSet<&AccountId> = HashSet::new();
        for account in wanted {
            if self.book.accounts.contains_key(account) {
                continue;
            }
            match self.state.accounts.get(account) {
                Some(c) => {
                    self.book.accounts.insert(account.clone(), *c);
                }
                None if asked.insert(account) => missing.push(account),
                None => {}
            }
        }
        if missing.is_empty() {
            return Ok(());
        }
        let mut found: HashMap<String, ledger_account::Model> = HashMap::new();
        for part in missing.chunks(ROWS_PER_INSERT) {
            let keys: Vec<String> = part.iter().map(|a| a.key()).collect();
            let rows = ledger_account::Entity::find()
                .filter(ledger_account::Column::AccountKey.is_in(keys))
                .all(&self.txn)
                .await?;
            found.extend(rows.into_iter().map(|r| (r.account_key.clone(), r)));
        }
        for account in missing {
            let cached = match found.remove(&account.key()) {
                Some(row) => Cached {
                    id: row.id,
                    available: row.available.get(),
                    frozen: row.frozen.get(),
                    dirty: false,
                },
                None if create => self.create_account(account).await?,
                None => continue,
            };
            self.book.accounts.insert(account.clone(), cached);
        }
        Ok(())
    }

    async fn create_account(&self, account: &AccountId) -> Result<Cached, DbErr> {
        let (user_id, wallet, system) = owner_columns(account);
        let row = ledger_account::ActiveModel {
            account_key: Set(account.key()),
            user_id: Set(user_id),
            wallet: Set(wallet.map(str::to_string)),
            system: Set(system.map(str::to_string)),
            asset: Set(account.asset.clone()),
            available: Set(DecimalText::ZERO),
            frozen: Set(DecimalText::ZERO),
            updated_at: Set(self.now),
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

    /// Makes the book know the next ledger transaction id: the writer's
    /// memory of it, else one past the store's highest.
    async fn ready_tx_id(&mut self) -> Result<(), DbErr> {
        if self.book.next_tx_id.is_some() {
            return Ok(());
        }
        let next = match self.state.next_tx_id {
            Some(id) => id,
            None => {
                let max: Option<i64> = ledger_transaction::Entity::find()
                    .select_only()
                    .column_as(ledger_transaction::Column::Id.max(), "max")
                    .into_tuple()
                    .one(&self.txn)
                    .await?
                    .flatten();
                max.unwrap_or(0)
                    .checked_add(1)
                    .ok_or_else(|| DbErr::Custom("ledger transaction ids exhausted".into()))?
            }
        };
        self.book.next_tx_id = Some(next);
        Ok(())
    }

    /// Applies `postings` as one ledger transaction, or refuses them all.
    /// Returns the transaction's id.
    pub async fn post(
        &mut self,
        reference: &PostingRef,
        postings: Vec<Posting>,
    ) -> Result<i64, PostError> {
        let (_, book) = self.book_for(&sides_of(&postings)).await?;
        book.post(reference, postings)
    }

    /// Posts each command as its own ledger transaction and answers each:
    /// its transaction id, or why the ledger refused it. A refused command
    /// changes nothing and the others go on, so one user's shortfall never
    /// fails a settlement sweep or a funding round. The accounts of every
    /// command are read in one go first (those the writer does not already
    /// hold), so a batch costs no statement per command.
    pub async fn post_each(
        &mut self,
        commands: Vec<LedgerCommand>,
    ) -> Result<Vec<Result<i64, LedgerError>>, DbErr> {
        let sides: Vec<AccountId> = commands
            .iter()
            .flat_map(|c| sides_of(&c.postings))
            .collect();
        let (_, book) = self.book_for(&sides).await?;
        let mut answers = Vec::with_capacity(commands.len());
        for LedgerCommand {
            reference,
            postings,
        } in commands
        {
            answers.push(match book.post(&reference, postings) {
                Ok(id) => Ok(id),
                Err(PostError::Ledger(refused)) => Err(refused),
                Err(PostError::Db(e)) => return Err(e),
            });
        }
        Ok(answers)
    }

    /// `n` fresh ids of `table` (an `id` integer key), in increasing order,
    /// for rows this transaction inserts with their ids set: a bulk insert
    /// then needs no `RETURNING` to learn them, and a row can be referred
    /// to (a fill by its posting) before it is written. On SQLite this
    /// transaction holds the write lock, so the ids after the table's
    /// highest (and after any id AUTOINCREMENT handed out before) are free
    /// until it commits; on PostgreSQL they come from the column's
    /// sequence, as a default id would.
    pub async fn reserve_ids(&mut self, table: &str, n: usize) -> Result<Vec<i64>, DbErr> {
        if n == 0 {
            return Ok(Vec::new());
        }
        if !table.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
            return Err(DbErr::Custom(format!(
                "reserve ids: bad table name {table:?}"
            )));
        }
        let count = i64::try_from(n).map_err(|e| DbErr::Custom(e.to_string()))?;
        let backend = self.txn.get_database_backend();
        match backend {
            DbBackend::Postgres => {
                let q = Statement::from_sql_and_values(
                    backend,
                    format!(
                        "SELECT nextval(pg_get_serial_sequence('{table}', 'id')) AS id \
                         FROM generate_series(1, $1)"
                    ),
                    [count.into()],
                );
                let mut ids = self
                    .txn
                    .query_all(q)
                    .await?
                    .iter()
                    .map(|r| r.try_get::<i64>("", "id"))
                    .collect::<Result<Vec<_>, _>>()?;
                ids.sort_unstable();
                Ok(ids)
            }
            _ => {
                let q = Statement::from_string(
                    backend,
                    format!(
                        "SELECT max(coalesce((SELECT max(id) FROM {table}), 0), \
                         coalesce((SELECT seq FROM sqlite_sequence WHERE name = '{table}'), 0)) AS top"
                    ),
                );
                let top: i64 = self
                    .txn
                    .query_one(q)
                    .await?
                    .ok_or_else(|| DbErr::Custom("reserve ids: no answer".into()))?
                    .try_get("", "top")?;
                let last = top
                    .checked_add(count)
                    .ok_or_else(|| DbErr::Custom(format!("{table} ids exhausted")))?;
                Ok((top.saturating_add(1)..=last).collect())
            }
        }
    }

    /// Asks the store in one query about idempotency keys this transaction
    /// is about to check, so the checks that follow need no query each.
    pub async fn prefetch_keys(&mut self, keys: &[(i64, &str, &str)]) -> Result<(), DbErr> {
        let mut ask = Condition::any();
        let mut asked: Vec<KeyId> = Vec::new();
        for (user_id, scope, key) in keys {
            let id: KeyId = (*user_id, scope.to_string(), key.to_string());
            if self.keys.contains_key(&id)
                || self.state.recent.contains_key(&id)
                || self.fresh_keys.contains(&id)
                || asked.contains(&id)
            {
                continue;
            }
            ask = ask.add(
                Condition::all()
                    .add(idempotency_key::Column::UserId.eq(*user_id))
                    .add(idempotency_key::Column::Scope.eq(*scope))
                    .add(idempotency_key::Column::Key.eq(*key)),
            );
            asked.push(id);
        }
        if asked.is_empty() {
            return Ok(());
        }
        let rows = idempotency_key::Entity::find()
            .filter(ask)
            .all(&self.txn)
            .await?;
        for row in rows {
            let value =
                serde_json::from_str(&row.response).map_err(|e| DbErr::Custom(e.to_string()))?;
            self.keys
                .insert((row.user_id, row.scope, row.key), (row.request_hash, value));
        }
        for id in asked {
            if !self.keys.contains_key(&id) {
                self.fresh_keys.insert(id);
            }
        }
        Ok(())
    }

    /// Looks up an idempotency key. `request_hash` identifies the request's
    /// content, so a key reused for another request is told apart.
    pub async fn replay(
        &mut self,
        user_id: i64,
        scope: &str,
        key: &str,
        request_hash: &str,
    ) -> Result<Replay, DbErr> {
        let id: KeyId = (user_id, scope.to_string(), key.to_string());
        if !self.fresh_keys.contains(&id)
            && !self.keys.contains_key(&id)
            && !self.state.recent.contains_key(&id)
        {
            self.prefetch_keys(&[(user_id, scope, key)]).await?;
        }
        let stored = self.keys.get(&id).or_else(|| self.state.recent.get(&id));
        Ok(match stored {
            None => Replay::Fresh,
            Some((hash, _)) if hash != request_hash => Replay::Conflict,
            Some((_, value)) => Replay::Stored(value.clone()),
        })
    }

    /// Records the response of a call under its key, in this transaction.
    pub async fn remember(
        &mut self,
        user_id: i64,
        scope: &str,
        key: &str,
        request_hash: &str,
        response: &serde_json::Value,
    ) -> Result<(), DbErr> {
        let id: KeyId = (user_id, scope.to_string(), key.to_string());
        if self.keys.contains_key(&id) || self.state.recent.contains_key(&id) {
            // The store's unique index would refuse it at commit; say so now.
            return Err(DbErr::Custom(format!(
                "idempotency key {key:?} of user {user_id} recorded twice"
            )));
        }
        self.fresh_keys.remove(&id);
        self.keys
            .insert(id, (request_hash.to_string(), response.clone()));
        self.remembered.push(idempotency_key::ActiveModel {
            user_id: Set(user_id),
            scope: Set(scope.to_string()),
            key: Set(key.to_string()),
            request_hash: Set(request_hash.to_string()),
            response: Set(response.to_string()),
            created_at: Set(self.now),
            ..Default::default()
        });
        Ok(())
    }

    /// Writes the changed balances, the transactions, the postings and the
    /// idempotency records, a bounded number of statements, then commits.
    /// On success the writer remembers what it committed; on any failure it
    /// forgets everything (a failed commit may or may not have landed).
    pub async fn commit(self) -> Result<(), DbErr> {
        let LedgerTxn {
            txn,
            mut state,
            version,
            now,
            book:
                Book {
                    accounts,
                    transactions,
                    postings,
                    next_tx_id,
                    ..
                },
            keys,
            remembered,
            ..
        } = self;
        let written = write(
            &txn,
            &accounts,
            transactions,
            postings,
            remembered,
            next_tx_id,
            now,
        )
        .await;
        let result = match written {
            Ok(()) => txn.commit().await,
            Err(e) => Err(e),
        };
        match &result {
            Ok(()) => {
                state.version = Some(version);
                if state.accounts.len().saturating_add(accounts.len()) > ACCOUNTS_KEPT_MAX {
                    state.accounts.clear();
                }
                for (account, mut c) in accounts {
                    c.dirty = false;
                    state.accounts.insert(account, c);
                }
                if next_tx_id.is_some() {
                    state.next_tx_id = next_tx_id;
                }
                if state.recent.len().saturating_add(keys.len()) > RECENT_KEYS_MAX {
                    state.recent.clear();
                }
                state.recent.extend(keys);
            }
            Err(_) => state.forget(),
        }
        result
    }
}

impl Book {
    /// Applies `postings` as one ledger transaction, or refuses them all,
    /// and returns its id. Every account posted to must be in the book
    /// already ([`LedgerTxn::book_for`]); one that is not is refused before
    /// anything changes.
    pub fn post(
        &mut self,
        reference: &PostingRef,
        postings: Vec<Posting>,
    ) -> Result<i64, PostError> {
        let unloaded =
            || DbErr::Custom("a posting names an account the book has not loaded".into());
        let id = self
            .next_tx_id
            .ok_or_else(|| DbErr::Custom("the book has no next transaction id".into()))?;
        let account_id = |a: &AccountId| self.accounts.get(a).map(|c| c.id).ok_or_else(unloaded);
        let ids = postings
            .iter()
            .map(|p| Ok((account_id(&p.from.account)?, account_id(&p.to.account)?)))
            .collect::<Result<Vec<(i64, i64)>, DbErr>>()?;
        let tx = Transaction::new(postings);
        let accounts = &self.accounts;
        let after = plan(&tx, |side| match accounts.get(&side.account) {
            Some(c) => match side.bucket {
                Bucket::Available => c.available,
                Bucket::Frozen => c.frozen,
            },
            None => Decimal::ZERO,
        })?;
        let next = id
            .checked_add(1)
            .ok_or_else(|| DbErr::Custom("ledger transaction ids exhausted".into()))?;
        self.next_tx_id = Some(next);
        self.transactions.push(ledger_transaction::ActiveModel {
            id: Set(id),
            reference: Set(reference.to_string()),
            created_at: Set(self.now),
        });
        for (side, balance) in after {
            let c = self.accounts.get_mut(&side.account).ok_or_else(unloaded)?;
            match side.bucket {
                Bucket::Available => c.available = balance,
                Bucket::Frozen => c.frozen = balance,
            }
            c.dirty = true;
        }
        for (p, (from_id, to_id)) in tx.postings.iter().zip(ids) {
            self.postings.push(ledger_posting::ActiveModel {
                tx_id: Set(id),
                kind: Set(p.kind.into()),
                asset: Set(p.asset.clone()),
                amount: Set(p.amount.as_decimal().into()),
                from_account_id: Set(from_id),
                from_bucket: Set(p.from.bucket.as_str().to_string()),
                to_account_id: Set(to_id),
                to_bucket: Set(p.to.bucket.as_str().to_string()),
                from_user_id: Set(user_of(&p.from.account)),
                to_user_id: Set(user_of(&p.to.account)),
                reference: Set(p.reference.to_string()),
                created_at: Set(at(p.at_ms, self.now)),
                ..Default::default()
            });
        }
        Ok(id)
    }
}

/// Every account `postings` move money between, each side once per posting.
pub fn sides_of(postings: &[Posting]) -> Vec<AccountId> {
    postings
        .iter()
        .flat_map(|p| [p.from.account.clone(), p.to.account.clone()])
        .collect()
}

/// The deferred writes of one transaction.
async fn write(
    txn: &DatabaseTransaction,
    accounts: &HashMap<AccountId, Cached>,
    transactions: Vec<ledger_transaction::ActiveModel>,
    postings: Vec<ledger_posting::ActiveModel>,
    remembered: Vec<idempotency_key::ActiveModel>,
    next_tx_id: Option<i64>,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    // Every account was created before it was posted to, so its row is
    // there: only the balances change.
    let dirty: Vec<(i64, Vec<sea_orm::Value>)> = accounts
        .values()
        .filter(|c| c.dirty)
        .map(|c| {
            (
                c.id,
                vec![
                    DecimalText::from(c.available.normalize()).into(),
                    DecimalText::from(c.frozen.normalize()).into(),
                ],
            )
        })
        .collect();
    let backend = txn.get_database_backend();
    let balance_columns = [
        ledger_account::Column::Available,
        ledger_account::Column::Frozen,
    ];
    let touched = [(ledger_account::Column::UpdatedAt, now.into())];
    let balances = crate::bulk::update_statements(
        backend,
        ledger_account::Entity,
        ledger_account::Column::Id,
        &balance_columns,
        &touched,
        dirty,
    )?;
    let last_tx_id = next_tx_id.map(|n| n.saturating_sub(1));
    // Ids are the writer's; on PostgreSQL keep the column's sequence past
    // them.
    let sequence = match (transactions.is_empty(), last_tx_id, backend) {
        (false, Some(last), DbBackend::Postgres) => Some(Ok(Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT setval(pg_get_serial_sequence('ledger_transactions', 'id'), $1)",
            [last.into()],
        ))),
        _ => None,
    };
    // One run, so each statement is built while the one before is stored;
    // the transactions first, whose rows are the quickest to build.
    let statements = crate::bulk::insert_statements(backend, transactions, ROWS_PER_INSERT)?
        .chain(sequence)
        .chain(balances)
        .chain(crate::bulk::insert_statements(
            backend,
            postings,
            ROWS_PER_INSERT,
        )?)
        .chain(crate::bulk::insert_statements(
            backend,
            remembered,
            ROWS_PER_INSERT,
        )?);
    crate::bulk::run(txn, statements).await
}

fn owner_columns(account: &AccountId) -> (Option<i64>, Option<&'static str>, Option<&'static str>) {
    match account.owner {
        Owner::User { user_id, wallet } => {
            (i64::try_from(user_id).ok(), Some(wallet.as_str()), None)
        }
        Owner::System(s) => (None, None, Some(s.as_str())),
    }
}

fn user_of(account: &AccountId) -> Option<i64> {
    match account.owner {
        Owner::User { user_id, .. } => Some(user_id as i64),
        Owner::System(_) => None,
    }
}

/// A posting's time; one out of range is the transaction's.
fn at(ms: i64, otherwise: DateTime<Utc>) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(ms).single().unwrap_or(otherwise)
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

/// A system account's available `asset` (zero before its first posting):
/// the house books set it beside what their orders say the house gained.
pub async fn system_balance(
    db: &impl ConnectionTrait,
    account: SystemAccount,
    asset: &str,
) -> Result<Decimal, DbErr> {
    let key = AccountId::system(account, asset).key();
    Ok(ledger_account::Entity::find()
        .filter(ledger_account::Column::AccountKey.eq(key))
        .one(db)
        .await?
        .map(|a| a.available.get().normalize())
        .unwrap_or_default())
}

/// The ids of every account of one user: a user's postings are found by
/// their accounts (the postings' account indexes), not by a user column.
pub async fn user_account_ids(db: &impl ConnectionTrait, user_id: i64) -> Result<Vec<i64>, DbErr> {
    ledger_account::Entity::find()
        .select_only()
        .column(ledger_account::Column::Id)
        .filter(ledger_account::Column::UserId.eq(user_id))
        .into_tuple()
        .all(db)
        .await
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

/// Funds a product says it holds in a user's frozen bucket: an open
/// order's unfilled cost, a pending withdrawal's amount, a position's
/// margin. The sum of a user's holds per account must be the account's
/// frozen balance, so a hold can be neither lost nor spent twice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hold {
    /// What holds it: `spot_order`, `withdrawal`, ...
    pub kind: &'static str,
    pub account: AccountId,
    pub amount: Decimal,
}

/// What the holds audit found.
#[derive(Debug, Default)]
pub struct HoldsReport {
    /// Per kind: how many holds and their total per asset.
    pub kinds: BTreeMap<&'static str, (u64, BTreeMap<String, Decimal>)>,
    /// Accounts whose frozen balance is not what their holds add up to:
    /// (account, frozen, held).
    pub mismatches: Vec<(AccountId, Decimal, Decimal)>,
}

/// Compares every user account's frozen balance with the holds named for
/// it. Run it in the same snapshot the holds were read in.
pub async fn audit_holds(
    db: &impl ConnectionTrait,
    holds: Vec<Hold>,
) -> Result<HoldsReport, DbErr> {
    let mut report = HoldsReport::default();
    let mut held: HashMap<AccountId, Decimal> = HashMap::new();
    let overflow = || DbErr::Custom("holds total out of range".into());
    for h in holds {
        let (count, totals) = report.kinds.entry(h.kind).or_default();
        *count = count.saturating_add(1);
        let total = totals.entry(h.account.asset.clone()).or_default();
        *total = total.checked_add(h.amount).ok_or_else(overflow)?;
        let sum = held.entry(h.account).or_default();
        *sum = sum.checked_add(h.amount).ok_or_else(overflow)?;
    }
    let rows = ledger_account::Entity::find()
        .filter(ledger_account::Column::UserId.is_not_null())
        .order_by_asc(ledger_account::Column::Id)
        .all(db)
        .await?;
    for row in &rows {
        let account = account_of(row)?;
        let frozen = row.frozen.get();
        let named = held.remove(&account).unwrap_or_default();
        if frozen != named {
            report.mismatches.push((account, frozen, named));
        }
    }
    // Holds on accounts the ledger has never seen.
    for (account, named) in held {
        if !named.is_zero() {
            report.mismatches.push((account, Decimal::ZERO, named));
        }
    }
    Ok(report)
}

/// A read-only transaction that sees one snapshot of the whole database
/// (PostgreSQL: repeatable read; SQLite: a read transaction in WAL mode).
pub async fn snapshot(db: &Db) -> Result<DatabaseTransaction, DbErr> {
    match db.get_database_backend() {
        DbBackend::Postgres => {
            db.begin_with_config(
                Some(sea_orm::IsolationLevel::RepeatableRead),
                Some(sea_orm::AccessMode::ReadOnly),
            )
            .await
        }
        _ => db.begin().await,
    }
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
    let txn = snapshot(db).await?;
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
        kind: row.kind.get(),
        asset: row.asset.clone(),
        amount: Amount::from_decimal(row.amount.get()).map_err(|_| bad("malformed amount"))?,
        from: side(row.from_account_id, &row.from_bucket)?,
        to: side(row.to_account_id, &row.to_bucket)?,
        reference: PostingRef::from(row.reference.as_str()),
        at_ms: row.created_at.timestamp_millis(),
    })
}
