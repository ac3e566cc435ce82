//! The settings object (spec section 3): 25 keys an operator edits, with
//! built-in defaults (`defaults.json`, shared with the web client as its
//! offline copy). Every edit is checked against the settings schema
//! (`schema.rs`), the same document the operator console renders its
//! forms from.

pub mod schema;

use crate::error_code::ErrorCode;
use crate::failure::Failure;
use serde_json::{Map, Value};
use std::sync::OnceLock;

pub const DEFAULTS_JSON: &str = include_str!("defaults.json");

/// The 25 keys, in spec order.
pub const KEYS: &[&str] = &[
    "LOGIN_REGIS_SETTING",
    "PLAYING_SETTING",
    "APPROVE_ADDRESS",
    "MING_SETTLEMENT_SETTING",
    "APP_SIDEBAR_SETTING",
    "SUPPORT_STAFF_SETTING",
    "BOTTOM_MENU_SETTING",
    "MARKET_URL",
    "LOGO_SETTING",
    "WITHDRAWAL_SETTING",
    "MIDDLE_MENU_SETTING",
    "PC_SIDEBAR_SETTING",
    "WITHDRAWAL_CHANNEL_SETTING",
    "HOME_COIN_SETTING",
    "DOWNLOAD_SETTING",
    "TAB_SETTING",
    "VIP_LEVEL_SETTING",
    "timeZone",
    "FINANCIAL_REBATE_SETTING",
    "AUTH_LIMIT",
    "VIP_DIRECTIONS_SETTING",
    "t_app_language",
    "TRADER_SETTING",
    "ASSET_COIN",
    "DEFI_INCOME_SETTING",
];

pub fn defaults() -> &'static Map<String, Value> {
    static DEFAULTS: OnceLock<Map<String, Value>> = OnceLock::new();
    DEFAULTS.get_or_init(|| serde_json::from_str(DEFAULTS_JSON).expect("defaults.json is valid"))
}

