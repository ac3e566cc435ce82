//! Onyx's matching engine against orderbook-rs on one seeded command stream.
//!
//! ```text
//! CARGO_TARGET_DIR=target cargo run --release \
//!     --manifest-path benches/engine/Cargo.toml -- [--commands N] [--seed S] [--rounds R]
//! ```
//!
//! `QUICK=1` shrinks the default run to 200,000 commands and one round.
//!
//! Method: `gen` pre-generates the stream (exchange-core's 9% GTC, 3% IOC,
//! 6% cancel, 82% move mix over a ~1,000-order book); `engines` replays it
//! through both engines. Throughput is the median of `rounds` timed loops
//! with no per-command instrumentation, the engines alternating so a burst
//! of load from other processes on a shared machine does not land on one
//! engine only. Latency is a separate pass per engine with a clock read
//! around every command, recorded in an HDR histogram; its figures include
//! the clock's own cost, printed as "timer overhead". Single thread.
//!
//! Fairness: both engines end each pass with the book the generator
//! recorded (checked order by order, id, side, price, quantity), so they did
//! the same matching work. See `engines` for the command mapping and the
//! differences that remain.

mod engines;
mod gen;

use engines::{Check, ReplaceVia};
use gen::{Mix, Stream};
use hdrhistogram::Histogram;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

struct Args {
    commands: usize,
    seed: u64,
    rounds: usize,
    rs_replace: ReplaceVia,
}

fn args() -> Args {
    let quick = std::env::var("QUICK").is_ok_and(|v| v == "1");
    let mut args = Args {
        commands: if quick { 200_000 } else { 3_000_000 },
        seed: 42,
        rounds: if quick { 1 } else { 3 },
        rs_replace: ReplaceVia::CancelAdd,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = |name: &str| -> u64 {
            it.next()
                .and_then(|v| v.replace('_', "").parse().ok())
                .unwrap_or_else(|| panic!("{name} takes a number"))
        };
        match flag.as_str() {
            "--commands" => args.commands = value("--commands") as usize,
            "--seed" => args.seed = value("--seed"),
            "--rounds" => args.rounds = (value("--rounds") as usize).max(1),
            "--rs-replace" => {
                args.rs_replace = match it.next().as_deref() {
                    Some("update") => ReplaceVia::Update,
                    Some("cancel-add") => ReplaceVia::CancelAdd,
                    _ => panic!("--rs-replace takes update or cancel-add"),
                }
            }
            other => panic!(
                "unknown argument {other}; use --commands N, --seed S, --rounds R, --rs-replace update|cancel-add"
            ),
        }
    }
    args
}

struct Row {
    name: &'static str,
    /// Per-round wall times of the measured commands.
    walls: Vec<Duration>,
    hist: Histogram<u64>,
    check: Check,
}

impl Row {
    fn median_wall(&self) -> Duration {
        let mut w = self.walls.clone();
        w.sort();
        w[w.len() / 2]
    }
    fn ops_per_sec(&self, n: usize) -> f64 {
        n as f64 / self.median_wall().as_secs_f64()
    }
}

fn main() {
    let args = args();
    println!(
        "Matching engine benchmark: seed {}, {} measured commands, {} throughput round(s), single thread",
        args.seed,
        thousands(args.commands as u64),
        args.rounds
    );

    println!("Load average at start: {}", loadavg());
    let t0 = Instant::now();
    let stream = gen::generate(args.commands, args.seed);
    let rs_stream = engines::translate(&stream, args.rs_replace);
    println!(
        "Stream generated in {:.1} s ({} prefill GTC orders build the starting book, untimed).",
        t0.elapsed().as_secs_f64(),
        stream.prefill.len()
    );
    print_stream(&stream);

    let mut onyx_walls = Vec::new();
    let mut rs_walls = Vec::new();
    for round in 1..=args.rounds {
        let onyx = engines::onyx_throughput(&stream);
        let rs = engines::rs_throughput(&rs_stream);
        eprintln!(
            "round {round}: Onyx {:.3} s, orderbook-rs {:.3} s",
            onyx.as_secs_f64(),
            rs.as_secs_f64()
        );
        onyx_walls.push(onyx);
        rs_walls.push(rs);
    }
    let (onyx_hist, onyx_check) = engines::onyx_latency(&stream);
    let (rs_hist, rs_check) = engines::rs_latency(&rs_stream);
    let rows = [
        Row {
            name: "Onyx (onyx-kernel orderbook)",
            walls: onyx_walls,
            hist: onyx_hist,
            check: onyx_check,
        },
        Row {
            // The version benches/engine/Cargo.lock pins.
            name: "orderbook-rs 0.15.3",
            walls: rs_walls,
            hist: rs_hist,
            check: rs_check,
        },
    ];

    print_table(&rows, args.commands);
    // Other processes share the cores: the load says how much to trust the
    // tails (a max near 4 ms is one scheduler time slice lost).
    println!("Load average at end: {}", loadavg());
    println!(
        "Timer overhead (p50 of an empty Instant::now() pair, included in every latency sample): {} ns",
        engines::timer_overhead_p50()
    );
    print_books(&rows, &stream);
    print_notes(args.rs_replace);
}

