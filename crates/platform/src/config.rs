//! Runtime configuration: every value comes from a flag with an environment
//! fallback (see `onyx serve --help` and the README's table).

use clap::Args;
use onyx_kernel::address::Network;
use onyx_kernel::hd::{DepositKey, HdError};
use std::path::PathBuf;

/// Live-socket connections one client address may hold unless configured.
pub const CONNECTIONS_PER_IP_DEFAULT: usize = 20;

#[derive(Args, Clone, Debug)]
pub struct DbArgs {
    /// Folder for the SQLite database, uploads and other local state.
    #[arg(long, env = "ONYX_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// postgres://user@host/db to use PostgreSQL; empty for SQLite in the data dir.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,
}

#[derive(Args, Clone, Debug)]
pub struct Config {
    #[command(flatten)]
    pub db: DbArgs,
    /// Port for the API, the WebSocket and the web app.
    #[arg(long, env = "ONYX_PORT", default_value_t = 8080)]
    pub port: u16,
    /// Address to bind.
    #[arg(long, env = "ONYX_BIND", default_value = "0.0.0.0")]
    pub bind: String,
    /// Seed demo content, a demo user and an operator into an empty database.
    #[arg(long, env = "ONYX_DEMO", default_value_t = false)]
    pub demo: bool,
    /// Folder of the built web app; default: embedded (release) or ./web/dist.
    #[arg(long, env = "ONYX_WEB_DIR")]
    pub web_dir: Option<PathBuf>,
    /// SMTP server for codes, e.g. smtps://user:pass@smtp.example.com:465.
    /// Without it no email leaves the server (with --demo, codes appear in
    /// the development mailbox at /dev/mailbox).
    #[arg(long, env = "ONYX_SMTP_URL")]
    pub smtp_url: Option<String>,
    /// Sender address for email.
    #[arg(
        long,
        env = "ONYX_SMTP_FROM",
        default_value = "Onyx <no-reply@localhost>"
    )]
    pub smtp_from: String,
    /// Lifetime of a sign-in session.
    #[arg(long, env = "ONYX_SESSION_HOURS", default_value_t = 168)]
    pub session_hours: i64,
    /// Lifetime of a "remember this device" cookie.
    #[arg(long, env = "ONYX_REMEMBER_DAYS", default_value_t = 30)]
    pub remember_days: i64,
    /// Largest accepted upload.
    #[arg(long, env = "ONYX_UPLOAD_MAX_MB", default_value_t = 10)]
    pub upload_max_mb: u64,
    /// Take the client address from X-Forwarded-For (only behind a proxy you run).
    #[arg(long, env = "ONYX_TRUST_PROXY", default_value_t = false)]
    pub trust_proxy: bool,
    /// Mark cookies Secure (set when served over https); also sends
    /// Strict-Transport-Security and makes https the server's own scheme
    /// for the socket's Origin check.
    #[arg(long, env = "ONYX_SECURE_COOKIES", default_value_t = false)]
    pub secure_cookies: bool,
    /// Other web origins whose pages may open the live socket, comma
    /// separated (`https://app.example.com,https://m.example.com`). The
    /// server's own origin is always allowed.
    #[arg(long, env = "ONYX_ALLOWED_ORIGINS", value_delimiter = ',')]
    pub allowed_origins: Vec<String>,
    /// Price feed: simulator (offline, default), binance (public stream at
    /// --market-url) or off (no live prices).
    #[arg(
        long,
        env = "ONYX_MARKET_FEED",
        value_enum,
        default_value = "simulator"
    )]
    pub market_feed: MarketFeed,
    /// Binance-style combined-stream URL for --market-feed binance.
    #[arg(
        long,
        env = "ONYX_MARKET_URL",
        default_value = "wss://stream.binance.com:9443/stream"
    )]
    pub market_url: String,
    /// Seed of the price simulator (same seed, same prices and backfill).
    #[arg(long, env = "ONYX_MARKET_SEED", default_value_t = 42)]
    pub market_seed: u64,
    /// A coin without a tick for this long is stale: shown as such and
    /// never settled on.
    #[arg(long, env = "ONYX_STALE_SECONDS", default_value_t = 10)]
    pub stale_seconds: u64,
    /// Days of the price tape (one index tick per coin and second) kept
    /// for recomputing settlements.
    #[arg(long, env = "ONYX_TAPE_RETENTION_DAYS", default_value_t = 30)]
    pub tape_retention_days: u64,
    /// Least time between one user's orders of a fixed-payout product
    /// (second contracts, options); 0 for none.
    #[arg(long, env = "ONYX_CONTRACT_ORDER_GAP_MS", default_value_t = 1_000)]
    pub contract_order_gap_ms: u64,
    /// Socket heartbeat period (15 s; tests shorten it).
    #[arg(skip = 15_000u64)]
    pub socket_heartbeat_ms: u64,
    /// How often the market service re-reads the catalogue, so coins an
    /// operator enables or disables are priced without a restart.
    #[arg(long, env = "ONYX_MARKET_RELOAD_SECONDS", default_value_t = 30)]
    pub market_reload_seconds: u64,
    /// Live-socket connections one client address may hold (raise it when
    /// many users share an address, e.g. behind a carrier NAT).
    #[arg(long, env = "ONYX_WS_CONNECTIONS_PER_IP", default_value_t = CONNECTIONS_PER_IP_DEFAULT)]
    pub ws_connections_per_ip: usize,
    /// Run the built-in market maker (quotes around the index price on the
    /// pairs enabled in `spot_maker_settings`); `--maker false` to turn off.
    #[arg(long, env = "ONYX_MAKER", default_value_t = true, action = clap::ArgAction::Set)]
    pub maker: bool,
    /// How often the market maker replaces its quotes.
    #[arg(long, env = "ONYX_MAKER_INTERVAL_MS", default_value_t = 5_000)]
    pub maker_interval_ms: u64,
    /// Keep composed messages, codes included, in memory and show them at
    /// /dev/mailbox. Not a flag: `--demo` without SMTP turns it on, and a
    /// test may turn it on alone; with SMTP it stays off whatever this says.
    #[arg(skip)]
    pub dev_mailbox: bool,
    /// With `--demo`, seed two lead traders with three weeks of futures
    /// trades; `--demo-leads false` for a demo whose ledger moves only by
    /// what is done to it (the crash tests).
    #[arg(long, env = "ONYX_DEMO_LEADS", default_value_t = true, action = clap::ArgAction::Set)]
    pub demo_leads: bool,
    /// With `--demo`, how many demo traders (`demo-trader-1`...) to seed
    /// and run: each funded by a confirmed deposit, placing small market
    /// orders against the market maker so the demo's tape holds real
    /// fills; 0 for none (the crash tests). At most 5.
    #[arg(long, env = "ONYX_DEMO_TRADERS", default_value_t = 3,
        value_parser = clap::value_parser!(u8).range(0..=5))]
    pub demo_traders: u8,
    /// How often one demo trader (in turn) places an order, 1 s to 10 min.
    #[arg(long, env = "ONYX_DEMO_TRADER_INTERVAL_MS", default_value_t = 4_000,
        value_parser = clap::value_parser!(u64).range(1_000..=600_000))]
    pub demo_trader_interval_ms: u64,
    /// Run the periodic house sweeps (fixed-payout settlement, futures
    /// liquidation and funding, earn accrual, rebates) and the pruning of
    /// past sessions. Not a flag: a server always runs them; a test turns
    /// them off to run each sweep itself, so that no background run takes
    /// the work it asserts on.
    #[arg(skip = true)]
    pub sweeps: bool,
    /// Extended public key (xpub...) that per-user EVM deposit addresses
    /// (ERC-20, BEP-20, ETH) are derived from; without it the ASSET_COIN
    /// address is shown to everyone. Never give the server a private key.
    #[arg(long, env = "ONYX_DEPOSIT_XPUB_EVM")]
    pub deposit_xpub_evm: Option<String>,
    /// Extended public key for per-user TRON (TRC-20, TRX) deposit addresses.
    #[arg(long, env = "ONYX_DEPOSIT_XPUB_TRON")]
    pub deposit_xpub_tron: Option<String>,
    /// Extended public key (xpub or zpub) for per-user Bitcoin deposit
    /// addresses (native segwit, bc1q...).
    #[arg(long, env = "ONYX_DEPOSIT_XPUB_BTC")]
    pub deposit_xpub_btc: Option<String>,
}

