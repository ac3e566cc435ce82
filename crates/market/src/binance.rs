//! Adapter for a Binance-style public combined trade stream:
//! `{url}?streams=btcusdt@trade/ethusdt@trade`, each frame
//! `{"stream":"btcusdt@trade","data":{"e":"trade","s":"BTCUSDT","p":"95000.10","q":"0.002","T":1795342662000}}`.
//!
//! The adapter never panics on input: malformed frames and frames that are
//! not trades are counted and skipped. A dropped connection is retried with
//! exponential backoff (capped, with jitter); the backoff resets once a
//! connection delivers a trade.

use crate::types::Tick;
use futures_util::StreamExt;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rust_decimal::Decimal;
use serde::Deserialize;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, watch};
use tokio_tungstenite::tungstenite::Message;

pub const SOURCE: &str = "binance";

/// The combined-stream URL for `coins` (lower-case base coins, USDT quote).
pub fn stream_url<S: AsRef<str>>(base: &str, coins: &[S]) -> String {
    let streams: Vec<String> = coins
        .iter()
        .map(|c| format!("{}usdt@trade", c.as_ref()))
        .collect();
    format!("{base}?streams={}", streams.join("/"))
}

#[derive(Deserialize)]
struct Frame {
    #[serde(default)]
    stream: Option<String>,
    #[serde(default)]
    data: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct Trade {
    e: String,
    s: String,
    p: String,
    q: String,
    #[serde(rename = "T")]
    t: i64,
}

/// What one text frame was.
#[derive(Debug, PartialEq, Eq)]
pub enum Parsed {
    Tick(Tick),
    /// Valid JSON that is not a trade (subscription replies, other streams).
    Ignored,
    Malformed,
}

/// Reads one text frame.
pub fn parse(text: &str) -> Parsed {
    let Ok(frame) = serde_json::from_str::<Frame>(text) else {
        return Parsed::Malformed;
    };
    let (Some(stream), Some(data)) = (frame.stream, frame.data) else {
        return Parsed::Ignored;
    };
    if !stream.ends_with("@trade") {
        return Parsed::Ignored;
    }
    let Ok(trade) = serde_json::from_value::<Trade>(data) else {
        return Parsed::Malformed;
    };
    if trade.e != "trade" {
        return Parsed::Ignored;
    }
    let symbol = trade.s.to_ascii_lowercase();
    let (Some(coin), Ok(price), Ok(quantity)) = (
        symbol.strip_suffix("usdt").filter(|c| !c.is_empty()),
        Decimal::from_str(&trade.p),
        Decimal::from_str(&trade.q),
    ) else {
        return Parsed::Malformed;
    };
    if price <= Decimal::ZERO || quantity < Decimal::ZERO || trade.t <= 0 {
        return Parsed::Malformed;
    }
    Parsed::Tick(Tick {
        coin: coin.to_string(),
        price: price.normalize(),
        quantity: quantity.normalize(),
        ts_ms: trade.t,
        source: SOURCE,
    })
}

/// Counters an operator (and the tests) can read.
#[derive(Debug, Default)]
pub struct FeedCounters {
    pub ticks: AtomicU64,
    pub ignored: AtomicU64,
    pub malformed: AtomicU64,
    pub connects: AtomicU64,
    pub disconnects: AtomicU64,
}

#[cfg(test)]
impl FeedCounters {
    pub fn get(counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }
}

/// Exponential backoff with jitter: attempt n waits a uniform draw in
/// [d/2, d] where d = min(max, base * 2^n).
#[derive(Debug, Clone)]
pub struct Backoff {
    pub base: Duration,
    pub max: Duration,
    attempt: u32,
    rng: ChaCha8Rng,
}

impl Backoff {
    pub fn new(base: Duration, max: Duration) -> Backoff {
        Backoff {
            base,
            max,
            attempt: 0,
            rng: ChaCha8Rng::from_entropy(),
        }
    }

    pub fn next_delay(&mut self) -> Duration {
        let factor = 1u32 << self.attempt.min(16);
        let ceiling = self.base.saturating_mul(factor).min(self.max);
        self.attempt = self.attempt.saturating_add(1);
        let ceiling_ms = ceiling.as_millis().max(1) as u64;
        Duration::from_millis(self.rng.gen_range(ceiling_ms / 2..=ceiling_ms))
    }

    pub fn reset(&mut self) {
        self.attempt = 0;
    }
}

pub struct BinanceFeed {
    pub url: String,
    pub coins: Vec<String>,
    pub backoff: Backoff,
    pub counters: Arc<FeedCounters>,
}

impl BinanceFeed {
    pub fn new(base_url: &str, coins: Vec<String>) -> BinanceFeed {
        BinanceFeed {
            url: stream_url(base_url, &coins),
            coins,
            backoff: Backoff::new(Duration::from_millis(500), Duration::from_secs(30)),
            counters: Arc::default(),
        }
    }

    /// Streams ticks of the configured coins into `out` until `stop` turns
    /// true or `out` is closed.
    pub async fn run(mut self, out: mpsc::Sender<Vec<Tick>>, mut stop: watch::Receiver<bool>) {
        loop {
            if *stop.borrow() {
                return;
            }
            let connected = tokio::select! {
                r = tokio_tungstenite::connect_async(self.url.as_str()) => r,
                _ = stop.changed() => return,
            };
            match connected {
                Ok((mut ws, _)) => {
                    self.counters.connects.fetch_add(1, Ordering::Relaxed);
                    tracing::info!(url = %self.url, "market feed connected");
                    loop {
                        let frame = tokio::select! {
                            f = ws.next() => f,
                            _ = stop.changed() => return,
                        };
                        let text = match frame {
                            Some(Ok(Message::Text(t))) => t,
                            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                            Some(Ok(_)) => continue,
                        };
                        match parse(&text) {
                            Parsed::Tick(t) if self.coins.contains(&t.coin) => {
                                self.counters.ticks.fetch_add(1, Ordering::Relaxed);
                                self.backoff.reset();
                                if out.send(vec![t]).await.is_err() {
                                    return;
                                }
                            }
                            Parsed::Tick(_) | Parsed::Ignored => {
                                self.counters.ignored.fetch_add(1, Ordering::Relaxed);
                            }
                            Parsed::Malformed => {
                                let n = self.counters.malformed.fetch_add(1, Ordering::Relaxed);
                                if n < 10 {
                                    tracing::warn!(frame = %text.chars().take(200).collect::<String>(), "malformed market frame");
                                }
                            }
                        }
                    }
                    self.counters.disconnects.fetch_add(1, Ordering::Relaxed);
                    tracing::warn!("market feed disconnected");
                }
                Err(e) => tracing::warn!(error = %e, "market feed connect failed"),
            }
            let delay = self.backoff.next_delay();
            tokio::select! {
                _ = tokio::time::sleep(delay) => {}
                _ = stop.changed() => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_to_the_cap_and_resets() {
        let mut b = Backoff::new(Duration::from_millis(100), Duration::from_millis(1000));
        let first = b.next_delay();
        assert!(first >= Duration::from_millis(50) && first <= Duration::from_millis(100));
        for _ in 0..20 {
            assert!(b.next_delay() <= Duration::from_millis(1000));
        }
        b.reset();
        assert!(b.next_delay() <= Duration::from_millis(100));
    }
}
