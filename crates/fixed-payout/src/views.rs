//! What every product's views of periods and orders show alike: a period's
//! disclosure figures, an order's state. Each product keeps its own view
//! types (their names and fields are its API).

use crate::repo::OrderStatus;
use crate::rules::{disclosure, Direction, Outcome, Terms};
use crate::table::OrderFields;
use onyx_store::DecimalText;
use rust_decimal::Decimal;

/// A period's terms as its view shows them.
pub struct PeriodFigures {
    /// A loss takes the whole stake.
    pub flag: bool,
    /// Taken per unit staked on a loss: 1, or the odds.
    pub loss_rate: Decimal,
    /// The win rate at which the expected result is zero.
    pub break_even_win_rate: Decimal,
    /// Kept by the house per unit staked when half the orders win.
    pub house_edge: Decimal,
}

/// `None` for terms no operator could have published.
pub fn period_figures(odds: DecimalText, full_loss: i32) -> Option<PeriodFigures> {
    let terms = Terms::new(odds.get(), full_loss == 1).ok()?;
    let shown = disclosure(&terms)?;
    Some(PeriodFigures {
        flag: terms.full_loss,
        loss_rate: shown.loss_takes.normalize(),
        break_even_win_rate: shown.break_even_win_rate.normalize(),
        house_edge: shown.house_edge_at_half.normalize(),
    })
}

/// An order's state as its view shows it.
pub struct OrderState {
    pub direction: Direction,
    /// 1 win, 2 lose, 3 draw, 4 void; 0 while open.
    pub open_result: u8,
    /// 0 open, 1 settled.
    pub status: u8,
    /// Paid back in total (0 while open).
    pub paid: Decimal,
    /// Seconds left while open, else 0.
    pub time: i64,
}

/// `paid` is every part paid back: the stake's return and winnings, and
/// any fee given back.
pub fn order_state(f: &OrderFields<'_>, paid: &[Option<DecimalText>], now_ms: i64) -> OrderState {
    let direction = f.direction;
    let open = f.status == OrderStatus::Open;
    let paid = paid
        .iter()
        .flatten()
        .try_fold(Decimal::ZERO, |sum, part| sum.checked_add(part.get()))
        .unwrap_or(Decimal::MAX);
    let left_ms = f.close_at.saturating_sub(now_ms).max(0);
    OrderState {
        direction,
        open_result: f.outcome.map(Outcome::open_result).unwrap_or(0),
        status: u8::from(!open),
        paid: paid.normalize(),
        // Rounded up: a client counting down shows 1 until it is over.
        time: if open {
            left_ms.saturating_add(999) / 1000
        } else {
            0
        },
    }
}
