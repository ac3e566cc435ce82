//! Options as the fixed-payout core sees them: their tables, the
//! `house_option` account, the fee given back on a void and checked by
//! `onyx verify` with the issue, and periods on option pairs.

use crate::entity::{option_order as order, option_period as period};
use crate::fees;
use crate::issue::Issue;
use crate::period_editing::PeriodPatch;
use crate::views::{OrderView, PeriodView};
use onyx_fixed_payout::accept::Offer;
use onyx_fixed_payout::disclosure;
use onyx_fixed_payout::period_editing::PeriodEditing;
use onyx_fixed_payout::product::Product;
use onyx_fixed_payout::rules::{self, Direction};
use onyx_kernel::ledger::{PostingRef, SystemAccount};
use onyx_kernel::money::Amount;
use onyx_kernel::{Failure, Outcome};
use onyx_market::api::catalogue;
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::{ConnectionTrait, DatabaseTransaction};

pub struct Options;

impl Product for Options {
    type Orders = order::Entity;
    type Periods = period::Entity;
    type View = OrderView;
    const NAME: &'static str = "option";
    const JOB: &'static str = "option_settlement";
    const SOCKET_TYPE: &'static str = "OPTION";
    const HOUSE: SystemAccount = SystemAccount::OptionHouse;
    const OFFER: Offer = Offer {
        playing_key: "option",
        disclosure: disclosure::Product {
            key: "options",
            version: 1,
        },
        exposure_product: "options",
    };

    const ORDER_PREFIX: char = 'O';

    fn direction(bet_content: &str) -> Option<Direction> {
        crate::views::direction_of(bet_content)
    }

    fn reference(order_id: i64) -> PostingRef {
        PostingRef::OptionOrder(order_id)
    }

    fn view(order: &order::Model, now_ms: i64) -> OrderView {
        OrderView::of(order, now_ms)
    }

    /// The fee comes back only when the order is void.
    fn fee_back(o: &order::Model, outcome: rules::Outcome) -> Result<Amount, String> {
        if outcome == rules::Outcome::Void {
            Amount::from_decimal(o.fee.get()).map_err(|e| e.to_string())
        } else {
            Ok(Amount::ZERO)
        }
    }

    fn store_fee_back(o: &mut order::Model, fee_back: Amount) {
        o.fee_returned = Some(DecimalText::from(fee_back.as_decimal()));
    }

    fn stored_fee_back(o: &order::Model) -> Option<Decimal> {
        o.fee_returned.map(DecimalText::get)
    }

    /// The issue must be the one the clock gives for the acceptance time,
    /// the fee what the stored fee rule gives.
    fn terms_differences(o: &order::Model) -> Vec<String> {
        let mut out = Vec::new();
        match Issue::at(o.opened_at, o.period_seconds, 0) {
            Some(i) if i.no == o.issue_no && i.end_ms == o.close_at => {}
            _ => out.push(format!(
                "accepted at {} ms into issue {} closing {} ms, not the clock's issue",
                o.opened_at, o.issue_no, o.close_at
            )),
        }
        let fee = Amount::from_decimal(o.stake.get())
            .ok()
            .and_then(|stake| fees::fee(stake, o.fee_type, o.fee_value.get()));
        if fee.map(|f| f.as_decimal()) != Some(o.fee.get()) {
            out.push(format!(
                "charged a fee of {}, the rule gives {:?}",
                o.fee.get(),
                fee.map(|f| f.as_decimal())
            ));
        }
        out
    }
}

impl PeriodEditing for Options {
    type Patch = PeriodPatch;
    type PeriodView = PeriodView;
    const PERIOD_SECONDS_MIN: i32 = 10;
    const OWNER_FIELD: &'static str = "optionId";
    const AUDIT_AREA: &'static str = "option";
    const AUDIT_TARGET: &'static str = "option_period";

    fn blank(option_id: i64, exposure_cap: DecimalText) -> period::Model {
        period::Model {
            id: 0,
            option_id,
            period_seconds: 0,
            cutoff_seconds: crate::period_editing::CUTOFF_DEFAULT,
            odds: DecimalText::ZERO,
            min_amount: DecimalText::ZERO,
            max_amount: DecimalText::ZERO,
            status: 1,
            full_loss: 1,
            sort: 0,
            exposure_cap,
        }
    }

    /// Entry closes 1 s to a period less 1 s before an issue's end.
    fn apply_own(row: &mut period::Model, p: &PeriodPatch) -> Outcome<()> {
        if let Some(c) = p.cutoff {
            row.cutoff_seconds = c;
        }
        if row.cutoff_seconds < 1 || row.cutoff_seconds >= row.period_seconds {
            return Err(Failure::invalid("cutoff"));
        }
        Ok(())
    }

    async fn owner_exists(db: &DatabaseTransaction, option_id: i64) -> Outcome<bool> {
        Ok(catalogue::find_option_pair(db, option_id).await?.is_some())
    }

    async fn period_view<C: ConnectionTrait + Sync>(
        db: &C,
        row: &period::Model,
    ) -> Outcome<PeriodView> {
        let pair = catalogue::find_option_pair(db, row.option_id)
            .await?
            .ok_or_else(|| Failure::invalid("optionId"))?;
        PeriodView::of(row, &pair)
            .ok_or_else(|| Failure::internal(format!("option period {} has bad terms", row.id)))
    }
}
