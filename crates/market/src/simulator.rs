//! The offline price feed: a seeded random walk per coin with realistic
//! starting prices, volatility and trade sizes. Pure and deterministic: the
//! same seed, coins and timestamps give the same ticks, so tests and demo
//! installs agree. All arithmetic is on `Decimal` and integer draws.

use crate::types::{Candle, Tick};
use crate::Interval;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rust_decimal::{Decimal, RoundingStrategy};
use std::collections::BTreeMap;

pub const SOURCE: &str = "simulator";

/// Random changes are drawn in units of 0.1 basis point (1e-5).
const STEP_UNIT: i64 = 100_000;

/// How one coin moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    /// Price the walk (and the backfill's last close) starts at.
    pub start: Decimal,
    /// Decimal places of the price.
    pub price_dp: u32,
    /// Largest change per one-second step, in 0.1 bp (uniform draw in +/-).
    pub step_max: i64,
    /// One trade is 1..=`lots_max` lots of `lot`.
    pub lot: Decimal,
    pub lots_max: i64,
}

/// Starting prices and volatility of the coins the product ships with;
/// any other coin gets the generic profile (start 1, moderate volatility).
pub fn profile(coin: &str) -> Profile {
    let p =
        |start: i64, scale: u32, price_dp, step_max, lot: i64, lot_scale: u32, lots_max| Profile {
            start: Decimal::new(start, scale),
            price_dp,
            step_max,
            lot: Decimal::new(lot, lot_scale),
            lots_max,
        };
    match coin {
        "btc" => p(95_000, 0, 2, 17, 1, 4, 500),
        "eth" => p(3_400, 0, 2, 22, 1, 3, 500),
        "trx" => p(24, 2, 5, 20, 10, 0, 500),
        "xrp" => p(23, 1, 4, 30, 1, 0, 1000),
        "doge" => p(32, 2, 5, 35, 10, 0, 1000),
        "ltc" => p(95, 0, 2, 25, 1, 2, 1000),
        "bnb" => p(650, 0, 2, 20, 1, 3, 1000),
        "sol" => p(190, 0, 2, 30, 1, 2, 1000),
        _ => p(1, 0, 4, 25, 1, 0, 500),
    }
}

/// A stable 64-bit hash (FNV-1a), so a coin's stream does not depend on
/// which other coins exist or on the process's hasher seed.
fn stable_hash(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for b in part.bytes().chain([0xff]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

fn rng_for(seed: u64, parts: &[&str]) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ stable_hash(parts))
}

/// One multiplicative step of at most `step_max` (0.1 bp units), pulled back
/// toward `start` when far from it, rounded to `dp` and never below the
/// smallest price unit.
fn walk(price: Decimal, start: Decimal, step_max: i64, dp: u32, rng: &mut ChaCha8Rng) -> Decimal {
    let bias = if price > start * Decimal::from(2) {
        -step_max / 4
    } else if price < start / Decimal::from(2) {
        step_max / 4
    } else {
        0
    };
    let draw = rng.gen_range(-step_max..=step_max) + bias;
    let next = price + price * Decimal::new(draw, 0) / Decimal::from(STEP_UNIT);
    let next = next.round_dp_with_strategy(dp, RoundingStrategy::MidpointNearestEven);
    let floor = Decimal::new(1, dp);
    if next < floor {
        floor
    } else {
        next
    }
}

struct CoinWalk {
    profile: Profile,
    price: Decimal,
    rng: ChaCha8Rng,
}

pub struct Simulator {
    seed: u64,
    coins: BTreeMap<String, CoinWalk>,
}

impl Simulator {
    pub fn new<S: AsRef<str>>(seed: u64, coins: &[S]) -> Simulator {
        let mut sim = Simulator {
            seed,
            coins: BTreeMap::new(),
        };
        for c in coins {
            sim.add_coin(c.as_ref());
        }
        sim
    }

