//! The operator console's dashboard in one call: today's sign-ups,
//! deposits and withdrawals; the review queues; fees per product; every
//! product house's book as its own operator call gives it; the last audit
//! run; and how fresh each coin's price feed is. Each part is a count or a
//! narrow indexed read, except the house books, which are the products'
//! own (and shown only to operators who review funds).
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

use crate::audit_runs::{self, AuditRunView};
use crate::fee_rollup::{self, day_start};
use chrono::{DateTime, TimeZone, Utc};
use onyx_account::api::kyc::kyc_submission::{self, KycStatus};
use onyx_kernel::ledger::SystemAccount;
use onyx_kernel::{Failure, Outcome};
use onyx_platform::prices::is_stale;
use onyx_platform::Context;
use onyx_store::entity::{ledger_account, user};
use onyx_store::DecimalText;
use onyx_wallet::api::deposits::deposit::{self, DepositStatus};
use onyx_wallet::api::withdrawal::{self, WithdrawalStatus};
use rust_decimal::Decimal;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// One asset's amount.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AssetAmount {
    pub asset: String,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub amount: Decimal,
}

/// How many, and their total per coin.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct CountAndSums {
    pub count: u64,
    /// Per coin, by coin.
    pub sums: Vec<AssetAmount>,
}

#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DashboardToday {
    /// The UTC day's start, Unix ms; every figure below counts from it.
    pub day_start_ms: i64,
    /// Users signed up.
    pub registrations: u64,
    /// Deposit claims confirmed (credited), with the amounts credited
    /// (bonuses not included).
    pub deposits_confirmed: CountAndSums,
    /// Withdrawals approved (paid out), with the amounts requested (fees
    /// included).
    pub withdrawals_approved: CountAndSums,
}

/// What waits for an operator.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DashboardQueues {
    /// Deposit claims to confirm or reject.
    pub deposits: u64,
    /// Withdrawals to approve or reject.
    pub withdrawals: u64,
    /// Identity verifications to review.
    pub verifications: u64,
}

/// One product's fees.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ProductFees {
    /// `spot`, `futures`, `secondContracts`, `options`, `earn`
    /// (early-redemption penalties), `withdrawals`, `exchange` (the flash
    /// exchange), or `other`.
    pub product: String,
    /// Since the UTC day's start, per asset.
    pub today: Vec<AssetAmount>,
    pub all_time: Vec<AssetAmount>,
}

/// Fees taken, less fees given back, from the ledger's fee postings.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DashboardFees {
    /// False when the totals are still catching up with a long ledger
    /// (the next call continues).
    pub up_to_date: bool,
    pub products: Vec<ProductFees>,
}

/// Each product house's book, as its own operator call gives it.
#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct DashboardHouses {
    /// As `GET /api/admin/futures/house`.
    pub futures: onyx_futures::api::HouseView,
    /// As `GET /api/admin/options/house`.
    pub options: onyx_options::api::house::HouseBook,
    /// As `GET /api/admin/second-contracts/house`.
    pub second_contracts: onyx_second_contracts::api::house::HouseBook,
    /// As `GET /api/admin/earn/house`: balance, interest reserved and
    /// paid, penalties, per coin.
    pub earn: Vec<onyx_earn::api::house::HouseCoin>,
    /// The insurance fund's balance per asset in the ledger.
    pub insurance_fund: Vec<AssetAmount>,
}

/// One coin's index price feed.
#[derive(Serialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PriceFeed {
    /// Lower case, e.g. `btc`.
    pub coin: String,
    /// The last tick's index price in USDT; null before the first.
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub last_price: Option<Decimal>,
    /// When the last tick was observed, Unix ms; null before the first.
    pub last_tick_ms: Option<i64>,
    pub age_ms: Option<i64>,
    /// Younger than the staleness limit (`--stale-seconds`): settlements
    /// may use it.
    pub fresh: bool,
}

