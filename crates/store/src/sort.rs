//! Sorting the operators' lists on the server. Each list declares its
//! whitelist with `sort_keys!`: the names a caller may ask for (the
//! fields of the list's rows, camelCase), what each orders by in SQL, and
//! the list's own order. A query takes a [`Sort`] and always ends its
//! order with the id in the same direction, so rows that tie on the key
//! keep one order and a page boundary never repeats or skips one. The
//! query string's side (parsing `orderBy` and `order`, refusing a name
//! that is not on the list) is `onyx_http::admin::sort`.

use sea_orm::sea_query::{Alias, Expr, Func, SimpleExpr};
use sea_orm::{IntoSimpleExpr, Order, QueryOrder};

pub use sea_orm::sea_query::SimpleExpr as SortExpr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Asc,
    Desc,
}

impl Direction {
    pub const ALL: [Direction; 2] = [Direction::Asc, Direction::Desc];

    /// The word the query string uses.
    pub const fn as_str(self) -> &'static str {
        match self {
            Direction::Asc => "asc",
            Direction::Desc => "desc",
        }
    }

    pub fn parse(text: &str) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.as_str() == text)
    }

    fn order(self) -> Order {
        match self {
            Direction::Asc => Order::Asc,
            Direction::Desc => Order::Desc,
        }
    }
}

/// A list's whitelist of sort keys (declare one with `sort_keys!`).
pub trait SortKey: Copy + PartialEq + std::fmt::Debug + Sized + 'static {
    /// Every key a caller may name, by the field's name in the list's rows.
    const NAMED: &'static [(&'static str, Self)];
    /// The list's own order, when the caller names none.
    const DEFAULT: Sort<Self>;

    /// What the key orders by in SQL, most significant first.
    fn exprs(self) -> Vec<SimpleExpr>;

    fn parse(text: &str) -> Option<Self> {
        Self::NAMED
            .iter()
            .find(|(n, _)| *n == text)
            .map(|(_, k)| *k)
    }

    fn name(self) -> &'static str {
        Self::NAMED
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("", |(n, _)| n)
    }
}

/// One key of a list and a direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sort<K> {
    pub key: K,
    pub direction: Direction,
}

impl<K: SortKey> Sort<K> {
    pub const fn asc(key: K) -> Sort<K> {
        Sort {
            key,
            direction: Direction::Asc,
        }
    }

    pub const fn desc(key: K) -> Sort<K> {
        Sort {
            key,
            direction: Direction::Desc,
        }
    }

    /// `query` ordered by the key, then by `id` the same way.
    pub fn apply<Q: QueryOrder>(self, query: Q, id: impl IntoSimpleExpr) -> Q {
        let order = self.direction.order();
        let query = self
            .key
            .exprs()
            .into_iter()
            .fold(query, |q, e| q.order_by(e, order.clone()));
        query.order_by(id, order)
    }
}

impl<K: SortKey> Default for Sort<K> {
    fn default() -> Sort<K> {
        K::DEFAULT
    }
}

/// A column ordered as the database compares its values.
pub fn column(col: impl IntoSimpleExpr) -> Vec<SimpleExpr> {
    vec![col.into_simple_expr()]
}

/// A non-negative decimal kept as text (`DecimalText`, an amount)
/// ordered by its value: by the length of its integer part (leading
/// zeros dropped), then by its text, which within one length compares
/// digit by digit. SQL cannot cast it instead: SQLite would compare the
/// cast as a binary float, and money is never a float. Negative values
/// are not on any whitelist (they would sort by text).
pub fn decimal_text(col: impl IntoSimpleExpr) -> Vec<SimpleExpr> {
    let ltrim = |e: SimpleExpr, chars: &str| -> SimpleExpr {
        Func::cust(Alias::new("LTRIM")).arg(e).arg(chars).into()
    };
    let digits = ltrim(col.into_simple_expr(), "0");
    let fraction = ltrim(digits.clone(), "0123456789");
    let integer_len =
        Expr::expr(Func::char_length(digits.clone())).sub(Expr::expr(Func::char_length(fraction)));
    vec![integer_len, digits]
}

