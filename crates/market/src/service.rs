//! The market service: the one writer of candles, index prices and 24 h
//! statistics. Feeds (the simulator or the exchange adapter) send tick
//! batches over a bounded channel; the service folds them into each coin's
//! candle book, updates the snapshot the API reads, publishes pre-rendered
//! socket messages, and writes changed candles once a second (group commit,
//! not per tick). Tests drive it directly through [`MarketService::apply`]
//! and [`MarketService::flush`].

use crate::binance::BinanceFeed;
use crate::candle_store as candles;
use crate::candles::CandleBook;
use crate::frames::{detail_frame, kline_frame, trade_frame};
use crate::simulator::{self, Simulator};
use crate::tape::Tape;
use crate::tape_store;
use crate::{stats, CoinView, IndexPrice, Interval, Snapshot, Tick, DEFAULT_COINS};
use onyx_kernel::clock::{Clock, SystemClock};
use onyx_platform::config::MarketFeed;
use onyx_platform::Context;
use onyx_socket::MarketFrames;
use onyx_store::Db;
use rust_decimal::Decimal;
use sea_orm::DbErr;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, watch};

/// Tick batches waiting for the service (the feed waits when it is full).
pub const FEED_QUEUE: usize = 1024;
/// Candles written by the backfill per interval (1m covers the 24 h stats).
pub const BACKFILL_CANDLES: usize = 1000;
pub const BACKFILL_CANDLES_1M: usize = 1500;
/// How often tape seconds past the retention are dropped.
const TAPE_PRUNE_EVERY_MS: i64 = 3_600_000;
/// Ticks folded in one go when the feed has queued several batches.
const TICKS_PER_APPLY_MAX: usize = 4096;

/// Milliseconds since the epoch on the system clock, for tests and
/// benches that drive a service by hand. The service itself reads the
/// context's clock.
pub fn now_ms() -> i64 {
    SystemClock.now_ms()
}

/// What the running market service shares with the rest of the server.
#[derive(Clone)]
pub struct MarketChannels {
    /// Every applied tick batch, pre-rendered for the live socket.
    pub events: broadcast::Sender<Arc<MarketFrames>>,
    /// Stops the service (flushing its candles) on shutdown.
    pub stop: Arc<watch::Sender<bool>>,
}

impl MarketChannels {
    /// `buffered`: batches a slow subscriber may fall behind by.
    pub fn new(buffered: usize) -> MarketChannels {
        MarketChannels {
            events: broadcast::channel(buffered).0,
            stop: Arc::new(watch::channel(false).0),
        }
    }
}

pub struct MarketService {
    db: Db,
    snapshot: Arc<Snapshot>,
    events: broadcast::Sender<Arc<MarketFrames>>,
    books: BTreeMap<String, CandleBook>,
    stale_ms: i64,
    tape: Tape,
    tape_retention_ms: i64,
    /// The context's clock: the second the loop closes, the staleness it
    /// checks.
    clock: Arc<dyn Clock>,
}

/// The coins to price: the catalogue's enabled coins, or the defaults when
/// the catalogue is empty. USDT is the quote, never priced.
pub async fn coins(db: &Db) -> Result<Vec<String>, DbErr> {
    let mut coins: Vec<String> = crate::repo::catalogue::enabled_coins(db)
        .await?
        .into_iter()
        .filter(|c| c != "usdt" && crate::coin_of_symbol(c).as_deref() == Some(c.as_str()))
        .collect();
    coins.dedup();
    if coins.is_empty() {
        coins = DEFAULT_COINS.iter().map(|c| c.to_string()).collect();
    }
    Ok(coins)
}

/// Writes the simulator's history for every coin that has no candles yet.
/// Returns the number of candles written.
pub async fn backfill_missing(
    db: &Db,
    coins: &[String],
    seed: u64,
    now_ms: i64,
) -> Result<usize, DbErr> {
    let mut rows = Vec::new();
    for coin in coins {
        if candles::count(db, coin).await? > 0 {
            continue;
        }
        for interval in Interval::ALL {
            let n = if interval == Interval::M1 {
                BACKFILL_CANDLES_1M
            } else {
                BACKFILL_CANDLES
            };
            rows.extend(
                simulator::backfill(seed, coin, interval, n, now_ms)
                    .into_iter()
                    .map(|c| (coin.clone(), interval, c)),
            );
        }
    }
    candles::upsert(db, &rows).await?;
    Ok(rows.len())
}

