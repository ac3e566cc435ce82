//! What operators see and set on earn: products (created and changed with
//! a reason, audited with the old and new), staking rates published for
//! days still to come, and the finance house: its balance, the interest
//! it has set aside for earning orders, what it paid and took back, and
//! funding it from outside (audited).

use crate::catalogue::{
    self, EarnKind, ProductStatus, SettlementType, TermOffer, FINANCE, STAKING,
};
use crate::entity::{
    earn_accrual as accrual, earn_order as order, earn_product as product, earn_rate,
};
use crate::house;
use crate::repo::{self, EARNING};
use crate::rules::{day_of, start_of};
use onyx_kernel::ledger::{AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount};
use onyx_kernel::money::{parse_decimal, LEDGER_DP};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_market::api::catalogue::listed_asset;
use onyx_platform::amounts::{asset, parse_amount};
use onyx_platform::audit::{self, Actor};
use onyx_platform::Context;
use onyx_store::entity::ledger_account;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, EntityTrait, NotSet, Set, TransactionTrait};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// A product as operators write it; on an update absent fields stay.
#[derive(Deserialize, ToSchema, Debug, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct ProductBody {
    /// `finance` or `staking` (creation only).
    pub kind: Option<String>,
    /// Language → text; `en` is the fallback.
    #[schema(value_type = Option<Object>)]
    pub title: Option<BTreeMap<String, String>>,
    #[schema(value_type = Option<Object>)]
    pub intro: Option<BTreeMap<String, String>>,
    #[schema(value_type = Option<Object>)]
    pub problem: Option<BTreeMap<String, String>>,
    pub icon: Option<String>,
    pub coin: Option<String>,
    /// Finance: `[{days, apr}]` (APR in percent); staking: one `[{days}]`.
    #[schema(value_type = Option<Vec<Object>>)]
    pub terms: Option<Vec<Value>>,
    pub classify: Option<i32>,
    pub limit_min: Option<String>,
    pub limit_max: Option<String>,
    pub time_limit: Option<i32>,
    pub total_cap: Option<String>,
    pub level: Option<i32>,
    /// `none`, `forfeit` or `penalty`.
    pub early_rule: Option<String>,
    /// The penalty rule's fraction of the principal, 0 to 1.
    pub penalty: Option<String>,
    /// 1 daily, 2 at maturity.
    pub settlement_type: Option<i32>,
    pub auto_renew: Option<bool>,
    pub status: Option<i32>,
    pub sort: Option<i32>,
    pub is_hot: Option<bool>,
    pub reason: String,
}

/// A product with everything an operator edits, and its figures.
#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct ProductAdminView {
    pub id: i64,
    pub kind: String,
    #[schema(value_type = Object)]
    pub title: Value,
    #[schema(value_type = Object)]
    pub intro: Value,
    #[schema(value_type = Object)]
    pub problem: Value,
    pub icon: String,
    pub coin: String,
    #[schema(value_type = Vec<Object>)]
    pub terms: Value,
    pub classify: i32,
    pub limit_min: String,
    pub limit_max: String,
    pub time_limit: i32,
    pub total_cap: String,
    pub level: i32,
    pub early_rule: String,
    pub penalty: String,
    pub settlement_type: i32,
    pub auto_renew: bool,
    pub status: i32,
    pub sort: i32,
    pub is_hot: bool,
    /// Staking: every published rate, `{fromTime, rate}`.
    pub rates: Vec<catalogue::RateView>,
    /// Principal in earning orders and their count.
    pub earning_amount: String,
    pub earning_orders: u64,
}

