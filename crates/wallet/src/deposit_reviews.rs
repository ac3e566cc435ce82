//! Operators' review of deposit claims: confirm (credit and bonus) or reject, with the rival claims of the same transfer; the bonus rules.

use crate::asset;
use crate::deposit_rules::{best_bonus, BonusRule, SCALE_MAX};
use crate::deposits::{self as recharge, DepositView};
use crate::entity::{deposit, deposit_bonus_rule};
use crate::postings;
use crate::repo::deposits;
use crate::repo::deposits::DepositStatus;
use crate::WalletContext;
use chrono::{DateTime, Utc};
use onyx_content::api::messages;
use onyx_kernel::ledger::PostingRef;
use onyx_kernel::money::Amount;
use onyx_kernel::{i18n, ErrorCode};
use onyx_kernel::{Failure, Outcome};
use onyx_platform::audit::{self, Actor};
use onyx_platform::notice;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{SqlErr, TransactionTrait};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

/// Largest bonus percentage a rule may pay: more than the deposit itself
/// is a typo, not a promotion.
pub(crate) const RATIO_MAX: Decimal = Decimal::ONE_HUNDRED;

/// A claim with its owner, for operators.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AdminDeposit {
    pub user_id: i64,
    #[serde(flatten)]
    pub deposit: DepositView,
    /// Other users' claims of the same transfer, oldest first: compare
    /// addresses, amounts and screenshots before crediting one.
    pub conflicts_with: Vec<RivalClaim>,
}

/// Another user's claim of the same transfer.
#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct RivalClaim {
    pub id: i64,
    pub user_id: i64,
    pub network: String,
    pub address: String,
    pub amount: String,
    pub screenshot: Option<String>,
    pub status: String,
    pub create_time: DateTime<Utc>,
}

impl From<deposit::Model> for RivalClaim {
    fn from(d: deposit::Model) -> RivalClaim {
        RivalClaim {
            id: d.id,
            user_id: d.user_id,
            network: d.network,
            address: d.address,
            amount: d.amount.to_string(),
            screenshot: d.screenshot,
            status: d.status.into(),
            create_time: d.created_at,
        }
    }
}

impl AdminDeposit {
    fn new(d: deposit::Model, rivals: Vec<deposit::Model>) -> AdminDeposit {
        let contested = recharge::is_contested(&d, &rivals);
        AdminDeposit {
            user_id: d.user_id,
            deposit: DepositView {
                contested,
                ..DepositView::from(d)
            },
            conflicts_with: rivals.into_iter().map(RivalClaim::from).collect(),
        }
    }
}