/// Where live prices come from.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarketFeed {
    Simulator,
    Binance,
    Off,
}

impl Config {
    /// A configuration for tests and tools: SQLite in `data_dir`, defaults elsewhere.
    pub fn for_data_dir(data_dir: PathBuf, database_url: Option<String>) -> Config {
        Config {
            db: DbArgs {
                data_dir,
                database_url,
            },
            port: 0,
            bind: "127.0.0.1".into(),
            demo: false,
            web_dir: None,
            smtp_url: None,
            smtp_from: "Onyx <no-reply@localhost>".into(),
            session_hours: 168,
            remember_days: 30,
            upload_max_mb: 10,
            trust_proxy: false,
            secure_cookies: false,
            allowed_origins: Vec::new(),
            market_feed: MarketFeed::Off,
            market_url: "wss://stream.binance.com:9443/stream".into(),
            market_seed: 42,
            stale_seconds: 10,
            tape_retention_days: 30,
            contract_order_gap_ms: 1_000,
            socket_heartbeat_ms: 15_000,
            market_reload_seconds: 30,
            ws_connections_per_ip: CONNECTIONS_PER_IP_DEFAULT,
            // Tests place their own orders; one that wants the maker turns it on.
            maker: false,
            maker_interval_ms: 5_000,
            dev_mailbox: false,
            demo_leads: true,
            // Tests that want the demo traders seed them and run rounds themselves.
            demo_traders: 0,
            demo_trader_interval_ms: 4_000,
            // Tests run the sweeps they assert on; one that wants them
            // running turns them on.
            sweeps: false,
            deposit_xpub_evm: None,
            deposit_xpub_tron: None,
            deposit_xpub_btc: None,
        }
    }

