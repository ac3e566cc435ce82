//! The live view of every coin: index price and 24-hour statistics. The
//! market service is its only writer; every product reads it without
//! waiting on I/O, and nothing settles on a price that is stale.

use rust_decimal::Decimal;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::RwLock;

/// True when an index observed at `ts_ms` is too old to settle on at `now_ms`.
pub fn is_stale(ts_ms: i64, now_ms: i64, stale_ms: i64) -> bool {
    now_ms.saturating_sub(ts_ms) > stale_ms
}

/// The price settlements use, with where and when it was observed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexPrice {
    #[serde(with = "rust_decimal::serde::str")]
    pub price: Decimal,
    pub source: &'static str,
    pub ts_ms: i64,
    /// No tick for longer than the stale limit: nothing may settle on it.
    pub stale: bool,
}

/// Rolling 24-hour statistics per coin, named as the client reads them
/// (spec section 3 "Price info per coin").
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats24h {
    #[serde(with = "rust_decimal::serde::str")]
    pub close: Decimal,
    /// Price 24 hours ago.
    #[serde(with = "rust_decimal::serde::str")]
    pub open_price: Decimal,
    /// close - openPrice.
    #[serde(with = "rust_decimal::serde::str")]
    pub change: Decimal,
    /// change / openPrice * 100, two decimals, truncated.
    #[serde(with = "rust_decimal::serde::str")]
    pub price_change_percent: Decimal,
    /// Base volume over 24 h.
    #[serde(with = "rust_decimal::serde::str")]
    pub volume: Decimal,
    /// Quote (USDT) volume over 24 h.
    #[serde(with = "rust_decimal::serde::str")]
    pub volume2: Decimal,
    /// Same as `volume2`, the field some screens read.
    #[serde(with = "rust_decimal::serde::str")]
    pub volume24: Decimal,
    #[serde(with = "rust_decimal::serde::str")]
    pub high24: Decimal,
    #[serde(with = "rust_decimal::serde::str")]
    pub low24: Decimal,
    #[serde(with = "rust_decimal::serde::str")]
    pub high: Decimal,
    #[serde(with = "rust_decimal::serde::str")]
    pub low: Decimal,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CoinView {
    pub index: Option<IndexPrice>,
    pub stats: Stats24h,
}

#[derive(Default, Debug)]
pub struct Snapshot {
    coins: RwLock<HashMap<String, CoinView>>,
    tape: RwLock<TapeMark>,
}

/// How far the price tape is written: every second that ended before
/// `closed_before_ms` is in the store (or had no tick), and per coin the
/// last tick written. A settlement closing at or before the mark reads a
/// tape that will not change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TapeMark {
    pub closed_before_ms: i64,
    pub last: HashMap<String, IndexPrice>,
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
    /// Moves the tape's mark after the market service wrote seconds up to
    /// `closed_before_ms`, with the last tick written per coin.
    pub fn advance_tape(
        &self,
        closed_before_ms: i64,
        written: impl IntoIterator<Item = (String, IndexPrice)>,
    ) {
        let mut tape = self.tape.write().expect("tape lock");
        tape.closed_before_ms = tape.closed_before_ms.max(closed_before_ms);
        for (coin, tick) in written {
            let newer = tape.last.get(&coin).is_none_or(|t| t.ts_ms <= tick.ts_ms);
            if newer {
                tape.last.insert(coin, tick);
            }
        }
    }

    /// Milliseconds before which the tape is written (0: no tape yet).
    pub fn tape_closed_before(&self) -> i64 {
        self.tape.read().expect("tape lock").closed_before_ms
    }

    /// The last tick of `coin` on the written tape, if it is at most
    /// `age_ms` old at `now_ms`: the price an order opens on, one that
    /// anyone can find on the tape later.
    pub fn tape_price(&self, coin: &str, now_ms: i64, age_ms: i64) -> Option<IndexPrice> {
        self.tape
            .read()
            .expect("tape lock")
            .last
            .get(coin)
            .filter(|t| !is_stale(t.ts_ms, now_ms, age_ms))
            .cloned()
    }
}

impl Snapshot {
    /// The index price if it is fresh at `now_ms`: settlements call this and
    /// refuse to run on `None`.
    pub fn fresh_index(&self, coin: &str, now_ms: i64, stale_ms: i64) -> Option<IndexPrice> {
        self.index(coin)
            .filter(|i| !i.stale && !is_stale(i.ts_ms, now_ms, stale_ms))
    }

    /// Marks every coin whose last tick is older than `stale_ms` as stale
    /// (and fresh again otherwise). Returns the coins that changed.
    pub fn refresh_staleness(&self, now_ms: i64, stale_ms: i64) -> Vec<String> {
        let mut changed = Vec::new();
        let mut coins = self.coins.write().expect("snapshot lock");
        for (coin, view) in coins.iter_mut() {
            if let Some(index) = &mut view.index {
                let stale = is_stale(index.ts_ms, now_ms, stale_ms);
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
