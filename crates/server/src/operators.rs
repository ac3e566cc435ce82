//! Creating operator accounts (`onyx operator create`, and the demo seed).

use anyhow::{bail, Context};
use onyx_platform::credentials::hash_password;
use onyx_store::repo::admins;
use onyx_store::Db;

pub async fn create(db: &Db, username: &str, password: &str, role: &str) -> anyhow::Result<i64> {
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
    let admin = admins::create(db, &username, &hash, role)
        .await
        .context("storing the operator")?;
    Ok(admin.id)
}
