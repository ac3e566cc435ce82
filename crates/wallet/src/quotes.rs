//! Flash-exchange quotes. A quote fixes the price a user may exchange at
//! for a short while, so what they confirm is what they get even while the
//! index moves. Quotes live in memory only: a restart drops them, and the
//! client simply asks for a new one (the same as after expiry).
//!
//! Pricing: `raw = index(from) / index(to)` (both in USDT, so the result is
//! `to` per one `from`); the user is quoted `raw * (1 - spread)`, where the
//! spread is the spot pair's `fee_rate` (between two non-USDT coins the
//! higher of the two pairs' rates: one exchange, one spread). The price is
//! rounded down, and the amount received again at execution, so every
//! rounding favours the platform and no rounding creates money.
//! [`exchange_amounts`] is that execution's arithmetic, pure and checked.

use onyx_kernel::clock::{Clock as _, SystemClock};
use onyx_kernel::money::{exact_mul, exact_sub, VALUE_LIMIT};
use rust_decimal::{Decimal, RoundingStrategy};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};

/// How long a quote may be executed.
pub const QUOTE_TTL_MS: i64 = 15_000;

/// Most quotes held at once. A client polling the price every second for
/// every pair stays far below this; a flood evicts the oldest quotes first,
/// which costs their owners only a fresh quote.
pub const QUOTES_MAX: usize = 20_000;

/// Decimals of a quoted price. Enough for seven significant digits on a
/// pair as lopsided as DOGE to BTC.
pub const PRICE_SCALE: u32 = 12;

/// Decimals of a USDT amount in the flash exchange: USDT's own precision on
/// TRC-20 and ERC-20.
pub const USDT_SCALE: u32 = 6;
/// Decimals an exchanged amount of any other coin carries: finer than any
/// pair's order precision, so the rounding of a flash exchange (always
/// down, in the platform's favour) never costs the user more than 1e-8.
pub const COIN_SCALE: u32 = 8;

/// The smallest exchange, in USDT worth of the `from` coin, so the amount
/// received is never rounded away to nothing.
pub const MIN_EXCHANGE_USDT: Decimal = Decimal::ONE;

/// Milliseconds since the epoch; injectable so tests can move time.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quote {
    pub id: String,
    pub user_id: i64,
    /// Upper-case assets.
    pub from: String,
    pub to: String,
    /// `to` per one `from`, spread applied.
    pub price: Decimal,
    /// The spread as a rate (0.001 = 0.1 %).
    pub spread: Decimal,
    /// `to` per one `from` before the spread: the fee is measured against it.
    pub raw_price: Decimal,
    /// Smallest `from` amount, at the `from` coin's precision.
    pub min_amount: Decimal,
    pub from_scale: u32,
    pub to_scale: u32,
    pub expires_at_ms: i64,
}

/// Why an amount cannot be exchanged at a quote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExchangeRefusal {
    /// Below the quote's minimum, or so small it receives nothing.
    BelowMinimum,
    /// What it would receive is beyond what is computed exactly.
    TooLarge,
}

/// What exchanging `amount` of `from` at `quote` gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exchanged {
    /// `amount * price`, rounded down to the `to` coin's scale.
    pub to_amount: Decimal,
    /// The spread's value in the `to` coin: what the index would have paid
    /// more (the rounding down included), cut to 8 decimals. Recorded, not
    /// posted: it is inside the price.
    pub fee: Decimal,
}

/// The amounts of one exchange, or why it cannot run. Every product is
/// exact (or refused), so the only rounding is the deliberate one down.
pub fn exchange_amounts(quote: &Quote, amount: Decimal) -> Result<Exchanged, ExchangeRefusal> {
    if amount < quote.min_amount {
        return Err(ExchangeRefusal::BelowMinimum);
    }
    let gross = exact_mul(amount, quote.price).ok_or(ExchangeRefusal::TooLarge)?;
    let to_amount = gross.round_dp_with_strategy(quote.to_scale, RoundingStrategy::ToZero);
    if to_amount >= VALUE_LIMIT {
        return Err(ExchangeRefusal::TooLarge);
    }
    if to_amount <= Decimal::ZERO {
        return Err(ExchangeRefusal::BelowMinimum);
    }
    let at_index = exact_mul(amount, quote.raw_price).ok_or(ExchangeRefusal::TooLarge)?;
    let fee = exact_sub(at_index, to_amount)
        .ok_or(ExchangeRefusal::TooLarge)?
        .max(Decimal::ZERO)
        .round_dp_with_strategy(onyx_kernel::money::LEDGER_DP, RoundingStrategy::ToZero);
    Ok(Exchanged { to_amount, fee })
}

/// Why a quote cannot be executed.
#[derive(Debug, PartialEq, Eq)]
pub enum QuoteRefusal {
    /// Unknown, expired, someone else's, or for another pair: the client
    /// reacts the same way to all of these (fetch a new quote), and telling
    /// them apart would confirm another user's quote id.
    Invalid,
}

struct Book {
    quotes: HashMap<String, Quote>,
    /// Ids in issue order. The TTL is the same for every quote, so this is
    /// also expiry order: eviction pops from the front.
    order: VecDeque<String>,
}

