//! Many rows written in one statement per chunk. Updates by id join each
//! row's new values in from a `VALUES` list, so the database looks each
//! row up once by its key (a `CASE` with a branch per row costs every row
//! a walk through the branches). Inserts write their statement's text
//! directly: the query builder spends as long on a thousand-row insert as
//! the database does storing it.
//!
//! Statements are built lazily and run through [`run`], which builds each
//! while the database runs the one before: on SQLite the database works on
//! the driver's own thread, so building and storing overlap on two cores.

use sea_orm::sea_query::{
    Alias, Expr, IntoIden, Query, SelectStatement, TableRef, Value, ValueTuple,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, DbErr, EntityName, EntityTrait,
    IdenStatic, Iterable, QueryFilter, QuerySelect, QueryTrait, Statement,
};
use serde::de::DeserializeOwned;
use std::fmt::Write;

/// Rows per statement: at most a few columns each, far below either
/// database's bound-parameter limit.
const ROWS: usize = 500;

/// Sets `columns` of each row of `table` whose `key` is a row's first
/// value to the row's other values, in order. `also` are set on every
/// row listed (an `updated_at`, say). Both databases name a `VALUES`
/// list's columns `column1`, `column2`, ...
pub async fn update_by_key<C: IntoIden + Clone + Send + Sync>(
    db: &impl ConnectionTrait,
    table: impl IntoIden,
    key: C,
    columns: &[C],
    also: &[(C, Value)],
    rows: Vec<(i64, Vec<Value>)>,
) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    run(
        db,
        update_statements(backend, table, key, columns, also, rows)?,
    )
    .await
}

/// The statements of [`update_by_key`], each built when asked for.
pub fn update_statements<'a, C: IntoIden + Clone + Send + Sync + 'a>(
    backend: DbBackend,
    table: impl IntoIden,
    key: C,
    columns: &'a [C],
    also: &'a [(C, Value)],
    rows: Vec<(i64, Vec<Value>)>,
) -> Result<impl Iterator<Item = Result<Statement, DbErr>> + Send + 'a, DbErr> {
    let table = table.into_iden();
    if rows.iter().any(|(_, values)| values.len() != columns.len()) {
        return Err(DbErr::Custom(format!(
            "bulk update of {}: a row without one value per column",
            table.to_string()
        )));
    }
    let joined = Alias::new("v").into_iden();
    let key = key.into_iden();
    Ok(crate::chunks(rows, ROWS).map(move |chunk| {
        let tuples: Vec<ValueTuple> = chunk
            .into_iter()
            .map(|(id, values)| {
                let mut all = Vec::with_capacity(values.len().saturating_add(1));
                all.push(Value::from(id));
                all.extend(values);
                ValueTuple::Many(all)
            })
            .collect();
        let mut q = Query::update();
        q.table(table.clone());
        for (i, column) in columns.iter().enumerate() {
            let source = Alias::new(format!("column{}", i.saturating_add(2)));
            q.value(column.clone(), Expr::col((joined.clone(), source)));
        }
        for (column, value) in also {
            q.value(column.clone(), value.clone());
        }
        q.from(TableRef::ValuesList(tuples, joined.clone()))
            .and_where(
                Expr::col((table.clone(), key.clone()))
                    .equals((joined.clone(), Alias::new("column1"))),
            );
        Ok(backend.build(&q))
    }))
}

/// Runs `statements` in order, building each while the database runs the
/// one before. The first failure stops the run and is returned (the
/// caller's transaction then rolls back).
pub async fn run(
    db: &impl ConnectionTrait,
    mut statements: impl Iterator<Item = Result<Statement, DbErr>>,
) -> Result<(), DbErr> {
    let mut next = statements.next().transpose()?;
    while let Some(statement) = next {
        // Polled in order: the statement is on its way to the database
        // before the next one is built.
        let (ran, built) = tokio::join!(biased; db.execute(statement), async {
            statements.next().transpose()
        });
        ran?;
        next = built?;
    }
    Ok(())
}

/// Items a loop running beside a bulk write handles between giving the
/// write its turn ([`take_turns`]): a few hundred microseconds of work,
/// about what a chunk's statement takes the database.
pub const BETWEEN_TURNS: usize = 64;

/// Called with each item's index by a loop that runs beside a bulk write
/// (in one `join!`): every [`BETWEEN_TURNS`] items it yields, so the write
/// sends its next statement instead of waiting for the loop to end.
pub async fn take_turns(i: usize) {
    if i % BETWEEN_TURNS == BETWEEN_TURNS - 1 {
        tokio::task::yield_now().await;
    }
}

/// Bound parameters per insert statement at most: below SQLite's limit
/// (32,766) and PostgreSQL's (65,535).
const PARAMETERS: usize = 30_000;

