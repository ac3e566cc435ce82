//! Many opens, or many closes, at one tick in one transaction (a lead's
//! copies, a liquidation sweep): each under the rules of a single one,
//! written in a few multi-row statements whatever their number, so a
//! lead's order does not wait a statement round trip per follower. Ids
//! are reserved up front ([`LedgerTxn::reserve_ids`]): a fill's posting
//! names it before it is written, and no row is read back. A single close
//! is a batch of one ([`positions::close_in`]).

use crate::contract::Contract;
use crate::entity::{futures_fill as fill, futures_position as position};
use crate::mirror::{self, Change, Closed, Mirror};
use crate::positions::{
    closing, grown, grown_row, new_row, side_name, side_of, CloseAt, Closing, Refusal, Ticket,
};
use crate::postings;
use crate::repo::{self, FillKind, OPEN};
use crate::rules::Side;
use onyx_kernel::ledger::{AccountId, Posting, PostingRef};
use onyx_kernel::money::Amount;
use onyx_kernel::{Failure, Outcome};
use onyx_platform::prices::IndexPrice;
use onyx_store::ledger::{sides_of, Book, LedgerTxn};
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, TryIntoModel,
    Value,
};
use std::collections::{HashMap, HashSet};

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
    mirror: Option<&dyn Mirror>,
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
    // New positions and their fills, with ids reserved so none needs
    // reading back.
    let ids = txn.reserve_ids("futures_positions", inserts.len()).await?;
    if ids.len() != inserts.len() {
        return Err(internal("reserved position ids"));
    }
    let mut rows: Vec<position::ActiveModel> = Vec::with_capacity(inserts.len());
    for ((i, mut row), id) in inserts.into_iter().zip(ids) {
        row.id = Set(id);
        let model: position::Model = row.clone().try_into_model()?;
        if let Some(slot) = answers.get_mut(i) {
            *slot = Some(Ok(model));
        }
        rows.push(row);
    }
    let answers: Vec<Result<position::Model, Refusal>> = answers
        .into_iter()
        .map(|a| a.ok_or_else(|| internal("an open without an answer")))
        .collect::<Outcome<_>>()?;
    let opened: Vec<(&Open, &position::Model)> = opens
        .iter()
        .zip(&answers)
        .filter_map(|(o, a)| a.as_ref().ok().map(|p| (o, p)))
        .collect();
    let fill_ids = txn.reserve_ids("futures_fills", opened.len()).await?;
    if fill_ids.len() != opened.len() {
        return Err(internal("reserved fill ids"));
    }
    let mut entries = Vec::with_capacity(opened.len());
    for ((o, p), fill_id) in opened.iter().zip(fill_ids) {
        let owner = u64::try_from(p.user_id).map_err(Failure::internal)?;
        let reference = PostingRef::FuturesFill(fill_id);
        entries.push(Entry {
            position: p,
            fill_id,
            moves: postings::open(owner, o.costs.0, o.costs.1, &reference, now),
            reference,
            figures: Figures {
                kind: FillKind::Open,
                qty: o.ticket.qty,
                price,
                fee: o.costs.1.as_decimal(),
                rates: (c.open_fee, c.spread),
                pnl: Decimal::ZERO,
                margin: o.costs.0.as_decimal(),
            },
        });
    }
    // The positions are stored while their postings and fills are built.
    let (conn, book) = txn.book_for(&sides(&entries)).await?;
    let stored = async {
        onyx_store::bulk::insert(conn, rows, CHUNK).await?;
        repo::set_interest(conn, c.id, interest.0, interest.1).await
    };
    let (stored, fills) = tokio::join!(biased; stored, post_fills(book, entries, tick, now));
    stored?;
    onyx_store::bulk::insert(txn.conn(), fills?, CHUNK).await?;
    for (o, a) in opens.iter().zip(&answers) {
        if let Ok(p) = a {
            mirror::tell(
                mirror,
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

/// One close of a batch: `qty` of `position` (all of it when `qty` is its
/// size).
pub struct Close {
    pub position: position::Model,
    pub qty: Decimal,
}

/// Closes each of `closes` (positions of `c`, each once) at `tick`, priced
/// as `at` says, inside `txn`; the positions after, in order. Each close is
/// what [`positions::close_in`] of it alone makes: its fill, its ledger
/// transaction, its stops and closing orders cancelled when it is whole,
/// and the mirror told.
pub async fn close_all(
    txn: &mut LedgerTxn,
    mirror: Option<&dyn Mirror>,
    c: &Contract,
    closes: Vec<Close>,
    tick: &IndexPrice,
    at: CloseAt,
    now: i64,
) -> Outcome<Vec<position::Model>> {
    if closes.is_empty() {
        return Ok(Vec::new());
    }
    let mut seen = HashSet::new();
    if !closes.iter().all(|x| seen.insert(x.position.id)) {
        return Err(internal("a position closed twice in one batch"));
    }
    let closings: Vec<Closing> = closes
        .iter()
        .map(|x| closing(&x.position, c, x.qty, tick, at, now))
        .collect::<Outcome<_>>()?;
    // What a whole close leaves behind waiting on the position goes first,
    // as a single close does it.
    let whole: Vec<i64> = closes
        .iter()
        .zip(&closings)
        .filter(|(_, k)| k.full)
        .map(|(x, _)| x.position.id)
        .collect();
    crate::stops::cancel_all_of(txn.conn(), &whole, now).await?;
    crate::orders::cancel_closing(txn, &whole, now).await?;
    // Open interest falls by what closed, on each side.
    let (mut long, mut short) = repo::interest(txn.conn(), c.id).await?;
    for x in &closes {
        let side = match side_of(&x.position.side) {
            Side::Long => &mut long,
            Side::Short => &mut short,
        };
        *side = side
            .checked_sub(x.qty)
            .ok_or_else(|| internal("interest"))?
            .max(Decimal::ZERO);
    }
    let fill_ids = txn.reserve_ids("futures_fills", closes.len()).await?;
    if fill_ids.len() != closes.len() {
        return Err(internal("reserved fill ids"));
    }
    let liquidation = at == CloseAt::Liquidation;
    let mut entries = Vec::with_capacity(closes.len());
    for ((x, k), fill_id) in closes.iter().zip(&closings).zip(fill_ids) {
        let owner = u64::try_from(x.position.user_id).map_err(Failure::internal)?;
        let reference = PostingRef::FuturesFill(fill_id);
        entries.push(Entry {
            position: &x.position,
            fill_id,
            moves: postings::close(owner, &k.split, liquidation, &reference, now),
            reference,
            figures: Figures {
                kind: k.kind,
                qty: x.qty,
                price: k.price,
                fee: k.split.fee.as_decimal(),
                rates: k.rates,
                pnl: k.booked,
                margin: k.released,
            },
        });
    }
    // The positions are stored while their postings and fills are built.
    let (conn, book) = txn.book_for(&sides(&entries)).await?;
    let stored = async {
        write_positions(conn, &closings, now).await?;
        Outcome::Ok(repo::set_interest(conn, c.id, long, short).await?)
    };
    let (stored, fills) = tokio::join!(biased; stored, post_fills(book, entries, tick, now));
    stored?;
    onyx_store::bulk::insert(txn.conn(), fills?, CHUNK).await?;
    let told: Vec<Closed> = closes
        .into_iter()
        .zip(closings)
        .map(|(x, k)| Closed {
            before: x.position,
            after: k.after,
            qty: x.qty,
            price: k.price,
        })
        .collect();
    mirror::tell(
        mirror,
        txn,
        Change::Closed {
            closes: &told,
            tick,
            at,
        },
        now,
    )
    .await?;
    Ok(told.into_iter().map(|t| t.after).collect())
}

/// The closed positions' new figures: those closed whole and those left
/// open each in their own statements (only the first gain a status and a
/// close time, only the second a smaller initial margin).
async fn write_positions(
    conn: &impl ConnectionTrait,
    closings: &[Closing],
    now: i64,
) -> Outcome<()> {
    use position::Column as P;
    let figures = |p: &position::Model| -> Vec<Value> {
        vec![
            p.qty.into(),
            p.margin.into(),
            p.fees.into(),
            p.realised.into(),
            p.close_price.into(),
        ]
    };
    let columns = [P::Qty, P::Margin, P::Fees, P::Realised, P::ClosePrice];
    for status in [repo::CLOSED, repo::LIQUIDATED] {
        let rows: Vec<(i64, Vec<Value>)> = closings
            .iter()
            .filter(|k| k.full && k.after.status == status)
            .map(|k| (k.after.id, figures(&k.after)))
            .collect();
        onyx_store::bulk::update_by_key(
            conn,
            position::Entity,
            P::Id,
            &columns,
            &[
                (P::Status, status.into()),
                (P::ClosedAt, Some(now).into()),
                (P::UpdatedAt, now.into()),
            ],
            rows,
        )
        .await?;
    }
    let rows: Vec<(i64, Vec<Value>)> = closings
        .iter()
        .filter(|k| !k.full)
        .map(|k| {
            let mut values = figures(&k.after);
            values.push(k.after.initial_margin.into());
            (k.after.id, values)
        })
        .collect();
    let mut partial = columns.to_vec();
    partial.push(P::InitialMargin);
    onyx_store::bulk::update_by_key(
        conn,
        position::Entity,
        P::Id,
        &partial,
        &[(P::UpdatedAt, now.into())],
        rows,
    )
    .await?;
    Ok(())
}

/// One fill of a batch and the ledger transaction that books it.
struct Entry<'a> {
    position: &'a position::Model,
    fill_id: i64,
    reference: PostingRef,
    moves: Vec<Posting>,
    figures: Figures,
}

/// Every account a batch's entries post to.
fn sides(entries: &[Entry]) -> Vec<AccountId> {
    entries.iter().flat_map(|e| sides_of(&e.moves)).collect()
}

/// Posts each entry's transaction to `book` and builds its fill, in
/// order, taking turns with a write running beside it on the transaction.
/// A refused posting fails the batch.
async fn post_fills(
    book: &mut Book,
    entries: Vec<Entry<'_>>,
    tick: &IndexPrice,
    now: i64,
) -> Outcome<Vec<fill::ActiveModel>> {
    let mut fills = Vec::with_capacity(entries.len());
    for (i, e) in entries.into_iter().enumerate() {
        let tx_id = book.post(&e.reference, e.moves)?;
        fills.push(fill_row(e.fill_id, e.position, e.figures, tick, tx_id, now));
        onyx_store::bulk::take_turns(i).await;
    }
    Ok(fills)
}

/// What differs between the fills of a batch (the tick is the same).
struct Figures {
    kind: FillKind,
    qty: Decimal,
    price: Decimal,
    fee: Decimal,
    /// The fee's rate and the spread the price carries.
    rates: (Decimal, Decimal),
    pnl: Decimal,
    margin: Decimal,
}

fn fill_row(
    id: i64,
    p: &position::Model,
    f: Figures,
    tick: &IndexPrice,
    tx_id: i64,
    now: i64,
) -> fill::ActiveModel {
    let text = |d: Decimal| Set(DecimalText::from(d.normalize()));
    fill::ActiveModel {
        id: Set(id),
        position_id: Set(p.id),
        user_id: Set(p.user_id),
        kind: Set(f.kind),
        qty: text(f.qty),
        price: text(f.price),
        mark: text(tick.price),
        tick_ms: Set(tick.ts_ms),
        source: Set(tick.source.to_string()),
        fee: text(f.fee),
        fee_rate: text(f.rates.0),
        spread: text(f.rates.1),
        pnl: text(f.pnl),
        margin: text(f.margin),
        tx_id: Set(tx_id),
        at: Set(now),
    }
}
