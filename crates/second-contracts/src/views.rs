//! Periods and orders as the spec's client reads them.

use crate::entity::{second_contract_order as order, second_contract_period as period};
use onyx_fixed_payout::table::OrderRow;
use onyx_fixed_payout::views::{order_state, period_figures};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A period on offer, with the figures its disclosure shows.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PeriodView {
    pub id: i64,
    /// The coin's id in the coin list.
    pub second_id: i64,
    /// Seconds.
    pub period: i32,
    /// Paid per unit staked on a win, on top of the stake (0.12 = 12 %).
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub odds: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub min_amount: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub max_amount: Decimal,
    /// 1 offered, 2 switched off.
    pub status: i32,
    /// A loss takes the whole stake.
    pub flag: bool,
    /// Taken per unit staked on a loss: 1, or the odds.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub loss_rate: Decimal,
    /// The win rate at which the expected result is zero.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub break_even_win_rate: Decimal,
    /// Kept by the house per unit staked when half the orders win.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub house_edge: Decimal,
    /// What the house may owe on one window of this period if every
    /// order in it wins; orders beyond it are refused (-6008).
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub exposure_cap: Decimal,
}

impl PeriodView {
    pub fn of(row: &period::Model) -> Option<PeriodView> {
        let shown = period_figures(row.odds, row.full_loss)?;
        Some(PeriodView {
            id: row.id,
            second_id: row.coin_id,
            period: row.period_seconds,
            odds: row.odds.get().normalize(),
            min_amount: row.min_amount.get().normalize(),
            max_amount: row.max_amount.get().normalize(),
            status: row.status,
            flag: shown.flag,
            loss_rate: shown.loss_rate,
            break_even_win_rate: shown.break_even_win_rate,
            house_edge: shown.house_edge,
            exposure_cap: row.exposure_cap.get().normalize(),
        })
    }
}

/// An order (the spec's TSecondContractOrder row) with the ticks it opened
/// and closed on.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[schema(as = SecondContractOrderView)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub id: i64,
    pub order_no: String,
    pub symbol: String,
    pub coin_symbol: String,
    pub base_symbol: String,
    /// The period in seconds.
    #[serde(rename = "type")]
    pub period: i32,
    /// "1" up, "0" down.
    pub bet_content: String,
    /// `up` or `down`.
    pub direction: String,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub bet_amount: Decimal,
    /// Paid back in total, the stake included (0 while open).
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub reward_amount: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub open_price: Decimal,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub close_price: Option<Decimal>,
    /// When the order was accepted (ms).
    pub open_time: i64,
    /// When it closes (ms).
    pub close_time: i64,
    /// The recorded tick it opened on (ms) and its source.
    pub open_tick_time: i64,
    pub open_source: String,
    /// The recorded tick it closed on (ms), if any.
    pub close_tick_time: Option<i64>,
    pub close_source: Option<String>,
    /// 1 win, 2 lose, 3 draw, 4 void; 0 while open.
    pub open_result: u8,
    /// 0 open, 1 settled.
    pub status: u8,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub rate: Decimal,
    /// A loss takes the whole stake.
    pub rate_flag: bool,
    /// Seconds left while open, else 0.
    pub time: i64,
}

impl OrderView {
    pub fn of(row: &order::Model, now_ms: i64) -> OrderView {
        let state = order_state(&row.fields(), &[row.returned, row.winnings], now_ms);
        OrderView {
            id: row.id,
            order_no: row.order_no.clone(),
            symbol: row.symbol.clone(),
            coin_symbol: row.coin.clone(),
            base_symbol: row.base_symbol.clone(),
            period: row.period_seconds,
            bet_content: state.direction.bet_content().to_string(),
            direction: row.direction.to_string(),
            bet_amount: row.stake.get().normalize(),
            reward_amount: state.paid,
            open_price: row.open_price.get().normalize(),
            close_price: row.close_price.as_ref().map(|p| p.get().normalize()),
            open_time: row.opened_at,
            close_time: row.close_at,
            open_tick_time: row.open_tick_ms,
            open_source: row.open_source.clone(),
            close_tick_time: row.close_tick_ms,
            close_source: row.close_source.clone(),
            open_result: state.open_result,
            status: state.status,
            rate: row.odds.get().normalize(),
            rate_flag: row.full_loss == 1,
            time: state.time,
        }
    }
}
