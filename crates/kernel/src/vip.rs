//! VIP bands (VIP_LEVEL_SETTING): level N covers vipNStart..=vipNEnd of a
//! user's total assets in USDT; an empty end means "and above".

use rust_decimal::Decimal;
use serde_json::Value;
use std::str::FromStr;

pub const LEVELS: u32 = 13;

/// The level whose band holds `amount`, or `None` when VIP is switched off
/// or the amount falls between bands.
pub fn level_for(setting: &Value, amount: Decimal) -> Option<u32> {
    if setting.get("isOpen").and_then(Value::as_bool) != Some(true) {
        return None;
    }
    let bound = |name: String| {
        setting
            .get(&name)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .and_then(|s| Decimal::from_str(s).ok())
    };
    (0..LEVELS).rev().find(|n| {
        let start = bound(format!("vip{n}Start"));
        let end = bound(format!("vip{n}End"));
        start.is_some_and(|s| amount >= s) && end.is_none_or(|e| amount <= e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::defaults;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn bands_follow_the_setting_and_respect_the_switch() {
        let mut s = defaults()["VIP_LEVEL_SETTING"].clone();
        assert_eq!(level_for(&s, d("50")), None, "off by default");
        s["isOpen"] = Value::Bool(true);
        assert_eq!(level_for(&s, d("50")), Some(0));
        assert_eq!(level_for(&s, d("100.01")), None, "between vip0 and vip1");
        assert_eq!(level_for(&s, d("10000")), Some(1));
        assert_eq!(level_for(&s, d("30000.5")), None);
        assert_eq!(level_for(&s, d("150000")), Some(7));
        assert_eq!(level_for(&s, d("99999999")), Some(12));
    }
}
