//! TRADER_SETTING as copy trading reads it.

use onyx_store::repo::settings;
use rust_decimal::Decimal;
use sea_orm::{ConnectionTrait, DbErr};
use serde_json::Value;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraderSetting {
    /// Of net realised profit above the high-water mark, to the lead.
    pub share_rate: Decimal,
    pub max_users: u64,
    /// USDT a lead trader keeps in the futures account to apply.
    pub min_amount: Decimal,
}

fn decimal(v: &Value) -> Option<Decimal> {
    match v {
        Value::String(s) => Decimal::from_str(s.trim()).ok(),
        Value::Number(n) => Decimal::from_str(&n.to_string()).ok(),
        _ => None,
    }
}

pub async fn read(db: &impl ConnectionTrait) -> Result<TraderSetting, DbErr> {
    let v = settings::get(db, "TRADER_SETTING").await?;
    Ok(TraderSetting {
        share_rate: decimal(&v["shareRate"])
            .filter(|r| *r >= Decimal::ZERO && *r < Decimal::ONE)
            .unwrap_or(Decimal::ZERO),
        max_users: v["maxUserCount"]
            .as_u64()
            .or_else(|| {
                decimal(&v["maxUserCount"]).and_then(|d| d.trunc().to_string().parse().ok())
            })
            .unwrap_or(0),
        min_amount: decimal(&v["traderMinAmount"]).unwrap_or(Decimal::ZERO),
    })
}
