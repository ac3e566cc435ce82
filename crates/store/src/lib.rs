//! Persistence: the schema and its migrations, connecting to SQLite or
//! PostgreSQL, and the repositories the server calls. One codebase serves
//! both databases; SQL is built by sea-query for the backend in use.

pub mod bulk;
pub mod decimal_text;
pub mod entity;
pub mod ledger;
pub mod migration;
pub mod repo;
pub mod sort;
pub mod status;

use sea_orm::sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous,
};
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DbBackend, DbErr};
use sea_orm_migration::MigratorTrait;
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

pub use decimal_text::DecimalText;
pub use sea_orm::DatabaseConnection as Db;
#[doc(hidden)]
pub use serde as __serde;

/// Time a SQLite writer waits for the lock before giving up.
pub const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Opens the database: PostgreSQL when `database_url` is a postgres URL,
/// otherwise SQLite at `{data_dir}/onyx.db` (WAL, busy timeout).
pub async fn connect(database_url: Option<&str>, data_dir: &Path) -> Result<Db, DbErr> {
    match database_url.filter(|u| !u.is_empty()) {
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
            let mut opt = ConnectOptions::new(url);
            opt.max_connections(20)
                .min_connections(1)
                .connect_timeout(Duration::from_secs(10))
                .sqlx_logging(false);
            Database::connect(opt).await
        }
        Some(url) if url.starts_with("sqlite:") => {
            open_sqlite(
                SqliteConnectOptions::from_str(url).map_err(|e| DbErr::Custom(e.to_string()))?,
            )
            .await
        }
        Some(other) => Err(DbErr::Custom(format!(
            "unsupported DATABASE_URL scheme in {:?}: use postgres://... or sqlite:...",
            other.split(':').next().unwrap_or("")
        ))),
        None => {
            std::fs::create_dir_all(data_dir)
                .map_err(|e| DbErr::Custom(format!("cannot create {}: {e}", data_dir.display())))?;
            open_sqlite(SqliteConnectOptions::new().filename(data_dir.join("onyx.db"))).await
        }
    }
}

async fn open_sqlite(options: SqliteConnectOptions) -> Result<Db, DbErr> {
    let options = options
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(SQLITE_BUSY_TIMEOUT)
        .foreign_keys(true)
        // A batch reads thousands of rows (a lead's followers): at the
        // default 50 the worker thread stalls every 50 rows until the
        // caller has taken them.
        .row_buffer_size(4096)
        // 64 MiB of pages per connection at most (the default is 2 MiB): a
        // lead's copies write more pages than that in one transaction, and
        // a cache that spills costs the commit a third more time.
        .pragma("cache_size", "-65536");
    let pool = SqlitePoolOptions::new()
        .max_connections(8)
        .connect_with(options)
        .await
        .map_err(|e| DbErr::Conn(sea_orm::RuntimeErr::Internal(e.to_string())))?;
    Ok(sea_orm::SqlxSqliteConnector::from_sqlx_sqlite_pool(pool))
}

/// Applies every pending migration.
pub async fn migrate(db: &Db) -> Result<(), DbErr> {
    migration::Migrator::up(db, None).await
}

/// `rows` in chunks of at most `size` (at least one): what one bulk
/// statement may carry below a database's bound-parameter limit.
pub fn chunks<T>(rows: Vec<T>, size: usize) -> impl Iterator<Item = Vec<T>> {
    let size = size.max(1);
    let mut rest = rows.into_iter().peekable();
    std::iter::from_fn(move || {
        rest.peek()?;
        Some(rest.by_ref().take(size).collect())
    })
}

pub fn backend_name(db: &Db) -> &'static str {
    match db.get_database_backend() {
        DbBackend::Sqlite => "sqlite",
        DbBackend::Postgres => "postgres",
        DbBackend::MySql => "mysql",
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn chunks_cover_every_row_once_in_order_and_none_is_empty() {
        let sizes: Vec<usize> = super::chunks((0..1001).collect(), 500)
            .map(|c: Vec<i32>| c.len())
            .collect();
        assert_eq!(sizes, vec![500, 500, 1]);
        let all: Vec<i32> = super::chunks((0..7).collect(), 3).flatten().collect();
        assert_eq!(all, (0..7).collect::<Vec<_>>());
        assert_eq!(super::chunks(Vec::<i32>::new(), 500).count(), 0);
        assert_eq!(super::chunks(vec![1, 2], 0).count(), 2, "size 0 reads as 1");
    }
}