    /// Adds a coin (lower-case) at its profile's start price; no-op if known.
    pub fn add_coin(&mut self, coin: &str) {
        let seed = self.seed;
        self.coins.entry(coin.to_string()).or_insert_with(|| {
            let profile = profile(coin);
            CoinWalk {
                profile,
                price: profile.start,
                rng: rng_for(seed, &["tick", coin]),
            }
        });
    }

    /// Continues the walk from a recorded price (after a restart).
    pub fn set_price(&mut self, coin: &str, price: Decimal) {
        if let Some(w) = self.coins.get_mut(coin) {
            if price > Decimal::ZERO {
                w.price = price.round_dp(w.profile.price_dp);
            }
        }
    }

    pub fn price(&self, coin: &str) -> Option<Decimal> {
        self.coins.get(coin).map(|w| w.price)
    }

    /// One trade per coin at `now_ms`, in coin order. Called once a second.
    pub fn step(&mut self, now_ms: i64) -> Vec<Tick> {
        self.coins
            .iter_mut()
            .map(|(coin, w)| {
                let p = w.profile;
                w.price = walk(w.price, p.start, p.step_max, p.price_dp, &mut w.rng);
                let quantity = p.lot * Decimal::from(w.rng.gen_range(1..=p.lots_max));
                Tick {
                    coin: coin.clone(),
                    price: w.price,
                    quantity,
                    ts_ms: now_ms,
                    source: SOURCE,
                }
            })
            .collect()
    }
}

fn isqrt(n: i64) -> i64 {
    // Newton's method on integers.
    if n < 2 {
        return n.max(0);
    }
    let mut x = n;
    let mut y = (x + 1) / 2;
    while y < x {
        x = y;
        y = (x + n / x) / 2;
    }
    x
}

/// `count` coherent candles for `coin` whose last one is the bucket just
/// before the one holding `now_ms` and closes at the coin's start price:
/// each open is the previous close, high >= max(open, close), low <=
/// min(open, close). Deterministic for (seed, coin, interval, now bucket).
pub fn backfill(
    seed: u64,
    coin: &str,
    interval: Interval,
    count: usize,
    now_ms: i64,
) -> Vec<Candle> {
    let p = profile(coin);
    let mut rng = rng_for(seed, &["backfill", coin, interval.as_str()]);
    let minutes = interval.duration_ms() / 60_000;
    let step_max = p.step_max * isqrt(60 * minutes);
    // prices[k] is the close of candle k-1 and the open of candle k.
    let mut prices = vec![p.start; count + 1];
    for k in (0..count).rev() {
        prices[k] = walk(prices[k + 1], p.start, step_max, p.price_dp, &mut rng);
    }
    let last_open = interval.bucket_start(now_ms) - interval.duration_ms();
    let first_open = last_open - (count as i64 - 1) * interval.duration_ms();
    (0..count)
        .map(|k| {
            let (open, close) = (prices[k], prices[k + 1]);
            let wick = |rng: &mut ChaCha8Rng, base: Decimal| {
                (base * Decimal::from(rng.gen_range(0..=step_max / 3)) / Decimal::from(STEP_UNIT))
                    .round_dp(p.price_dp)
            };
            let top = open.max(close);
            let bottom = open.min(close);
            let high = top + wick(&mut rng, top);
            let low_wick = wick(&mut rng, bottom);
            let low = if bottom - low_wick > Decimal::ZERO {
                bottom - low_wick
            } else {
                bottom
            };
            let volume = p.lot * Decimal::from(rng.gen_range(1..=p.lots_max) * 30 * minutes);
            let quote_volume = (volume * (open + close) / Decimal::from(2)).round_dp(8);
            Candle {
                open_time_ms: first_open + k as i64 * interval.duration_ms(),
                open,
                high,
                low,
                close,
                volume,
                quote_volume,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isqrt_is_exact() {
        for n in [0, 1, 2, 3, 4, 60, 600, 604_800] {
            let r = isqrt(n);
            assert!(r * r <= n && (r + 1) * (r + 1) > n);
        }
    }
}