fn parsed(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

fn s(d: Decimal) -> String {
    d.normalize().to_string()
}

async fn admin_view(
    db: &impl sea_orm::ConnectionTrait,
    r: &product::Model,
) -> Outcome<ProductAdminView> {
    let rates = repo::rates(db, r.id).await?;
    let earning = repo::earning(db, Some(r.id), None).await?;
    let amount = earning
        .iter()
        .try_fold(Decimal::ZERO, |a, o| a.checked_add(o.amount.get()))
        .ok_or_else(|| Failure::internal("overflow"))?;
    Ok(ProductAdminView {
        id: r.id,
        kind: r.kind.into(),
        title: parsed(&r.title),
        intro: parsed(&r.intro),
        problem: parsed(&r.problem),
        icon: r.icon.clone(),
        coin: r.coin.clone(),
        terms: parsed(&r.terms),
        classify: r.classify,
        limit_min: s(r.limit_min.get()),
        limit_max: s(r.limit_max.get()),
        time_limit: r.time_limit,
        total_cap: s(r.total_cap.get()),
        level: r.level,
        early_rule: r.early_rule.clone(),
        penalty: s(r.penalty.get()),
        settlement_type: r.settlement_type.number(),
        auto_renew: r.auto_renew == 1,
        status: r.status.number(),
        sort: r.sort,
        is_hot: r.is_hot == 1,
        rates: rates
            .iter()
            .filter_map(|x| {
                Some(catalogue::RateView {
                    from_time: start_of(x.from_day)?,
                    rate: s(x.rate.get()),
                })
            })
            .collect(),
        earning_amount: s(amount),
        earning_orders: earning.len() as u64,
    })
}

/// Every product of `kind` (all kinds when empty), on or off.
pub async fn products(ctx: &Context, kind: &str) -> Outcome<Vec<ProductAdminView>> {
    let kind = match kind {
        "" => None,
        // No product is of a kind that does not exist.
        named => match EarnKind::parse(named) {
            Some(k) => Some(k),
            None => return Ok(Vec::new()),
        },
    };
    let mut out = Vec::new();
    for r in repo::products(&ctx.db, kind, false).await? {
        out.push(admin_view(&ctx.db, &r).await?);
    }
    Ok(out)
}

fn number(field: &'static str, text: &str, low: Decimal, high: Decimal) -> Outcome<Decimal> {
    let v = parse_decimal(text, LEDGER_DP).map_err(|_| Failure::invalid(field))?;
    if v < low || v > high {
        return Err(Failure::invalid(field));
    }
    Ok(v.normalize())
}

fn texts(field: &'static str, map: &BTreeMap<String, String>, required: bool) -> Outcome<String> {
    if required && map.values().all(|v| v.trim().is_empty()) {
        return Err(Failure::missing(field));
    }
    serde_json::to_string(map).map_err(Failure::internal)
}

/// `body` applied to `r`, checked whole.
fn apply(mut r: product::Model, b: &ProductBody) -> Outcome<product::Model> {
    let big = Decimal::from(1_000_000_000_000i64);
    if let Some(t) = &b.title {
        r.title = texts("title", t, true)?;
    }
    if let Some(t) = &b.intro {
        r.intro = texts("intro", t, false)?;
    }
    if let Some(t) = &b.problem {
        r.problem = texts("problem", t, false)?;
    }
    if let Some(v) = &b.icon {
        r.icon = v.trim().to_string();
    }
    if let Some(v) = &b.coin {
        let coin = asset(v);
        if coin.is_empty() || !coin.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(Failure::invalid("coin"));
        }
        r.coin = coin;
    }
    if let Some(terms) = &b.terms {
        let mut out = Vec::new();
        for t in terms {
            let days = t
                .get("days")
                .and_then(Value::as_i64)
                .filter(|d| (1..=3650).contains(d));
            let days = days.ok_or_else(|| Failure::invalid("terms"))?;
            let apr = match t.get("apr") {
                Some(Value::String(a)) => {
                    Some(number("terms", a, Decimal::ZERO, Decimal::from(1_000))?)
                }
                None | Some(Value::Null) => None,
                _ => return Err(Failure::invalid("terms")),
            };
            out.push(TermOffer {
                days: i32::try_from(days).map_err(|_| Failure::invalid("terms"))?,
                apr,
            });
        }
        r.terms = serde_json::to_string(&out).map_err(Failure::internal)?;
    }
    if let Some(v) = b.classify {
        if !(0..=2).contains(&v) {
            return Err(Failure::invalid("classify"));
        }
        r.classify = v;
    }
    if let Some(v) = &b.limit_min {
        r.limit_min = DecimalText::from(number("limitMin", v, Decimal::ZERO, big)?);
    }
    if let Some(v) = &b.limit_max {
        r.limit_max = DecimalText::from(number("limitMax", v, Decimal::ZERO, big)?);
    }
    if let Some(v) = b.time_limit {
        r.time_limit = v.max(0);
    }
    if let Some(v) = &b.total_cap {
        r.total_cap = DecimalText::from(number("totalCap", v, Decimal::ZERO, big)?);
    }
    if let Some(v) = b.level {
        if !(0..=12).contains(&v) {
            return Err(Failure::invalid("level"));
        }
        r.level = v;
    }
    if let Some(v) = &b.early_rule {
        if !["none", "forfeit", "penalty"].contains(&v.as_str()) {
            return Err(Failure::invalid("earlyRule"));
        }
        r.early_rule = v.clone();
    }
    if let Some(v) = &b.penalty {
        r.penalty = DecimalText::from(number("penalty", v, Decimal::ZERO, Decimal::ONE)?);
    }
    if let Some(v) = b.settlement_type {
        r.settlement_type =
            SettlementType::parse(v).ok_or_else(|| Failure::invalid("settlementType"))?;
    }
    if let Some(v) = b.auto_renew {
        r.auto_renew = i32::from(v);
    }
    if let Some(v) = b.status {
        r.status = ProductStatus::parse(v).ok_or_else(|| Failure::invalid("status"))?;
    }
    if let Some(v) = b.sort {
        r.sort = v;
    }
    if let Some(v) = b.is_hot {
        r.is_hot = i32::from(v);
    }
    // The whole product must make sense, whichever fields changed.
    let terms: Vec<TermOffer> =
        serde_json::from_str(&r.terms).map_err(|_| Failure::invalid("terms"))?;
    let finance = r.kind == FINANCE;
    if terms.is_empty()
        || (finance && terms.iter().any(|t| t.apr.is_none()))
        || (!finance && (terms.len() != 1 || terms.iter().any(|t| t.apr.is_some())))
    {
        return Err(Failure::invalid("terms"));
    }
    if r.limit_min.get() <= Decimal::ZERO || r.limit_min.get() > r.limit_max.get() {
        return Err(Failure::invalid("limitMin"));
    }
    if r.title == "{}" || r.title.is_empty() {
        return Err(Failure::missing("title"));
    }
    Ok(r)
}

