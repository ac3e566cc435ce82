//! Countries offered for phone numbers and identity documents: ISO 3166
//! code, international dial code and English name (the client translates).

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Country {
    pub iso: &'static str,
    pub dial_code: &'static str,
    pub name: &'static str,
}

/// Sorted by English name.
pub const COUNTRIES: &[Country] = &[
    Country {
        iso: "AF",
        dial_code: "+93",
        name: "Afghanistan",
    },
    Country {
        iso: "AR",
        dial_code: "+54",
        name: "Argentina",
    },
    Country {
        iso: "AU",
        dial_code: "+61",
        name: "Australia",
    },
    Country {
        iso: "AT",
        dial_code: "+43",
        name: "Austria",
    },
    Country {
        iso: "BD",
        dial_code: "+880",
        name: "Bangladesh",
    },
    Country {
        iso: "BE",
        dial_code: "+32",
        name: "Belgium",
    },
    Country {
        iso: "BR",
        dial_code: "+55",
        name: "Brazil",
    },
    Country {
        iso: "BG",
        dial_code: "+359",
        name: "Bulgaria",
    },
    Country {
        iso: "KH",
        dial_code: "+855",
        name: "Cambodia",
    },
    Country {
        iso: "CA",
        dial_code: "+1",
        name: "Canada",
    },
    Country {
        iso: "CL",
        dial_code: "+56",
        name: "Chile",
    },
    Country {
        iso: "CN",
        dial_code: "+86",
        name: "China",
    },
    Country {
        iso: "CO",
        dial_code: "+57",
        name: "Colombia",
    },
    Country {
        iso: "HR",
        dial_code: "+385",
        name: "Croatia",
    },
    Country {
        iso: "CZ",
        dial_code: "+420",
        name: "Czechia",
    },
    Country {
        iso: "DK",
        dial_code: "+45",
        name: "Denmark",
    },
    Country {
        iso: "EG",
        dial_code: "+20",
        name: "Egypt",
    },
    Country {
        iso: "FI",
        dial_code: "+358",
        name: "Finland",
    },
    Country {
        iso: "FR",
        dial_code: "+33",
        name: "France",
    },
    Country {
        iso: "DE",
        dial_code: "+49",
        name: "Germany",
    },
    Country {
        iso: "GH",
        dial_code: "+233",
        name: "Ghana",
    },
    Country {
        iso: "GR",
        dial_code: "+30",
        name: "Greece",
    },
    Country {
        iso: "HK",
        dial_code: "+852",
        name: "Hong Kong",
    },
    Country {
        iso: "HU",
        dial_code: "+36",
        name: "Hungary",
    },
    Country {
        iso: "IN",
        dial_code: "+91",
        name: "India",
    },
    Country {
        iso: "ID",
        dial_code: "+62",
        name: "Indonesia",
    },
    Country {
        iso: "IE",
        dial_code: "+353",
        name: "Ireland",
    },
    Country {
        iso: "IL",
        dial_code: "+972",
        name: "Israel",
    },
    Country {
        iso: "IT",
        dial_code: "+39",
        name: "Italy",
    },
    Country {
        iso: "JP",
        dial_code: "+81",
        name: "Japan",
    },
    Country {
        iso: "KZ",
        dial_code: "+7",
        name: "Kazakhstan",
    },
    Country {
        iso: "KE",
        dial_code: "+254",
        name: "Kenya",
    },
    Country {
        iso: "LA",
        dial_code: "+856",
        name: "Laos",
    },
    Country {
        iso: "MO",
        dial_code: "+853",
        name: "Macao",
    },
    Country {
        iso: "MY",
        dial_code: "+60",
        name: "Malaysia",
    },
    Country {
        iso: "MX",
        dial_code: "+52",
        name: "Mexico",
    },
    Country {
        iso: "MA",
        dial_code: "+212",
        name: "Morocco",
    },
    Country {
        iso: "MM",
        dial_code: "+95",
        name: "Myanmar",
    },
    Country {
        iso: "NL",
        dial_code: "+31",
        name: "Netherlands",
    },
    Country {
        iso: "NZ",
        dial_code: "+64",
        name: "New Zealand",
    },
    Country {
        iso: "NG",
        dial_code: "+234",
        name: "Nigeria",
    },
    Country {
        iso: "NO",
        dial_code: "+47",
        name: "Norway",
    },
    Country {
        iso: "PK",
        dial_code: "+92",
        name: "Pakistan",
    },
    Country {
        iso: "PE",
        dial_code: "+51",
        name: "Peru",
    },
    Country {
        iso: "PH",
        dial_code: "+63",
        name: "Philippines",
    },
    Country {
        iso: "PL",
        dial_code: "+48",
        name: "Poland",
    },
    Country {
        iso: "PT",
        dial_code: "+351",
        name: "Portugal",
    },
    Country {
        iso: "RO",
        dial_code: "+40",
        name: "Romania",
    },
    Country {
        iso: "RU",
        dial_code: "+7",
        name: "Russia",
    },
    Country {
        iso: "SA",
        dial_code: "+966",
        name: "Saudi Arabia",
    },
    Country {
        iso: "SG",
        dial_code: "+65",
        name: "Singapore",
    },
    Country {
        iso: "ZA",
        dial_code: "+27",
        name: "South Africa",
    },
    Country {
        iso: "KR",
        dial_code: "+82",
        name: "South Korea",
    },
    Country {
        iso: "ES",
        dial_code: "+34",
        name: "Spain",
    },
    Country {
        iso: "LK",
        dial_code: "+94",
        name: "Sri Lanka",
    },
    Country {
        iso: "SE",
        dial_code: "+46",
        name: "Sweden",
    },
    Country {
        iso: "CH",
        dial_code: "+41",
        name: "Switzerland",
    },
    Country {
        iso: "TW",
        dial_code: "+886",
        name: "Taiwan",
    },
    Country {
        iso: "TH",
        dial_code: "+66",
        name: "Thailand",
    },
    Country {
        iso: "TR",
        dial_code: "+90",
        name: "Turkey",
    },
    Country {
        iso: "UA",
        dial_code: "+380",
        name: "Ukraine",
    },
    Country {
        iso: "AE",
        dial_code: "+971",
        name: "United Arab Emirates",
    },
    Country {
        iso: "GB",
        dial_code: "+44",
        name: "United Kingdom",
    },
    Country {
        iso: "US",
        dial_code: "+1",
        name: "United States",
    },
    Country {
        iso: "VN",
        dial_code: "+84",
        name: "Vietnam",
    },
];

/// The country with this ISO code (case-insensitive).
pub fn by_iso(iso: &str) -> Option<&'static Country> {
    COUNTRIES
        .iter()
        .find(|c| c.iso.eq_ignore_ascii_case(iso.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_well_formed() {
        let mut isos: Vec<_> = COUNTRIES.iter().map(|c| c.iso).collect();
        isos.sort();
        isos.dedup();
        assert_eq!(isos.len(), COUNTRIES.len());
        assert!(COUNTRIES.len() >= 60);
        for c in COUNTRIES {
            assert!(c.iso.len() == 2 && c.iso.chars().all(|x| x.is_ascii_uppercase()));
            assert!(
                c.dial_code.starts_with('+')
                    && c.dial_code[1..].chars().all(|x| x.is_ascii_digit())
            );
        }
        assert_eq!(by_iso("us").unwrap().dial_code, "+1");
    }
}
