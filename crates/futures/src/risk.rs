//! The risk book: what a mark tick may set off, indexed by price, per
//! coin, so a tick finds it in O(log n + affected) instead of reading
//! every row. Three books use it: open positions by liquidation price (a
//! long is at risk when the mark falls to it, a short when it rises to
//! it), take-profits and stop-losses by trigger, waiting limit orders by
//! price. A book only nominates: each candidate is checked against its
//! stored row under the ledger gate before anything moves.

use crate::rules::Side;
use rust_decimal::Decimal;
use std::collections::{BTreeSet, HashMap};

/// Which way the mark must go to reach an entry's price.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Set off when the mark falls to the price or below.
    Falls,
    /// Set off when the mark rises to the price or above.
    Rises,
}

/// A position's liquidation: a long's when the mark falls, a short's when
/// it rises.
impl From<Side> for Direction {
    fn from(side: Side) -> Direction {
        match side {
            Side::Long => Direction::Falls,
            Side::Short => Direction::Rises,
        }
    }
}

/// One coin's entries by price.
#[derive(Default, Debug)]
pub struct RiskBook {
    longs: BTreeSet<(Decimal, i64)>,
    shorts: BTreeSet<(Decimal, i64)>,
    by_id: HashMap<i64, (Direction, Decimal)>,
}

impl RiskBook {
    /// Sets an entry's price; `None` (no liquidation price, or closed)
    /// takes it out.
    pub fn upsert(&mut self, id: i64, direction: impl Into<Direction>, price: Option<Decimal>) {
        self.remove(id);
        let Some(price) = price else { return };
        let direction = direction.into();
        match direction {
            Direction::Falls => self.longs.insert((price, id)),
            Direction::Rises => self.shorts.insert((price, id)),
        };
        self.by_id.insert(id, (direction, price));
    }

    pub fn remove(&mut self, id: i64) {
        if let Some((direction, price)) = self.by_id.remove(&id) {
            match direction {
                Direction::Falls => self.longs.remove(&(price, id)),
                Direction::Rises => self.shorts.remove(&(price, id)),
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

/// Every coin's book of one kind, kept across sweeps.
#[derive(Default, Debug)]
pub struct Books {
    books: HashMap<String, RiskBook>,
    coin_of: HashMap<i64, String>,
}

impl Books {
    /// Sets an entry (on `coin`), or takes it out (`None`).
    pub fn set(&mut self, id: i64, coin: &str, entry: Option<(Direction, Decimal)>) {
        if let Some(old) = self.coin_of.remove(&id) {
            if let Some(book) = self.books.get_mut(&old) {
                book.remove(id);
            }
        }
        if let Some((direction, price)) = entry {
            self.coin_of.insert(id, coin.to_string());
            self.books
                .entry(coin.to_string())
                .or_default()
                .upsert(id, direction, Some(price));
        }
    }

    pub fn len(&self) -> usize {
        self.coin_of.len()
    }

    pub fn is_empty(&self) -> bool {
        self.coin_of.is_empty()
    }

    /// Coins with an entry.
    pub fn coins(&self) -> impl Iterator<Item = &String> {
        self.books
            .iter()
            .filter(|(_, b)| !b.is_empty())
            .map(|(c, _)| c)
    }

    /// What `mark` sets off on `coin`.
    pub fn crossed(&self, coin: &str, mark: Decimal) -> Vec<i64> {
        self.books
            .get(coin)
            .map(|b| b.crossed(mark))
            .unwrap_or_default()
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