fn print_stream(stream: &Stream) {
    let s = &stream.stats;
    let Mix { gtc, ioc, cancel, replace } = s.mix;
    let total = s.mix.total() as f64;
    let pct = |n: u64| 100.0 * n as f64 / total;
    println!();
    println!(
        "Command mix (measured): GTC {} ({:.2}%), IOC {} ({:.2}%), cancel {} ({:.2}%), replace/move {} ({:.2}%)",
        thousands(gtc),
        pct(gtc),
        thousands(ioc),
        pct(ioc),
        thousands(cancel),
        pct(cancel),
        thousands(replace),
        pct(replace)
    );
    let n = s.samples.len().max(1) as f64;
    let avg = |f: fn(&(usize, usize)) -> usize| s.samples.iter().map(f).sum::<usize>() as f64 / n;
    let range = |f: fn(&(usize, usize)) -> usize| {
        let it = s.samples.iter().map(f);
        (it.clone().min().unwrap_or(0), it.max().unwrap_or(0))
    };
    let (omin, omax) = range(|x| x.0);
    let (lmin, lmax) = range(|x| x.1);
    println!(
        "Book during the stream (sampled every 1,024 commands): resting orders avg {:.0} (min {}, max {}), price levels avg {:.0} (min {}, max {})",
        avg(|x| x.0),
        omin,
        omax,
        avg(|x| x.1),
        lmin,
        lmax
    );
    println!(
        "Trades: {} fills ({:.3} per command); mid price {} -> {} ticks (range {}..{})",
        thousands(s.fills),
        s.fills as f64 / total,
        s.mid_start,
        s.mid_end,
        s.mid_min,
        s.mid_max
    );
}

fn print_table(rows: &[Row], n: usize) {
    println!();
    println!("| Engine | Wall time (median) | Ops/s (median) | Ops/s per round | p50 | p99 | p99.9 | max |");
    println!("|---|---:|---:|---|---:|---:|---:|---:|");
    for r in rows {
        let per_round: Vec<String> = r
            .walls
            .iter()
            .map(|w| format!("{:.2}M", n as f64 / w.as_secs_f64() / 1e6))
            .collect();
        println!(
            "| {} | {:.3} s | {} | {} | {} | {} | {} | {} |",
            r.name,
            r.median_wall().as_secs_f64(),
            thousands(r.ops_per_sec(n) as u64),
            per_round.join(" / "),
            nanos(r.hist.value_at_quantile(0.50)),
            nanos(r.hist.value_at_quantile(0.99)),
            nanos(r.hist.value_at_quantile(0.999)),
            nanos(r.hist.max()),
        );
    }
    let ratio = rows[0].ops_per_sec(n) / rows[1].ops_per_sec(n);
    println!();
    println!("Ratio (Onyx ops/s / orderbook-rs ops/s): {ratio:.2}x");
}

fn print_books(rows: &[Row], stream: &Stream) {
    println!();
    let levels = |orders: &[(u64, onyx_kernel::orderbook::Side, u64, u64)]| {
        orders
            .iter()
            .map(|o| (o.1 == onyx_kernel::orderbook::Side::Buy, o.2))
            .collect::<BTreeSet<_>>()
            .len()
    };
    for r in rows {
        let same = r.check.final_orders == stream.final_orders;
        println!(
            "Final book, {}: {} resting orders on {} levels; identical to the generator's book (id, side, price, qty): {}",
            r.name,
            r.check.final_orders.len(),
            levels(&r.check.final_orders),
            if same { "yes" } else { "NO" }
        );
        let outcomes: Vec<String> = r
            .check
            .outcomes
            .iter()
            .map(|(k, v)| format!("{k} x{}", thousands(*v)))
            .collect();
        println!(
            "  outcomes other than plain success: {}",
            if outcomes.is_empty() { "none".to_string() } else { outcomes.join(", ") }
        );
    }
    println!(
        "Generator's book: {} resting orders on {} levels",
        stream.final_orders.len(),
        levels(&stream.final_orders)
    );
}

fn print_notes(via: ReplaceVia) {
    println!();
    println!("Semantics (same for both unless said):");
    println!("- GTC/IOC limits, price-time priority, trades at the maker's price; integer ticks and lots.");
    println!("- Replace = cancel + re-add at the new price and quantity, losing time priority, may trade");
    println!(
        "  (Onyx Command::Replace; orderbook-rs {}).",
        match via {
            ReplaceVia::CancelAdd => "cancel_order + add_limit_order_with_user, its faster path; --rs-replace update for update_order",
            ReplaceVia::Update => "update_order(UpdatePriceAndQuantity); --rs-replace cancel-add for the other path",
        }
    );
    println!("- Self-trade prevention: always on in Onyx, off in orderbook-rs (its default). Never triggered:");
    println!("  owners 1-50 only buy and 51-100 only sell, so no order can meet its own owner.");
    println!("- An IOC remainder: Onyx emits Cancelled(Unfilled); orderbook-rs returns Err(InsufficientLiquidity).");
    println!("- Onyx fills a caller-owned event buffer; orderbook-rs (no listener set) returns the order");
    println!("  as an Arc and keeps concurrent structures (skip list, concurrent map, atomics) Onyx has none of.");
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_string())
}

fn nanos(ns: u64) -> String {
    if ns >= 10_000 {
        format!("{:.1} µs", ns as f64 / 1000.0)
    } else {
        format!("{ns} ns")
    }
}

fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
