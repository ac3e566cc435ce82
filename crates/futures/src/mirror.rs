//! The seam copy trading hangs on: every open, close and margin change of
//! a position is told, inside the transaction that makes it, to the mirror
//! installed in the context at wiring (and handed down to each change), so
//! a lead's copies are made in the same commit at the same price, or not
//! at all. Without a mirror (a futures test, a tool) nothing is told.

use crate::entity::futures_position as position;
use crate::positions::{CloseAt, Ticket};
use onyx_kernel::Outcome;
use onyx_platform::prices::IndexPrice;
use onyx_platform::Context;
use onyx_store::ledger::LedgerTxn;
use rust_decimal::Decimal;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// What happened to a position.
pub enum Change<'a> {
    /// `ticket`'s size opened or added at `price`; `position` is after it.
    Opened {
        position: &'a position::Model,
        ticket: &'a Ticket,
        price: Decimal,
        tick: &'a IndexPrice,
    },
    /// Positions of one contract closed, in one batch, at `tick` (priced
    /// as `at` says).
    Closed {
        closes: &'a [Closed],
        tick: &'a IndexPrice,
        at: CloseAt,
    },
    /// `amount` of margin added (`add`) or taken back.
    Margin {
        before: &'a position::Model,
        after: &'a position::Model,
        amount: Decimal,
        add: bool,
        tick: &'a IndexPrice,
    },
}

/// `qty` of `before` closed at `price`, leaving `after`.
pub struct Closed {
    pub before: position::Model,
    pub after: position::Model,
    pub qty: Decimal,
    pub price: Decimal,
}

pub type Told<'a> = Pin<Box<dyn Future<Output = Outcome<()>> + Send + 'a>>;

pub trait Mirror: Send + Sync {
    /// Reacts to `change` inside `txn`; a failure undoes the whole change.
    fn changed<'a>(&'a self, txn: &'a mut LedgerTxn, change: Change<'a>, now: i64) -> Told<'a>;
}

/// The mirror installed in `ctx` at wiring, if any.
pub fn of(ctx: &Context) -> Option<Arc<dyn Mirror>> {
    ctx.seams.get::<Arc<dyn Mirror>>()
}

/// Installs `mirror` as `ctx`'s (and every clone's); the first one stays.
pub fn install(ctx: &Context, mirror: Arc<dyn Mirror>) {
    ctx.seams.install(mirror);
}

pub(crate) async fn tell(
    mirror: Option<&dyn Mirror>,
    txn: &mut LedgerTxn,
    change: Change<'_>,
    now: i64,
) -> Outcome<()> {
    match mirror {
        Some(m) => m.changed(txn, change, now).await,
        None => Ok(()),
    }
}
