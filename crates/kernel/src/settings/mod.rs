//! The settings object (spec section 3): 25 keys an operator edits. The
//! built-in defaults (`defaults.json`, shared with the web client as its
//! offline copy) double as the schema: an edit must keep each key's shape.

use crate::money::Amount;
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

/// Checks an operator's new value for `key`. The error text names the path
/// of the first offending field.
pub fn validate(key: &str, value: &Value) -> Result<(), SettingError> {
    let schema = defaults()
        .get(key)
        .ok_or_else(|| SettingError::UnknownKey(key.to_string()))?;
    conforms(schema, value, key).map_err(SettingError::Invalid)
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    #[error("unknown setting {0}")]
    UnknownKey(String),
    #[error("{0}")]
    Invalid(String),
}

fn conforms(schema: &Value, value: &Value, path: &str) -> Result<(), String> {
    match (schema, value) {
        (Value::Bool(_), Value::Bool(_)) => Ok(()),
        (Value::Number(_), Value::Number(n)) if n.is_u64() => Ok(()),
        (Value::Number(_), _) => Err(format!("{path} must be a whole number >= 0")),
        (Value::String(s), Value::String(v)) => string_conforms(s, v, path),
        (Value::Object(s), Value::Object(v)) => {
            if let Some(extra) = v.keys().find(|k| !s.contains_key(*k)) {
                return Err(format!("{path}.{extra} is not a field of this setting"));
            }
            for (field, field_schema) in s {
                let Some(field_value) = v.get(field) else {
                    return Err(format!("{path}.{field} is missing"));
                };
                conforms(field_schema, field_value, &format!("{path}.{field}"))?;
            }
            Ok(())
        }
        (Value::Array(s), Value::Array(v)) => {
            if v.len() > 500 {
                return Err(format!("{path} has more than 500 entries"));
            }
            for (i, item) in v.iter().enumerate() {
                match s.first() {
                    Some(item_schema) => conforms(item_schema, item, &format!("{path}[{i}]"))?,
                    None if item.is_object() => {}
                    None => return Err(format!("{path}[{i}] must be an object")),
                }
            }
            Ok(())
        }
        _ => Err(format!("{path} must be {}", kind(schema))),
    }
}

/// A string whose default is a decimal must stay a non-negative decimal (or
/// empty, meaning "no limit"); a time of day must stay HH:MM:SS.
fn string_conforms(schema: &str, value: &str, path: &str) -> Result<(), String> {
    if value.len() > 4000 {
        return Err(format!("{path} is longer than 4000 characters"));
    }
    if Amount::parse(schema).is_ok() && !value.is_empty() && Amount::parse(value).is_err() {
        return Err(format!("{path} must be a non-negative decimal number"));
    }
    if is_time_of_day(schema) && !is_time_of_day(value) {
        return Err(format!("{path} must be a time of day HH:MM:SS"));
    }
    Ok(())
}

fn is_time_of_day(s: &str) -> bool {
    let parts: Vec<_> = s.split(':').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| p.len() == 2 && p.chars().all(|c| c.is_ascii_digit()))
        && parts[0] < "24"
        && parts[1] < "60"
        && parts[2] < "60"
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a whole number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
        Value::Null => "null",
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

    #[test]
    fn edits_must_keep_the_shape() {
        let mut w = defaults()["WITHDRAWAL_SETTING"].clone();
        w["withdrawalMix"] = json!("50");
        assert!(validate("WITHDRAWAL_SETTING", &w).is_ok());
        w["withdrawalMix"] = json!(50.5);
        assert_eq!(
            validate("WITHDRAWAL_SETTING", &w),
            Err(SettingError::Invalid(
                "WITHDRAWAL_SETTING.withdrawalMix must be a string".into()
            ))
        );
        w["withdrawalMix"] = json!("-1");
        assert!(validate("WITHDRAWAL_SETTING", &w).is_err());
        w["withdrawalMix"] = json!("20");
        w["limitTimeEnd"] = json!("25:00:00");
        assert!(validate("WITHDRAWAL_SETTING", &w).is_err());
        w["limitTimeEnd"] = json!("23:00:00");
        w["surprise"] = json!(1);
        assert!(validate("WITHDRAWAL_SETTING", &w).is_err());
        assert!(matches!(
            validate("NOPE", &w),
            Err(SettingError::UnknownKey(_))
        ));
    }

    #[test]
    fn list_items_follow_the_first_default_item() {
        let mut menu = defaults()["PC_SIDEBAR_SETTING"].clone();
        menu[0]["isOpen"] = json!(false);
        assert!(validate("PC_SIDEBAR_SETTING", &menu).is_ok());
        menu[1]["sort"] = json!("first");
        assert!(validate("PC_SIDEBAR_SETTING", &menu).is_err());
    }
}