/// Creates a product (off until switched on, unless the body says).
pub async fn create(ctx: &Context, by: &Actor, b: &ProductBody) -> Outcome<ProductAdminView> {
    let reason = audit::reason(&b.reason)?;
    let kind = b
        .kind
        .as_deref()
        .and_then(EarnKind::parse)
        .ok_or_else(|| Failure::invalid("kind"))?;
    let now = ctx.now_ms();
    let blank = product::Model {
        id: 0,
        kind,
        title: "{}".into(),
        intro: "{}".into(),
        problem: "{}".into(),
        icon: String::new(),
        coin: "USDT".into(),
        terms: "[]".into(),
        classify: 0,
        limit_min: DecimalText::from(Decimal::ONE),
        limit_max: DecimalText::from(Decimal::from(100_000)),
        time_limit: 0,
        total_cap: DecimalText::from(Decimal::ZERO),
        level: 0,
        early_rule: if kind == FINANCE {
            "forfeit"
        } else {
            "penalty"
        }
        .into(),
        penalty: DecimalText::from(Decimal::ZERO),
        settlement_type: SettlementType::Daily,
        auto_renew: 0,
        status: ProductStatus::Off,
        sort: 0,
        is_hot: 0,
        created_at: now,
        updated_at: now,
    };
    if let Some(coin) = &b.coin {
        listed_asset(&ctx.db, "coin", coin).await?;
    }
    let r = apply(blank, b)?;
    let txn = ctx.db.begin().await?;
    let mut row = product::ActiveModel::from(r).reset_all();
    row.id = NotSet;
    let row = row.insert(&txn).await?;
    let view = admin_view(&txn, &row).await?;
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "earn.product_create",
        &format!("earn_product:{}", row.id),
        reason,
        json!({ "new": view }),
    )
    .await?;
    txn.commit().await?;
    Ok(view)
}

/// Changes a product; earning orders keep the terms they were subscribed
/// on (a finance order its APR, any order its rule and settlement).
pub async fn update(
    ctx: &Context,
    by: &Actor,
    id: i64,
    b: &ProductBody,
) -> Outcome<ProductAdminView> {
    let reason = audit::reason(&b.reason)?;
    let txn = ctx.db.begin().await?;
    let old = repo::product(&txn, id).await?.ok_or(ErrorCode::NotFound)?;
    let before = admin_view(&txn, &old).await?;
    // A product keeps the coin it has even if the catalogue later switched
    // it off; a new coin must be listed.
    if let Some(coin) = b.coin.as_deref().filter(|c| asset(c) != old.coin) {
        listed_asset(&txn, "coin", coin).await?;
    }
    let mut new = apply(old, b)?;
    new.updated_at = ctx.now_ms();
    let row = product::ActiveModel::from(new)
        .reset_all()
        .update(&txn)
        .await?;
    let after = admin_view(&txn, &row).await?;
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "earn.product_update",
        &format!("earn_product:{id}"),
        reason,
        json!({ "old": before, "new": after }),
    )
    .await?;
    txn.commit().await?;
    Ok(after)
}