    /// The operator's deposit key for a network family, if configured.
    /// Startup has already refused a bad key (see [`Config::check_deposit_keys`]).
    pub fn deposit_key(&self, network: Network) -> Option<Result<DepositKey, HdError>> {
        let text = match network {
            Network::Evm => &self.deposit_xpub_evm,
            Network::Tron => &self.deposit_xpub_tron,
            Network::Bitcoin => &self.deposit_xpub_btc,
        };
        text.as_deref()
            .filter(|t| !t.trim().is_empty())
            .map(|t| DepositKey::parse(t, network))
    }

    /// Every configured deposit key parses as an extended public key. The
    /// message names the flag, never the value, which may be a private key
    /// pasted by mistake.
    pub fn check_deposit_keys(&self) -> anyhow::Result<()> {
        for (network, flag) in [
            (Network::Evm, "--deposit-xpub-evm (ONYX_DEPOSIT_XPUB_EVM)"),
            (
                Network::Tron,
                "--deposit-xpub-tron (ONYX_DEPOSIT_XPUB_TRON)",
            ),
            (
                Network::Bitcoin,
                "--deposit-xpub-btc (ONYX_DEPOSIT_XPUB_BTC)",
            ),
        ] {
            if let Some(Err(e)) = self.deposit_key(network) {
                anyhow::bail!("{flag}: {e}");
            }
        }
        Ok(())
    }

    pub fn upload_max_bytes(&self) -> usize {
        (self.upload_max_mb as usize) * 1024 * 1024
    }
}
