//! Many rows updated by id, each to its own values, in one statement per
//! chunk: the rows' new values are joined in from a `VALUES` list, so the
//! database looks each row up once by its key. (A `CASE` with a branch per
//! row costs every row a walk through the branches.)

use sea_orm::sea_query::{Alias, Expr, IntoIden, Query, TableRef, Value, ValueTuple};
use sea_orm::{ConnectionTrait, DbErr};

/// Rows per statement: at most a few columns each, far below either
/// database's bound-parameter limit.
const ROWS: usize = 500;

/// Sets `columns` of each row of `table` whose `key` is a row's first
/// value to the row's other values, in order. `also` are set on every
/// row listed (an `updated_at`, say). Both databases name a `VALUES`
/// list's columns `column1`, `column2`, ...
pub async fn update_by_key<C: IntoIden + Clone>(
    db: &impl ConnectionTrait,
    table: impl IntoIden,
    key: C,
    columns: &[C],
    also: &[(C, Value)],
    rows: Vec<(i64, Vec<Value>)>,
) -> Result<(), DbErr> {
    let table = table.into_iden();
    if rows.iter().any(|(_, values)| values.len() != columns.len()) {
        return Err(DbErr::Custom(format!(
            "bulk update of {}: a row without one value per column",
            table.to_string()
        )));
    }
    let joined = Alias::new("v").into_iden();
    let key = key.into_iden();
    let backend = db.get_database_backend();
    for chunk in crate::chunks(rows, ROWS) {
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
        db.execute(backend.build(&q)).await?;
    }
    Ok(())
}
