//! The risk book: open positions indexed by liquidation price, per coin and
//! side, so a mark tick finds the positions it may liquidate in
//! O(log n + affected) instead of reading them all. A long is at risk
//! when the mark falls to its liquidation price or below, a short when it
//! rises to it or above. The book only nominates: each candidate is
//! checked against its stored row under the ledger gate before anything
//! moves (`liquidation`).

use crate::rules::Side;
use rust_decimal::Decimal;
use std::collections::{BTreeSet, HashMap};

/// One coin's positions by liquidation price.
#[derive(Default, Debug)]
pub struct RiskBook {
    longs: BTreeSet<(Decimal, i64)>,
    shorts: BTreeSet<(Decimal, i64)>,
    by_id: HashMap<i64, (Side, Decimal)>,
}

impl RiskBook {
    /// Sets a position's liquidation price; `None` (no liquidation price,
    /// or closed) takes it out.
    pub fn upsert(&mut self, id: i64, side: Side, price: Option<Decimal>) {
        self.remove(id);
        let Some(price) = price else { return };
        match side {
            Side::Long => self.longs.insert((price, id)),
            Side::Short => self.shorts.insert((price, id)),
        };
        self.by_id.insert(id, (side, price));
    }

    pub fn remove(&mut self, id: i64) {
        if let Some((side, price)) = self.by_id.remove(&id) {
            match side {
                Side::Long => self.longs.remove(&(price, id)),
                Side::Short => self.shorts.remove(&(price, id)),
            };
        }
    }

    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }

    /// Whether any position is at risk at `mark` (the common tick: none).
    pub fn any_crossed(&self, mark: Decimal) -> bool {
        self.longs.last().is_some_and(|(p, _)| *p >= mark)
            || self.shorts.first().is_some_and(|(p, _)| *p <= mark)
    }

    /// The positions at risk at `mark`: longs whose liquidation price is at
    /// or above it, shorts whose price is at or below it.
    pub fn crossed(&self, mark: Decimal) -> Vec<i64> {
        if !self.any_crossed(mark) {
            return Vec::new();
        }
        let longs = self.longs.range((mark, i64::MIN)..).map(|(_, id)| *id);
        let shorts = self.shorts.range(..=(mark, i64::MAX)).map(|(_, id)| *id);
        longs.chain(shorts).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(n: i64) -> Decimal {
        Decimal::from(n)
    }

    #[test]
    fn a_tick_nominates_the_longs_above_it_and_the_shorts_below_it() {
        let mut b = RiskBook::default();
        b.upsert(1, Side::Long, Some(d(57_000)));
        b.upsert(2, Side::Long, Some(d(55_000)));
        b.upsert(3, Side::Short, Some(d(63_000)));
        b.upsert(4, Side::Long, None);
        assert_eq!(b.len(), 3);
        assert!(b.crossed(d(60_000)).is_empty());
        assert_eq!(b.crossed(d(57_000)), vec![1], "at the price itself");
        assert_eq!(b.crossed(d(54_000)), vec![2, 1]);
        assert_eq!(b.crossed(d(63_500)), vec![3]);
        // Margin added: the liquidation price moves; closed: it is gone.
        b.upsert(1, Side::Long, Some(d(50_000)));
        assert!(b.crossed(d(57_000)).is_empty());
        b.upsert(2, Side::Long, None);
        assert!(b.crossed(d(54_000)).is_empty());
        assert_eq!(b.len(), 2);
    }

    proptest! {
        /// The book nominates exactly what a scan of every position would.
        #[test]
        fn the_book_agrees_with_a_scan(
            positions in prop::collection::vec((any::<bool>(), 1i64..1_000), 0..200),
            mark in 1i64..1_000,
        ) {
            let mut b = RiskBook::default();
            for (id, (long, lp)) in positions.iter().enumerate() {
                b.upsert(id as i64, if *long { Side::Long } else { Side::Short }, Some(d(*lp)));
            }
            let mut found = b.crossed(d(mark));
            found.sort_unstable();
            let scan: Vec<i64> = positions
                .iter()
                .enumerate()
                .filter(|(_, (long, lp))| if *long { *lp >= mark } else { *lp <= mark })
                .map(|(id, _)| id as i64)
                .collect();
            prop_assert_eq!(found, scan);
        }
    }
}
