//! `onyx verify` for copy trading: every follow's settlements replayed in
//! order. Each share must be what [`rules::settle`] gives from the net and
//! high-water mark before it, the mark must carry from one close to the
//! next, a share must have its ledger transaction, and the follow's row
//! must end where the replay does.

use crate::entity::{copy_follow as follow, copy_settlement as settlement};
use crate::rules;
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};

#[derive(Debug, Default)]
pub struct Report {
    /// Follows replayed and found as stored.
    pub checked: u64,
    /// (follow id, what differs).
    pub mismatches: Vec<(i64, String)>,
}

pub async fn verify(db: &impl ConnectionTrait) -> Result<Report, DbErr> {
    let mut report = Report::default();
    for f in follow::Entity::find()
        .order_by_asc(follow::Column::Id)
        .all(db)
        .await?
    {
        let rows = settlement::Entity::find()
            .filter(settlement::Column::FollowId.eq(f.id))
            .order_by_asc(settlement::Column::Id)
            .all(db)
            .await?;
        let before = report.mismatches.len();
        let (mut hwm, mut shared) = (Decimal::ZERO, Decimal::ZERO);
        for s in &rows {
            if s.hwm_before.get() != hwm {
                report.mismatches.push((
                    f.id,
                    format!(
                        "settlement {}: mark {} before, the last close left {hwm}",
                        s.id,
                        s.hwm_before.get()
                    ),
                ));
            }
            let want = rules::settle(
                s.net_before.get(),
                s.hwm_before.get(),
                s.delta.get(),
                s.rate.get(),
            );
            let got = rules::Settled {
                net: s.net_after.get(),
                hwm: s.hwm_after.get(),
                share: s.share.get(),
            };
            if want != Some(got) {
                report.mismatches.push((
                    f.id,
                    format!(
                        "settlement {}: stored {got:?}, the rule gives {want:?}",
                        s.id
                    ),
                ));
            }
            if s.share.get() > Decimal::ZERO && s.tx_id == 0 {
                report.mismatches.push((
                    f.id,
                    format!("settlement {}: a share without its transaction", s.id),
                ));
            }
            hwm = s.hwm_after.get();
            shared = shared.checked_add(s.share.get()).unwrap_or(shared);
        }
        if f.hwm.get() != hwm || f.shared.get() != shared {
            report.mismatches.push((
                f.id,
                format!(
                    "follow holds mark {} and shared {}, its settlements {hwm} and {shared}",
                    f.hwm.get(),
                    f.shared.get()
                ),
            ));
        }
        if report.mismatches.len() == before {
            report.checked = report.checked.saturating_add(1);
        }
    }
    Ok(report)
}
