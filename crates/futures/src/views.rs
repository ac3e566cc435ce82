//! Positions as the spec's client reads them (TContractPosition), valued
//! at the current mark.

use crate::contract::Contract;
use crate::entity::futures_position as position;
use crate::positions::{liquidation_of, side_of};
use crate::repo::{PositionStatus, OPEN};
use crate::rules::{pnl, Side};
use onyx_platform::prices::IndexPrice;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PositionView {
    pub id: i64,
    pub symbol: String,
    pub coin: String,
    /// 0 long, 1 short.
    #[serde(rename = "type")]
    pub side: u8,
    pub leverage: i32,
    /// Size in the coin.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub open_num: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub open_price: Decimal,
    /// The mark the figures below are valued at (null before any price).
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub mark_price: Option<Decimal>,
    pub mark_time: Option<i64>,
    pub mark_source: Option<String>,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub unrealised_pnl: Option<Decimal>,
    /// Unrealised profit over the initial margin, a fraction.
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub roe: Option<Decimal>,
    /// Initial margin.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub amount: Decimal,
    /// Margin now.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub adjust_amount: Decimal,
    /// The liquidation price (null: none, or closed).
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub close_price: Option<Decimal>,
    /// Maintenance over equity: liquidation at 1.
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub margin_ratio: Option<Decimal>,
    /// Realised profit (negative: loss) before fees and funding: the
    /// gross, as `grossPnl`; kept under this name for the spec's client.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub earn: Decimal,
    /// Realised profit before fees and funding (the same as `earn`).
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub gross_pnl: Decimal,
    /// What the position made after everything it paid: gross less fees
    /// less funding paid (plus funding received). Null only when the sum
    /// does not fit a decimal.
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub net_pnl: Option<Decimal>,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub fees: Decimal,
    /// Funding paid (negative: received).
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub funding: Decimal,
    /// The last close's price.
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub deal_price: Option<Decimal>,
    /// 0 open, 1 closed, 2 liquidated.
    pub status: u8,
    pub create_time: i64,
    pub update_time: i64,
    pub deal_time: Option<i64>,
    /// A copy of a lead trader's position (in a copy portfolio), not the
    /// user's own.
    pub copied: bool,
}

/// Gross realised profit less fees less funding paid, from the stored
/// figures (funding is signed: negative was received).
pub fn net_of(gross: Decimal, fees: Decimal, funding: Decimal) -> Option<Decimal> {
    gross
        .checked_sub(fees)?
        .checked_sub(funding)
        .map(|n| n.normalize())
}

impl PositionView {
    pub fn of(p: &position::Model, c: &Contract, mark: Option<&IndexPrice>) -> PositionView {
        let side = side_of(&p.side);
        let open = p.status == OPEN;
        let qty = p.qty.get();
        let margin = p.margin.get();
        let valued = mark.filter(|_| open);
        let upnl = valued.and_then(|m| pnl::unrealised(side, qty, p.entry_price.get(), m.price));
        let maintenance = valued
            .and_then(|m| m.price.checked_mul(qty))
            .and_then(|n| c.brackets.maintenance(n));
        PositionView {
            id: p.id,
            symbol: p.symbol.clone(),
            coin: p.coin.clone(),
            side: u8::from(side == Side::Short),
            leverage: p.leverage,
            open_num: qty.normalize(),
            open_price: p.entry_price.get().normalize(),
            mark_price: valued.map(|m| m.price.normalize()),
            mark_time: valued.map(|m| m.ts_ms),
            mark_source: valued.map(|m| m.source.to_string()),
            unrealised_pnl: upnl.map(|u| u.round_dp(8).normalize()),
            roe: upnl
                .and_then(|u| pnl::roe(u, p.initial_margin.get()))
                .map(|r| r.round_dp(4).normalize()),
            amount: p.initial_margin.get().normalize(),
            adjust_amount: margin.normalize(),
            close_price: if open {
                liquidation_of(p, c).map(|l| l.round_dp(8).normalize())
            } else {
                None
            },
            margin_ratio: match (maintenance, upnl) {
                (Some(mm), Some(u)) => {
                    pnl::margin_ratio(mm, margin, u).map(|r| r.round_dp(4).normalize())
                }
                _ => None,
            },
            earn: p.realised.get().normalize(),
            gross_pnl: p.realised.get().normalize(),
            net_pnl: net_of(p.realised.get(), p.fees.get(), p.funding.get()),
            fees: p.fees.get().normalize(),
            funding: p.funding.get().normalize(),
            deal_price: p.close_price.as_ref().map(|d| d.get().normalize()),
            status: match p.status {
                PositionStatus::Closed => 1,
                PositionStatus::Liquidated => 2,
                PositionStatus::Open => 0,
            },
            create_time: p.opened_at,
            update_time: p.updated_at,
            deal_time: p.closed_at,
            copied: p.portfolio != 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::net_of;
    use rust_decimal::Decimal;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn the_net_takes_fees_and_funding_out_of_the_gross() {
        // The trade: a gross gain smaller than its fees is a loss.
        assert_eq!(net_of(d("0.3516"), d("1.9021"), d("0")), Some(d("-1.5505")));
        // Funding received adds, funding paid takes away.
        assert_eq!(net_of(d("10"), d("1"), d("-0.5")), Some(d("9.5")));
        assert_eq!(net_of(d("10"), d("1"), d("0.5")), Some(d("8.5")));
        assert_eq!(net_of(Decimal::MIN, d("1"), d("0")), None);
    }
}