#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Dashboard {
    /// The server's time when this was read, Unix ms.
    pub now_ms: i64,
    pub today: DashboardToday,
    pub queues: DashboardQueues,
    /// Null unless the operator may review funds (owners).
    pub fees: Option<DashboardFees>,
    /// Null unless the operator may review funds (owners).
    pub house: Option<DashboardHouses>,
    /// The last audit run; its `summary` is null unless the operator may
    /// read the audit log.
    pub audit: Option<AuditRunView>,
    /// The staleness limit `fresh` is judged by, ms.
    pub stale_after_ms: i64,
    pub feeds: Vec<PriceFeed>,
}

/// What the caller may see beyond the counts.
#[derive(Clone, Copy, Debug)]
pub struct Sight {
    /// Fees and house books.
    pub funds: bool,
    /// The audit run's full report.
    pub audit_details: bool,
}

fn at(ms: i64) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(ms)
        .single()
        .unwrap_or(DateTime::<Utc>::MIN_UTC)
}

fn add_to(sums: &mut BTreeMap<String, Decimal>, coin: &str, amount: DecimalText) -> Outcome<()> {
    let e = sums.entry(coin.to_string()).or_default();
    *e = e
        .checked_add(amount.get())
        .ok_or_else(|| Failure::internal("dashboard total out of range"))?;
    Ok(())
}

fn listed(sums: BTreeMap<String, Decimal>) -> Vec<AssetAmount> {
    sums.into_iter()
        .map(|(asset, amount)| AssetAmount {
            asset,
            amount: amount.normalize(),
        })
        .collect()
}

fn count_and_sums(rows: Vec<(String, DecimalText)>) -> Outcome<CountAndSums> {
    let mut sums = BTreeMap::new();
    for (coin, amount) in &rows {
        add_to(&mut sums, coin, *amount)?;
    }
    Ok(CountAndSums {
        count: rows.len() as u64,
        sums: listed(sums),
    })
}

async fn today(db: &impl ConnectionTrait, day_ms: i64) -> Outcome<DashboardToday> {
    let since = at(day_ms);
    let registrations = user::Entity::find()
        .filter(user::Column::CreatedAt.gte(since))
        .count(db)
        .await?;
    let deposits: Vec<(String, DecimalText)> = deposit::Entity::find()
        .select_only()
        .column(deposit::Column::Coin)
        .column(deposit::Column::Amount)
        .filter(deposit::Column::Status.eq(DepositStatus::Confirmed))
        .filter(deposit::Column::ReviewedAt.gte(since))
        .into_tuple()
        .all(db)
        .await?;
    let withdrawals: Vec<(String, DecimalText)> = withdrawal::Entity::find()
        .select_only()
        .column(withdrawal::Column::Coin)
        .column(withdrawal::Column::Amount)
        .filter(withdrawal::Column::Status.eq(WithdrawalStatus::Approved))
        .filter(withdrawal::Column::ReviewedAt.gte(since))
        .into_tuple()
        .all(db)
        .await?;
    Ok(DashboardToday {
        day_start_ms: day_ms,
        registrations,
        deposits_confirmed: count_and_sums(deposits)?,
        withdrawals_approved: count_and_sums(withdrawals)?,
    })
}

async fn queues(db: &impl ConnectionTrait) -> Outcome<DashboardQueues> {
    Ok(DashboardQueues {
        deposits: deposit::Entity::find()
            .filter(deposit::Column::Status.eq(DepositStatus::Pending))
            .count(db)
            .await?,
        withdrawals: withdrawal::Entity::find()
            .filter(withdrawal::Column::Status.eq(WithdrawalStatus::Pending))
            .count(db)
            .await?,
        verifications: kyc_submission::Entity::find()
            .filter(kyc_submission::Column::Status.eq(KycStatus::Pending))
            .count(db)
            .await?,
    })
}

