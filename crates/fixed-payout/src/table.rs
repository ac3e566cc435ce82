//! The order and period tables every fixed-payout product keeps, as the
//! shared core sees them: each product has its own tables (its own names,
//! its own extra columns), declared by [`order_table!`](crate::order_table)
//! and [`period_table!`](crate::period_table) in the product's entity
//! modules with the columns every product has, which the core reads and
//! writes, and the product's own.

use crate::repo::OrderStatus;
use crate::rules::{Direction, Outcome, Terms};
use onyx_kernel::money::Amount;
use onyx_platform::prices::IndexPrice;
use onyx_store::sort::SortKey;
use onyx_store::DecimalText;
use sea_orm::{ActiveModelBehavior, ActiveModelTrait, EntityTrait, IntoActiveModel};

/// An order row's columns the core reads.
pub struct OrderFields<'a> {
    pub id: i64,
    pub user_id: i64,
    /// Lower-case coin, e.g. `btc`.
    pub coin: &'a str,
    pub direction: Direction,
    pub stake: DecimalText,
    pub odds: DecimalText,
    pub full_loss: i32,
    pub open_price: DecimalText,
    pub open_tick_ms: i64,
    pub opened_at: i64,
    pub close_at: i64,
    pub status: OrderStatus,
    pub outcome: Option<Outcome>,
    pub close_price: Option<DecimalText>,
    pub close_tick_ms: Option<i64>,
    pub returned: Option<DecimalText>,
    pub winnings: Option<DecimalText>,
    pub to_house: Option<DecimalText>,
}

/// An order row's columns a settlement writes.
pub struct SettledFields<'a> {
    pub status: &'a mut OrderStatus,
    pub outcome: &'a mut Option<Outcome>,
    pub close_price: &'a mut Option<DecimalText>,
    pub close_tick_ms: &'a mut Option<i64>,
    pub close_source: &'a mut Option<String>,
    pub returned: &'a mut Option<DecimalText>,
    pub winnings: &'a mut Option<DecimalText>,
    pub to_house: &'a mut Option<DecimalText>,
    pub settle_tx_id: &'a mut Option<i64>,
    pub settled_at: &'a mut Option<i64>,
}

pub trait OrderRow: Clone + Send + Sync + 'static {
    fn fields(&self) -> OrderFields<'_>;
    fn settled_fields(&mut self) -> SettledFields<'_>;
}

/// What every product's order row holds when it is accepted: the user,
/// the coin, the period, the bet and its terms, and the tick it opens on.
/// The row is open and its opening not posted yet.
pub struct Opening {
    pub order_no: String,
    pub user_id: i64,
    /// Lower-case coin, e.g. `btc`.
    pub coin: String,
    /// Lower-case symbol, e.g. `btcusdt`.
    pub symbol: String,
    pub period_id: i64,
    pub period_seconds: i32,
    pub direction: Direction,
    pub stake: Amount,
    pub terms: Terms,
    pub tick: IndexPrice,
    pub close_at: i64,
}

/// A product's order table.
pub trait OrderTable:
    EntityTrait<
    Model: OrderRow + IntoActiveModel<Self::ActiveModel>,
    ActiveModel: ActiveModelTrait<Entity = Self>
                     + ActiveModelBehavior
                     + From<Self::Model>
                     + Send
                     + Sync,
>
{
    /// How a user's orders sort (the same names in every product, so the
    /// operator's user page asks them alike).
    type Sort: OrderSortKey<Table = Self>;
    const ID: Self::Column;
    const USER_ID: Self::Column;
    const STATUS: Self::Column;
    const CLOSE_AT: Self::Column;
    /// The opening's ledger transaction, noted once it is posted.
    const OPEN_TX_ID: Self::Column;
    /// The columns a settlement writes back.
    const SETTLED: &'static [Self::Column];

    /// A new open row with `o`'s columns set, accepted at `opened_at` (ms);
    /// the product sets its own columns on it.
    fn opening(o: Opening, opened_at: i64) -> Self::ActiveModel;
}

/// A sort key of one product's orders: the table is known from the key,
/// so a caller naming a product's `OrderSort` names its table too.
pub trait OrderSortKey: SortKey {
    type Table: OrderTable<Sort = Self>;
}

/// A period row's columns the core reads and operators edit.
pub struct PeriodFields<'a> {
    pub id: &'a mut i64,
    pub period_seconds: &'a mut i32,
    pub odds: &'a mut DecimalText,
    pub min_amount: &'a mut DecimalText,
    pub max_amount: &'a mut DecimalText,
    /// 1 offered, 2 switched off.
    pub status: &'a mut i32,
    /// 1: a loss takes the whole stake.
    pub full_loss: &'a mut i32,
    pub sort: &'a mut i32,
    pub exposure_cap: &'a mut DecimalText,
}