/// Checks an operator's new value for `key` against the settings schema:
/// the first problem, as a failure naming the field's path.
pub fn validate(key: &str, value: &Value) -> Result<(), Failure> {
    if schema::schema_for(key).is_none() {
        return Err(Failure::new(ErrorCode::SettingUnknown).with("key", key));
    }
    match schema::issues(key, value).first() {
        Some(issue) => Err(issue.failure()),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_carry_all_25_keys_and_the_spec_values() {
        let d = defaults();
        assert_eq!(d.len(), 25);
        for k in KEYS {
            assert!(d.contains_key(*k), "{k}");
        }
        let login = &d["LOGIN_REGIS_SETTING"];
        assert_eq!(login["credits"], "80");
        assert_eq!(login["inviteCodeRequired"], true);
        assert_eq!(login["ordinaryIsOpen"], true);
        assert_eq!(login["emailIsOpen"], false);
        let w = &d["WITHDRAWAL_SETTING"];
        assert_eq!(
            (&w["ratio"], &w["withdrawalMix"], &w["withdrawalMax"]),
            (&json!("10"), &json!("20"), &json!("100000"))
        );
        assert_eq!(
            (&w["limitTimeStart"], &w["limitTimeEnd"]),
            (&json!("11:00:00"), &json!("23:00:00"))
        );
        assert_eq!(
            d["WITHDRAWAL_CHANNEL_SETTING"][0]["withdrawalMax"],
            "1000000"
        );
        assert_eq!(d["AUTH_LIMIT"]["primaryLimit"], "1.001");
        assert_eq!(d["AUTH_LIMIT"]["isOpenSenior"], true);
        assert_eq!(d["timeZone"]["offSet"], "+08:00");
        assert_eq!(d["TRADER_SETTING"]["maxUserCount"], 2500);
        assert_eq!(d["VIP_LEVEL_SETTING"]["vip7End"], "150000");
        assert_eq!(d["t_app_language"].as_array().unwrap().len(), 16);
        assert_eq!(d["ASSET_COIN"][0]["rechargeMin"], "1");
        let zones = d["timeZone"]["list"].as_array().unwrap();
        assert_eq!(zones.first().unwrap()["offSet"], "-12:00");
        assert_eq!(zones.last().unwrap()["offSet"], "+14:00");
        assert!(zones.iter().any(|z| z["offSet"] == "+05:45"));
    }

    #[test]
    fn every_default_validates_against_itself() {
        for (k, v) in defaults() {
            validate(k, v).unwrap();
        }
    }

    /// The failure's code and its message in English.
    fn refusal(key: &str, value: &Value) -> (ErrorCode, String) {
        let f = validate(key, value).unwrap_err();
        (f.code, f.message("en"))
    }

    #[test]
    fn edits_must_keep_the_shape() {
        let mut w = defaults()["WITHDRAWAL_SETTING"].clone();
        w["withdrawalMix"] = json!("50");
        assert!(validate("WITHDRAWAL_SETTING", &w).is_ok());
        w["withdrawalMix"] = json!(50.5);
        assert_eq!(
            refusal("WITHDRAWAL_SETTING", &w),
            (
                ErrorCode::SettingWrongType,
                "WITHDRAWAL_SETTING.withdrawalMix has the wrong type (expected \"…\")".into()
            )
        );
        w["withdrawalMix"] = json!("-1");
        assert_eq!(
            refusal("WITHDRAWAL_SETTING", &w).0,
            ErrorCode::SettingNotDecimal
        );
        w["withdrawalMix"] = json!("20");
        w["limitTimeEnd"] = json!("25:00:00");
        assert_eq!(
            refusal("WITHDRAWAL_SETTING", &w).0,
            ErrorCode::SettingNotTime
        );
        w["limitTimeEnd"] = json!("23:00:00");
        w["surprise"] = json!(1);
        assert_eq!(
            refusal("WITHDRAWAL_SETTING", &w),
            (
                ErrorCode::SettingFieldUnknown,
                "WITHDRAWAL_SETTING.surprise is not a field of this setting".into()
            )
        );
        let f = validate("NOPE", &w).unwrap_err();
        assert_eq!(f.code, ErrorCode::SettingUnknown);
    }

    #[test]
    fn list_items_follow_the_first_default_item() {
        let mut menu = defaults()["PC_SIDEBAR_SETTING"].clone();
        menu[0]["isOpen"] = json!(false);
        assert!(validate("PC_SIDEBAR_SETTING", &menu).is_ok());
        menu[1]["sort"] = json!("first");
        assert_eq!(
            refusal("PC_SIDEBAR_SETTING", &menu).1,
            "PC_SIDEBAR_SETTING[1].sort has the wrong type (expected 0, 1, 2…)"
        );
    }

    #[test]
    fn rebate_ratios_are_percents_adding_up_to_100_at_most() {
        let rebate = |one: &str, two: &str, three: &str| json!({"isOpen": true, "oneRatio": one, "twoRatio": two, "threeRatio": three});
        assert!(validate("FINANCIAL_REBATE_SETTING", &rebate("50", "30", "20")).is_ok());
        assert!(validate("FINANCIAL_REBATE_SETTING", &rebate("0", "0", "0")).is_ok());
        assert_eq!(
            refusal("FINANCIAL_REBATE_SETTING", &rebate("150", "0", "0")),
            (
                ErrorCode::SettingOutOfRange,
                "FINANCIAL_REBATE_SETTING.oneRatio must be from 0 to 100".into()
            )
        );
        assert_eq!(
            refusal("FINANCIAL_REBATE_SETTING", &rebate("100", "100", "100")),
            (
                ErrorCode::SettingSumTooHigh,
                "FINANCIAL_REBATE_SETTING.oneRatio + twoRatio + threeRatio must add up to at most 100"
                    .into()
            )
        );
        assert_eq!(
            refusal("FINANCIAL_REBATE_SETTING", &rebate("60", "30", "10.000001")).0,
            ErrorCode::SettingSumTooHigh
        );
        assert_eq!(
            refusal("FINANCIAL_REBATE_SETTING", &rebate("", "0", "0")),
            (
                ErrorCode::SettingRequired,
                "FINANCIAL_REBATE_SETTING.oneRatio must not be empty".into()
            )
        );
        // The refusal reads in the operator's language.
        let f = validate("FINANCIAL_REBATE_SETTING", &rebate("100", "100", "100")).unwrap_err();
        assert_eq!(
            f.message("zh"),
            "FINANCIAL_REBATE_SETTING.oneRatio + twoRatio + threeRatio 之和不得超过 100"
        );
    }

    #[test]
    fn ranges_flags_and_bounds_of_the_numeric_fields() {
        let mut w = defaults()["WITHDRAWAL_SETTING"].clone();
        w["ratio"] = json!("100.01");
        assert_eq!(
            refusal("WITHDRAWAL_SETTING", &w).0,
            ErrorCode::SettingOutOfRange
        );
        w["ratio"] = json!("100");
        w["limitTime"] = json!(2);
        assert_eq!(
            refusal("WITHDRAWAL_SETTING", &w).1,
            "WITHDRAWAL_SETTING.limitTime must be one of: 1, 0"
        );
        w["limitTime"] = json!(1);
        w["withdrawalMix"] = json!("100000.5");
        assert_eq!(
            refusal("WITHDRAWAL_SETTING", &w).1,
            "WITHDRAWAL_SETTING.withdrawalMix must not be above WITHDRAWAL_SETTING.withdrawalMax"
        );
        let mut t = defaults()["TRADER_SETTING"].clone();
        t["shareRate"] = json!("1");
        assert_eq!(
            refusal("TRADER_SETTING", &t).1,
            "TRADER_SETTING.shareRate must be at least 0 and below 1"
        );
        t["shareRate"] = json!("0.2");
        t["highRebate"] = json!("101");
        assert_eq!(
            refusal("TRADER_SETTING", &t).0,
            ErrorCode::SettingOutOfRange
        );
        t["highRebate"] = json!("40");
        t["defaultUserCount"] = json!(3000);
        assert_eq!(
            refusal("TRADER_SETTING", &t).0,
            ErrorCode::SettingAboveOther
        );
        let mut tz = defaults()["timeZone"].clone();
        tz["offSetValue"] = json!("-5");
        assert!(validate("timeZone", &tz).is_ok());
        let mut langs = defaults()["t_app_language"].clone();
        langs[0]["default"] = json!("Y");
        assert_eq!(
            refusal("t_app_language", &langs).0,
            ErrorCode::SettingExactlyOne
        );
        let mut coins = defaults()["ASSET_COIN"].clone();
        coins[1]["coinName"] = json!("usdt-trc20");
        assert_eq!(
            refusal("ASSET_COIN", &coins).1,
            "ASSET_COIN[1].coinName: usdt-trc20 appears more than once"
        );
    }

    #[test]
    fn the_committed_schema_document_is_the_one_validated() {
        // web/src/console reads this file in its tests; the server serves
        // the same document at GET /api/admin/settings/schema.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/settings/schema.json");
        let fresh = serde_json::to_string_pretty(schema::document()).unwrap() + "\n";
        if std::env::var_os("ONYX_WRITE_SETTINGS_SCHEMA").is_some() {
            std::fs::write(path, &fresh).unwrap();
        }
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == fresh,
            "crates/kernel/src/settings/schema.json is not the schema the server validates: \
             run `ONYX_WRITE_SETTINGS_SCHEMA=1 cargo test -p onyx-kernel settings` and commit it"
        );
    }
}
