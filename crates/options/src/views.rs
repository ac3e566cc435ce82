//! Periods, issues and orders as the spec's client reads them.

use crate::entity::{option_order as order, option_period as period};
use crate::issue::Issue;
use onyx_fixed_payout::rules::Direction;
use onyx_fixed_payout::table::OrderRow;
use onyx_fixed_payout::views::{order_state, period_figures};
use onyx_market::api::option_pair;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The spec's options `betContent`: "0" up, "1" down (the reverse of
/// second contracts).
pub fn direction_of(bet_content: &str) -> Option<Direction> {
    match bet_content.trim() {
        "0" => Some(Direction::Up),
        "1" => Some(Direction::Down),
        _ => None,
    }
}

pub fn bet_content(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "0",
        Direction::Down => "1",
    }
}

/// A period on offer, with its fee and the figures its disclosure shows.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[schema(as = OptionPeriodView)]
#[serde(rename_all = "camelCase")]
pub struct PeriodView {
    pub id: i64,
    /// The option pair's id.
    pub option_id: i64,
    pub symbol: String,
    pub coin: String,
    /// Seconds.
    pub period: i32,
    /// Entry closes this many seconds before an issue ends.
    pub cutoff: i32,
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
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub loss_rate: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub break_even_win_rate: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub house_edge: Decimal,
    /// 0 none, 1 `feeValue` percent of the stake, 2 `feeValue` USDT.
    pub fee_type: i32,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub fee_value: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub exposure_cap: Decimal,
}

impl PeriodView {
    pub fn of(row: &period::Model, pair: &option_pair::Model) -> Option<PeriodView> {
        let shown = period_figures(row.odds, row.full_loss)?;
        Some(PeriodView {
            id: row.id,
            option_id: row.option_id,
            symbol: pair.symbol.clone(),
            coin: pair.coin.to_ascii_lowercase(),
            period: row.period_seconds,
            cutoff: row.cutoff_seconds,
            odds: row.odds.get().normalize(),
            min_amount: row.min_amount.get().normalize(),
            max_amount: row.max_amount.get().normalize(),
            status: row.status,
            flag: shown.flag,
            loss_rate: shown.loss_rate,
            break_even_win_rate: shown.break_even_win_rate,
            house_edge: shown.house_edge,
            fee_type: pair.fee_type,
            fee_value: pair.fee_value.get().normalize(),
            exposure_cap: row.exposure_cap.get().normalize(),
        })
    }
}

/// The issue running now for a period.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct IssueView {
    pub period_id: i64,
    /// Seconds.
    pub period: i32,
    pub cutoff: i32,
    pub issue_no: i64,
    pub start_time: i64,
    pub end_time: i64,
    /// Entry closes here.
    pub cutoff_time: i64,
    /// Whether an order now enters this issue.
    pub open: bool,
    pub next_start_time: i64,
    pub server_time_stamp: i64,
}

impl IssueView {
    pub fn of(row: &period::Model, issue: &Issue, now_ms: i64) -> IssueView {
        IssueView {
            period_id: row.id,
            period: row.period_seconds,
            cutoff: row.cutoff_seconds,
            issue_no: issue.no,
            start_time: issue.start_ms,
            end_time: issue.end_ms,
            cutoff_time: issue.cutoff_ms,
            open: issue.open_at(now_ms),
            next_start_time: issue.end_ms,
            server_time_stamp: now_ms,
        }
    }
}

/// An order with its issue, fee and the ticks it opened and closed on.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[schema(as = OptionOrderView)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub id: i64,
    pub order_no: String,
    pub symbol: String,
    pub coin_symbol: String,
    pub option_id: i64,
    pub period_id: i64,
    /// The period in seconds.
    #[serde(rename = "type")]
    pub period: i32,
    pub issue_no: i64,
    /// "0" up, "1" down.
    pub bet_content: String,
    /// `up` or `down`.
    pub direction: String,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub bet_amount: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub fee_amount: Decimal,
    /// Paid back in total: the stake included, and the fee on a void
    /// (0 while open).
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub reward_amount: Decimal,
    /// The strike.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub open_price: Decimal,
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub close_price: Option<Decimal>,
    pub open_time: i64,
    /// The issue's end (ms).
    pub close_time: i64,
    pub open_tick_time: i64,
    pub open_source: String,
    pub close_tick_time: Option<i64>,
    pub close_source: Option<String>,
    /// 1 win, 2 lose, 3 draw, 4 void; 0 while open.
    pub open_result: u8,
    /// 0 open, 1 settled.
    pub status: u8,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub rate: Decimal,
    pub rate_flag: bool,
    /// Seconds left while open, else 0.
    pub time: i64,
    /// When the order was accepted (ms), as `openTime`.
    pub create_time: i64,
}

impl OrderView {
    pub fn of(row: &order::Model, now_ms: i64) -> OrderView {
        let paid = [row.returned, row.winnings, row.fee_returned];
        let state = order_state(&row.fields(), &paid, now_ms);
        OrderView {
            id: row.id,
            order_no: row.order_no.clone(),
            symbol: row.symbol.clone(),
            coin_symbol: row.coin.clone(),
            option_id: row.option_id,
            period_id: row.period_id,
            period: row.period_seconds,
            issue_no: row.issue_no,
            bet_content: bet_content(state.direction).to_string(),
            direction: row.direction.to_string(),
            bet_amount: row.stake.get().normalize(),
            fee_amount: row.fee.get().normalize(),
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
            create_time: row.opened_at,
        }
    }
}
