//! The live view of every coin: index price and 24-hour statistics. The
//! market service is its only writer; API handlers read it without waiting
//! on I/O.

use crate::types::{IndexPrice, Stats24h};
use std::collections::HashMap;
use std::sync::RwLock;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CoinView {
    pub index: Option<IndexPrice>,
    pub stats: Stats24h,
}

#[derive(Default, Debug)]
pub struct Snapshot {
    coins: RwLock<HashMap<String, CoinView>>,
}

impl Snapshot {
    /// The coin's view (lower-case coin, e.g. "btc").
    pub fn get(&self, coin: &str) -> Option<CoinView> {
        self.coins.read().expect("snapshot lock").get(coin).cloned()
    }

    pub fn index(&self, coin: &str) -> Option<IndexPrice> {
        self.get(coin).and_then(|v| v.index)
    }

    pub fn stats(&self, coin: &str) -> Option<Stats24h> {
        self.get(coin).map(|v| v.stats)
    }

    /// Every coin with a view, sorted by coin.
    pub fn all(&self) -> Vec<(String, CoinView)> {
        let mut out: Vec<_> = self
            .coins
            .read()
            .expect("snapshot lock")
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// Replaces a coin's view (the market service's write).
    pub fn put(&self, coin: &str, view: CoinView) {
        self.coins
            .write()
            .expect("snapshot lock")
            .insert(coin.to_string(), view);
    }
}

impl Snapshot {
    /// The index price if it is fresh at `now_ms`: settlements call this and
    /// refuse to run on `None`.
    pub fn fresh_index(&self, coin: &str, now_ms: i64, stale_ms: i64) -> Option<IndexPrice> {
        self.index(coin)
            .filter(|i| !i.stale && !crate::is_stale(i.ts_ms, now_ms, stale_ms))
    }

    /// Marks every coin whose last tick is older than `stale_ms` as stale
    /// (and fresh again otherwise). Returns the coins that changed.
    pub fn refresh_staleness(&self, now_ms: i64, stale_ms: i64) -> Vec<String> {
        let mut changed = Vec::new();
        let mut coins = self.coins.write().expect("snapshot lock");
        for (coin, view) in coins.iter_mut() {
            if let Some(index) = &mut view.index {
                let stale = crate::is_stale(index.ts_ms, now_ms, stale_ms);
                if stale != index.stale {
                    index.stale = stale;
                    changed.push(coin.clone());
                }
            }
        }
        changed.sort();
        changed
    }
}