/// Declares a list's sort keys: an enum whose variants each have a
/// name (the rows' field) and what they order by, and the list's own
/// order.
///
/// ```ignore
/// sort_keys! {
///     /// How the users list sorts.
///     pub UserSort, default = desc(Id) {
///         Id = "id" => column(user::Column::Id),
///         Credits = "credits" => decimal_text(user::Column::Credits),
///     }
/// }
/// ```
#[macro_export]
macro_rules! sort_keys {
    ($(#[$meta:meta])* $vis:vis $name:ident, default = $dir:ident($default:ident) {
        $($(#[$vmeta:meta])* $variant:ident = $text:literal => $exprs:expr),+ $(,)?
    }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $crate::sort::SortKey for $name {
            const NAMED: &'static [(&'static str, $name)] = &[$(($text, $name::$variant)),+];
            const DEFAULT: $crate::sort::Sort<$name> = $crate::sort::Sort::$dir($name::$default);

            fn exprs(self) -> Vec<$crate::sort::SortExpr> {
                #[allow(unused_imports)]
                use $crate::sort::{column, decimal_text};
                match self {
                    $($name::$variant => $exprs,)+
                }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::{DbBackend, EntityTrait, QueryTrait};

    mod row {
        use sea_orm::entity::prelude::*;

        #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
        #[sea_orm(table_name = "rows")]
        pub struct Model {
            #[sea_orm(primary_key)]
            pub id: i64,
            pub amount: String,
            pub created_at: i64,
        }

        #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
        pub enum Relation {}

        impl ActiveModelBehavior for ActiveModel {}
    }

    sort_keys! {
        Sample, default = desc(Time) {
            Id = "id" => column(row::Column::Id),
            Time = "createTime" => column(row::Column::CreatedAt),
            Amount = "amount" => decimal_text(row::Column::Amount),
        }
    }

    fn sql(sort: Sort<Sample>, backend: DbBackend) -> String {
        sort.apply(row::Entity::find(), row::Column::Id)
            .build(backend)
            .to_string()
    }

    #[test]
    fn names_round_trip_and_only_listed_names_parse() {
        for (name, key) in Sample::NAMED {
            assert_eq!(Sample::parse(name), Some(*key));
            assert_eq!(key.name(), *name);
        }
        assert_eq!(
            Sample::parse("created_at"),
            None,
            "the column, not the field"
        );
        assert_eq!(Sample::parse("CreateTime"), None);
        assert_eq!(Sample::parse(""), None);
        assert_eq!(Sort::<Sample>::default(), Sort::desc(Sample::Time));
    }

    #[test]
    fn directions_are_the_two_words() {
        assert_eq!(Direction::parse("asc"), Some(Direction::Asc));
        assert_eq!(Direction::parse("desc"), Some(Direction::Desc));
        assert_eq!(Direction::parse("DESC"), None);
        assert_eq!(Direction::parse("ascending"), None);
    }

    #[test]
    fn the_order_ends_with_the_id_in_the_same_direction() {
        let s = sql(Sort::asc(Sample::Time), DbBackend::Sqlite);
        assert!(
            s.ends_with(r#"ORDER BY "rows"."created_at" ASC, "rows"."id" ASC"#),
            "{s}"
        );
    }

    #[test]
    fn an_amount_orders_by_its_integer_length_then_its_text_on_both_databases() {
        for backend in [DbBackend::Sqlite, DbBackend::Postgres] {
            let s = sql(Sort::desc(Sample::Amount), backend);
            assert!(
                s.contains(r#"LTRIM(LTRIM("rows"."amount", '0'), '0123456789')"#),
                "{s}"
            );
            assert!(
                s.ends_with(r#"LTRIM("rows"."amount", '0') DESC, "rows"."id" DESC"#),
                "{s}"
            );
        }
    }

    /// The SQL's rule, in Rust: what `decimal_text` orders by.
    fn key(text: &str) -> (usize, &str) {
        let digits = text.trim_start_matches('0');
        let fraction = digits.trim_start_matches(|c: char| c.is_ascii_digit());
        (digits.len() - fraction.len(), digits)
    }

    #[test]
    fn the_amount_rule_orders_decimals_by_value() {
        let mut texts = vec!["10", "9.5", "0.25", "100.001", "0", "9.05", "007", "99"];
        texts.sort_by_key(|t| key(t));
        assert_eq!(
            texts,
            ["0", "0.25", "007", "9.05", "9.5", "10", "99", "100.001"]
        );
    }
}
