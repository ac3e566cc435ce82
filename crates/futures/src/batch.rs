//! Many opens at one price in one transaction (a lead's copies): each
//! under the same rules as [`positions::open_in`], written in a few
//! multi-row statements whatever their number, so a lead's order does not
//! wait a statement round trip per follower.

use crate::entity::{futures_fill as fill, futures_position as position};
use crate::mirror::{self, Change};
use crate::positions::{grown, grown_row, new_row, side_name, Refusal, Ticket};
use crate::postings;
use crate::repo::{self, OPEN};
use onyx_kernel::ledger::PostingRef;
use onyx_kernel::money::Amount;
use onyx_kernel::{Failure, Outcome};
use onyx_platform::prices::IndexPrice;
use onyx_store::ledger::LedgerTxn;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::sea_query::Query;
use sea_orm::{
    ActiveModelTrait, ActiveValue, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter,
    QueryTrait, Set, TryIntoModel,
};
use std::collections::HashMap;

/// Rows per multi-row statement.
const CHUNK: usize = 200;

/// One open of a batch.
pub struct Open {
    pub user_id: i64,
    pub ticket: Ticket,
    /// Margin and fee, as [`crate::positions::costs`] gives them.
    pub costs: (Amount, Amount),
}

fn internal(what: &str) -> Failure {
    Failure::internal(format!("futures batch: {what}"))
}

