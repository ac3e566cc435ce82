use anyhow::Context;
use clap::{Parser, Subcommand};
use onyx_kernel::clock::{Clock, SystemClock};
use onyx_platform::config::{Config, DbArgs};
use std::io::Read;
use std::net::SocketAddr;
use tracing_subscriber::EnvFilter;

// glibc's allocator spent a quarter of the server's time at saturation;
// without transparent huge pages, mimalloc does not have the kernel zero
// fresh 2 MB pages after each purge (docs/decisions/0018-ledger-write-path.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Onyx: a self-hostable crypto exchange and wallet.
#[derive(Parser)]
#[command(name = "onyx", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API, the WebSocket and the web app on one port.
    Serve(Box<Config>),
    /// Apply pending database migrations and exit.
    Migrate(DbArgs),
    /// Recompute every balance from the ledger's postings and check every
    /// invariant and every hold. Exits 0 when the ledger is clean, 2 on a
    /// violation. The run is recorded (operator `cli`) for the console.
    Audit(DbArgs),
    /// Recompute every settled second contract from the price tape and its
    /// stored terms. Exits 0 when all match, 3 on any mismatch.
    Verify(DbArgs),
    /// Print the OpenAPI document of every call (the same JSON as
    /// `GET /api/openapi.json`) and exit.
    Openapi,
    /// Manage operator accounts.
    Operator {
        #[command(subcommand)]
        command: OperatorCommand,
    },
}

#[derive(Subcommand)]
enum OperatorCommand {
    /// Create an operator. The password is read from ONYX_OPERATOR_PASSWORD
    /// or, when unset, from the first line of standard input.
    Create {
        #[command(flatten)]
        db: DbArgs,
        #[arg(long)]
        username: String,
        /// owner, support or compliance.
        #[arg(long, default_value = "owner")]
        role: String,
    },
    /// Take the second factor (TOTP secret and recovery codes) off an
    /// operator who lost the device, and end their sessions; audited.
    /// An owner enrols again at the next sign-in.
    ResetTotp {
        #[command(flatten)]
        db: DbArgs,
        #[arg(long)]
        username: String,
        /// Why, for the audit trail.
        #[arg(long)]
        reason: String,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("ONYX_LOG").unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .init();
    onyx_http::middleware::install_panic_hook();
    match Cli::parse().command {
        Command::Serve(config) => serve(*config).await,
        Command::Migrate(db) => {
            let conn = onyx_store::connect(db.database_url.as_deref(), &db.data_dir).await?;
            onyx_server::migrations::migrate(&conn).await?;
            println!("migrations applied ({})", onyx_store::backend_name(&conn));
            Ok(())
        }
        Command::Audit(db) => {
            // No migration, so an audit never changes what it audits; the
            // run itself is recorded in `audit_runs` when that table exists.
            let conn = onyx_store::connect(db.database_url.as_deref(), &db.data_dir).await?;
            let checks = onyx_server::audit_runs::check(&conn, false).await;
            print!("{}", checks.summary);
            let at_ms = SystemClock.now_ms();
            match onyx_server::audit_runs::store_cli_run(&conn, &checks, at_ms).await {
                Ok(id) => eprintln!("audit run {id} recorded"),
                Err(e) => {
                    eprintln!("audit run not recorded ({e}); `onyx migrate` creates its table")
                }
            }
            if let Some(error) = checks.error {
                anyhow::bail!(error);
            }
            if !checks.ok() {
                std::process::exit(2);
            }
            Ok(())
        }
        Command::Verify(db) => {
            // Read-only, like the audit.
            let conn = onyx_store::connect(db.database_url.as_deref(), &db.data_dir).await?;
            if !onyx_server::verify::run(&conn).await? {
                std::process::exit(3);
            }
            Ok(())
        }
        Command::Openapi => {
            use std::io::Write;
            let doc = onyx_server::openapi::document();
            let mut out = std::io::stdout().lock();
            serde_json::to_writer_pretty(&mut out, &doc)?;
            writeln!(out)?;
            Ok(())
        }
        Command::Operator {
            command: OperatorCommand::Create { db, username, role },
        } => {
            let password = match std::env::var("ONYX_OPERATOR_PASSWORD") {
                Ok(p) if !p.is_empty() => p,
                _ => {
                    let mut line = String::new();
                    std::io::stdin()
                        .read_to_string(&mut line)
                        .context("reading the password from stdin")?;
                    line.lines().next().unwrap_or("").to_string()
                }
            };
            let conn = onyx_store::connect(db.database_url.as_deref(), &db.data_dir).await?;
            onyx_server::migrations::migrate(&conn).await?;
            let id = onyx_server::operators::create(
                &conn,
                &username,
                &password,
                &role,
                SystemClock.now(),
            )
            .await?;
            println!("operator {username} created (id {id}, role {role})");
            Ok(())
        }
        Command::Operator {
            command:
                OperatorCommand::ResetTotp {
                    db,
                    username,
                    reason,
                },
        } => {
            let conn = onyx_store::connect(db.database_url.as_deref(), &db.data_dir).await?;
            onyx_server::migrations::migrate(&conn).await?;
            let ended =
                onyx_server::operators::reset_totp(&conn, &username, &reason, SystemClock.now())
                    .await?;
            println!("two-step sign-in removed from {username}; {ended} session(s) ended");
            Ok(())
        }
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let addr: SocketAddr = format!("{}:{}", config.bind, config.port)
        .parse()
        .context("--bind/--port do not form an address")?;
    // Take the port first: a busy port must fail before anything is written.
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    let state = onyx_server::prepare(config).await?;
    let backend = onyx_store::backend_name(&state.db);
    let app = onyx_server::app(state.clone());
    tracing::info!(%addr, backend, "onyx listening on http://{addr}");
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown_signal())
    .await?;
    onyx_market::api::service::stop(&state.market).await;
    tracing::info!("onyx stopped");
    Ok(())
}

/// Resolves on SIGINT or SIGTERM; in-flight requests then finish.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutdown signal received");
}