#[derive(Deserialize, ToSchema, Debug, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct RateBody {
    /// The first day it applies, `YYYY-MM-DD` (UTC): after today.
    pub from_date: String,
    /// Percent per day, 0 to 10.
    pub rate: String,
    pub reason: String,
}

/// Publishes a staking product's daily rate from a day after today on;
/// a rate already published for that day is replaced (still in advance).
pub async fn publish_rate(
    ctx: &Context,
    by: &Actor,
    id: i64,
    b: &RateBody,
) -> Outcome<ProductAdminView> {
    let reason = audit::reason(&b.reason)?;
    let date = chrono::NaiveDate::parse_from_str(b.from_date.trim(), "%Y-%m-%d")
        .map_err(|_| Failure::invalid("fromDate"))?;
    let from_day = date
        .and_hms_opt(0, 0, 0)
        .map(|t| day_of(t.and_utc().timestamp_millis()))
        .ok_or_else(|| Failure::invalid("fromDate"))?;
    let rate = number("rate", &b.rate, Decimal::ZERO, Decimal::TEN)?;
    let now = ctx.now_ms();
    if from_day <= day_of(now) {
        return Err(ErrorCode::EarnRateDay.into());
    }
    let txn = ctx.db.begin().await?;
    let p = repo::product(&txn, id)
        .await?
        .filter(|p| p.kind == STAKING)
        .ok_or(ErrorCode::NotFound)?;
    let existing = repo::rates(&txn, id)
        .await?
        .into_iter()
        .find(|r| r.from_day == from_day);
    let old = existing.as_ref().map(|r| s(r.rate.get()));
    match existing {
        Some(r) => {
            let mut row = earn_rate::ActiveModel::from(r);
            row.rate = Set(DecimalText::from(rate));
            row.published_at = Set(now);
            row.published_by = Set(by.name.clone());
            row.update(&txn).await?;
        }
        None => {
            earn_rate::ActiveModel {
                id: NotSet,
                product_id: Set(id),
                from_day: Set(from_day),
                rate: Set(DecimalText::from(rate)),
                published_at: Set(now),
                published_by: Set(by.name.clone()),
            }
            .insert(&txn)
            .await?;
        }
    }
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "earn.rate_publish",
        &format!("earn_product:{id}"),
        reason,
        json!({ "fromDate": b.from_date.trim(), "old": old, "new": s(rate) }),
    )
    .await?;
    let view = admin_view(&txn, &p).await?;
    txn.commit().await?;
    Ok(view)
}

/// The finance house in one coin.
#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct HouseCoin {
    pub coin: String,
    /// `house_finance` in the ledger.
    pub balance: String,
    /// Interest earning orders still await (set aside).
    pub reserved: String,
    /// What a new subscription may still promise.
    pub free: String,
    pub interest_paid: String,
    pub penalties: String,
    pub earning_principal: String,
    pub earning_orders: u64,
}

/// `house_finance`'s committed balance in `coin`.
async fn house_balance(db: &impl sea_orm::ConnectionTrait, coin: &str) -> Outcome<Decimal> {
    use sea_orm::{ColumnTrait, QueryFilter};
    let key = AccountId::system(SystemAccount::FinanceHouse, coin).key();
    Ok(ledger_account::Entity::find()
        .filter(ledger_account::Column::AccountKey.eq(key))
        .one(db)
        .await?
        .map(|a| a.available.get().normalize())
        .unwrap_or_default())
}

/// The coins `house_finance` has a ledger account in.
async fn funded_coins(db: &impl sea_orm::ConnectionTrait) -> Outcome<Vec<String>> {
    use sea_orm::{ColumnTrait, QueryFilter, QuerySelect};
    Ok(ledger_account::Entity::find()
        .select_only()
        .column(ledger_account::Column::Asset)
        .filter(ledger_account::Column::System.eq(SystemAccount::FinanceHouse.as_str()))
        .into_tuple::<String>()
        .all(db)
        .await?)
}

