//! What a user reads back about their money: the financial record (every
//! posting touching one of their accounts) and their flash exchanges. The
//! record's read serves the operators too: a user's postings on the user
//! page, the house accounts' on the house page.

use crate::entity::exchange;
use chrono::{DateTime, Utc};
use onyx_store::entity::{ledger_account, ledger_posting};
use onyx_store::sort::Sort;
use onyx_store::DecimalText;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};
use std::collections::HashMap;

onyx_store::sort_keys! {
    /// How postings sort: newest first unless asked (ids grow with
    /// commit order under the ledger gate, so newest first by id is
    /// stable even when two postings share a timestamp).
    pub PostingSort, default = desc(Id) {
        Id = "id" => column(ledger_posting::Column::Id),
        CreateTime = "createTime" => column(ledger_posting::Column::CreatedAt),
        Kind = "kind" => column(ledger_posting::Column::Kind),
        Asset = "asset" => column(ledger_posting::Column::Asset),
        Amount = "amount" => decimal_text(ledger_posting::Column::Amount),
    }
}

/// Filters of the financial record, `None` matching everything, and its
/// order.
#[derive(Clone, Debug, Default)]
pub struct RecordFilter {
    /// Upper-case asset.
    pub asset: Option<String>,
    /// A posting kind as stored (`transfer`, `exchange`, ...).
    pub kind: Option<String>,
    /// Inclusive bounds on the posting time.
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
    /// The user's own record is always the default, newest first.
    pub sort: Sort<PostingSort>,
}

/// One posting with both of its accounts.
#[derive(Clone, Debug)]
pub struct RecordRow {
    pub posting: ledger_posting::Model,
    pub from: ledger_account::Model,
    pub to: ledger_account::Model,
}

/// Whose postings: a user's (any of their accounts), or those of some
/// ledger accounts (the operators' house page: the house accounts).
#[derive(Clone, Copy, Debug)]
pub enum Party<'a> {
    User(i64),
    Accounts(&'a [i64]),
}

/// One page of the postings where `user_id` is on either side, newest
/// first, and the total across pages. `page` is 0-based.
pub async fn postings(
    db: &impl ConnectionTrait,
    user_id: i64,
    filter: &RecordFilter,
    page: u64,
    page_size: u64,
) -> Result<(Vec<RecordRow>, u64), DbErr> {
    postings_of(db, Party::User(user_id), filter, page, page_size).await
}

/// One page of the postings where `party` is on either side, newest
/// first, and the total across pages. `page` is 0-based.
pub async fn postings_of(
    db: &impl ConnectionTrait,
    party: Party<'_>,
    filter: &RecordFilter,
    page: u64,
    page_size: u64,
) -> Result<(Vec<RecordRow>, u64), DbErr> {
    let ids = match party {
        Party::User(user_id) => onyx_store::ledger::user_account_ids(db, user_id).await?,
        Party::Accounts(ids) => ids.to_vec(),
    };
    // No accounts yet (nothing posted to them): nothing to list.
    if ids.is_empty() {
        return Ok((Vec::new(), 0));
    }
    let sides = Condition::any()
        .add(ledger_posting::Column::FromAccountId.is_in(ids.iter().copied()))
        .add(ledger_posting::Column::ToAccountId.is_in(ids.iter().copied()));
    let mut query = ledger_posting::Entity::find().filter(sides);
    if let Some(asset) = &filter.asset {
        query = query.filter(ledger_posting::Column::Asset.eq(asset.as_str()));
    }
    if let Some(kind) = &filter.kind {
        query = query.filter(ledger_posting::Column::Kind.eq(kind.as_str()));
    }
    if let Some(start) = filter.start {
        query = query.filter(ledger_posting::Column::CreatedAt.gte(start));
    }
    if let Some(end) = filter.end {
        query = query.filter(ledger_posting::Column::CreatedAt.lte(end));
    }
    let paginator = filter
        .sort
        .apply(query, ledger_posting::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    let postings = paginator.fetch_page(page).await?;

    let mut ids: Vec<i64> = postings
        .iter()
        .flat_map(|p| [p.from_account_id, p.to_account_id])
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let accounts: HashMap<i64, ledger_account::Model> = if ids.is_empty() {
        HashMap::new()
    } else {
        ledger_account::Entity::find()
            .filter(ledger_account::Column::Id.is_in(ids))
            .all(db)
            .await?
            .into_iter()
            .map(|a| (a.id, a))
            .collect()
    };
    let account = |id: i64| {
        accounts
            .get(&id)
            .cloned()
            .ok_or_else(|| DbErr::Custom(format!("posting refers to unknown account {id}")))
    };
    let rows = postings
        .into_iter()
        .map(|p| {
            Ok(RecordRow {
                from: account(p.from_account_id)?,
                to: account(p.to_account_id)?,
                posting: p,
            })
        })
        .collect::<Result<Vec<_>, DbErr>>()?;
    Ok((rows, total))
}

/// A flash exchange as executed.
#[derive(Clone, Debug)]
pub struct NewExchange<'a> {
    pub user_id: i64,
    pub from_coin: &'a str,
    pub to_coin: &'a str,
    pub from_amount: DecimalText,
    pub to_amount: DecimalText,
    pub price: DecimalText,
    pub fee: DecimalText,
    pub fee_coin: &'a str,
    pub now: DateTime<Utc>,
}

/// Records an exchange (inside the ledger transaction that moved its money).
pub async fn insert_exchange(
    db: &impl ConnectionTrait,
    new: NewExchange<'_>,
) -> Result<exchange::Model, DbErr> {
    exchange::ActiveModel {
        user_id: Set(new.user_id),
        from_coin: Set(new.from_coin.to_string()),
        to_coin: Set(new.to_coin.to_string()),
        from_amount: Set(new.from_amount),
        to_amount: Set(new.to_amount),
        price: Set(new.price),
        fee: Set(new.fee),
        fee_coin: Set(new.fee_coin.to_string()),
        created_at: Set(new.now),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// One page of the user's exchanges, newest first, and the total.
pub async fn exchanges(
    db: &impl ConnectionTrait,
    user_id: i64,
    page: u64,
    page_size: u64,
) -> Result<(Vec<exchange::Model>, u64), DbErr> {
    let paginator = exchange::Entity::find()
        .filter(exchange::Column::UserId.eq(user_id))
        .order_by_desc(exchange::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page).await?, total))
}
