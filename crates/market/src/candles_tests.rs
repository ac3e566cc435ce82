use crate::candles::{aggregate, CandleBook};
use crate::{stats, Candle, Interval, Tick};
use rust_decimal::Decimal;
use std::str::FromStr;

/// 2026-11-22T10:00:00Z.
const H: i64 = 1_795_341_600_000;

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

fn tick(ts_ms: i64, price: &str, qty: &str) -> Tick {
    Tick {
        coin: "btc".into(),
        price: d(price),
        quantity: d(qty),
        ts_ms,
        source: "test",
    }
}

fn series() -> Vec<Tick> {
    vec![
        tick(H, "100", "1"),
        tick(H + 10_000, "105", "2"),
        tick(H + 59_999, "98", "0.5"),
        // next minute
        tick(H + 60_000, "99", "1"),
        tick(H + 90_000, "101.5", "2"),
        // five minutes later, same 5m bucket? no: 10:05 opens a new 5m bucket
        tick(H + 300_000, "110", "0.1"),
    ]
}

#[test]
fn one_minute_candles_match_the_hand_computed_series() {
    let got = aggregate(&series(), Interval::M1);
    let want = vec![
        Candle {
            open_time_ms: H,
            open: d("100"),
            high: d("105"),
            low: d("98"),
            close: d("98"),
            volume: d("3.5"),
            quote_volume: d("359"), // 100 + 210 + 49
        },
        Candle {
            open_time_ms: H + 60_000,
            open: d("99"),
            high: d("101.5"),
            low: d("99"),
            close: d("101.5"),
            volume: d("3"),
            quote_volume: d("302"), // 99 + 203
        },
        Candle {
            open_time_ms: H + 300_000,
            open: d("110"),
            high: d("110"),
            low: d("110"),
            close: d("110"),
            volume: d("0.1"),
            quote_volume: d("11"),
        },
    ];
    assert_eq!(got, want);
}

#[test]
fn longer_intervals_fold_the_same_ticks_into_their_buckets() {
    let m5 = aggregate(&series(), Interval::M5);
    assert_eq!(m5.len(), 2);
    assert_eq!(
        (m5[0].open, m5[0].high, m5[0].low, m5[0].close),
        (d("100"), d("105"), d("98"), d("101.5"))
    );
    assert_eq!((m5[0].volume, m5[0].quote_volume), (d("6.5"), d("661")));
    let h1 = aggregate(&series(), Interval::H1);
    assert_eq!(h1.len(), 1);
    assert_eq!(
        (h1[0].open, h1[0].close, h1[0].volume, h1[0].quote_volume),
        (d("100"), d("110"), d("6.6"), d("672"))
    );
    let w1 = aggregate(&series(), Interval::W1);
    assert_eq!(w1[0].open_time_ms, Interval::W1.bucket_start(H));
}

#[test]
fn the_book_matches_aggregate_marks_changes_and_ignores_late_ticks() {
    let mut book = CandleBook::default();
    for t in series() {
        assert!(book.apply(&t));
    }
    assert!(
        !book.apply(&tick(H + 1_000, "1", "1")),
        "older than the current minute"
    );
    assert!(
        !book.apply(&tick(H + 400_000, "0", "1")),
        "non-positive price"
    );
    for interval in Interval::ALL {
        assert_eq!(
            book.current(interval),
            aggregate(&series(), interval).last()
        );
    }
    assert_eq!(book.minutes().len(), 3);
    let dirty = book.take_dirty();
    let minutes: Vec<_> = dirty
        .iter()
        .filter(|(i, _)| *i == Interval::M1)
        .map(|(_, c)| c.clone())
        .collect();
    assert_eq!(
        minutes,
        aggregate(&series(), Interval::M1),
        "closed buckets are kept for the write"
    );
    assert_eq!(
        dirty.len(),
        3 + 2 + 6,
        "1m: 3 buckets, 5m: 2, the rest one each"
    );
    assert!(book.take_dirty().is_empty());
    book.apply(&tick(H + 301_000, "111", "1"));
    assert_eq!(book.take_dirty().len(), 8);
}

#[test]
fn stats_cover_the_last_24_hours_and_truncate_the_percent() {
    let day = stats::DAY_MS;
    let ticks = vec![
        tick(H - day, "999", "5"), // 24 h + ago: outside the window
        tick(H - day + 60_000, "300", "1"),
        tick(H - 3_600_000, "250", "2"),
        tick(H, "301", "1"),
        tick(H + 30_000, "299.5", "1"),
    ];
    let minutes = aggregate(&ticks, Interval::M1);
    let s = stats::compute(&minutes, H + 30_000);
    assert_eq!(s.open_price, d("300"));
    assert_eq!(s.close, d("299.5"));
    assert_eq!(s.change, d("-0.5"));
    // -0.5 / 300 * 100 = -0.1666.. -> -0.16 (toward zero)
    assert_eq!(s.price_change_percent, d("-0.16"));
    assert_eq!(
        (s.high, s.low, s.high24, s.low24),
        (d("301"), d("250"), d("301"), d("250"))
    );
    assert_eq!(s.volume, d("5"));
    assert_eq!(s.volume2, d("1400.5")); // 300 + 500 + 301 + 299.5
    assert_eq!(s.volume24, s.volume2);
    let up = stats::compute(
        &aggregate(
            &[tick(H, "3", "1"), tick(H + 1, "3.9999", "1")],
            Interval::M1,
        ),
        H + 1,
    );
    assert_eq!(up.price_change_percent, d("33.33"));
}