pub async fn house_book(ctx: &Context) -> Outcome<Vec<HouseCoin>> {
    let mut coins: BTreeMap<String, HouseCoin> = BTreeMap::new();
    let zero = || "0".to_string();
    let entry = |coins: &mut BTreeMap<String, HouseCoin>, coin: &str| {
        coins.entry(coin.to_string()).or_insert_with(|| HouseCoin {
            coin: coin.to_string(),
            balance: zero(),
            reserved: zero(),
            free: zero(),
            interest_paid: zero(),
            penalties: zero(),
            earning_principal: zero(),
            earning_orders: 0,
        });
    };
    let mut principal: BTreeMap<String, (Decimal, u64)> = BTreeMap::new();
    let mut penalties: BTreeMap<String, Decimal> = BTreeMap::new();
    let mut coin_of: BTreeMap<i64, String> = BTreeMap::new();
    for o in order::Entity::find().all(&ctx.db).await? {
        entry(&mut coins, &o.coin);
        if o.status == EARNING {
            let e = principal.entry(o.coin.clone()).or_default();
            e.0 = e.0.saturating_add(o.amount.get());
            e.1 = e.1.saturating_add(1);
        }
        let p = penalties.entry(o.coin.clone()).or_default();
        *p = p
            .saturating_add(o.penalty.get())
            .saturating_add(o.forfeited.get());
        coin_of.insert(o.id, o.coin);
    }
    let mut paid: BTreeMap<String, Decimal> = BTreeMap::new();
    for a in accrual::Entity::find().all(&ctx.db).await? {
        if let Some(coin) = coin_of.get(&a.order_id) {
            let e = paid.entry(coin.clone()).or_default();
            *e = e.saturating_add(a.amount.get());
        }
    }
    for p in repo::products(&ctx.db, None, false).await? {
        entry(&mut coins, &p.coin);
    }
    // A coin funded before any product offers it is still the house's.
    for coin in funded_coins(&ctx.db).await? {
        entry(&mut coins, &coin);
    }
    for (coin, h) in coins.iter_mut() {
        let balance = house_balance(&ctx.db, coin).await?;
        let reserved = house::reserved(&ctx.db, coin).await?;
        h.balance = s(balance);
        h.reserved = s(reserved);
        h.free = s(balance.checked_sub(reserved).unwrap_or_default());
        h.interest_paid = s(paid.get(coin).copied().unwrap_or_default());
        h.penalties = s(penalties.get(coin).copied().unwrap_or_default());
        let (amount, count) = principal.get(coin).copied().unwrap_or_default();
        h.earning_principal = s(amount);
        h.earning_orders = count;
    }
    Ok(coins.into_values().collect())
}

#[derive(Deserialize, ToSchema, Debug, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct FundBody {
    pub coin: String,
    pub amount: String,
    pub reason: String,
}

/// Funds the finance house from outside (the operator's own money comes
/// in like a deposit, `external` → `house_finance`), audited.
pub async fn fund(ctx: &Context, by: &Actor, b: &FundBody) -> Outcome<Vec<HouseCoin>> {
    let reason = audit::reason(&b.reason)?;
    if b.coin.trim().is_empty() {
        return Err(Failure::missing("coin"));
    }
    // The house's ledger asset is named after the coin: only a listed one.
    let coin = listed_asset(&ctx.db, "coin", &b.coin).await?;
    let amount = parse_amount(&b.amount, LEDGER_DP)?;
    let now = ctx.now_ms();
    let reference = PostingRef::Other(format!("earn:fund:{now}"));
    let mut txn = ctx.ledger.begin().await?;
    let tx = txn
        .post(
            &reference,
            vec![Posting {
                kind: PostingKind::Adjustment,
                asset: coin.clone(),
                amount,
                from: Side::available(AccountId::system(SystemAccount::External, &coin)),
                to: Side::available(AccountId::system(SystemAccount::FinanceHouse, &coin)),
                reference: reference.clone(),
                at_ms: now,
            }],
        )
        .await?;
    audit::record(
        txn.conn(),
        ctx.clock.now(),
        by,
        "earn.house_fund",
        &format!("house_finance:{coin}"),
        reason,
        json!({ "coin": coin, "amount": amount.to_string(), "txId": tx }),
    )
    .await?;
    txn.commit().await?;
    house_book(ctx).await
}
