//! Operators on options: the periods on offer and the house's
//! book. Writes carry a reason and are audited.

use crate::house::{book, HouseBook};
use crate::period_editing::PeriodPatch;
use crate::product::Options;
use crate::views::PeriodView;
use onyx_http::envelope::Envelope;

#[derive(serde::Deserialize, utoipa::ToSchema, Debug)]
#[schema(as = OptionBlockedCountries)]
#[serde(rename_all = "camelCase")]
pub struct BlockedCountries {
    /// ISO 3166 codes; the list replaces the one in force.
    pub countries: Vec<String>,
    pub reason: String,
}

onyx_fixed_payout::admin_routes! {
    product: Options,
    view: PeriodView,
    patch: PeriodPatch,
    book: HouseBook = book,
    blocked: BlockedCountries,
    paths: [
        "/api/admin/options/periods",
        "/api/admin/options/periods/{id}",
        "/api/admin/options/house",
        "/api/admin/options/blocked-countries"
    ],
    list_doc: " Every period of every option pair, on or off.",
    create_doc: " Adds a period to an option pair.",
}
