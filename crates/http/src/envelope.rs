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

    /// Zero-based page index and page size, clamped to sane bounds.
    pub fn bounds(&self) -> (u64, u64) {
        let size = self.page_size.unwrap_or(10).clamp(1, Self::SIZE_MAX);
        let index = self.page_num.unwrap_or(1).max(1) - 1;
        (index, size)
    }

    /// Rows to skip and the page size.
    pub fn window(&self) -> (u64, u64) {
        let (index, size) = self.bounds();
        (index.saturating_mul(size), size)
    }
}
