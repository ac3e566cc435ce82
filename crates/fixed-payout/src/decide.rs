//! How one order is decided, whichever product it is: pure, from its terms
//! and the tape's last tick before its close. The settlement sweep and
//! `onyx verify` both call [`decide_on`], so what was paid is what a
//! recomputation gives.

use crate::rules::{self, Direction, Outcome, Split, Terms};
use onyx_kernel::money::Amount;
use onyx_market::api::tape::closing_tick;
use onyx_market::api::tape::StoredTick;
use rust_decimal::Decimal;

/// What a fixed-payout order is decided on.
pub struct Order {
    pub direction: Direction,
    pub open_price: Decimal,
    pub close_at: i64,
    pub stake: Decimal,
    pub odds: Decimal,
    pub full_loss: bool,
}

/// How one order settles: its outcome, the tick it closed on (none when
/// void) and where the stake goes.
pub struct Settled {
    pub outcome: Outcome,
    pub closing: Option<StoredTick>,
    pub split: Split,
}

/// Decides an order on the tape's last tick before its close: the tick
/// settles it only when `tape::closing_tick` accepts it, else it is void.
pub fn decide_on(o: &Order, last_before_close: Option<&StoredTick>) -> Result<Settled, String> {
    let closing = closing_tick(o.close_at, last_before_close);
    let outcome = rules::outcome(o.direction, o.open_price, closing.map(|t| t.price));
    let terms = Terms::new(o.odds, o.full_loss).map_err(|e| e.to_string())?;
    let stake = Amount::from_decimal(o.stake).map_err(|e| e.to_string())?;
    let split = rules::split(stake, &terms, outcome).ok_or("stake out of range")?;
    Ok(Settled {
        outcome,
        closing: closing.cloned(),
        split,
    })
}
