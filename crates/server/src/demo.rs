//! `--demo`: on an empty database only, a demo user, an operator, demo
//! content in every language it is written in, and settings that open the
//! flows a newcomer wants to try, and a confirmed 10,000 USDT deposit for
//! the demo user; the demo traders (see `demo_traders`).

use crate::state::AppState;
use onyx_kernel::address::Network;
use onyx_kernel::hd::DepositKey;
use onyx_store::repo::{admins, settings, users};
use onyx_wallet::api::deposits;
use onyx_wallet::api::deposits::{self as recharge, PayRequest};
use serde_json::Value;

pub const DEMO_USER: &str = "demo";
pub const DEMO_PASSWORD: &str = "demo-pass-1";
pub const DEMO_INVITE_CODE: &str = "ONYXDEMO";
pub const DEMO_OPERATOR: &str = "admin";
pub const DEMO_OPERATOR_PASSWORD: &str = "admin-pass-1";
/// The demo operator's TOTP secret, published like its password so the
/// demo's console (and the scripts that drive it) can sign in: an owner
/// must have a second factor. Add it to an authenticator app by hand.
pub const DEMO_OPERATOR_TOTP_SECRET: &str = "ONYXDEMOONYXDEMOONYXDEMOONYXDEMO";
/// What the demo user starts with in spot, deposited like any other user's.
pub const DEMO_DEPOSIT_AMOUNT: &str = "10000";
pub const DEMO_DEPOSIT_NETWORK: &str = "USDT-TRC20";
/// "OnyxDemoDeposit" in hex, padded: a hash no real transfer will have.
pub const DEMO_DEPOSIT_TX_HASH: &str =
    "4f6e797844656d6f4465706f7369740000000000000000000000000000000001";
/// BIP32 test vector 1, m/0H. Its private key is published, so the address
/// derived from it is for show only: a demo must not look like a place to
/// send real money.
const DEMO_TRON_XPUB: &str = "xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw";

pub async fn seed_if_empty(state: &AppState) -> anyhow::Result<bool> {
    let db = &state.db;
    let now = state.clock.now();
    if users::count(db).await? > 0 || admins::count(db).await? > 0 {
        tracing::info!("database already has accounts: demo seed skipped");
        return Ok(false);
    }
    let credits: onyx_store::DecimalText = settings::get(db, "LOGIN_REGIS_SETTING").await?
        ["credits"]
        .as_str()
        .unwrap_or("0")
        .parse()
        .map_err(|e| anyhow::anyhow!("LOGIN_REGIS_SETTING credits: {e}"))?;
    let hash = onyx_platform::credentials::hash_password(DEMO_PASSWORD)
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let demo_user = users::create(
        db,
        users::NewUser {
            username: Some(DEMO_USER),
            email: None,
            phone: None,
            password_hash: &hash,
            invite_code: DEMO_INVITE_CODE,
            parent_id: None,
            credits,
            register_lang: "en",
            register_ip: "127.0.0.1",
            now,
        },
    )
    .await?;
    onyx_content::api::demo::seed_content(db, now).await?;
    onyx_content::api::demo::send_welcome(db, demo_user.id, "en", now).await?;
    let operator_id =
        crate::operators::create(db, DEMO_OPERATOR, DEMO_OPERATOR_PASSWORD, "owner", now).await?;
    let enrolled = admins::set_pending_totp(db, operator_id, DEMO_OPERATOR_TOTP_SECRET).await?
        && admins::enable_totp(db, operator_id, DEMO_OPERATOR_TOTP_SECRET, 0, now).await?;
    anyhow::ensure!(enrolled, "demo operator's second factor");

    // Open primary verification so the whole KYC flow can be tried.
    let mut auth = settings::get(db, "AUTH_LIMIT").await?;
    auth["isOpenPrimary"] = Value::Bool(true);
    settings::put(db, "AUTH_LIMIT", &auth, None, now).await?;

    deposit_opening_balance(state, demo_user.id, DEMO_DEPOSIT_TX_HASH).await?;
    let operator = admins::find_by_username(db, DEMO_OPERATOR)
        .await?
        .ok_or_else(|| anyhow::anyhow!("demo operator missing"))?;
    onyx_earn::api::demo::seed(
        &state.ctx,
        &onyx_platform::audit::Actor::operator(operator.id, &operator.username),
    )
    .await
    .map_err(|e| anyhow::anyhow!("demo earn products: {e:?}"))?;
    onyx_rewards::api::demo::seed(
        &state.ctx,
        &onyx_platform::audit::Actor::operator(operator.id, &operator.username),
    )
    .await
    .map_err(|e| anyhow::anyhow!("demo welfare centre: {e:?}"))?;
    crate::demo_traders::seed(state, state.config.demo_traders, |id, tx_hash| async move {
        deposit_opening_balance(state, id, &tx_hash).await
    })
    .await?;
    if state.config.demo_leads {
        seed_lead_traders(
            state,
            &hash,
            &onyx_platform::audit::Actor::operator(operator.id, &operator.username),
        )
        .await?;
    }

    tracing::info!(
        "demo seeded: user {DEMO_USER} / {DEMO_PASSWORD} (invite code {DEMO_INVITE_CODE}), operator {DEMO_OPERATOR} / {DEMO_OPERATOR_PASSWORD}"
    );
    Ok(true)
}