/// Inserts `rows`, each setting the columns the first sets (an id left
/// unset is the database's to give), in multi-row statements of at most
/// `per_statement` rows; nothing is read back.
pub async fn insert<A: ActiveModelTrait + Send>(
    db: &impl ConnectionTrait,
    rows: Vec<A>,
    per_statement: usize,
) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    run(db, insert_statements(backend, rows, per_statement)?).await
}

/// The statements of [`insert`], each built when asked for.
pub fn insert_statements<A: ActiveModelTrait + Send>(
    backend: DbBackend,
    rows: Vec<A>,
    per_statement: usize,
) -> Result<impl Iterator<Item = Result<Statement, DbErr>> + Send, DbErr> {
    let columns: Vec<<A::Entity as EntityTrait>::Column> = match rows.first() {
        None => Vec::new(),
        Some(first) => {
            let columns: Vec<_> = <A::Entity as EntityTrait>::Column::iter()
                .filter(|c| {
                    let v = first.get(*c);
                    v.is_set() || v.is_unchanged()
                })
                .collect();
            if columns.is_empty() {
                return Err(DbErr::Custom("bulk insert: a row without values".into()));
            }
            columns
        }
    };
    let table = A::Entity::default().table_name().to_string();
    let listed = columns
        .iter()
        .map(|c| format!("\"{}\"", c.as_str()))
        .collect::<Vec<_>>()
        .join(", ");
    let head = format!("INSERT INTO \"{table}\" ({listed}) VALUES ");
    let per = per_statement.clamp(1, PARAMETERS / columns.len().max(1));
    Ok(crate::chunks(rows, per).map(move |chunk| {
        let mut sql = String::with_capacity(head.len() + chunk.len() * columns.len() * 7);
        sql.push_str(&head);
        let mut values = Vec::with_capacity(chunk.len() * columns.len());
        for (i, mut row) in chunk.into_iter().enumerate() {
            sql.push_str(if i == 0 { "(" } else { ", (" });
            for (j, c) in columns.iter().enumerate() {
                let value = row.take(*c).into_value().ok_or_else(|| {
                    DbErr::Custom(format!(
                        "bulk insert into {table}: a row without {}",
                        c.as_str()
                    ))
                })?;
                values.push(value);
                if j > 0 {
                    sql.push_str(", ");
                }
                match backend {
                    DbBackend::Postgres => {
                        let _ = write!(sql, "${}", values.len());
                    }
                    _ => sql.push('?'),
                }
            }
            sql.push(')');
        }
        Ok(Statement::from_sql_and_values(backend, sql, values))
    }))
}

/// `columns` of the rows of `E` whose `key` is one of `ids`, read as
/// [`read_as_json`] reads them, one `IN` list per chunk of ids.
pub async fn read_as_json_by_ids<E: EntityTrait, T: DeserializeOwned>(
    db: &impl ConnectionTrait,
    key: E::Column,
    ids: &[i64],
    columns: &[E::Column],
) -> Result<Vec<T>, DbErr> {
    let mut out = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(ROWS) {
        let q = E::find()
            .select_only()
            .columns(columns.iter().copied())
            .filter(key.is_in(chunk.iter().copied()))
            .into_query();
        out.extend(read_as_json::<T, E::Column>(db, &q, columns).await?);
    }
    Ok(out)
}

/// The rows `select` reads, as `T`s built from each row's `columns` in
/// order (a struct deriving `Deserialize` takes them as a sequence), read
/// as one JSON array in one row. The SQLite driver hands each result row
/// from its thread to the caller's separately; for the thousands of rows
/// a hot path reads (a lead's followers on each open), one row costs a
/// fraction of that. Decimal text stays text in the JSON.
pub async fn read_as_json<T: DeserializeOwned, C: IdenStatic>(
    db: &impl ConnectionTrait,
    select: &SelectStatement,
    columns: &[C],
) -> Result<Vec<T>, DbErr> {
    let backend = db.get_database_backend();
    let inner = backend.build(select);
    let listed = columns
        .iter()
        .map(|c| format!("\"{}\"", c.as_str()))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = match backend {
        DbBackend::Postgres => format!(
            "SELECT coalesce(json_agg(json_build_array({listed})), '[]')::text AS rows FROM ({}) AS t",
            inner.sql
        ),
        _ => format!(
            "SELECT json_group_array(json_array({listed})) AS rows FROM ({}) AS t",
            inner.sql
        ),
    };
    let q = Statement {
        sql,
        values: inner.values,
        db_backend: backend,
    };
    let text: String = db
        .query_one(q)
        .await?
        .ok_or_else(|| DbErr::Custom("read as json: no answer".into()))?
        .try_get("", "rows")?;
    serde_json::from_str(&text).map_err(|e| DbErr::Json(e.to_string()))
}