/// The quotes in force. Cheap to share behind an `Arc`.
pub struct QuoteBook {
    book: Mutex<Book>,
    ttl_ms: i64,
    capacity: usize,
    clock: RwLock<Clock>,
}

impl Default for QuoteBook {
    fn default() -> QuoteBook {
        QuoteBook::new(QUOTE_TTL_MS, QUOTES_MAX)
    }
}

impl QuoteBook {
    pub fn new(ttl_ms: i64, capacity: usize) -> QuoteBook {
        QuoteBook {
            book: Mutex::new(Book {
                quotes: HashMap::new(),
                order: VecDeque::new(),
            }),
            ttl_ms,
            capacity: capacity.max(1),
            clock: RwLock::new(Arc::new(|| SystemClock.now_ms())),
        }
    }

    /// The default book on `clock` (the context's).
    pub fn on_clock(clock: Arc<dyn onyx_kernel::clock::Clock>) -> QuoteBook {
        let book = QuoteBook::default();
        book.set_clock(Arc::new(move || clock.now_ms()));
        book
    }

    /// The quotes; every change to them is one insert or remove, so a lock
    /// poisoned by a panic elsewhere still guards a whole book.
    fn book(&self) -> MutexGuard<'_, Book> {
        self.book.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Replaces the clock (tests move time with it).
    pub fn set_clock(&self, clock: Clock) {
        *self.clock.write().unwrap_or_else(PoisonError::into_inner) = clock;
    }

    pub fn now_ms(&self) -> i64 {
        (self.clock.read().unwrap_or_else(PoisonError::into_inner))()
    }

    pub fn ttl_ms(&self) -> i64 {
        self.ttl_ms
    }