/// 10,000 USDT for the demo user through the normal deposit path: a claim
/// the user files and the demo operator confirms (audited like any
/// operator's), so the ledger and the audit trail hold nothing a real
/// deposit would not.
async fn deposit_opening_balance(
    state: &AppState,
    user_id: i64,
    tx_hash: &str,
) -> anyhow::Result<()> {
    let db = &state.db;
    // Without an operator key or address USDT-TRC20 deposits are closed;
    // the demo opens them with a shared address of a public test key.
    let mut coins = settings::get(db, "ASSET_COIN").await?;
    if let Some(entry) = coins.as_array_mut().into_iter().flatten().find(|e| {
        e["coinName"].as_str() == Some(DEMO_DEPOSIT_NETWORK)
            && e["coinAddress"]
                .as_str()
                .is_none_or(|a| a.trim().is_empty())
    }) {
        let address = DepositKey::parse(DEMO_TRON_XPUB, Network::Tron)?.address(0)?;
        entry["coinAddress"] = Value::String(address);
        settings::put(db, "ASSET_COIN", &coins, None, state.clock.now()).await?;
    }
    let wallet = state.wallet_context();
    let claim = recharge::claim(
        &wallet,
        user_id,
        None,
        PayRequest {
            coin: "usdt".into(),
            symbol: DEMO_DEPOSIT_NETWORK.into(),
            amount: DEMO_DEPOSIT_AMOUNT.into(),
            tx_hash: tx_hash.into(),
            screenshot: None,
        },
    )
    .await
    .map_err(|e| anyhow::anyhow!("demo deposit claim: {e:?}"))?;
    let operator = admins::find_by_username(db, DEMO_OPERATOR)
        .await?
        .ok_or_else(|| anyhow::anyhow!("demo operator missing"))?;
    deposits::confirm(&wallet, &operator, claim.id, "Demo seed: opening balance")
        .await
        .map_err(|e| anyhow::anyhow!("demo deposit confirmation: {e:?}"))?;
    Ok(())
}

/// Two lead traders (password as the demo user's), each with 10,000 USDT
/// deposited like any user's, 5,000 moved to futures, approved, and three
/// weeks of trades on the simulator's price path.
async fn seed_lead_traders(
    state: &AppState,
    password_hash: &str,
    by: &onyx_platform::audit::Actor,
) -> anyhow::Result<()> {
    use onyx_copy_trading::api::demo::{Lead, Style};
    let people = [
        (
            "aurora",
            "Aurora Trend",
            "Rides the day's move on BTC, 10x, out within two days.",
            Style::Trend,
            10,
            800,
        ),
        (
            "meridian",
            "Meridian Reversion",
            "Fades sharp moves on BTC at 5x and waits for the mean.",
            Style::Reversion,
            5,
            1200,
        ),
    ];
    let mut leads = Vec::new();
    for (i, (username, name, bio, style, leverage, margin)) in people.into_iter().enumerate() {
        let invite = format!("ONYX{}", username.to_ascii_uppercase());
        let user = users::create(
            &state.db,
            users::NewUser {
                username: Some(username),
                email: None,
                phone: None,
                password_hash,
                invite_code: &invite,
                parent_id: None,
                credits: onyx_store::DecimalText::ZERO,
                register_lang: "en",
                register_ip: "127.0.0.1",
                now: state.clock.now(),
            },
        )
        .await?;
        // The demo user's hash with its last digit moved on: one deposit each.
        let tx_hash = format!("{}{}", &DEMO_DEPOSIT_TX_HASH[..63], i + 2);
        deposit_opening_balance(state, user.id, &tx_hash).await?;
        onyx_wallet::api::transfers::transfer(
            &state.ctx,
            user.id,
            None,
            &onyx_wallet::api::transfers::TransferRequest {
                from: "spot".into(),
                to: "contract".into(),
                coin: "USDT".into(),
                amount: "5000".into(),
            },
        )
        .await
        .map_err(|e| anyhow::anyhow!("demo lead transfer: {e:?}"))?;
        leads.push((user.id, name, bio, style, leverage, margin));
    }
    let leads: Vec<Lead<'_>> = leads
        .iter()
        .map(|(user_id, name, bio, style, leverage, margin)| Lead {
            user_id: *user_id,
            name,
            bio,
            style: *style,
            leverage: *leverage,
            margin: *margin,
        })
        .collect();
    onyx_copy_trading::api::demo::seed(&state.ctx, by, &leads, state.config.market_seed)
        .await
        .map_err(|e| anyhow::anyhow!("demo lead traders: {e:?}"))
}
