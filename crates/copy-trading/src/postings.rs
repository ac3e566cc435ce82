//! The ledger side of copy trading: the profit share, follower to lead,
//! between their futures (contract) wallets. Copies themselves are
//! futures positions and post as futures does.

use onyx_futures::api::postings::{wallet, COIN};
use onyx_kernel::ledger::{Posting, PostingKind, PostingRef, Side};
use onyx_kernel::money::Amount;

pub fn profit_share(
    follower: u64,
    lead: u64,
    amount: Amount,
    r: &PostingRef,
    at_ms: i64,
) -> Vec<Posting> {
    vec![Posting {
        kind: PostingKind::ProfitShare,
        asset: COIN.to_string(),
        amount,
        from: Side::available(wallet(follower)),
        to: Side::available(wallet(lead)),
        reference: r.clone(),
        at_ms,
    }]
}
