//! The operator API under `/api/admin`: its own token realm (`adminToken`),
//! role checks per call, and an audit row for every write.

use crate::envelope::PageQuery;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub mod audit;
pub mod auth;
pub mod catalogue;
pub mod content;
pub mod deposits;
pub mod kyc;
pub mod messages;
pub mod notice;
pub mod outbox;
pub mod settings;
pub mod spot;
pub mod users;
pub mod withdrawals;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::router())
        .merge(users::router())
        .merge(kyc::router())
        .merge(settings::router())
        .merge(catalogue::router())
        .merge(content::router())
        .merge(messages::router())
        .merge(outbox::router())
        .merge(audit::router())
        .merge(deposits::router())
        .merge(withdrawals::router())
        .merge(spot::router())
}

/// Paging from the two query fields (declared on each query struct, since
/// `serde(flatten)` loses the number types of a query string).
pub(crate) fn page(page_num: Option<u64>, page_size: Option<u64>) -> (u64, u64) {
    PageQuery {
        page_num,
        page_size,
    }
    .bounds()
}

/// A trimmed, non-empty optional filter.
pub(crate) fn filter(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// The body of a write that only needs its reason.
#[derive(serde::Deserialize, utoipa::ToSchema, Debug)]
pub struct ReasonBody {
    #[serde(default)]
    pub reason: String,
}