/// Opens each of `opens` (one contract and side, distinct users and
/// portfolios) at `price` inside `txn`. Each answer is its position, or why
/// the rules refused it (then nothing was written for it). The caller has
/// checked each user's balance: a shortfall fails the whole transaction.
pub async fn open_all(
    txn: &mut LedgerTxn,
    opens: Vec<Open>,
    price: Decimal,
    tick: &IndexPrice,
    now: i64,
) -> Outcome<Vec<Result<position::Model, Refusal>>> {
    let Some(first) = opens.first() else {
        return Ok(Vec::new());
    };
    let c = first.ticket.contract.clone();
    let side = first.ticket.side;
    if opens
        .iter()
        .any(|o| o.ticket.contract.id != c.id || o.ticket.side != side)
    {
        return Err(internal("one contract and side per batch"));
    }
    // What each (user, portfolio) holds open on this contract and side.
    let portfolios: Vec<i64> = opens.iter().map(|o| o.ticket.portfolio).collect();
    let mut existing: HashMap<(i64, i64), position::Model> = HashMap::new();
    for chunk in portfolios.chunks(CHUNK) {
        for p in position::Entity::find()
            .filter(position::Column::ContractId.eq(c.id))
            .filter(position::Column::Side.eq(side_name(side)))
            .filter(position::Column::Status.eq(OPEN))
            .filter(position::Column::Portfolio.is_in(chunk.iter().copied()))
            .all(txn.conn())
            .await?
        {
            existing.insert((p.user_id, p.portfolio), p);
        }
    }
    let mut interest = repo::interest(txn.conn(), c.id).await?;
    let mut answers: Vec<Option<Result<position::Model, Refusal>>> = Vec::new();
    let mut inserts: Vec<(usize, position::ActiveModel)> = Vec::new();
    for (i, o) in opens.iter().enumerate() {
        let held = existing.remove(&(o.user_id, o.ticket.portfolio));
        match grown(held.as_ref(), &o.ticket, price, o.costs.0, interest, tick)? {
            Err(refused) => answers.push(Some(Err(refused))),
            Ok(g) => {
                interest = g.interest;
                match held {
                    Some(p) => {
                        let row = grown_row(p, &o.ticket, &g, o.costs, now)?
                            .update(txn.conn())
                            .await?;
                        answers.push(Some(Ok(row)));
                    }
                    None => {
                        inserts.push((i, new_row(o.user_id, &o.ticket, &g, o.costs, now)?));
                        answers.push(None);
                    }
                }
            }
        }
    }
    // New positions, their ids read back by (user, portfolio).
    for chunk in inserts.chunks(CHUNK) {
        let mut q =
            position::Entity::insert_many(chunk.iter().map(|(_, a)| a.clone())).into_query();
        q.returning(Query::returning().columns([
            position::Column::Id,
            position::Column::UserId,
            position::Column::Portfolio,
        ]));
        let backend = txn.conn().get_database_backend();
        let mut ids: HashMap<(i64, i64), i64> = HashMap::new();
        for row in txn.conn().query_all(backend.build(&q)).await? {
            let id: i64 = row.try_get("", "id")?;
            let user: i64 = row.try_get("", "user_id")?;
            let portfolio: i64 = row.try_get("", "portfolio")?;
            ids.insert((user, portfolio), id);
        }
        for (i, a) in chunk {
            let key = match (&a.user_id, &a.portfolio) {
                (ActiveValue::Set(user), ActiveValue::Set(portfolio)) => (*user, *portfolio),
                _ => return Err(internal("a new row's owner")),
            };
            let id = ids
                .get(&key)
                .copied()
                .ok_or_else(|| internal("an inserted id"))?;
            let mut row = a.clone();
            row.id = Set(id);
            let model: position::Model = row.try_into_model()?;
            if let Some(slot) = answers.get_mut(*i) {
                *slot = Some(Ok(model));
            }
        }
    }
    repo::set_interest(txn.conn(), c.id, interest.0, interest.1).await?;
    let answers: Vec<Result<position::Model, Refusal>> = answers
        .into_iter()
        .map(|a| a.ok_or_else(|| internal("an open without an answer")))
        .collect::<Outcome<_>>()?;
    // One fill per position, read back by position id; then the postings.
    let opened: Vec<(&Open, &position::Model)> = opens
        .iter()
        .zip(&answers)
        .filter_map(|(o, a)| a.as_ref().ok().map(|p| (o, p)))
        .collect();
    let mut tx_of: Vec<(i64, i64)> = Vec::with_capacity(opened.len());
    for chunk in opened.chunks(CHUNK) {
        let rows = chunk.iter().map(|(o, p)| fill::ActiveModel {
            position_id: Set(p.id),
            user_id: Set(p.user_id),
            kind: Set("open".into()),
            qty: Set(DecimalText::from(o.ticket.qty.normalize())),
            price: Set(DecimalText::from(price.normalize())),
            mark: Set(DecimalText::from(tick.price.normalize())),
            tick_ms: Set(tick.ts_ms),
            source: Set(tick.source.to_string()),
            fee: Set(DecimalText::from(o.costs.1.as_decimal().normalize())),
            fee_rate: Set(DecimalText::from(c.open_fee.normalize())),
            spread: Set(DecimalText::from(c.spread.normalize())),
            pnl: Set(DecimalText::ZERO),
            margin: Set(DecimalText::from(o.costs.0.as_decimal().normalize())),
            tx_id: Set(0),
            at: Set(now),
            ..Default::default()
        });
        let mut q = fill::Entity::insert_many(rows).into_query();
        q.returning(Query::returning().columns([fill::Column::Id, fill::Column::PositionId]));
        let backend = txn.conn().get_database_backend();
        let mut fills: HashMap<i64, i64> = HashMap::new();
        for row in txn.conn().query_all(backend.build(&q)).await? {
            fills.insert(row.try_get("", "position_id")?, row.try_get("", "id")?);
        }
        for (o, p) in chunk {
            let fill_id = fills
                .get(&p.id)
                .copied()
                .ok_or_else(|| internal("a fill id"))?;
            let owner = u64::try_from(p.user_id).map_err(Failure::internal)?;
            let r = PostingRef::FuturesFill(fill_id);
            let tx_id = txn
                .post(&r, postings::open(owner, o.costs.0, o.costs.1, &r, now))
                .await?;
            tx_of.push((fill_id, tx_id));
        }
    }
    onyx_store::bulk::update_by_key(
        txn.conn(),
        fill::Entity,
        fill::Column::Id,
        &[fill::Column::TxId],
        &[],
        tx_of
            .into_iter()
            .map(|(fill_id, tx_id)| (fill_id, vec![tx_id.into()]))
            .collect(),
    )
    .await?;
    for (o, a) in opens.iter().zip(&answers) {
        if let Ok(p) = a {
            mirror::tell(
                txn,
                Change::Opened {
                    position: p,
                    ticket: &o.ticket,
                    price,
                    tick,
                },
                now,
            )
            .await?;
        }
    }
    Ok(answers)
}