/// The operator's view of `rows`, each with its rivals.
pub(crate) async fn with_rivals(
    db: &impl sea_orm::ConnectionTrait,
    rows: Vec<deposit::Model>,
) -> Outcome<Vec<AdminDeposit>> {
    let mut rivals = recharge::rivals(db, &rows).await?;
    Ok(rows
        .into_iter()
        .map(|d| {
            let theirs = rivals.remove(&d.id).unwrap_or_default();
            AdminDeposit::new(d, theirs)
        })
        .collect())
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DepositQuery {
    /// `pending` (default), `confirmed` or `rejected`.
    pub status: Option<String>,
    pub user_id: Option<i64>,
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// Sort key: `id`, `userId`, `coin`, `amount`, `createTime`, `reviewTime` (default `id`: pending asc, others desc).
    pub order_by: Option<String>,
    /// `asc` or `desc`.
    pub order: Option<String>,
}

pub(crate) async fn one_with_rivals(
    db: &impl sea_orm::ConnectionTrait,
    row: deposit::Model,
) -> Outcome<AdminDeposit> {
    let mut all = with_rivals(db, vec![row]).await?;
    all.pop()
        .ok_or_else(|| Failure::internal("a claim vanished while read"))
}

/// The stored rules as the bonus arithmetic sees them.
pub(crate) fn bonus_rules(rows: &[deposit_bonus_rule::Model]) -> Vec<(i64, BonusRule)> {
    rows.iter()
        .map(|r| {
            (
                r.id,
                BonusRule {
                    min_amount: r.min_amount.get(),
                    ratio: r.ratio.get(),
                    max_bonus: r.max_bonus.get(),
                },
            )
        })
        .collect()
}

/// Confirms claim `id` as operator `me`: the API's confirm, and the demo
/// seed's. Two confirmations racing each other credit once: the ledger
/// gate admits one at a time and the status is re-read inside it.
pub async fn confirm(
    state: &WalletContext,
    me: &onyx_store::entity::admin::Model,
    id: i64,
    raw_reason: &str,
) -> Outcome<AdminDeposit> {
    let reason = audit::reason(raw_reason)?;
    let mut txn = state.ledger.begin().await?;
    let claim = deposits::find(txn.conn(), id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    if claim.status != DepositStatus::Pending {
        return Err(ErrorCode::InvalidState.into());
    }
    // Another user's claim of this transfer may have been credited since:
    // read under the gate, so two confirmations cannot both pass.
    let credited = deposits::with_tx_hash(txn.conn(), &claim.tx_hash)
        .await?
        .into_iter()
        .any(|d| {
            d.status == DepositStatus::Confirmed && recharge::same_chain(&d.network, &claim.network)
        });
    if credited {
        return Err(ErrorCode::DepositTxHashUsed.into());
    }
    let amount = Amount::from_decimal(claim.amount.get())
        .map_err(|_| Failure::internal(format!("deposit {id} has a malformed amount")))?;
    let rules = deposits::enabled_rules(txn.conn(), Some(&claim.coin)).await?;
    let parsed = bonus_rules(&rules);
    let arithmetic: Vec<BonusRule> = parsed.iter().map(|(_, r)| r.clone()).collect();
    let bonus = best_bonus(&arithmetic, amount).map(|(i, b)| (parsed[i].0, b));

    let user = u64::try_from(claim.user_id).map_err(Failure::internal)?;
    let reference = PostingRef::Deposit(id);
    let now = state.clock.now();
    let credit = postings::deposit(
        user,
        &claim.coin,
        amount,
        bonus.as_ref().map(|(_, b)| *b),
        &reference,
        now.timestamp_millis(),
    );
    let tx_id = txn.post(&reference, credit).await?;
    let bonus_value = bonus
        .as_ref()
        .map(|(_, b)| DecimalText::from(b.as_decimal().normalize()));
    let bonus_text = bonus_value.map(|b| b.to_string());
    let decided = deposits::review(
        txn.conn(),
        id,
        deposits::Review {
            status: DepositStatus::Confirmed,
            reviewed_by: me.id,
            reason: None,
            bonus: bonus_value,
            ledger_tx_id: Some(tx_id),
            now,
        },
    )
    .await
    .map_err(|e| match e.sql_err() {
        // The database's own guard (ux_deposits_credited_network_tx_hash).
        Some(SqlErr::UniqueConstraintViolation(_)) => ErrorCode::DepositTxHashUsed.into(),
        _ => Failure::from(e),
    })?;
    if !decided {
        return Err(ErrorCode::InvalidState.into());
    }
    // In every language: the user reads it in the one they use then.
    let render = |lang: &str| {
        let mut body = i18n::message(
            lang,
            "deposit_confirmed_body",
            &[
                ("amount", claim.amount.to_string()),
                ("coin", claim.coin.clone()),
            ],
        );
        if let Some(b) = &bonus_text {
            body.push(' ');
            body.push_str(&i18n::message(
                lang,
                "deposit_bonus_paid",
                &[("bonus", b.clone()), ("coin", claim.coin.clone())],
            ));
        }
        let title = i18n::message(
            lang,
            "deposit_confirmed_title",
            &[("coin", claim.coin.clone())],
        );
        (title, notice::paragraph(&body))
    };
    messages::create_localized(txn.conn(), claim.user_id, render, state.clock.now()).await?;
    let detail = json!({"userId": claim.user_id, "coin": claim.coin, "amount": claim.amount,
        "network": claim.network, "txHash": claim.tx_hash, "ledgerTxId": tx_id,
        "bonus": bonus_text, "bonusRuleId": bonus.as_ref().map(|(rule, _)| *rule),
        "status": {"old": claim.status, "new": DepositStatus::Confirmed}});
    audit::record(
        txn.conn(),
        state.clock.now(),
        &onyx_platform::audit::Actor::operator(me.id, &me.username),
        "deposit.confirm",
        &format!("deposit:{id}"),
        reason,
        detail,
    )
    .await?;
    let row = deposits::find(txn.conn(), id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    let view = one_with_rivals(txn.conn(), row).await?;
    txn.commit().await?;
    tracing::info!(deposit_id = id, user_id = claim.user_id, coin = %claim.coin,
        amount = %claim.amount, "deposit confirmed");
    Ok(view)
}

/// Rejects claim `id`; nothing is posted. Under the ledger gate too, so a
/// rejection cannot slip in while a confirmation of the same claim runs.
pub async fn reject(
    state: &WalletContext,
    me: &onyx_store::entity::admin::Model,
    id: i64,
    raw_reason: &str,
) -> Outcome<AdminDeposit> {
    let reason = audit::reason(raw_reason)?;
    let txn = state.ledger.begin().await?;
    let claim = deposits::find(txn.conn(), id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    if claim.status != DepositStatus::Pending {
        return Err(ErrorCode::InvalidState.into());
    }
    let decided = deposits::review(
        txn.conn(),
        id,
        deposits::Review {
            status: DepositStatus::Rejected,
            reviewed_by: me.id,
            reason: Some(reason),
            bonus: None,
            ledger_tx_id: None,
            now: state.clock.now(),
        },
    )
    .await?;
    if !decided {
        return Err(ErrorCode::InvalidState.into());
    }
    let render = |lang: &str| {
        let title = i18n::message(
            lang,
            "deposit_rejected_title",
            &[("coin", claim.coin.clone())],
        );
        let body = i18n::message(
            lang,
            "deposit_rejected_body",
            &[
                ("amount", claim.amount.to_string()),
                ("coin", claim.coin.clone()),
                ("reason", reason.to_string()),
            ],
        );
        (title, notice::paragraph(&body))
    };
    messages::create_localized(txn.conn(), claim.user_id, render, state.clock.now()).await?;
    let detail = json!({"userId": claim.user_id, "coin": claim.coin, "amount": claim.amount,
        "network": claim.network, "txHash": claim.tx_hash,
        "status": {"old": claim.status, "new": DepositStatus::Rejected}});
    audit::record(
        txn.conn(),
        state.clock.now(),
        &onyx_platform::audit::Actor::operator(me.id, &me.username),
        "deposit.reject",
        &format!("deposit:{id}"),
        reason,
        detail,
    )
    .await?;
    let row = deposits::find(txn.conn(), id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    let view = one_with_rivals(txn.conn(), row).await?;
    txn.commit().await?;
    Ok(view)
}

/// A deposit bonus rule.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct RuleView {
    pub id: i64,
    pub coin: String,
    pub min_amount: String,
    /// Percent of the deposit.
    pub ratio: String,
    pub max_bonus: String,
    pub enabled: bool,
    pub create_time: DateTime<Utc>,
}

impl From<deposit_bonus_rule::Model> for RuleView {
    fn from(r: deposit_bonus_rule::Model) -> RuleView {
        RuleView {
            id: r.id,
            coin: r.coin,
            min_amount: r.min_amount.to_string(),
            ratio: r.ratio.to_string(),
            max_bonus: r.max_bonus.to_string(),
            enabled: r.enabled,
            create_time: r.created_at,
        }
    }
}

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct RuleBody {
    pub coin: String,
    /// Smallest deposit the rule pays on (0 for every deposit).
    pub min_amount: String,
    /// Percent of the deposit, above 0 and at most 100.
    pub ratio: String,
    /// The most one deposit earns.
    pub max_bonus: String,
    pub enabled: bool,
    #[serde(default)]
    pub reason: String,
}

/// A rule's fields, checked and in stored form.
pub(crate) struct CheckedRule {
    coin: String,
    min_amount: DecimalText,
    ratio: DecimalText,
    max_bonus: DecimalText,
    enabled: bool,
}

pub(crate) fn check_rule(body: &RuleBody) -> Outcome<CheckedRule> {
    let coin = asset(&body.coin);
    if coin.is_empty() || coin.len() > 16 || !coin.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(Failure::invalid("coin"));
    }
    let amount = |text: &str, field: &'static str, zero_ok: bool| -> Outcome<DecimalText> {
        let a = Amount::parse(text.trim()).map_err(|_| Failure::invalid(field))?;
        if (a.is_zero() && !zero_ok) || a.as_decimal().normalize().scale() > SCALE_MAX {
            return Err(Failure::invalid(field));
        }
        Ok(a.as_decimal().normalize().into())
    };
    let ratio = amount(&body.ratio, "ratio", false)?;
    if ratio.get() > RATIO_MAX {
        return Err(Failure::invalid("ratio"));
    }
    Ok(CheckedRule {
        coin,
        min_amount: amount(&body.min_amount, "minAmount", true)?,
        ratio,
        max_bonus: amount(&body.max_bonus, "maxBonus", false)?,
        enabled: body.enabled,
    })
}

impl CheckedRule {
    pub(crate) fn fields(&self) -> deposits::RuleFields<'_> {
        deposits::RuleFields {
            coin: &self.coin,
            min_amount: self.min_amount,
            ratio: self.ratio,
            max_bonus: self.max_bonus,
            enabled: self.enabled,
        }
    }
}

pub(crate) fn rule_json(r: &deposit_bonus_rule::Model) -> serde_json::Value {
    json!({"coin": r.coin, "minAmount": r.min_amount, "ratio": r.ratio,
        "maxBonus": r.max_bonus, "enabled": r.enabled})
}

/// Adds a bonus rule, audited with its reason.
pub async fn create_rule(ctx: &WalletContext, by: &Actor, body: &RuleBody) -> Outcome<RuleView> {
    let reason = audit::reason(&body.reason)?;
    let rule = check_rule(body)?;
    let txn = ctx.db.begin().await?;
    let row = deposits::create_rule(&txn, rule.fields(), ctx.clock.now()).await?;
    let detail = json!({"new": rule_json(&row)});
    let target = format!("deposit_bonus_rule:{}", row.id);
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "deposit_bonus_rule.create",
        &target,
        reason,
        detail,
    )
    .await?;
    txn.commit().await?;
    Ok(RuleView::from(row))
}

/// Replaces a bonus rule's fields, audited with the old and new values.
pub async fn update_rule(
    ctx: &WalletContext,
    by: &Actor,
    id: i64,
    body: &RuleBody,
) -> Outcome<RuleView> {
    let reason = audit::reason(&body.reason)?;
    let rule = check_rule(body)?;
    let txn = ctx.db.begin().await?;
    let old = deposits::find_rule(&txn, id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    let row = deposits::update_rule(&txn, id, rule.fields()).await?;
    let detail = json!({"old": rule_json(&old), "new": rule_json(&row)});
    let target = format!("deposit_bonus_rule:{id}");
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "deposit_bonus_rule.update",
        &target,
        reason,
        detail,
    )
    .await?;
    txn.commit().await?;
    Ok(RuleView::from(row))
}
