//! Second contracts as the fixed-payout core sees them: their tables, the
//! `house_second_contract` account, no fee, and periods on catalogue coins.

use crate::entity::{second_contract_order as order, second_contract_period as period};
use crate::period_editing::PeriodPatch;
use crate::views::{OrderView, PeriodView};
use onyx_fixed_payout::accept::Offer;
use onyx_fixed_payout::disclosure;
use onyx_fixed_payout::period_editing::PeriodEditing;
use onyx_fixed_payout::product::Product;
use onyx_fixed_payout::rules::Direction;
use onyx_kernel::ledger::{PostingRef, SystemAccount};
use onyx_kernel::{Failure, Outcome};
use onyx_market::api::catalogue;
use onyx_store::DecimalText;
use sea_orm::{ConnectionTrait, DatabaseTransaction};

pub struct SecondContracts;

impl Product for SecondContracts {
    type Orders = order::Entity;
    type Periods = period::Entity;
    type View = OrderView;
    const NAME: &'static str = "second contract";
    const JOB: &'static str = "second_contract_settlement";
    const SOCKET_TYPE: &'static str = "SECOND";
    const HOUSE: SystemAccount = SystemAccount::SecondContractHouse;
    const OFFER: Offer = Offer {
        playing_key: "secondContract",
        disclosure: disclosure::Product {
            key: "second_contracts",
            version: 1,
        },
        exposure_product: "second_contracts",
    };

    const ORDER_PREFIX: char = 'S';

    fn direction(bet_content: &str) -> Option<Direction> {
        Direction::from_bet_content(bet_content)
    }

    fn reference(order_id: i64) -> PostingRef {
        PostingRef::SecondContract(order_id)
    }

    fn view(order: &order::Model, now_ms: i64) -> OrderView {
        OrderView::of(order, now_ms)
    }
}

impl PeriodEditing for SecondContracts {
    type Patch = PeriodPatch;
    type PeriodView = PeriodView;
    const PERIOD_SECONDS_MIN: i32 = 5;
    const OWNER_FIELD: &'static str = "coinId";
    const AUDIT_AREA: &'static str = "second_contract";
    const AUDIT_TARGET: &'static str = "second_period";

    fn blank(coin_id: i64, exposure_cap: DecimalText) -> period::Model {
        period::Model {
            id: 0,
            coin_id,
            period_seconds: 0,
            odds: DecimalText::ZERO,
            min_amount: DecimalText::ZERO,
            max_amount: DecimalText::ZERO,
            status: 1,
            full_loss: 1,
            sort: 0,
            exposure_cap,
        }
    }

    async fn owner_exists(db: &DatabaseTransaction, coin_id: i64) -> Outcome<bool> {
        Ok(catalogue::find_coin_by_id(db, coin_id).await?.is_some())
    }

    async fn period_view<C: ConnectionTrait + Sync>(
        _db: &C,
        row: &period::Model,
    ) -> Outcome<PeriodView> {
        PeriodView::of(row)
            .ok_or_else(|| Failure::internal(format!("period {} has bad terms", row.id)))
    }
}
