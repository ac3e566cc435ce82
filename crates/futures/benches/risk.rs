//! Risk book figures: 100,000 and 1,000,000 open positions of one coin
//! (half long, half short, liquidation prices 3 % to 50 % away from a mark
//! of 60,000), then what a mark tick costs when it liquidates nothing (the
//! common case), and one that nominates 1,000 longs and takes them out.
//!
//! Run: `cargo bench -p onyx-futures --bench risk`.

use onyx_futures::api::jobs::RiskBook;
use onyx_futures::api::Side;
use rust_decimal::Decimal;
use std::hint::black_box;
use std::time::Instant;

/// A small deterministic generator (xorshift): the same book every run.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn row(n: usize) {
    let mut gen = Gen(0x9e37_79b9_7f4a_7c15);
    let mark = Decimal::from(60_000);
    let mut book = RiskBook::default();
    let mut long_prices = Vec::with_capacity(n / 2);
    let started = Instant::now();
    for id in 0..n {
        // 3 % to 50 % away, in millionths: integer steps of 0.06 USDT.
        let away = 30_000 + (gen.next() % 470_000) as i64;
        let micros = if id % 2 == 0 {
            1_000_000 - away
        } else {
            1_000_000 + away
        };
        let price = Decimal::new(60_000 * micros, 6);
        let side = if id % 2 == 0 { Side::Long } else { Side::Short };
        if side == Side::Long {
            long_prices.push((price, id as i64));
        }
        book.upsert(id as i64, side, Some(price));
    }
    let built = started.elapsed();

    // The common tick: nothing crossed.
    let ticks = 1_000_000;
    let started = Instant::now();
    for i in 0..ticks {
        let m = mark + Decimal::new((i % 100) as i64, 2);
        black_box(book.crossed(black_box(m)));
    }
    let quiet = started.elapsed().as_secs_f64() / ticks as f64;

    // A tick that reaches the 1,000 highest long liquidation prices.
    long_prices.sort_unstable();
    let (threshold, _) = long_prices[long_prices.len() - 1_000];
    let started = Instant::now();
    let hit = book.crossed(threshold);
    for id in &hit {
        book.remove(*id);
    }
    let heavy = started.elapsed();
    assert!(hit.len() >= 1_000, "{} nominated", hit.len());
    println!(
        "| {n} | {:.0} | {:.2} | {:.0} | {} | {:.0} |",
        n as f64 / built.as_secs_f64(),
        quiet * 1e6,
        1.0 / quiet,
        hit.len(),
        heavy.as_secs_f64() * 1e6,
    );
}

fn main() {
    println!("risk book: one coin, half long and half short");
    println!("| positions | inserts/s | quiet tick µs | quiet ticks/s | nominated | tick nominating and removing them µs |");
    println!("|---:|---:|---:|---:|---:|---:|");
    for n in [100_000, 1_000_000] {
        row(n);
    }
}