pub trait PeriodRow: Clone + Send + Sync + 'static {
    fn fields(&mut self) -> PeriodFields<'_>;
}

/// A product's period table; `OWNER` is the coin or pair a period is on.
pub trait PeriodTable:
    EntityTrait<
    Model: PeriodRow + IntoActiveModel<Self::ActiveModel>,
    ActiveModel: ActiveModelTrait<Entity = Self>
                     + ActiveModelBehavior
                     + From<Self::Model>
                     + Send
                     + Sync,
>
{
    const ID: Self::Column;
    const OWNER: Self::Column;
    const PERIOD_SECONDS: Self::Column;
    const STATUS: Self::Column;
    const SORT: Self::Column;
}

/// Declares, in the entity module it is invoked in, a fixed-payout order
/// table: the `Model` with the columns every product's orders have (what
/// the core opens, settles and verifies) and then the product's `own`, its
/// `Entity`, and the core's view of it, with `settles also` the product's
/// columns a settlement writes besides the shared ones; and its
/// `OrderSort`. The module imports `sea_orm::entity::prelude::*`.
#[macro_export]
macro_rules! order_table {
    (
        $(#[$doc:meta])*
        table: $table:literal,
        own: { $($(#[$own_doc:meta])* $own:ident: $own_ty:ty),* $(,)? },
        settles also [$($extra:ident),* $(,)?] $(,)?
    ) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
        #[sea_orm(table_name = $table)]
        pub struct Model {
            #[sea_orm(primary_key)]
            pub id: i64,
            #[sea_orm(unique)]
            pub order_no: String,
            pub user_id: i64,
            /// Lower-case coin, e.g. `btc`.
            pub coin: String,
            /// The coin's or pair's symbol, e.g. `btcusdt`.
            pub symbol: String,
            pub period_id: i64,
            pub period_seconds: i32,
            pub direction: ::onyx_fixed_payout::rules::Direction,
            pub stake: ::onyx_store::DecimalText,
            pub odds: ::onyx_store::DecimalText,
            pub full_loss: i32,
            /// The coin's last tape tick at acceptance.
            pub open_price: ::onyx_store::DecimalText,
            pub open_tick_ms: i64,
            pub open_source: String,
            pub opened_at: i64,
            pub close_at: i64,
            pub status: ::onyx_fixed_payout::repo::OrderStatus,
            /// Once settled.
            pub outcome: Option<::onyx_fixed_payout::rules::Outcome>,
            pub close_price: Option<::onyx_store::DecimalText>,
            pub close_tick_ms: Option<i64>,
            pub close_source: Option<String>,
            /// Out of the stake back to the user.
            pub returned: Option<::onyx_store::DecimalText>,
            /// From the house to the user, on top of the stake.
            pub winnings: Option<::onyx_store::DecimalText>,
            /// Out of the stake to the house.
            pub to_house: Option<::onyx_store::DecimalText>,
            pub open_tx_id: i64,
            pub settle_tx_id: Option<i64>,
            pub settled_at: Option<i64>,
            $($(#[$own_doc])* pub $own: $own_ty,)*
        }

        #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
        pub enum Relation {}

        impl ActiveModelBehavior for ActiveModel {}

        impl $crate::table::OrderRow for Model {
            fn fields(&self) -> $crate::table::OrderFields<'_> {
                $crate::table::OrderFields {
                    id: self.id,
                    user_id: self.user_id,
                    coin: &self.coin,
                    direction: self.direction,
                    stake: self.stake,
                    odds: self.odds,
                    full_loss: self.full_loss,
                    open_price: self.open_price,
                    open_tick_ms: self.open_tick_ms,
                    opened_at: self.opened_at,
                    close_at: self.close_at,
                    status: self.status,
                    outcome: self.outcome,
                    close_price: self.close_price,
                    close_tick_ms: self.close_tick_ms,
                    returned: self.returned,
                    winnings: self.winnings,
                    to_house: self.to_house,
                }
            }

            fn settled_fields(&mut self) -> $crate::table::SettledFields<'_> {
                $crate::table::SettledFields {
                    status: &mut self.status,
                    outcome: &mut self.outcome,
                    close_price: &mut self.close_price,
                    close_tick_ms: &mut self.close_tick_ms,
                    close_source: &mut self.close_source,
                    returned: &mut self.returned,
                    winnings: &mut self.winnings,
                    to_house: &mut self.to_house,
                    settle_tx_id: &mut self.settle_tx_id,
                    settled_at: &mut self.settled_at,
                }
            }
        }

        impl $crate::table::OrderTable for Entity {
            type Sort = OrderSort;

            fn opening(o: $crate::table::Opening, opened_at: i64) -> ActiveModel {
                use ::sea_orm::Set;
                use ::onyx_store::DecimalText;
                ActiveModel {
                    order_no: Set(o.order_no),
                    user_id: Set(o.user_id),
                    coin: Set(o.coin),
                    symbol: Set(o.symbol),
                    period_id: Set(o.period_id),
                    period_seconds: Set(o.period_seconds),
                    direction: Set(o.direction),
                    stake: Set(DecimalText::from(o.stake.as_decimal())),
                    odds: Set(DecimalText::from(o.terms.odds.normalize())),
                    full_loss: Set(i32::from(o.terms.full_loss)),
                    open_price: Set(DecimalText::from(o.tick.price.normalize())),
                    open_tick_ms: Set(o.tick.ts_ms),
                    open_source: Set(o.tick.source.to_string()),
                    opened_at: Set(opened_at),
                    close_at: Set(o.close_at),
                    status: Set($crate::repo::OrderStatus::Open),
                    open_tx_id: Set(0),
                    // The settlement's columns stay empty until it settles.
                    ..Default::default()
                }
            }

            const ID: Column = Column::Id;
            const USER_ID: Column = Column::UserId;
            const STATUS: Column = Column::Status;
            const CLOSE_AT: Column = Column::CloseAt;
            const OPEN_TX_ID: Column = Column::OpenTxId;
            const SETTLED: &'static [Column] = &[
                Column::Status,
                Column::Outcome,
                Column::ClosePrice,
                Column::CloseTickMs,
                Column::CloseSource,
                Column::Returned,
                Column::Winnings,
                Column::ToHouse,
                $(Column::$extra,)*
                Column::SettleTxId,
                Column::SettledAt,
            ];
        }

        impl $crate::table::OrderSortKey for OrderSort {
            type Table = Entity;
        }

        onyx_store::sort_keys! {
            /// How a user's orders sort (the same names as the other
            /// fixed-payout product's, so the operator's user page asks
            /// both alike).
            pub OrderSort, default = desc(Id) {
                Id = "id" => column(Column::Id),
                Symbol = "symbol" => column(Column::Symbol),
                Stake = "stake" => decimal_text(Column::Stake),
                Outcome = "outcome" => column(Column::Outcome),
                OpenTimeMs = "openTimeMs" => column(Column::OpenedAt),
                CloseTimeMs = "closeTimeMs" => column(Column::CloseAt),
            }
        }
    };
}

/// Declares, in the entity module it is invoked in, a fixed-payout period
/// table: the `Model` with its `owner` (the coin's or pair's id, column
/// `$Owner`), the columns every product's periods have and then the
/// product's `own`, its `Entity`, and the core's view of it. The module
/// imports `sea_orm::entity::prelude::*`.
#[macro_export]
macro_rules! period_table {
    (
        $(#[$doc:meta])*
        table: $table:literal,
        $(#[$owner_doc:meta])*
        owner: $owner_field:ident => $owner:ident,
        own: { $($(#[$own_doc:meta])* $own:ident: $own_ty:ty),* $(,)? } $(,)?
    ) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
        #[sea_orm(table_name = $table)]
        pub struct Model {
            #[sea_orm(primary_key)]
            pub id: i64,
            $(#[$owner_doc])*
            pub $owner_field: i64,
            pub period_seconds: i32,
            /// Paid per unit staked on a win, on top of the stake.
            pub odds: ::onyx_store::DecimalText,
            pub min_amount: ::onyx_store::DecimalText,
            pub max_amount: ::onyx_store::DecimalText,
            /// 1 offered, 2 switched off.
            pub status: i32,
            /// 1: a loss takes the whole stake; 0: `stake × odds`.
            pub full_loss: i32,
            pub sort: i32,
            /// What the house may owe on one window (or issue) of this
            /// period if every order in it wins (`stake × odds` summed);
            /// orders beyond it are refused.
            pub exposure_cap: ::onyx_store::DecimalText,
            $($(#[$own_doc])* pub $own: $own_ty,)*
        }

        #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
        pub enum Relation {}

        impl ActiveModelBehavior for ActiveModel {}

        impl $crate::table::PeriodRow for Model {
            fn fields(&mut self) -> $crate::table::PeriodFields<'_> {
                $crate::table::PeriodFields {
                    id: &mut self.id,
                    period_seconds: &mut self.period_seconds,
                    odds: &mut self.odds,
                    min_amount: &mut self.min_amount,
                    max_amount: &mut self.max_amount,
                    status: &mut self.status,
                    full_loss: &mut self.full_loss,
                    sort: &mut self.sort,
                    exposure_cap: &mut self.exposure_cap,
                }
            }
        }

        impl $crate::table::PeriodTable for Entity {
            const ID: Column = Column::Id;
            const OWNER: Column = Column::$owner;
            const PERIOD_SECONDS: Column = Column::PeriodSeconds;
            const STATUS: Column = Column::Status;
            const SORT: Column = Column::Sort;
        }
    };
}
