//! Creating operator accounts (`onyx operator create`, and the demo seed),
//! and taking the second factor off one who lost the device
//! (`onyx operator reset-totp`).

use anyhow::{bail, Context};
use chrono::{DateTime, Utc};
use onyx_platform::credentials::hash_password;
use onyx_store::repo::admins;
use onyx_store::Db;

/// `now` dates the new account.
pub async fn create(
    db: &Db,
    username: &str,
    password: &str,
    role: &str,
    now: DateTime<Utc>,
) -> anyhow::Result<i64> {
    let username = onyx_kernel::identity::parse_username(username).map_err(|_| {
        anyhow::anyhow!(
            "operator names are 4-20 letters, digits or underscores, starting with a letter"
        )
    })?;
    if !admins::ROLES.contains(&role) {
        bail!("role must be one of {}", admins::ROLES.join(", "));
    }
    if onyx_kernel::identity::check_login_password(password).is_err() {
        bail!("operator passwords are 8-64 characters with at least one letter and one digit");
    }
    if admins::find_by_username(db, &username).await?.is_some() {
        bail!("an operator named {username} already exists");
    }
    let hash = hash_password(password)
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let admin = admins::create(db, &username, &hash, role, now)
        .await
        .context("storing the operator")?;
    Ok(admin.id)
}

/// The actor the audit trail names for changes made from the command line
/// (whoever runs it holds the database already).
pub fn cli_actor() -> onyx_platform::audit::Actor {
    onyx_platform::audit::Actor {
        kind: "cli",
        id: None,
        name: "cli".to_string(),
    }
}

/// Removes the operator's TOTP secret and recovery codes and ends their
/// sessions, audited with `reason` (`operator.totp_reset`). An owner then
/// signs in with the password and enrols a new device before anything
/// else. Returns the sessions ended.
pub async fn reset_totp(
    db: &Db,
    username: &str,
    reason: &str,
    now: DateTime<Utc>,
) -> anyhow::Result<u64> {
    onyx_account::api::operator_security::reset(db, &cli_actor(), username.trim(), reason, now)
        .await
        .map_err(|e| match e.code {
            onyx_kernel::ErrorCode::NotFound => anyhow::anyhow!("no operator named {username}"),
            onyx_kernel::ErrorCode::ReasonRequired => anyhow::anyhow!("--reason is required"),
            _ => anyhow::anyhow!("{}", e.message("en")),
        })
}
