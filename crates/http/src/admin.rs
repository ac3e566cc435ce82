//! Pieces every product's operator routes share: paging from query fields,
//! trimmed filters, and the body of a write that only carries its reason.

use crate::envelope::PageQuery;

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

/// The body of a write that only needs its reason.
#[derive(serde::Deserialize, utoipa::ToSchema, Debug)]
pub struct ReasonBody {
    #[serde(default)]
    pub reason: String,
}
