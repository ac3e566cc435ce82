//! WebSocket fan-out: N clients subscribed to every coin's DETAIL stream,
//! against a real `onyx serve` process with the simulator feed (8 coins,
//! about one tick per coin per second). Prints, per N, the DETAIL messages
//! delivered per second and the tick-to-client latency (the tick's server
//! timestamp to the moment a client has parsed the message; same clock).
//!
//! Run: `cargo bench -p onyx-server --bench ws_fanout` (release build).
//! Options (env): ONYX_BENCH_CLIENTS=1000,5000,10000  ONYX_BENCH_SECONDS=10
//!
//! The server runs as its own process so each side stays under the
//! per-process descriptor limit; every connection comes from 127.0.0.1, so
//! the server is started with a per-address limit above N.

mod support;

use futures_util::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::{free_port, ScratchDir};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::Message;

const CONNECT_CONCURRENCY: usize = 200;
const WARM_UP: Duration = Duration::from_secs(3);

struct Server {
    child: Child,
    _data: ScratchDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn start_server(clients_max: usize) -> (Server, u16) {
    let port = free_port();
    let data = ScratchDir::new();
    let child = Command::new(env!("CARGO_BIN_EXE_onyx"))
        .args(["serve", "--bind", "127.0.0.1", "--port", &port.to_string()])
        .arg("--data-dir")
        .arg(&data.0)
        .args(["--market-feed", "simulator"])
        .args(["--ws-connections-per-ip", &(clients_max + 100).to_string()])
        .env("ONYX_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start onyx");
    let server = Server { child, _data: data };
    for _ in 0..300 {
        if TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            return (server, port);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("onyx did not start listening on {port}");
}

#[derive(Default)]
struct Totals {
    counting: AtomicBool,
    messages: AtomicU64,
    latency_ms: Mutex<Option<Histogram<u64>>>,
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock after 1970")
        .as_millis() as i64
}

/// One subscriber. `ready` fires once it is connected and subscribed.
async fn client(
    port: u16,
    totals: Arc<Totals>,
    stop: Arc<AtomicBool>,
    ready: tokio::sync::oneshot::Sender<()>,
) -> Result<(), String> {
    let url = format!("ws://127.0.0.1:{port}/ws/bench-{}", rand::random::<u64>());
    let (mut ws, _) = tokio_tungstenite::connect_async(&url)
        .await
        .map_err(|e| e.to_string())?;
    ws.send(Message::text(r#"{"op":"subscribe","type":"detail"}"#))
        .await
        .map_err(|e| e.to_string())?;
    let _ = ready.send(());
    let mut local = Histogram::<u64>::new_with_bounds(1, 600_000, 3).expect("histogram bounds");
    let mut count = 0u64;
    while !stop.load(Ordering::Relaxed) {
        let next = tokio::time::timeout(Duration::from_millis(500), ws.next()).await;
        let Ok(Some(Ok(Message::Text(text)))) = next else {
            if matches!(next, Ok(None) | Ok(Some(Err(_)))) {
                return Err("connection closed by the server".into());
            }
            continue;
        };
        if !totals.counting.load(Ordering::Relaxed) {
            continue;
        }
        let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        if v["type"] == "DETAIL" {
            count += 1;
            if let Some(ts) = v["data"]["ts"].as_i64().filter(|t| *t > 0) {
                let _ = local.record((now_ms() - ts).max(1) as u64);
            }
        }
    }
    totals.messages.fetch_add(count, Ordering::Relaxed);
    let mut all = totals.latency_ms.lock().expect("histogram lock");
    match all.as_mut() {
        Some(h) => h.add(&local).expect("same bounds"),
        None => *all = Some(local),
    }
    Ok(())
}

struct Row {
    clients: usize,
    connected: usize,
    connect_s: f64,
    per_second: f64,
    expected_per_second: f64,
    p50: u64,
    p99: u64,
    max: u64,
}

async fn run(clients: usize, seconds: u64) -> Row {
    let (_server, port) = start_server(clients).await;
    let totals = Arc::new(Totals::default());
    let stop = Arc::new(AtomicBool::new(false));
    let gate = Arc::new(Semaphore::new(CONNECT_CONCURRENCY));
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(clients);
    let connected = Arc::new(AtomicU64::new(0));
    for _ in 0..clients {
        // At most CONNECT_CONCURRENCY handshakes in flight.
        let permit = gate.clone().acquire_owned().await.expect("semaphore open");
        let (totals, stop, connected) = (totals.clone(), stop.clone(), connected.clone());
        let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
        tokio::spawn(async move {
            if ready_rx.await.is_ok() {
                connected.fetch_add(1, Ordering::Relaxed);
            }
            drop(permit);
        });
        tasks.push(tokio::spawn(async move {
            let result = client(port, totals, stop, ready_tx).await;
            if let Err(e) = &result {
                eprintln!("client: {e}");
            }
            result.is_ok()
        }));
    }
    // Every handshake has finished (or failed) once all permits are back.
    let _all = gate
        .acquire_many(CONNECT_CONCURRENCY as u32)
        .await
        .expect("semaphore open");
    let connect_s = started.elapsed().as_secs_f64();
    tokio::time::sleep(WARM_UP).await;
    totals.counting.store(true, Ordering::Relaxed);
    let window = Instant::now();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    totals.counting.store(false, Ordering::Relaxed);
    let elapsed = window.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let mut ok = 0;
    for t in tasks {
        if t.await.unwrap_or(false) {
            ok += 1;
        }
    }
    let hist = totals.latency_ms.lock().expect("histogram lock").take();
    let (p50, p99, max) = hist
        .map(|h| {
            (
                h.value_at_quantile(0.50),
                h.value_at_quantile(0.99),
                h.max(),
            )
        })
        .unwrap_or((0, 0, 0));
    Row {
        clients,
        connected: ok.min(connected.load(Ordering::Relaxed) as usize),
        connect_s,
        per_second: totals.messages.load(Ordering::Relaxed) as f64 / elapsed,
        // 8 simulated coins, one tick each per second, to every client.
        expected_per_second: (clients * 8) as f64,
        p50,
        p99,
        max,
    }
}

fn main() {
    let sizes: Vec<usize> = std::env::var("ONYX_BENCH_CLIENTS")
        .unwrap_or_else(|_| "1000,5000,10000".into())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    let seconds: u64 = std::env::var("ONYX_BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    println!("WebSocket fan-out: DETAIL for 8 simulated coins (~1 tick/coin/s), {seconds} s window per row");
    println!("| clients | connected | connect s | msgs/s delivered | msgs/s offered | latency p50 ms | p99 ms | max ms |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for n in sizes {
        let r = runtime.block_on(run(n, seconds));
        println!(
            "| {} | {} | {:.1} | {:.0} | {:.0} | {} | {} | {} |",
            r.clients,
            r.connected,
            r.connect_s,
            r.per_second,
            r.expected_per_second,
            r.p50,
            r.p99,
            r.max
        );
    }
}
