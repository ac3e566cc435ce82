//! The response envelope of every API call (spec section 7).

use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

pub const SUCCESS: i32 = 200;

#[derive(Serialize, ToSchema, Debug)]
pub struct Envelope<T> {
    /// 200 on success; at or below 0 for a business failure; 500 (with
    /// "Token" in msg) when the session is missing or invalid.
    pub code: i32,
    pub msg: String,
    pub data: T,
}

pub type Reply<T> = crate::error::ApiResult<Json<Envelope<T>>>;

/// A successful reply carrying `data`.
pub fn ok<T: Serialize>(data: T) -> Reply<T> {
    Ok(Json(Envelope {
        code: SUCCESS,
        msg: "success".into(),
        data,
    }))
}

/// A list page: `rows` of this page and the `total` across all pages.
#[derive(Serialize, ToSchema, Debug)]
pub struct Page<T> {
    pub rows: Vec<T>,
    pub total: u64,
}

/// Paging input shared by list calls: `pageNum` from 1, `pageSize` 1..=100.
#[derive(serde::Deserialize, utoipa::IntoParams, Debug, Clone, Copy)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

impl PageQuery {
    pub const SIZE_MAX: u64 = 100;
    /// The last page a list call serves: past 100 million rows no list of
    /// this exchange reaches, and the row offset stays far inside the
    /// databases' signed 64-bit range. A later page number reads as this
    /// one (an empty page), never as an overflow.
    pub const NUM_MAX: u64 = 1_000_000;

    /// Zero-based page index and page size, clamped to sane bounds.
    pub fn bounds(&self) -> (u64, u64) {
        let size = self.page_size.unwrap_or(10).clamp(1, Self::SIZE_MAX);
        let index = self.page_num.unwrap_or(1).clamp(1, Self::NUM_MAX) - 1;
        (index, size)
    }

    /// Rows to skip and the page size.
    pub fn window(&self) -> (u64, u64) {
        let (index, size) = self.bounds();
        (index.saturating_mul(size), size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(page_num: Option<u64>, page_size: Option<u64>) -> (u64, u64) {
        PageQuery {
            page_num,
            page_size,
        }
        .bounds()
    }

    #[test]
    fn every_page_window_fits_a_signed_64_bit_offset() {
        for num in [
            None,
            Some(0),
            Some(1),
            Some(2),
            Some(u64::MAX),
            Some(i64::MAX as u64),
        ] {
            for size in [None, Some(0), Some(1), Some(100), Some(u64::MAX)] {
                let q = PageQuery {
                    page_num: num,
                    page_size: size,
                };
                let (index, size) = q.bounds();
                let (offset, _) = q.window();
                assert!((1..=PageQuery::SIZE_MAX).contains(&size));
                assert!(i64::try_from(offset + size).is_ok(), "{num:?} {size}");
                assert!(index.checked_mul(size).is_some());
            }
        }
    }

    #[test]
    fn pages_count_from_one_and_sizes_clamp() {
        assert_eq!(bounds(None, None), (0, 10));
        assert_eq!(bounds(Some(0), Some(0)), (0, 1));
        assert_eq!(bounds(Some(3), Some(20)), (2, 20));
        assert_eq!(
            bounds(Some(u64::MAX), Some(500)),
            (PageQuery::NUM_MAX - 1, 100)
        );
    }
}
