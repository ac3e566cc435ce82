//! Countries a fixed-payout product is not offered in, per product, as
//! operators set them (several regulators ban these products for retail
//! clients). A user's country is the one on their identity documents
//! (their newest submission not rejected); a user who has not submitted
//! any is not located, and not refused here.

use crate::entity::country_block as row;
use onyx_kernel::countries::COUNTRIES;
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::audit::{self, Actor};
use onyx_platform::Context;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set, TransactionTrait,
};
use serde_json::json;

/// The product's blocked countries, sorted.
pub async fn blocked(db: &impl ConnectionTrait, product: &str) -> Outcome<Vec<String>> {
    Ok(row::Entity::find()
        .filter(row::Column::Product.eq(product))
        .order_by_asc(row::Column::Country)
        .all(db)
        .await?
        .into_iter()
        .map(|r| r.country)
        .collect())
}

/// Refuses (-6010) a user whose documents name a blocked country.
pub async fn require_allowed(
    db: &impl ConnectionTrait,
    product: &str,
    user_id: i64,
) -> Outcome<()> {
    let Some(country) = onyx_account::api::kyc::country(db, user_id).await? else {
        return Ok(());
    };
    let found = row::Entity::find_by_id((product.to_string(), country.to_ascii_uppercase()))
        .one(db)
        .await?;
    match found {
        Some(_) => Err(ErrorCode::CountryBlocked.into()),
        None => Ok(()),
    }
}

/// Replaces the product's list with `countries` (ISO codes, any case),
/// audited with the old and new lists.
pub async fn replace(
    ctx: &Context,
    by: &Actor,
    product: &str,
    countries: &[String],
    reason: &str,
) -> Outcome<Vec<String>> {
    let reason = audit::reason(reason)?;
    let mut codes = Vec::with_capacity(countries.len());
    for c in countries {
        let code = c.trim().to_ascii_uppercase();
        if !COUNTRIES.iter().any(|k| k.iso == code) {
            return Err(Failure::invalid("countries"));
        }
        if !codes.contains(&code) {
            codes.push(code);
        }
    }
    codes.sort();
    let txn = ctx.db.begin().await?;
    let old = blocked(&txn, product).await?;
    row::Entity::delete_many()
        .filter(row::Column::Product.eq(product))
        .exec(&txn)
        .await?;
    if !codes.is_empty() {
        row::Entity::insert_many(codes.iter().map(|c| row::ActiveModel {
            product: Set(product.to_string()),
            country: Set(c.clone()),
        }))
        .exec(&txn)
        .await?;
    }
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "contract.countries_blocked",
        &format!("contract_countries:{product}"),
        reason,
        json!({ "old": old, "new": codes }),
    )
    .await?;
    txn.commit().await?;
    Ok(codes)
}
