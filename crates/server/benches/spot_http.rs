//! Spot order entry over HTTP, end to end: a real `onyx serve` process
//! (release build, loopback port, its own data dir or PostgreSQL database)
//! takes limit orders on `btcusdt` from N funded users at a fixed offered
//! rate. Prints, per database and rate, the successful orders per second,
//! the latency percentiles and the error counts, then audits the ledger the
//! run left behind with `onyx audit`.
//!
//! Run: `cargo bench -p onyx-server --bench spot_http` (release build).
//! Options (env): ONYX_BENCH_RATES=1000,5000,20000  ONYX_BENCH_SECONDS=10
//! ONYX_BENCH_DBS=sqlite,postgres  ONYX_BENCH_USERS=50
//! ONYX_BENCH_DRAIN_SECONDS=10  ONYX_BENCH_CONNECTIONS (default rate/10,
//! 32..=1024: 100 ms of orders in flight at the offered rate, since the
//! server commits each pair's orders in batches and a small pool would cap
//! the batch, and so the rate)  ONYX_BENCH_PG=postgres://postgres@127.0.0.1:5432
//!
//! Open loop: request i is due at start + i/rate whether or not earlier
//! ones were answered, and its latency runs from that due time, not from
//! when a connection was free to send it (no coordinated omission). Requests
//! wait in one queue for the next free keep-alive connection. After the
//! window the queue drains for at most ONYX_BENCH_DRAIN_SECONDS; whatever is
//! still queued or in flight then is counted `unfinished` and recorded in
//! the histogram at its age at that moment, a lower bound of its latency.
//! "ok/s" counts successful answers (code 200) received inside the window.
//!
//! Setup per row, all through the public API: `--demo` gives the operator
//! admin/admin-pass-1 (with a code from its published TOTP secret) and the invite code ONYXDEMO; the operator opens BTC
//! deposits on a published test address (PUT /api/admin/settings); N users
//! register (POST /api/user/register), each from its own loopback address
//! 127.10.x.y, as N real clients would (registration allows 5 a minute per
//! address); each files a USDT and a BTC deposit claim (payAddress) that the
//! operator confirms. The load then is 30% resting limit buys below 60000,
//! 30% resting limit sells above it, 20% IOC buys and 20% IOC sells across
//! it (so trades happen and the two bands never cross), 0.001 BTC each,
//! every one with its own Idempotency-Key.

mod support;

use hdrhistogram::Histogram;
use sea_orm::ConnectionTrait;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::{free_port, ScratchDir};
use tokio::sync::{mpsc, Mutex};
use tokio::time::sleep_until;

const PRICE: u64 = 60_000;
const QTY: &str = "0.001";
const USDT_PER_USER: &str = "5000000";
const BTC_PER_USER: &str = "500";
/// BIP84 test vector m/84'/0'/0'/0/0: a published key, never a real wallet.
const BTC_TEST_ADDRESS: &str = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const INVITE_CODE: &str = "ONYXDEMO";
const OPERATOR: (&str, &str) = ("admin", "admin-pass-1");
const WARM_UP: Duration = Duration::from_secs(1);
/// Histogram range: 1 µs to 1 h.
const HIST_MAX_US: u64 = 3_600_000_000;

mod http {
    //! Just enough HTTP/1.1 for a keep-alive client: one request at a time
    //! per connection, Content-Length or chunked answers.
    use std::io::{Error, ErrorKind};
    use std::net::{IpAddr, Ipv4Addr, SocketAddr};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::{TcpSocket, TcpStream};

    pub struct Conn {
        stream: TcpStream,
        buf: Vec<u8>,
        pub open: bool,
    }

    fn bad(what: impl ToString) -> Error {
        Error::new(ErrorKind::InvalidData, what.to_string())
    }

    fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
        hay.windows(needle.len()).position(|w| w == needle)
    }

    /// The bytes of one request.
    pub fn request(
        method: &str,
        path: &str,
        port: u16,
        headers: &[(&str, &str)],
        body: Option<&str>,
    ) -> Vec<u8> {
        let mut out = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n");
        for (name, value) in headers {
            out.push_str(name);
            out.push_str(": ");
            out.push_str(value);
            out.push_str("\r\n");
        }
        match body {
            Some(b) => {
                out.push_str("Content-Type: application/json\r\n");
                out.push_str(&format!("Content-Length: {}\r\n\r\n", b.len()));
                out.push_str(b);
            }
            None => out.push_str("Content-Length: 0\r\n\r\n"),
        }
        out.into_bytes()
    }

    impl Conn {
        /// A connection to the server, from `from` (a loopback address) when given.
        pub async fn connect(port: u16, from: Option<IpAddr>) -> std::io::Result<Conn> {
            let to = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
            let stream = match from {
                None => TcpStream::connect(to).await?,
                Some(ip) => {
                    let socket = TcpSocket::new_v4()?;
                    socket.bind(SocketAddr::new(ip, 0))?;
                    socket.connect(to).await?
                }
            };
            stream.set_nodelay(true)?;
            Ok(Conn {
                stream,
                buf: Vec::with_capacity(16 * 1024),
                open: true,
            })
        }

        /// Sends one request and returns the answer's body.
        pub async fn send(&mut self, request: &[u8]) -> std::io::Result<Vec<u8>> {
            self.stream.write_all(request).await?;
            self.buf.clear();
            let head_end = loop {
                if let Some(i) = find(&self.buf, b"\r\n\r\n") {
                    break i;
                }
                self.fill().await?;
            };
            let head = std::str::from_utf8(&self.buf[..head_end]).map_err(bad)?;
            let (mut length, mut chunked) = (None, false);
            for line in head.split("\r\n").skip(1) {
                let Some((name, value)) = line.split_once(':') else {
                    continue;
                };
                let value = value.trim();
                if name.eq_ignore_ascii_case("content-length") {
                    length = Some(value.parse::<usize>().map_err(bad)?);
                } else if name.eq_ignore_ascii_case("transfer-encoding") {
                    chunked = value.to_ascii_lowercase().contains("chunked");
                } else if name.eq_ignore_ascii_case("connection") {
                    self.open = !value.eq_ignore_ascii_case("close");
                }
            }
            let start = head_end + 4;
            if chunked {
                return self.chunked(start).await;
            }
            let length = length.ok_or_else(|| bad("answer without a length"))?;
            while self.buf.len() < start + length {
                self.fill().await?;
            }
            Ok(self.buf[start..start + length].to_vec())
        }

        async fn fill(&mut self) -> std::io::Result<()> {
            let mut chunk = [0u8; 16 * 1024];
            let n = self.stream.read(&mut chunk).await?;
            if n == 0 {
                self.open = false;
                return Err(Error::new(ErrorKind::UnexpectedEof, "connection closed"));
            }
            self.buf.extend_from_slice(&chunk[..n]);
            Ok(())
        }

        async fn line_end(&mut self, from: usize) -> std::io::Result<usize> {
            loop {
                if let Some(i) = find(&self.buf[from..], b"\r\n") {
                    return Ok(from + i);
                }
                self.fill().await?;
            }
        }

        async fn chunked(&mut self, mut at: usize) -> std::io::Result<Vec<u8>> {
            let mut body = Vec::new();
            loop {
                let end = self.line_end(at).await?;
                let size = std::str::from_utf8(&self.buf[at..end]).map_err(bad)?;
                let size = usize::from_str_radix(size.split(';').next().unwrap_or("").trim(), 16)
                    .map_err(bad)?;
                at = end + 2;
                if size == 0 {
                    // Trailers, if any, up to the empty line.
                    loop {
                        let end = self.line_end(at).await?;
                        let empty = end == at;
                        at = end + 2;
                        if empty {
                            return Ok(body);
                        }
                    }
                }
                while self.buf.len() < at + size + 2 {
                    self.fill().await?;
                }
                body.extend_from_slice(&self.buf[at..at + size]);
                at += size + 2;
            }
        }
    }
}

/// A fresh PostgreSQL database, dropped on drop.
struct PgDb {
    server: String,
    name: String,
}

impl PgDb {
    async fn create(server: &str) -> Result<PgDb, String> {
        let name = format!("onyx_bench_{:016x}", rand::random::<u64>());
        let admin = sea_orm::Database::connect(format!("{server}/postgres"))
            .await
            .map_err(|e| format!("connecting to {server}: {e}"))?;
        admin
            .execute_unprepared(&format!("CREATE DATABASE {name}"))
            .await
            .map_err(|e| format!("CREATE DATABASE {name}: {e}"))?;
        let _ = admin.close().await;
        Ok(PgDb {
            server: server.to_string(),
            name,
        })
    }

