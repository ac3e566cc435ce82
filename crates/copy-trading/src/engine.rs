//! The copy engine, told by futures inside the transaction of every change
//! to a position. A lead's open is copied to each active follower at the
//! same price, in the same commit; a lead's close closes the same share of
//! each copy; a lead's margin change moves each copy's margin pro rata.
//! A copy that cannot be made is recorded with its reason, never failing
//! the lead's order. A copy's close settles the profit share above the
//! follower's high-water mark.

use crate::entity::{copy_follow as follow, copy_position as link, copy_settlement as settlement};
use crate::repo::{self, Copier, ACTIVE, STOPPED};
use crate::rules::{self, Sizing};
use crate::settings;
use crate::skips;
use onyx_futures::api::batch;
use onyx_futures::api::contract::{self, Contract};
use onyx_futures::api::futures_position as position;
use onyx_futures::api::mirror::{Change, Closed, Mirror, Told};
use onyx_futures::api::positions::{self, CloseAt, Refusal, Ticket};
use onyx_futures::api::OPEN;
use onyx_kernel::ledger::PostingRef;
use onyx_kernel::money::{exact_mul, Amount};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::prices::IndexPrice;
use onyx_store::ledger::LedgerTxn;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{EntityTrait, Set};
use std::collections::HashMap;

/// The mirror the server installs. A copy's own changes (opened, closed or
/// margined by the engine) are told to it too: a copy's close settles the
/// follower's profit share.
pub struct CopyEngine;

impl Mirror for CopyEngine {
    fn changed<'a>(&'a self, txn: &'a mut LedgerTxn, change: Change<'a>, now: i64) -> Told<'a> {
        Box::pin(async move {
            match change {
                Change::Opened {
                    position,
                    ticket,
                    price,
                    tick,
                } if position.portfolio == 0 => {
                    lead_opened(txn, position, ticket, price, tick, now).await
                }
                Change::Closed { closes, tick, at } => {
                    // Copies first: a lead closed in the same batch then
                    // finds them closed already.
                    let copies: Vec<&Closed> =
                        closes.iter().filter(|x| x.before.portfolio != 0).collect();
                    copies_closed(txn, &copies, now).await?;
                    // Of the rest, only positions someone copies have
                    // copies to close (most closes in a liquidation sweep
                    // are nobody's lead).
                    let own: Vec<i64> = closes
                        .iter()
                        .filter(|x| x.before.portfolio == 0)
                        .map(|x| x.before.id)
                        .collect();
                    let copied = repo::copied_leads(txn.conn(), &own).await?;
                    for x in closes.iter().filter(|x| copied.contains(&x.before.id)) {
                        lead_closed(txn, x, tick, at, now).await?;
                    }
                    Ok(())
                }
                Change::Margin {
                    before,
                    amount,
                    add,
                    tick,
                    ..
                } if before.portfolio == 0 => {
                    lead_margin(txn, before, amount, add, tick, now).await
                }
                _ => Ok(()),
            }
        })
    }
}

fn internal(what: &str) -> Failure {
    Failure::internal(format!("copy trading: {what}"))
}

pub fn sizing(f: &Copier) -> Sizing {
    if f.follow_type == 1 {
        Sizing::Amount(f.follow_amount.get())
    } else {
        Sizing::Ratio(f.follow_rate.get())
    }
}

/// The contracts of a follow's comma list.
pub fn symbols(list: &str) -> impl Iterator<Item = &str> {
    list.split(',').map(str::trim).filter(|s| !s.is_empty())
}

fn owner(user_id: i64) -> Outcome<u64> {
    u64::try_from(user_id).map_err(Failure::internal)
}