/// Fees per product from the rollup, after folding what is new. A fold
/// that fails (another writer held the database past its timeout) is
/// logged and the totals as folded so far are shown, marked not up to
/// date.
pub async fn fees(ctx: &Context, day_ms: i64) -> Outcome<DashboardFees> {
    let up_to_date = match fee_rollup::catch_up(&ctx.db, ctx.now_ms()).await {
        Ok(done) => done,
        Err(e) => {
            tracing::warn!(error = ?e, "dashboard fee totals: fold failed");
            false
        }
    };
    let (day, all) = fee_rollup::totals(&ctx.db, day_ms).await?;
    let mut by_product: BTreeMap<String, (Vec<AssetAmount>, Vec<AssetAmount>)> = BTreeMap::new();
    for (rows, today) in [(day, true), (all, false)] {
        for r in rows {
            let entry = by_product.entry(r.product).or_default();
            let list = if today { &mut entry.0 } else { &mut entry.1 };
            list.push(AssetAmount {
                asset: r.asset,
                amount: r.amount.get().normalize(),
            });
        }
    }
    let mut products: Vec<ProductFees> = fee_rollup::PRODUCTS
        .iter()
        .map(|p| {
            let (today, all_time) = by_product.remove(*p).unwrap_or_default();
            ProductFees {
                product: p.to_string(),
                today,
                all_time,
            }
        })
        .collect();
    products.extend(
        by_product
            .into_iter()
            .map(|(product, (today, all_time))| ProductFees {
                product,
                today,
                all_time,
            }),
    );
    Ok(DashboardFees {
        up_to_date,
        products,
    })
}

/// Every house's book, from each product's own operator service.
pub async fn houses(ctx: &Context) -> Outcome<DashboardHouses> {
    let insurance = ledger_account::Entity::find()
        .filter(ledger_account::Column::System.eq(SystemAccount::Insurance.as_str()))
        .order_by_asc(ledger_account::Column::Asset)
        .all(&ctx.db)
        .await?
        .into_iter()
        .map(|a| AssetAmount {
            asset: a.asset,
            amount: a.available.get().normalize(),
        })
        .collect();
    Ok(DashboardHouses {
        futures: onyx_futures::api::house(ctx).await?,
        options: onyx_options::api::house::book(ctx).await?,
        second_contracts: onyx_second_contracts::api::house::book(ctx).await?,
        earn: onyx_earn::api::house::house_book(ctx).await?,
        insurance_fund: insurance,
    })
}

/// Every coin the market publishes, with its last tick's age.
pub fn feeds(ctx: &Context, now_ms: i64) -> Vec<PriceFeed> {
    let stale_ms = ctx.stale_ms();
    ctx.prices
        .all()
        .into_iter()
        .map(|(coin, view)| match view.index {
            Some(i) => PriceFeed {
                coin,
                last_price: Some(i.price.normalize()),
                last_tick_ms: Some(i.ts_ms),
                age_ms: Some(now_ms.saturating_sub(i.ts_ms).max(0)),
                fresh: !i.stale && !is_stale(i.ts_ms, now_ms, stale_ms),
            },
            None => PriceFeed {
                coin,
                last_price: None,
                last_tick_ms: None,
                age_ms: None,
                fresh: false,
            },
        })
        .collect()
}

pub async fn dashboard(ctx: &Context, sight: Sight) -> Outcome<Dashboard> {
    let now_ms = ctx.now_ms();
    let day_ms = day_start(now_ms);
    let (fees, house) = if sight.funds {
        (Some(fees(ctx, day_ms).await?), Some(houses(ctx).await?))
    } else {
        (None, None)
    };
    let audit = audit_runs::latest(&ctx.db).await?.map(|mut run| {
        if !sight.audit_details {
            run.summary = None;
        }
        run
    });
    Ok(Dashboard {
        now_ms,
        today: today(&ctx.db, day_ms).await?,
        queues: queues(&ctx.db).await?,
        fees,
        house,
        audit,
        stale_after_ms: ctx.stale_ms(),
        feeds: feeds(ctx, now_ms),
    })
}