impl MarketService {
    /// A service for `coins`, resuming each coin's current candles and
    /// recent 1m history from the store, with 24 h statistics in the snapshot.
    pub async fn load(
        state: &Context,
        channels: &MarketChannels,
        coins: &[String],
        now_ms: i64,
    ) -> Result<MarketService, DbErr> {
        let mut books = BTreeMap::new();
        for coin in coins {
            let mut latest = Vec::new();
            for interval in Interval::ALL {
                if let Some(c) = candles::latest(&state.db, coin, interval).await? {
                    latest.push((interval, c));
                }
            }
            let since = Interval::M1.bucket_start(now_ms) - stats::DAY_MS;
            let minutes = candles::since(&state.db, coin, Interval::M1, since).await?;
            let book = CandleBook::resume(latest, minutes, now_ms);
            let mut view = state.prices.get(coin).unwrap_or_default();
            view.stats = stats::compute(book.minutes(), now_ms);
            state.prices.put(coin, view);
            books.insert(coin.clone(), book);
        }
        Ok(MarketService {
            db: state.db.clone(),
            snapshot: state.prices.clone(),
            events: channels.events.clone(),
            books,
            stale_ms: state.config.stale_seconds as i64 * 1000,
            tape: Tape::new(now_ms),
            tape_retention_ms: i64::try_from(state.config.tape_retention_days)
                .unwrap_or(i64::MAX)
                .saturating_mul(stats::DAY_MS),
            clock: state.clock.clone(),
        })
    }

    pub fn coins(&self) -> Vec<String> {
        self.books.keys().cloned().collect()
    }

    /// The last recorded 1m close of a coin (where the simulator resumes).
    pub fn last_close(&self, coin: &str) -> Option<Decimal> {
        self.books.get(coin)?.minutes().back().map(|c| c.close)
    }

    /// Folds a batch of ticks in (time order per coin): candles, index,
    /// statistics, socket messages. Ticks of unknown coins, bad prices or
    /// older than the current minute are skipped. Returns how many applied.
    pub fn apply(&mut self, ticks: &[Tick]) -> usize {
        let mut touched: BTreeMap<&str, &Tick> = BTreeMap::new();
        let mut frames = Vec::new();
        let mut applied = 0;
        for t in ticks {
            let Some(book) = self.books.get_mut(&t.coin) else {
                continue;
            };
            if book.apply(t) {
                applied += 1;
                self.tape.record(t);
                touched.insert(t.coin.as_str(), t);
                frames.push(trade_frame(t));
            }
        }
        for (coin, last) in &touched {
            let book = &self.books[*coin];
            let view = CoinView {
                index: Some(IndexPrice {
                    price: last.price,
                    source: last.source,
                    ts_ms: last.ts_ms,
                    stale: false,
                }),
                stats: stats::compute(book.minutes(), last.ts_ms),
            };
            frames.push(detail_frame(coin, &view));
            for interval in Interval::ALL {
                if let Some(c) = book.current(interval) {
                    frames.push(kline_frame(coin, last.source, interval, c));
                }
            }
            self.snapshot.put(coin, view);
        }
        if !touched.is_empty() {
            // No receivers (no socket open) is fine.
            let _ = self.events.send(Arc::new(MarketFrames { frames }));
        }
        applied
    }

    /// Writes every candle changed since the last flush, in one transaction.
    pub async fn flush(&mut self) -> Result<usize, DbErr> {
        let mut rows = Vec::new();
        for (coin, book) in self.books.iter_mut() {
            rows.extend(
                book.take_dirty()
                    .into_iter()
                    .map(|(i, c)| (coin.clone(), i, c)),
            );
        }
        if let Err(e) = candles::upsert(&self.db, &rows).await {
            for (coin, interval, candle) in rows {
                if let Some(book) = self.books.get_mut(&coin) {
                    book.restore_dirty(vec![(interval, candle)]);
                }
            }
            return Err(e);
        }
        Ok(rows.len())
    }

