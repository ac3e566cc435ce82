//! Pieces every product's operator routes share: paging and sorting from
//! query fields, trimmed filters, and the body of a write that only
//! carries its reason.

use crate::envelope::PageQuery;
use crate::error::ApiError;
use onyx_store::sort::{Direction, Sort, SortKey};

/// Paging from the two query fields (declared on each query struct, since
/// `serde(flatten)` loses the number types of a query string).
pub fn page(page_num: Option<u64>, page_size: Option<u64>) -> (u64, u64) {
    PageQuery {
        page_num,
        page_size,
    }
    .bounds()
}

/// A trimmed, non-empty optional filter.
pub fn filter(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// A status filter: blank is no filter, a word `parse` does not know is
/// an invalid `status` (rather than an empty page).
pub fn status_filter<T>(
    v: &Option<String>,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Option<T>, crate::error::ApiError> {
    filter(v)
        .map(|s| parse(s).ok_or_else(|| crate::error::ApiError::invalid("status")))
        .transpose()
}

/// The order a list query asks for, the one convention of every operator
/// list: `orderBy` names one of the list's keys (a field of its rows,
/// camelCase) and `order` is `asc` or `desc`. Blank is absent. Neither
/// given keeps the list's own order (`K::DEFAULT`); `order` alone turns
/// that order around; `orderBy` alone sorts ascending. A name that is not
/// on the list, or another direction, is a bad request naming what is
/// accepted.
pub fn sort<K: SortKey>(
    order_by: &Option<String>,
    order: &Option<String>,
) -> Result<Sort<K>, ApiError> {
    sort_or(order_by, order, K::DEFAULT)
}

/// [`sort`] for a list whose own order depends on the request (a queue
/// read oldest first, its decided items newest first).
pub fn sort_or<K: SortKey>(
    order_by: &Option<String>,
    order: &Option<String>,
    default: Sort<K>,
) -> Result<Sort<K>, ApiError> {
    let direction = filter(order)
        .map(|o| {
            Direction::parse(o).ok_or_else(|| ApiError::bad_request("order must be asc or desc"))
        })
        .transpose()?;
    let Some(name) = filter(order_by) else {
        return Ok(Sort {
            direction: direction.unwrap_or(default.direction),
            ..default
        });
    };
    let key = K::parse(name).ok_or_else(|| {
        let names: Vec<&str> = K::NAMED.iter().map(|(n, _)| *n).collect();
        ApiError::bad_request(format!("orderBy must be one of {}", names.join(", ")))
    })?;
    Ok(Sort {
        key,
        direction: direction.unwrap_or(Direction::Asc),
    })
}

/// The body of a write that only needs its reason.
#[derive(serde::Deserialize, utoipa::ToSchema, Debug)]
pub struct ReasonBody {
    #[serde(default)]
    pub reason: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use onyx_kernel::ErrorCode;
    use sea_orm::sea_query::Expr;

    onyx_store::sort_keys! {
        Keys, default = desc(Time) {
            Id = "id" => vec![Expr::val(1).into()],
            Time = "createTime" => vec![Expr::val(2).into()],
            Amount = "amount" => vec![Expr::val(3).into()],
        }
    }

    fn some(v: &str) -> Option<String> {
        Some(v.to_string())
    }

    fn parse(order_by: Option<String>, order: Option<String>) -> Result<Sort<Keys>, ApiError> {
        sort::<Keys>(&order_by, &order)
    }

    #[test]
    fn nothing_asked_keeps_the_lists_own_order() {
        assert_eq!(parse(None, None).unwrap(), Sort::desc(Keys::Time));
        assert_eq!(parse(some(" "), some("")).unwrap(), Sort::desc(Keys::Time));
        let queue = Sort::asc(Keys::Id);
        assert_eq!(sort_or::<Keys>(&None, &None, queue).unwrap(), queue);
    }

    #[test]
    fn order_alone_turns_the_lists_own_order_around() {
        assert_eq!(parse(None, some("asc")).unwrap(), Sort::asc(Keys::Time));
    }

    #[test]
    fn a_named_key_sorts_ascending_unless_told() {
        assert_eq!(
            parse(some("amount"), None).unwrap(),
            Sort::asc(Keys::Amount)
        );
        assert_eq!(
            parse(some("amount"), some("desc")).unwrap(),
            Sort::desc(Keys::Amount)
        );
        assert_eq!(
            parse(some(" id "), some("asc")).unwrap(),
            Sort::asc(Keys::Id)
        );
    }

    #[test]
    fn a_key_not_on_the_list_is_refused_naming_the_keys_there_are() {
        for bad in [
            "created_at",
            "CreateTime",
            "password",
            "id; DROP TABLE users",
        ] {
            let e = parse(some(bad), some("asc")).unwrap_err();
            assert_eq!(e.code, ErrorCode::BadRequest, "{bad}");
            assert_eq!(
                e.message("en"),
                "Invalid request: orderBy must be one of id, createTime, amount"
            );
        }
    }

    #[test]
    fn a_direction_other_than_asc_or_desc_is_refused() {
        for bad in ["up", "DESC", "ascending", "1"] {
            let e = parse(some("id"), some(bad)).unwrap_err();
            assert_eq!(e.code, ErrorCode::BadRequest, "{bad}");
            assert_eq!(
                e.message("en"),
                "Invalid request: order must be asc or desc"
            );
            assert!(parse(None, some(bad)).is_err(), "{bad} without orderBy");
        }
    }
}