    fn url(&self) -> String {
        format!("{}/{}", self.server, self.name)
    }
}

impl Drop for PgDb {
    fn drop(&mut self) {
        let (server, name) = (self.server.clone(), self.name.clone());
        // Its own thread and runtime: drop may run inside the bench's runtime.
        let dropped = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| e.to_string())?;
            rt.block_on(async {
                let admin = sea_orm::Database::connect(format!("{server}/postgres"))
                    .await
                    .map_err(|e| e.to_string())?;
                admin
                    .execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .await
                    .map_err(|e| e.to_string())?;
                let _ = admin.close().await;
                Ok::<(), String>(())
            })
        })
        .join();
        if !matches!(dropped, Ok(Ok(()))) {
            eprintln!("could not drop database {}: {dropped:?}", self.name);
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Db {
    Sqlite,
    Postgres,
}

impl Db {
    fn name(self) -> &'static str {
        match self {
            Db::Sqlite => "sqlite",
            Db::Postgres => "postgres",
        }
    }
}

/// Where one run keeps its state: a data dir, and a database for PostgreSQL.
struct Store {
    data: ScratchDir,
    pg: Option<PgDb>,
}

impl Store {
    async fn new(db: Db, pg_server: &str) -> Result<Store, String> {
        let pg = match db {
            Db::Sqlite => None,
            Db::Postgres => Some(PgDb::create(pg_server).await?),
        };
        Ok(Store {
            data: ScratchDir::new(),
            pg,
        })
    }

    /// `--data-dir` and, for PostgreSQL, `--database-url`.
    fn args(&self) -> Vec<std::ffi::OsString> {
        let mut args: Vec<std::ffi::OsString> =
            vec!["--data-dir".into(), self.data.0.clone().into()];
        if let Some(pg) = &self.pg {
            args.push("--database-url".into());
            args.push(pg.url().into());
        }
        args
    }
}

struct Server {
    child: Child,
    port: u16,
}