    /// Writes the seconds of the price tape that ended by `now_ms`, then
    /// moves the snapshot's tape mark. Entries that could not be written go
    /// out with the next call; the mark waits for them.
    pub async fn close_tape(&mut self, now_ms: i64) -> Result<usize, DbErr> {
        let closed = self.tape.close(now_ms);
        if let Err(e) = tape_store::insert(&self.db, &closed).await {
            self.tape.restore(closed);
            return Err(e);
        }
        let written = closed.iter().map(|e| {
            (
                e.coin.clone(),
                IndexPrice {
                    price: e.price,
                    source: e.source,
                    ts_ms: e.ts_ms,
                    stale: false,
                },
            )
        });
        self.snapshot
            .advance_tape(self.tape.closed_before_ms(), written);
        Ok(closed.len())
    }

    /// Drops tape seconds older than the retention.
    pub async fn prune_tape(&self, now_ms: i64) -> Result<u64, DbErr> {
        tape_store::prune(&self.db, now_ms.saturating_sub(self.tape_retention_ms)).await
    }

    /// Marks coins without a recent tick stale (the API shows it;
    /// settlements refuse it) and tells socket clients.
    pub fn refresh_staleness(&self, now_ms: i64) {
        let changed = self.snapshot.refresh_staleness(now_ms, self.stale_ms);
        if changed.is_empty() {
            return;
        }
        let frames = changed
            .iter()
            .filter_map(|coin| Some(detail_frame(coin, &self.snapshot.get(coin)?)))
            .collect();
        let _ = self.events.send(Arc::new(MarketFrames { frames }));
    }

    /// The service loop: ticks from `feed`, a flush and a staleness check
    /// every second, a final flush on stop.
    pub async fn run(
        mut self,
        mut feed: mpsc::Receiver<Vec<Tick>>,
        mut stop: watch::Receiver<bool>,
    ) {
        // Just after each whole second, so the second that ended is on the
        // tape within about 50 ms.
        let to_next_second = 1000i64.saturating_sub(self.clock.now_ms().rem_euclid(1000)) + 50;
        let mut every_second = tokio::time::interval_at(
            tokio::time::Instant::now() + Duration::from_millis(to_next_second as u64),
            Duration::from_secs(1),
        );
        every_second.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last_prune = 0i64;
        loop {
            tokio::select! {
                batch = feed.recv() => {
                    let Some(mut ticks) = batch else { break };
                    while ticks.len() < TICKS_PER_APPLY_MAX {
                        match feed.try_recv() {
                            Ok(more) => ticks.extend(more),
                            Err(_) => break,
                        }
                    }
                    self.apply(&ticks);
                }
                _ = every_second.tick() => {
                    if let Err(e) = self.flush().await {
                        tracing::error!(error = %e, "writing candles failed; retrying");
                    }
                    let now = self.clock.now_ms();
                    if let Err(e) = self.close_tape(now).await {
                        tracing::error!(error = %e, "writing the price tape failed; retrying");
                    }
                    if now.saturating_sub(last_prune) >= TAPE_PRUNE_EVERY_MS {
                        last_prune = now;
                        if let Err(e) = self.prune_tape(now).await {
                            tracing::error!(error = %e, "pruning the price tape failed");
                        }
                    }
                    self.refresh_staleness(now);
                }
                _ = stop.changed() => break,
            }
        }
        if let Err(e) = self.flush().await {
            tracing::error!(error = %e, "final candle write failed");
        }
        tracing::info!("market service stopped");
    }
}

/// Starts the configured feed and the service (nothing with `--market-feed
/// off`), then a supervisor that re-reads the catalogue every
/// `--market-reload-seconds` and restarts the feed and service when the set
/// of coins changed. With the simulator, coins without history are
/// backfilled first, so charts are never empty.
pub async fn start(state: &Context, channels: &MarketChannels) -> anyhow::Result<()> {
    if state.config.market_feed == MarketFeed::Off {
        return Ok(());
    }
    let coins = coins(&state.db).await?;
    let generation = launch(state, channels, &coins).await?;
    // Subscribed before returning, so a stop right after start is not missed.
    let shutdown = channels.stop.subscribe();
    tokio::spawn(supervise(
        state.clone(),
        channels.clone(),
        coins,
        generation,
        shutdown,
    ));
    Ok(())
}

