//! Which deposit networks are open: an ASSET_COIN entry is open when the
//! server can give a user an address on it, that is when the operator gave
//! an extended public key for its family (`--deposit-xpub-*`) or a shared
//! `coinAddress`. The app lists only these, so a network that would answer
//! DepositClosed (-4030) is never offered.

use crate::deposits::{channel, RechargeChannel};
use crate::WalletContext;
use onyx_kernel::Outcome;
use onyx_store::repo::settings;

/// Whether a user can be given an address on `ch` (as `resolve_target`
/// decides it).
pub(crate) fn is_open(state: &WalletContext, ch: &RechargeChannel) -> bool {
    ch.family
        .is_some_and(|family| state.config.deposit_key(family).is_some())
        || !ch.shared_address.is_empty()
}

/// The open networks, in the operator's ASSET_COIN order.
pub async fn open_networks(state: &WalletContext) -> Outcome<Vec<RechargeChannel>> {
    let list = settings::get(&state.db, "ASSET_COIN").await?;
    let mut out = Vec::new();
    for entry in list.as_array().into_iter().flatten() {
        let (Some(coin), Some(name)) = (entry["coin"].as_str(), entry["coinName"].as_str()) else {
            continue;
        };
        // An entry `channel` cannot read is closed, as a claim on it would be.
        let Ok(ch) = channel(&state.db, coin, name).await else {
            continue;
        };
        if is_open(state, &ch) {
            out.push(ch);
        }
    }
    Ok(out)
}
