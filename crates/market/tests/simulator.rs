use onyx_market::api::simulator::{backfill, profile, Simulator};
use onyx_market::api::{Interval, DEFAULT_COINS};
use rust_decimal::Decimal;

const T0: i64 = 1_795_342_662_000;

fn run(seed: u64, steps: i64) -> Vec<onyx_market::api::Tick> {
    let mut sim = Simulator::new(seed, &DEFAULT_COINS);
    (0..steps).flat_map(|s| sim.step(T0 + s * 1000)).collect()
}

#[test]
fn the_same_seed_gives_the_same_ticks_and_another_seed_differs() {
    let a = run(42, 300);
    assert_eq!(a, run(42, 300));
    assert_ne!(a, run(43, 300));
    assert_eq!(
        a.len(),
        300 * DEFAULT_COINS.len(),
        "one tick per coin per step"
    );
}

#[test]
fn a_coin_walks_the_same_whatever_other_coins_exist() {
    let mut alone = Simulator::new(7, &["eth"]);
    let mut all = Simulator::new(7, &DEFAULT_COINS);
    for s in 0..50 {
        let a = alone.step(T0 + s * 1000);
        let b: Vec<_> = all
            .step(T0 + s * 1000)
            .into_iter()
            .filter(|t| t.coin == "eth")
            .collect();
        assert_eq!(a, b);
    }
}

#[test]
fn prices_start_realistic_keep_their_precision_and_stay_positive() {
    let mut sim = Simulator::new(1, &["btc", "trx", "newcoin"]);
    assert_eq!(sim.price("btc"), Some(Decimal::from(95_000)));
    assert_eq!(sim.price("newcoin"), Some(Decimal::ONE));
    for s in 0..20_000 {
        for t in sim.step(T0 + s * 1000) {
            let p = profile(&t.coin);
            assert!(t.price > Decimal::ZERO && t.quantity > Decimal::ZERO);
            assert!(t.price.scale() <= p.price_dp, "{} {}", t.coin, t.price);
            assert!(t.price > p.start / Decimal::from(10) && t.price < p.start * Decimal::from(10));
            assert_eq!(t.source, "simulator");
        }
    }
}

#[test]
fn backfill_is_coherent_deterministic_and_ends_at_the_start_price() {
    for coin in ["btc", "doge", "other"] {
        for interval in Interval::ALL {
            let bars = backfill(42, coin, interval, 1000, T0);
            assert_eq!(bars, backfill(42, coin, interval, 1000, T0));
            assert_eq!(bars.len(), 1000);
            assert_eq!(bars.last().unwrap().close, profile(coin).start);
            assert_eq!(
                bars.last().unwrap().open_time_ms + interval.duration_ms(),
                interval.bucket_start(T0),
                "the last backfilled bar is the one before the current bucket"
            );
            for w in bars.windows(2) {
                assert_eq!(w[1].open, w[0].close);
                assert_eq!(
                    w[1].open_time_ms - w[0].open_time_ms,
                    interval.duration_ms()
                );
            }
            for b in &bars {
                assert!(b.high >= b.open.max(b.close) && b.low <= b.open.min(b.close));
                assert!(b.low > Decimal::ZERO && b.volume > Decimal::ZERO);
            }
        }
    }
    assert_ne!(
        backfill(42, "btc", Interval::H1, 100, T0),
        backfill(1, "btc", Interval::H1, 100, T0)
    );
}