impl Server {
    async fn start(store: &Store) -> Result<Server, String> {
        let port = free_port();
        let child = Command::new(env!("CARGO_BIN_EXE_onyx"))
            .args(["serve", "--bind", "127.0.0.1", "--port", &port.to_string()])
            .args(store.args())
            .args(["--demo", "--market-feed", "off", "--maker", "false"])
            .env("ONYX_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("start onyx: {e}"))?;
        let mut server = Server { child, port };
        // The port is taken before migrations and the demo seed: wait for
        // an answer, not just a connection.
        let probe = http::request("GET", "/api/common/getAllSetting", port, &[], None);
        for _ in 0..600 {
            if let Ok(Some(status)) = server.child.try_wait() {
                return Err(format!("onyx exited during start: {status}"));
            }
            if let Ok(mut conn) = http::Conn::connect(port, None).await {
                if let Ok(Ok(_)) =
                    tokio::time::timeout(Duration::from_secs(30), conn.send(&probe)).await
                {
                    return Ok(server);
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let _ = server.child.kill();
        Err(format!("onyx did not answer on {port}"))
    }

    /// SIGTERM (in-flight requests finish), then SIGKILL after 60 s.
    async fn stop(mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        for _ in 0..600 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        eprintln!("onyx did not stop within 60 s of SIGTERM: killed");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// One setup call: the envelope's `data`, or why it failed.
async fn call(
    conn: &mut http::Conn,
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> Result<Value, String> {
    let body = body.map(|b| b.to_string());
    let request = http::request(method, path, port, headers, body.as_deref());
    let answer = conn
        .send(&request)
        .await
        .map_err(|e| format!("{method} {path}: {e}"))?;
    let v: Value = serde_json::from_slice(&answer).map_err(|e| format!("{path}: {e}"))?;
    if v["code"] != 200 {
        return Err(format!("{method} {path}: {v}"));
    }
    Ok(v["data"].clone())
}

fn random_hex64() -> String {
    (0..4)
        .map(|_| format!("{:016x}", rand::random::<u64>()))
        .collect()
}

fn idempotency_key() -> String {
    format!(
        "bench-{:016x}{:016x}",
        rand::random::<u64>(),
        rand::random::<u64>()
    )
}

/// Registers `n` users, each from its own loopback address; their tokens.
async fn register_users(port: u16, n: usize) -> Result<Vec<String>, String> {
    let mut tokens = Vec::with_capacity(n);
    // Argon2 hashing dominates; a few at a time keeps both cores busy.
    for first in (0..n).step_by(4) {
        let mut batch = Vec::new();
        for i in first..(first + 4).min(n) {
            batch.push(tokio::spawn(async move {
                let from = IpAddr::V4(Ipv4Addr::new(127, 10, (i / 250) as u8, (i % 250 + 1) as u8));
                let mut conn = http::Conn::connect(port, Some(from))
                    .await
                    .map_err(|e| format!("connect from {from}: {e}"))?;
                let body = json!({
                    "type": "account",
                    "username": format!("bench{i:05}"),
                    "password": "bench-pass-1",
                    "inviteCode": INVITE_CODE,
                });
                let data = call(
                    &mut conn,
                    port,
                    "POST",
                    "/api/user/register",
                    &[],
                    Some(body),
                )
                .await?;
                data["satoken"]
                    .as_str()
                    .map(str::to_string)
                    .ok_or_else(|| format!("register: no satoken in {data}"))
            }));
        }
        for task in batch {
            tokens.push(task.await.map_err(|e| e.to_string())??);
        }
    }
    Ok(tokens)
}

/// The operator's token; opens BTC deposits on the test address.
async fn operator_setup(port: u16) -> Result<String, String> {
    let mut conn = http::Conn::connect(port, None)
        .await
        .map_err(|e| e.to_string())?;
    let now = chrono::Utc::now().timestamp();
    let code = onyx_platform::totp::code_at(onyx_server::demo::DEMO_OPERATOR_TOTP_SECRET, now)
        .ok_or("the demo operator's TOTP secret")?;
    let login = json!({"username": OPERATOR.0, "password": OPERATOR.1, "code": code});
    let data = call(
        &mut conn,
        port,
        "POST",
        "/api/admin/login",
        &[],
        Some(login),
    )
    .await?;
    let token = data["adminToken"]
        .as_str()
        .ok_or("admin login: no adminToken")?
        .to_string();
    let auth = [("adminToken", token.as_str())];
    let settings = call(&mut conn, port, "GET", "/api/admin/settings", &auth, None).await?;
    let mut coins = settings["ASSET_COIN"].clone();
    let btc = coins
        .as_array_mut()
        .and_then(|list| list.iter_mut().find(|e| e["coinName"] == "BTC"))
        .ok_or("ASSET_COIN has no BTC entry")?;
    btc["coinAddress"] = json!(BTC_TEST_ADDRESS);
    let put = json!({"value": coins, "reason": "bench: open BTC deposits on a test address"});
    call(
        &mut conn,
        port,
        "PUT",
        "/api/admin/settings/ASSET_COIN",
        &auth,
        Some(put),
    )
    .await?;
    Ok(token)
}

/// A USDT and a BTC deposit per user: claimed by the user, confirmed by the operator.
async fn fund(port: u16, admin: &str, tokens: &[String]) -> Result<(), String> {
    let mut conn = http::Conn::connect(port, None)
        .await
        .map_err(|e| e.to_string())?;
    let mut ids = Vec::new();
    for token in tokens {
        for (coin, network, amount) in [
            ("usdt", "USDT-TRC20", USDT_PER_USER),
            ("btc", "BTC", BTC_PER_USER),
        ] {
            let key = idempotency_key();
            let claim = json!({"coin": coin, "symbol": network, "amount": amount, "txHash": random_hex64()});
            let headers = [
                ("satoken", token.as_str()),
                ("Idempotency-Key", key.as_str()),
            ];
            let d = call(
                &mut conn,
                port,
                "POST",
                "/api/recharge/payAddress",
                &headers,
                Some(claim),
            )
            .await?;
            ids.push(d["id"].as_i64().ok_or("payAddress: no id")?);
        }
    }
    for id in ids {
        let path = format!("/api/admin/deposits/{id}/confirm");
        let reason = json!({"reason": "bench funding"});
        call(
            &mut conn,
            port,
            "POST",
            &path,
            &[("adminToken", admin)],
            Some(reason),
        )
        .await?;
    }
    Ok(())
}

/// One order request, built when it is due.
struct Job {
    due: Instant,
    request: Vec<u8>,
}

fn order_request(port: u16, token: &str) -> Vec<u8> {
    let pick: u32 = rand::random::<u32>() % 100;
    let offset = 1 + rand::random::<u64>() % 100;
    let (side, tif, price) = match pick {
        0..=29 => ("buy", "gtc", PRICE - offset),
        30..=59 => ("sell", "gtc", PRICE + offset),
        60..=79 => ("buy", "ioc", PRICE + 200),
        _ => ("sell", "ioc", PRICE - 200),
    };
    let body = format!(
        r#"{{"symbol":"btcusdt","side":"{side}","type":"limit","timeInForce":"{tif}","price":"{price}","amount":"{QTY}"}}"#
    );
    let key = idempotency_key();
    http::request(
        "POST",
        "/api/currency/order/submit",
        port,
        &[("satoken", token), ("Idempotency-Key", &key)],
        Some(&body),
    )
}

#[derive(Deserialize)]
struct Answer {
    code: i64,
    data: Option<AnswerData>,
}

#[derive(Deserialize)]
struct AnswerData {
    status: Option<String>,
}

/// What one connection saw.
struct Tally {
    hist: Histogram<u64>,
    ok: u64,
    ok_in_window: u64,
    failures: BTreeMap<i64, u64>,
    transport: u64,
    unfinished: u64,
    statuses: BTreeMap<String, u64>,
    last_answer: Option<Instant>,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            hist: Histogram::new_with_bounds(1, HIST_MAX_US, 3).expect("histogram bounds"),
            ok: 0,
            ok_in_window: 0,
            failures: BTreeMap::new(),
            transport: 0,
            unfinished: 0,
            statuses: BTreeMap::new(),
            last_answer: None,
        }
    }

    fn latency(&mut self, from: Instant, to: Instant) {
        self.hist
            .saturating_record(to.saturating_duration_since(from).as_micros().max(1) as u64);
    }

    fn add(&mut self, other: Tally) {
        self.hist.add(&other.hist).expect("same bounds");
        self.ok += other.ok;
        self.ok_in_window += other.ok_in_window;
        for (k, v) in other.failures {
            *self.failures.entry(k).or_default() += v;
        }
        self.transport += other.transport;
        self.unfinished += other.unfinished;
        for (k, v) in other.statuses {
            *self.statuses.entry(k).or_default() += v;
        }
        self.last_answer = self.last_answer.max(other.last_answer);
    }
}

struct LoadResult {
    tally: Tally,
    scheduled: u64,
    unsent: u64,
    window_s: f64,
    /// How late the generator handed requests to the queue at worst.
    generator_lag: Duration,
    /// From the end of the window to the last answer.
    drain_s: f64,
}

/// One keep-alive connection taking due requests from the shared queue.
async fn worker(
    port: u16,
    queue: Arc<Mutex<mpsc::UnboundedReceiver<Job>>>,
    window_end: Instant,
    deadline: Instant,
) -> Tally {
    let mut tally = Tally::new();
    let mut conn = http::Conn::connect(port, None).await.ok();
    loop {
        let job = {
            let mut queue = queue.lock().await;
            tokio::select! {
                job = queue.recv() => job,
                _ = sleep_until(deadline.into()) => None,
            }
        };
        let Some(job) = job else { break };
        if conn.as_ref().is_none_or(|c| !c.open) {
            conn = http::Conn::connect(port, None).await.ok();
        }
        let Some(c) = conn.as_mut() else {
            tally.transport += 1;
            continue;
        };
        match tokio::time::timeout_at(deadline.into(), c.send(&job.request)).await {
            Err(_) => {
                // Still in flight at the deadline.
                tally.unfinished += 1;
                tally.latency(job.due, deadline);
                break;
            }
            Ok(Err(_)) => {
                tally.transport += 1;
                conn = None;
            }
            Ok(Ok(body)) => {
                let done = Instant::now();
                tally.latency(job.due, done);
                tally.last_answer = Some(done);
                match serde_json::from_slice::<Answer>(&body) {
                    Ok(a) if a.code == 200 => {
                        tally.ok += 1;
                        if done <= window_end {
                            tally.ok_in_window += 1;
                        }
                        let status = a.data.and_then(|d| d.status).unwrap_or_default();
                        *tally.statuses.entry(status).or_default() += 1;
                    }
                    Ok(a) => *tally.failures.entry(a.code).or_default() += 1,
                    Err(_) => tally.transport += 1,
                }
            }
        }
    }
    tally
}

/// Offers `rate` orders a second for `seconds`, open loop.
async fn load(
    port: u16,
    tokens: &[String],
    rate: u64,
    window: Duration,
    drain: Duration,
    connections: usize,
) -> LoadResult {
    let (tx, rx) = mpsc::unbounded_channel::<Job>();
    let queue = Arc::new(Mutex::new(rx));
    // Connections open before the clock starts.
    let start = Instant::now() + Duration::from_millis(200);
    let window_end = start + window;
    let deadline = window_end + drain;
    let workers: Vec<_> = (0..connections)
        .map(|_| tokio::spawn(worker(port, queue.clone(), window_end, deadline)))
        .collect();
    let total = (rate as f64 * window.as_secs_f64()).round() as u64;
    let tokens: Vec<String> = tokens.to_vec();
    let generator = tokio::spawn(async move {
        let mut lag = Duration::ZERO;
        let mut i = 0u64;
        while i < total {
            let due = start + Duration::from_secs_f64(i as f64 / rate as f64);
            let now = Instant::now();
            if due > now {
                sleep_until(due.into()).await;
                continue;
            }
            lag = lag.max(now - due);
            let token = &tokens[rand::random::<usize>() % tokens.len()];
            let _ = tx.send(Job {
                due,
                request: order_request(port, token),
            });
            i += 1;
        }
        lag
    });
    let generator_lag = generator.await.expect("generator");
    let mut tally = Tally::new();
    for w in workers {
        tally.add(w.await.expect("worker"));
    }
    // Due but never sent: recorded at their age at the deadline.
    let mut unsent = 0;
    let mut queue = queue.lock().await;
    while let Ok(job) = queue.try_recv() {
        unsent += 1;
        tally.latency(job.due, deadline);
    }
    let drain_s = tally
        .last_answer
        .map(|t| t.saturating_duration_since(window_end).as_secs_f64())
        .unwrap_or(0.0);
    LoadResult {
        tally,
        scheduled: total,
        unsent,
        window_s: window.as_secs_f64(),
        generator_lag,
        drain_s,
    }
}

/// `onyx audit` on the run's database: (clean, its last line).
fn audit(store: &Store) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_onyx"))
        .arg("audit")
        .args(store.args())
        .env("ONYX_LOG", "warn")
        .stderr(Stdio::inherit())
        .output();
    match out {
        Ok(out) => {
            let text = String::from_utf8_lossy(&out.stdout);
            let last = text
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("");
            (out.status.success(), last.trim().to_string())
        }
        Err(e) => (false, format!("could not run onyx audit: {e}")),
    }
}

struct Config {
    seconds: u64,
    drain: u64,
    users: usize,
    connections: Option<usize>,
    pg_server: String,
}

struct Row {
    db: Db,
    rate: u64,
    connections: usize,
    load: LoadResult,
    setup_s: f64,
    audit: (bool, String),
}

async fn run(db: Db, rate: u64, cfg: &Config) -> Result<Row, String> {
    let store = Store::new(db, &cfg.pg_server).await?;
    let server = Server::start(&store).await?;
    let port = server.port;
    let setup = Instant::now();
    let admin = operator_setup(port).await?;
    let tokens = register_users(port, cfg.users).await?;
    fund(port, &admin, &tokens).await?;
    let setup_s = setup.elapsed().as_secs_f64();
    let connections = cfg
        .connections
        .unwrap_or_else(|| (rate as usize / 10).clamp(32, 1024));
    // Warm-up, not counted: connections, statement caches, the first book levels.
    load(
        port,
        &tokens,
        rate.min(1000),
        WARM_UP,
        Duration::from_secs(10),
        16,
    )
    .await;
    let result = load(
        port,
        &tokens,
        rate,
        Duration::from_secs(cfg.seconds),
        Duration::from_secs(cfg.drain),
        connections,
    )
    .await;
    server.stop().await;
    let audit = audit(&store);
    Ok(Row {
        db,
        rate,
        connections,
        load: result,
        setup_s,
        audit,
    })
}

fn ms(us: u64) -> String {
    format!("{:.2}", us as f64 / 1000.0)
}

fn env_list(name: &str, default: &str) -> Vec<String> {
    std::env::var(name)
        .unwrap_or_else(|_| default.into())
        .split(',')
        .map(|s| s.trim().to_ascii_lowercase())
        .filter(|s| !s.is_empty())
        .collect()
}

fn env_num<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|s| s.trim().parse().ok())
}

fn main() {
    let rates: Vec<u64> = env_list("ONYX_BENCH_RATES", "1000,5000,20000")
        .iter()
        .filter_map(|s| s.parse().ok())
        .filter(|r| *r > 0)
        .collect();
    let dbs: Vec<Db> = env_list("ONYX_BENCH_DBS", "sqlite,postgres")
        .iter()
        .filter_map(|s| match s.as_str() {
            "sqlite" => Some(Db::Sqlite),
            "postgres" | "postgresql" | "pg" => Some(Db::Postgres),
            other => {
                eprintln!("unknown database {other:?}: skipped");
                None
            }
        })
        .collect();
    let cfg = Config {
        seconds: env_num("ONYX_BENCH_SECONDS").unwrap_or(10),
        drain: env_num("ONYX_BENCH_DRAIN_SECONDS").unwrap_or(10),
        users: env_num("ONYX_BENCH_USERS").unwrap_or(50usize).max(2),
        connections: env_num("ONYX_BENCH_CONNECTIONS"),
        pg_server: std::env::var("ONYX_BENCH_PG")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
            .trim_end_matches('/')
            .to_string(),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    let mut rows = Vec::new();
    let mut skipped = Vec::new();
    for db in &dbs {
        for rate in &rates {
            eprintln!("spot_http: {} at {rate}/s ...", db.name());
            match runtime.block_on(run(*db, *rate, &cfg)) {
                Ok(row) => {
                    eprintln!(
                        "spot_http: {} at {rate}/s: {:.0} ok/s, p99 {} ms, audit {}",
                        db.name(),
                        row.load.tally.ok_in_window as f64 / row.load.window_s,
                        ms(row.load.tally.hist.value_at_quantile(0.99)),
                        row.audit.1
                    );
                    rows.push(row);
                }
                Err(e) => {
                    eprintln!("spot_http: {} at {rate}/s failed: {e}", db.name());
                    skipped.push(format!("{} at {rate}/s: {e}", db.name()));
                }
            }
        }
    }

    println!();
    println!(
        "Spot order entry over HTTP, open loop: {} users, limit orders on btcusdt (60% resting, 40% IOC crossing), {} s window, drain <= {} s; latency from each order's scheduled send time",
        cfg.users, cfg.seconds, cfg.drain
    );
    println!("| db | offered/s | conns | scheduled | ok/s achieved | p50 ms | p99 ms | p99.9 ms | max ms | business failures | transport errors | unfinished | audit |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    for r in &rows {
        let t = &r.load.tally;
        let failures: u64 = t.failures.values().sum();
        println!(
            "| {} | {} | {} | {} | {:.0} | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.db.name(),
            r.rate,
            r.connections,
            r.load.scheduled,
            t.ok_in_window as f64 / r.load.window_s,
            ms(t.hist.value_at_quantile(0.50)),
            ms(t.hist.value_at_quantile(0.99)),
            ms(t.hist.value_at_quantile(0.999)),
            ms(t.hist.max()),
            failures,
            t.transport,
            t.unfinished + r.load.unsent,
            if r.audit.0 {
                "clean".to_string()
            } else {
                format!("NOT CLEAN: {}", r.audit.1)
            },
        );
    }
    println!();
    println!("Details: outcome of the accepted orders, failures by code, setup and drain time, generator lag");
    println!("| db | offered/s | ok total | open | partial | filled | cancelled | failures by code | unsent / in flight at deadline | setup s | drain s | generator lag ms |");
    println!("|---|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|");
    for r in &rows {
        let t = &r.load.tally;
        let status = |s: &str| t.statuses.get(s).copied().unwrap_or(0);
        let failures = if t.failures.is_empty() {
            "-".to_string()
        } else {
            t.failures
                .iter()
                .map(|(code, n)| format!("{code}: {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} / {} | {:.1} | {:.1} | {:.1} |",
            r.db.name(),
            r.rate,
            t.ok,
            status("open"),
            status("partial"),
            status("filled"),
            status("cancelled"),
            failures,
            r.load.unsent,
            t.unfinished,
            r.setup_s,
            r.load.drain_s,
            r.load.generator_lag.as_secs_f64() * 1000.0,
        );
    }
    for s in &skipped {
        println!("not run: {s}");
    }
}