async fn lead_opened(
    txn: &mut LedgerTxn,
    lead: &position::Model,
    ticket: &Ticket,
    price: Decimal,
    tick: &IndexPrice,
    now: i64,
) -> Outcome<()> {
    let Some(trader) = repo::trader_of_user(txn.conn(), lead.user_id)
        .await?
        .filter(|t| t.status == repo::APPROVED)
    else {
        return Ok(());
    };
    let follows = repo::active_follows(txn.conn(), trader.id).await?;
    if follows.is_empty() {
        return Ok(());
    }
    let c = &ticket.contract;
    let ids: Vec<i64> = follows.iter().map(|f| f.id).collect();
    // What each portfolio holds already: its margin (the budget) and its
    // copy on this contract and side (linked already).
    let mut open_margin: HashMap<i64, Decimal> = HashMap::new();
    let mut held: HashMap<i64, i64> = HashMap::new();
    for p in repo::open_copies(txn.conn(), &ids).await? {
        let m = open_margin.entry(p.portfolio).or_default();
        *m = m
            .checked_add(p.margin.get())
            .ok_or_else(|| internal("margin"))?;
        if p.contract_id == c.id && p.side == lead.side {
            held.insert(p.portfolio, p.id);
        }
    }
    let wallets = follows
        .iter()
        .map(|f| owner(f.user_id).map(onyx_futures::api::postings::wallet))
        .collect::<Outcome<Vec<_>>>()?;
    txn.preload(&wallets).await?;
    let mut skipped: Vec<(&Copier, &'static str)> = Vec::new();
    let mut links: Vec<link::ActiveModel> = Vec::new();
    let mut relinks: Vec<i64> = Vec::new();
    let mut nets: Vec<(i64, Decimal)> = Vec::new();
    let mut accepted: Vec<(&Copier, Amount)> = Vec::new();
    let mut opens: Vec<batch::Open> = Vec::new();
    for (f, wallet) in follows.iter().zip(&wallets) {
        if !symbols(&f.symbols).any(|s| s == c.coin) {
            skipped.push((f, skips::SYMBOL));
            continue;
        }
        if let (Some(budget), Some(rate)) = (&f.budget, &f.stop_loss_rate) {
            if rules::stop_loss_hit(f.net.get(), budget.get(), rate.get()) {
                repo::stop_follows(txn.conn(), &[f.id], skips::STOP_LOSS, now).await?;
                skipped.push((f, skips::STOP_LOSS));
                continue;
            }
        }
        let n = rules::copy_contracts(
            sizing(f),
            ticket.contracts,
            price,
            c.share_number,
            ticket.leverage,
        )
        .ok_or_else(|| internal("size"))?
        .min(c.max_share);
        if n < c.min_share || n <= Decimal::ZERO {
            skipped.push((f, skips::SIZE));
            continue;
        }
        let qty = exact_mul(n, c.share_number).ok_or_else(|| internal("size"))?;
        let (margin, fee) = positions::costs(c, qty, price, ticket.leverage)?;
        let in_copies = open_margin.get(&f.id).copied().unwrap_or_default();
        let after = in_copies
            .checked_add(margin.as_decimal())
            .ok_or_else(|| internal("budget"))?;
        if f.budget.as_ref().is_some_and(|b| after > b.get()) {
            skipped.push((f, skips::BUDGET));
            continue;
        }
        open_margin.insert(f.id, after);
        let (available, _) = txn.balance(wallet).await?;
        let cost = margin
            .as_decimal()
            .checked_add(fee.as_decimal())
            .ok_or_else(|| internal("cost"))?;
        if available < cost {
            skipped.push((f, skips::BALANCE));
            continue;
        }
        let t = Ticket {
            contract: c.clone(),
            side: ticket.side,
            leverage: ticket.leverage,
            contracts: n,
            qty,
            portfolio: f.id,
        };
        accepted.push((f, fee));
        opens.push(batch::Open {
            user_id: f.user_id,
            ticket: t,
            costs: (margin, fee),
        });
    }
    // Every copy at once, at the lead's price and tick.
    let answers = batch::open_all(txn, Some(&CopyEngine), opens, price, tick, now).await?;
    for ((f, fee), answer) in accepted.into_iter().zip(answers) {
        let row = match answer {
            Ok(row) => row,
            Err(Refusal::Leverage(_)) => {
                skipped.push((f, skips::LEVERAGE));
                continue;
            }
            Err(Refusal::HouseLimit) => {
                skipped.push((f, skips::HOUSE_LIMIT));
                continue;
            }
        };
        match held.get(&f.id) {
            Some(id) if *id == row.id => relinks.push(row.id),
            _ => links.push(link::ActiveModel {
                position_id: Set(row.id),
                follow_id: Set(f.id),
                trader_id: Set(trader.id),
                user_id: Set(f.user_id),
                lead_position_id: Set(lead.id),
                created_at: Set(now),
            }),
        }
        // The opening fee is a cost of copying: it lowers the net the
        // profit share is measured on.
        nets.push((
            f.id,
            f.net
                .get()
                .checked_sub(fee.as_decimal())
                .ok_or_else(|| internal("net"))?,
        ));
    }
    repo::record_skips(txn.conn(), &skipped, lead, now).await?;
    repo::insert_links(txn.conn(), links).await?;
    repo::relink(txn.conn(), &relinks, lead.id).await?;
    repo::set_nets(txn.conn(), &nets, now).await?;
    Ok(())
}

async fn lead_closed(
    txn: &mut LedgerTxn,
    lead: &Closed,
    tick: &IndexPrice,
    at: CloseAt,
    now: i64,
) -> Outcome<()> {
    let copies = repo::open_copies_of_lead(txn.conn(), lead.before.id).await?;
    if copies.is_empty() {
        return Ok(());
    }
    let c: Contract = contract::by_id(txn.conn(), lead.before.contract_id).await?;
    // A liquidation is the lead's margin, not the copy's: the copy closes
    // at the mark as any close does.
    let at = match at {
        CloseAt::Liquidation => CloseAt::Mark,
        other => other,
    };
    let all = lead.after.status != OPEN;
    let mut closes = Vec::with_capacity(copies.len());
    for copy in copies {
        let held = copy.qty.get();
        let closing = if all {
            held
        } else {
            rules::close_qty(held, lead.qty, lead.before.qty.get(), c.share_number)
                .ok_or_else(|| internal("close size"))?
        };
        if closing <= Decimal::ZERO {
            continue;
        }
        closes.push(batch::Close {
            position: copy,
            qty: closing,
        });
    }
    // Every copy at once, at the lead's tick.
    batch::close_all(txn, Some(&CopyEngine), &c, closes, tick, at, now).await?;
    Ok(())
}

async fn lead_margin(
    txn: &mut LedgerTxn,
    before: &position::Model,
    amount: Decimal,
    add: bool,
    tick: &IndexPrice,
    now: i64,
) -> Outcome<()> {
    let links = repo::links_of_lead(txn.conn(), before.id).await?;
    if links.is_empty() {
        return Ok(());
    }
    let c: Contract = contract::by_id(txn.conn(), before.contract_id).await?;
    for l in links {
        let Some(copy) = onyx_futures::api::position(txn.conn(), l.position_id)
            .await?
            .filter(|p| p.status == OPEN)
        else {
            continue;
        };
        let moved = rules::margin_follow(amount, copy.margin.get(), before.margin.get())
            .ok_or_else(|| internal("margin"))?;
        if moved <= Decimal::ZERO {
            continue;
        }
        let Some(f) = follow::Entity::find_by_id(l.follow_id)
            .one(txn.conn())
            .await?
        else {
            continue;
        };
        if add {
            let (available, _) = txn
                .balance(&onyx_futures::api::postings::wallet(owner(copy.user_id)?))
                .await?;
            if available < moved {
                repo::record_skip(txn.conn(), &Copier::from(&f), before, skips::MARGIN, now)
                    .await?;
                continue;
            }
        }
        let moved = Amount::from_decimal(moved).map_err(|_| internal("margin"))?;
        let engine = Some(&CopyEngine as &dyn Mirror);
        match positions::adjust_in(txn, engine, &copy, &c, tick, moved, add, now).await {
            Ok(_) => {}
            // The floor is checked before anything is written.
            Err(e) if e.code == ErrorCode::FuturesMarginFloor => {
                repo::record_skip(txn.conn(), &Copier::from(&f), before, skips::MARGIN, now)
                    .await?;
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Copied positions closed (by their lead, their followers or a
/// liquidation): each follow's net moves by the close's booked profit less
/// its fee, and the share above the high-water mark goes to the lead, one
/// close after another in the order given.
async fn copies_closed(txn: &mut LedgerTxn, closes: &[&Closed], now: i64) -> Outcome<()> {
    if closes.is_empty() {
        return Ok(());
    }
    let ids: Vec<i64> = closes.iter().map(|x| x.before.id).collect();
    let links: HashMap<i64, repo::Link> = repo::links_of(txn.conn(), &ids)
        .await?
        .into_iter()
        .map(|l| (l.position_id, l))
        .collect();
    let mut follow_ids: Vec<i64> = links.values().map(|l| l.follow_id).collect();
    follow_ids.sort_unstable();
    follow_ids.dedup();
    let mut standings: HashMap<i64, repo::Standing> = repo::standings(txn.conn(), &follow_ids)
        .await?
        .into_iter()
        .map(|f| (f.id, f))
        .collect();
    let mut trader_ids: Vec<i64> = links.values().map(|l| l.trader_id).collect();
    trader_ids.sort_unstable();
    trader_ids.dedup();
    let traders: HashMap<i64, i64> = repo::trader_users(txn.conn(), &trader_ids).await?;
    let rate = settings::read(txn.conn()).await?.share_rate;
    let settled: Vec<(&Closed, &repo::Link)> = closes
        .iter()
        .filter_map(|x| links.get(&x.before.id).map(|l| (*x, l)))
        .collect();
    let row_ids = txn.reserve_ids("copy_settlements", settled.len()).await?;
    if row_ids.len() != settled.len() {
        return Err(internal("reserved settlement ids"));
    }
    let mut rows: Vec<settlement::ActiveModel> = Vec::with_capacity(settled.len());
    let mut stopped: Vec<i64> = Vec::new();
    for ((x, l), row_id) in settled.into_iter().zip(row_ids) {
        let f = standings
            .get_mut(&l.follow_id)
            .ok_or_else(|| internal("a copy without its follow"))?;
        let trader_user = *traders
            .get(&l.trader_id)
            .ok_or_else(|| internal("a copy without its trader"))?;
        let (before, after) = (&x.before, &x.after);
        let booked = after
            .realised
            .get()
            .checked_sub(before.realised.get())
            .ok_or_else(|| internal("booked"))?;
        let fee = after
            .fees
            .get()
            .checked_sub(before.fees.get())
            .ok_or_else(|| internal("fee"))?;
        let delta = booked.checked_sub(fee).ok_or_else(|| internal("delta"))?;
        let released = before
            .margin
            .get()
            .checked_sub(after.margin.get())
            .ok_or_else(|| internal("margin"))?;
        let (net, hwm) = (f.net.get(), f.hwm.get());
        let s = rules::settle(net, hwm, delta, rate).ok_or_else(|| internal("settle"))?;
        let tx_id = if s.share > Decimal::ZERO {
            let amount = Amount::from_decimal(s.share).map_err(|_| internal("share"))?;
            let r = PostingRef::CopySettlement(row_id);
            let postings = crate::postings::profit_share(
                owner(f.user_id)?,
                owner(trader_user)?,
                amount,
                &r,
                now,
            );
            txn.post(&r, postings).await?
        } else {
            0
        };
        rows.push(settlement::ActiveModel {
            id: Set(row_id),
            follow_id: Set(f.id),
            position_id: Set(before.id),
            user_id: Set(f.user_id),
            trader_user_id: Set(trader_user),
            delta: Set(DecimalText::from(delta.normalize())),
            margin: Set(DecimalText::from(released.normalize())),
            net_before: Set(DecimalText::from(net.normalize())),
            hwm_before: Set(DecimalText::from(hwm.normalize())),
            net_after: Set(DecimalText::from(s.net.normalize())),
            hwm_after: Set(DecimalText::from(s.hwm.normalize())),
            rate: Set(DecimalText::from(rate.normalize())),
            share: Set(DecimalText::from(s.share.normalize())),
            tx_id: Set(tx_id),
            at: Set(now),
        });
        f.net = DecimalText::from(s.net.normalize());
        f.hwm = DecimalText::from(s.hwm.normalize());
        f.shared = DecimalText::from(
            f.shared
                .get()
                .checked_add(s.share)
                .ok_or_else(|| internal("shared"))?
                .normalize(),
        );
        if f.status == ACTIVE {
            if let (Some(budget), Some(rate)) = (&f.budget, &f.stop_loss_rate) {
                if rules::stop_loss_hit(s.net, budget.get(), rate.get()) {
                    f.status = STOPPED;
                    stopped.push(f.id);
                }
            }
        }
    }
    repo::insert_settlements(txn.conn(), rows).await?;
    let changed: Vec<&repo::Standing> = follow_ids
        .iter()
        .filter_map(|id| standings.get(id))
        .collect();
    repo::set_standings(txn.conn(), &changed, now).await?;
    repo::stop_follows(txn.conn(), &stopped, skips::STOP_LOSS, now).await?;
    Ok(())
}
