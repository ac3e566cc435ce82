//! Operators on second contracts: the periods on offer and the house's
//! book. Writes carry a reason and are audited.

use crate::house::{book, HouseBook};
use crate::period_editing::PeriodPatch;
use crate::product::SecondContracts;
use crate::views::PeriodView;
use onyx_http::envelope::Envelope;

#[derive(serde::Deserialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct BlockedCountries {
    /// ISO 3166 codes; the list replaces the one in force.
    pub countries: Vec<String>,
    pub reason: String,
}

onyx_fixed_payout::admin_routes! {
    product: SecondContracts,
    view: PeriodView,
    patch: PeriodPatch,
    book: HouseBook = book,
    blocked: BlockedCountries,
    paths: [
        "/api/admin/second-contracts/periods",
        "/api/admin/second-contracts/periods/{id}",
        "/api/admin/second-contracts/house",
        "/api/admin/second-contracts/blocked-countries"
    ],
    list_doc: " Every period of every coin, on or off.",
    create_doc: " Adds a period to a coin.",
}
