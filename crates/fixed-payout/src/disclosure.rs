//! The risk disclosure a user acknowledges before their first order: its
//! figures come with each period (payout, loss, break-even win rate, the
//! house's edge), its words with the web app. The acknowledgement is stored
//! with its version and time, and an order is refused without it; a new
//! version of the text asks again. Each fixed-payout product has its own
//! ([`Product`]), all kept in one table.

use crate::entity::product_disclosure as row;
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::Context;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, EntityTrait, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A product's disclosure: its key in the table and the version in force
/// (raised whenever the disclosure's substance changes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Product {
    pub key: &'static str,
    pub version: i32,
}

#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DisclosureView {
    /// The version in force.
    pub version: i32,
    /// The user acknowledged this version.
    pub accepted: bool,
    /// When the user acknowledged it (ms), if they did.
    pub accepted_at: Option<i64>,
}

async fn find(
    db: &impl ConnectionTrait,
    product: Product,
    user_id: i64,
) -> Outcome<Option<row::Model>> {
    Ok(row::Entity::find_by_id((user_id, product.key.to_string()))
        .one(db)
        .await?)
}

fn view(product: Product, found: Option<row::Model>) -> DisclosureView {
    let current = found.filter(|r| r.version == product.version);
    DisclosureView {
        version: product.version,
        accepted: current.is_some(),
        accepted_at: current.map(|r| r.accepted_at),
    }
}

pub async fn status(ctx: &Context, product: Product, user_id: i64) -> Outcome<DisclosureView> {
    Ok(view(product, find(&ctx.db, product, user_id).await?))
}

/// Records that the user acknowledged `version` now (it must be the one
/// in force: a screen showing an older text cannot acknowledge this one).
pub async fn accept(
    ctx: &Context,
    product: Product,
    user_id: i64,
    version: i32,
) -> Outcome<DisclosureView> {
    if version != product.version {
        return Err(Failure::invalid("version"));
    }
    let at = ctx.now_ms();
    row::Entity::insert(row::ActiveModel {
        user_id: Set(user_id),
        product: Set(product.key.into()),
        version: Set(product.version),
        accepted_at: Set(at),
    })
    .on_conflict(
        OnConflict::columns([row::Column::UserId, row::Column::Product])
            .update_columns([row::Column::Version, row::Column::AcceptedAt])
            .to_owned(),
    )
    .exec(&ctx.db)
    .await?;
    status(ctx, product, user_id).await
}

/// Refuses unless the user acknowledged the version in force.
pub async fn require(db: &impl ConnectionTrait, product: Product, user_id: i64) -> Outcome<()> {
    if view(product, find(db, product, user_id).await?).accepted {
        Ok(())
    } else {
        Err(Failure::new(ErrorCode::SecondDisclosureRequired).with("version", product.version))
    }
}