    /// Quotes held, expired ones not yet evicted included.
    pub fn len(&self) -> usize {
        self.book().quotes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Stores `quote` (its id and expiry are set here) and returns it.
    pub fn issue(&self, mut quote: Quote) -> Quote {
        let now = self.now_ms();
        quote.id = hex::encode(rand::random::<[u8; 16]>());
        quote.expires_at_ms = now.saturating_add(self.ttl_ms);
        let mut book = self.book();
        evict(&mut book, now, self.capacity.saturating_sub(1));
        book.order.push_back(quote.id.clone());
        book.quotes.insert(quote.id.clone(), quote.clone());
        quote
    }

    /// Removes and returns the quote if it is in force for this user and
    /// pair. Single use: a quote executes at most once, so a stale price
    /// cannot be replayed for the whole of its lifetime.
    pub fn take(
        &self,
        id: &str,
        user_id: i64,
        from: &str,
        to: &str,
    ) -> Result<Quote, QuoteRefusal> {
        let now = self.now_ms();
        let mut book = self.book();
        evict(&mut book, now, usize::MAX);
        let fits = matches!(book.quotes.get(id),
            Some(q) if q.user_id == user_id && q.from == from && q.to == to && now < q.expires_at_ms);
        if !fits {
            return Err(QuoteRefusal::Invalid);
        }
        // The id stays in `order`; eviction skips ids no longer in the map.
        book.quotes.remove(id).ok_or(QuoteRefusal::Invalid)
    }

    /// Puts back a quote taken for an exchange that then failed (a
    /// shortfall, a database error), so the user can retry on it while it
    /// is still in force.
    pub fn restore(&self, quote: Quote) {
        if self.now_ms() >= quote.expires_at_ms {
            return;
        }
        let mut book = self.book();
        if !book.order.contains(&quote.id) {
            // Evicted meanwhile by a flood: let it go rather than exceed the cap.
            return;
        }
        book.quotes.insert(quote.id.clone(), quote);
    }
}

/// Drops expired quotes, then the oldest until at most `keep` remain.
fn evict(book: &mut Book, now: i64, keep: usize) {
    while let Some(id) = book.order.front() {
        let drop = match book.quotes.get(id) {
            None => true,
            Some(q) => now >= q.expires_at_ms || book.quotes.len() > keep,
        };
        if !drop {
            break;
        }
        if let Some(id) = book.order.pop_front() {
            book.quotes.remove(&id);
        }
    }
}

/// The user's price: `raw * (1 - spread)`, rounded down.
pub fn quoted_price(raw: Decimal, spread: Decimal) -> Option<Decimal> {
    let factor = Decimal::ONE.checked_sub(spread)?;
    // A product beyond 28 significant digits would be rounded to nearest
    // (up, for 1/3 * 0.999) before the cut below; cutting `raw` first keeps
    // the product exact, so the only rounding is the deliberate one.
    let raw = raw.round_dp_with_strategy(PRICE_SCALE + 4, RoundingStrategy::ToZero);
    let price = raw.checked_mul(factor)?;
    Some(price.round_dp_with_strategy(PRICE_SCALE, RoundingStrategy::ToZero))
}

/// The smallest `from` amount: `MIN_EXCHANGE_USDT` worth, rounded up to the
/// coin's precision (never below one unit of that precision).
pub fn min_amount(from_usdt_price: Decimal, from_scale: u32) -> Option<Decimal> {
    let raw = MIN_EXCHANGE_USDT.checked_div(from_usdt_price)?;
    let min = raw.round_dp_with_strategy(from_scale, RoundingStrategy::AwayFromZero);
    let unit = Decimal::new(1, from_scale);
    Some(min.max(unit).normalize())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;
    use std::sync::atomic::{AtomicI64, Ordering};

    fn dec(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    fn quote(user_id: i64) -> Quote {
        Quote {
            id: String::new(),
            user_id,
            from: "USDT".into(),
            to: "BTC".into(),
            price: dec("0.00002"),
            spread: dec("0.001"),
            raw_price: dec("0.00002002"),
            min_amount: dec("1"),
            from_scale: 6,
            to_scale: 4,
            expires_at_ms: 0,
        }
    }

    fn book_at(ttl: i64, cap: usize) -> (QuoteBook, Arc<AtomicI64>) {
        let now = Arc::new(AtomicI64::new(1_000_000));
        let book = QuoteBook::new(ttl, cap);
        let clock = now.clone();
        book.set_clock(Arc::new(move || clock.load(Ordering::SeqCst)));
        (book, now)
    }

    #[test]
    fn a_quote_executes_once_for_its_owner_and_pair_until_it_expires() {
        let (book, now) = book_at(15_000, 10);
        let q = book.issue(quote(1));
        assert_eq!(q.expires_at_ms, 1_015_000);
        assert_eq!(
            book.take(&q.id, 2, "USDT", "BTC"),
            Err(QuoteRefusal::Invalid)
        );
        assert_eq!(
            book.take(&q.id, 1, "BTC", "USDT"),
            Err(QuoteRefusal::Invalid)
        );
        now.store(1_014_999, Ordering::SeqCst);
        let taken = book.take(&q.id, 1, "USDT", "BTC").unwrap();
        assert_eq!(taken, q);
        assert_eq!(
            book.take(&q.id, 1, "USDT", "BTC"),
            Err(QuoteRefusal::Invalid)
        );
        book.restore(taken);
        now.store(1_015_000, Ordering::SeqCst);
        assert_eq!(
            book.take(&q.id, 1, "USDT", "BTC"),
            Err(QuoteRefusal::Invalid)
        );
    }

    #[test]
    fn expired_quotes_are_evicted_and_the_book_never_exceeds_its_cap() {
        let (book, now) = book_at(15_000, 3);
        let first = book.issue(quote(1));
        for _ in 0..5 {
            book.issue(quote(1));
            assert!(book.len() <= 3);
        }
        assert_eq!(book.len(), 3);
        assert_eq!(
            book.take(&first.id, 1, "USDT", "BTC"),
            Err(QuoteRefusal::Invalid)
        );
        now.fetch_add(15_000, Ordering::SeqCst);
        let fresh = book.issue(quote(1));
        assert_eq!(book.len(), 1, "every expired quote was dropped");
        assert!(book.take(&fresh.id, 1, "USDT", "BTC").is_ok());
    }

    #[test]
    fn an_exchange_rounds_down_and_refuses_what_it_cannot_compute_exactly() {
        let q = Quote {
            price: dec("59940.123456789012"),
            raw_price: dec("60000.123456789012"),
            min_amount: dec("0.0001"),
            from: "BTC".into(),
            to: "USDT".into(),
            from_scale: 8,
            to_scale: 6,
            ..quote(1)
        };
        // 8 decimals times 12 is 20: exact, then cut to USDT's 6.
        let e = exchange_amounts(&q, dec("0.12345678")).unwrap();
        assert_eq!(e.to_amount, dec("7400.014634"));
        assert!(e.fee > Decimal::ZERO);
        assert_eq!(
            exchange_amounts(&q, dec("0.00009999")),
            Err(ExchangeRefusal::BelowMinimum)
        );
        for huge in ["99999999999999999999", "12345678.12345678"] {
            assert_eq!(
                exchange_amounts(&q, dec(huge)),
                Err(ExchangeRefusal::TooLarge),
                "{huge}"
            );
        }
        assert_eq!(
            exchange_amounts(&q, Decimal::MAX),
            Err(ExchangeRefusal::TooLarge)
        );
    }

    #[test]
    fn prices_and_minimums_round_in_the_platforms_favour() {
        assert_eq!(quoted_price(dec("60000"), dec("0.001")), Some(dec("59940")));
        // 1/3 with a 0.1 % spread is 0.33299999...: cut, not rounded up.
        let p = quoted_price(dec("1") / dec("3"), dec("0.001")).unwrap();
        assert_eq!(p, dec("0.332999999999"));
        assert_eq!(min_amount(dec("60000"), 4), Some(dec("0.0001")));
        assert_eq!(min_amount(dec("3"), 4), Some(dec("0.3334")));
        assert_eq!(min_amount(dec("0.1"), 0), Some(dec("10")));
        assert_eq!(min_amount(Decimal::ONE, USDT_SCALE), Some(dec("1")));
    }
}