/// One running feed and service over a fixed set of coins.
struct Generation {
    stop: watch::Sender<bool>,
    service: tokio::task::JoinHandle<()>,
}

impl Generation {
    /// Stops the feed and waits for the service's final candle flush.
    async fn end(self) {
        let _ = self.stop.send(true);
        if let Err(e) = self.service.await {
            tracing::error!(error = %e, "market service task failed");
        }
    }
}

async fn launch(
    state: &Context,
    channels: &MarketChannels,
    coins: &[String],
) -> anyhow::Result<Generation> {
    let feed = state.config.market_feed;
    let now = state.now_ms();
    if feed == MarketFeed::Simulator {
        let started = std::time::Instant::now();
        let written = backfill_missing(&state.db, coins, state.config.market_seed, now).await?;
        if written > 0 {
            tracing::info!(
                candles = written,
                coins = coins.len(),
                elapsed_ms = started.elapsed().as_millis() as u64,
                "backfilled simulator history"
            );
        }
    }
    let service = MarketService::load(state, channels, coins, now).await?;
    let (tx, rx) = mpsc::channel(FEED_QUEUE);
    let (stop_tx, stop) = watch::channel(false);
    match feed {
        MarketFeed::Simulator => {
            let mut sim = Simulator::new(state.config.market_seed, coins);
            for coin in coins {
                if let Some(p) = service.last_close(coin) {
                    sim.set_price(coin, p);
                }
            }
            tokio::spawn(simulate(sim, tx, stop.clone(), state.clock.clone()));
        }
        MarketFeed::Binance => {
            let adapter = BinanceFeed::new(&state.config.market_url, coins.to_vec());
            tokio::spawn(adapter.run(tx, stop.clone()));
        }
        MarketFeed::Off => unreachable!("start() returns before launching with the feed off"),
    }
    let service = tokio::spawn(service.run(rx, stop));
    tracing::info!(?feed, coins = coins.len(), "market service started");
    Ok(Generation {
        stop: stop_tx,
        service,
    })
}

async fn supervise(
    state: Context,
    channels: MarketChannels,
    mut coins: Vec<String>,
    generation: Generation,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut generation = Some(generation);
    let period = Duration::from_secs(state.config.market_reload_seconds.max(1));
    let mut reload = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
    reload.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = shutdown.changed() => break,
            _ = reload.tick() => {
                let next = match self::coins(&state.db).await {
                    Ok(next) => next,
                    Err(e) => {
                        tracing::warn!(error = %e, "reading the coin list failed; keeping the current one");
                        continue;
                    }
                };
                if next == coins && generation.is_some() {
                    continue;
                }
                tracing::info!(from = ?coins, to = ?next, "coin list changed: restarting the market feed");
                if let Some(g) = generation.take() {
                    g.end().await;
                }
                match launch(&state, &channels, &next).await {
                    Ok(g) => {
                        generation = Some(g);
                        coins = next;
                    }
                    // Retried on the next reload tick.
                    Err(e) => tracing::error!(error = %e, "restarting the market feed failed"),
                }
            }
        }
    }
    if let Some(g) = generation {
        g.end().await;
    }
}

/// Stops the feed and the service and waits (up to 5 s) for the last flush.
pub async fn stop(channels: &MarketChannels) {
    let _ = channels.stop.send(true);
    let _ = tokio::time::timeout(Duration::from_secs(5), channels.stop.closed()).await;
}

async fn simulate(
    mut sim: Simulator,
    out: mpsc::Sender<Vec<Tick>>,
    mut stop: watch::Receiver<bool>,
    clock: Arc<dyn Clock>,
) {
    let mut every_second = tokio::time::interval(Duration::from_secs(1));
    every_second.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            _ = every_second.tick() => {
                if out.send(sim.step(clock.now_ms())).await.is_err() {
                    return;
                }
            }
            _ = stop.changed() => return,
        }
    }
}
