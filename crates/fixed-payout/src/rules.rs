//! The rules of a fixed-payout order (a second contract, an option), with
//! nothing to look up: which way the price went, what a stake pays, and the
//! figures its disclosure shows. Pure functions of their arguments, the
//! same ones `onyx verify` recomputes settlements with; which recorded tick
//! closes an order is the price tape's `onyx_market::api::tape::closing_tick`.
//!
//! - An order is a bet that the index at the close is above (up) or below
//!   (down) the index at acceptance. Equal prices are a draw: the stake comes
//!   back.
//! - The close price is the last recorded tick at or before the close time,
//!   and only if it is at most `tape::CLOSING_TICK_AGE_MAX_MS` old; otherwise (the feed
//!   was down, the server was) the order is void and the stake comes back.
//! - A win pays the stake back plus `stake × odds`. A loss takes the whole
//!   stake when the period says so (`flag`, "full loss"), otherwise only
//!   `stake × odds`. What the user receives is rounded down to the ledger's
//!   precision, what the user gives up is rounded up, so the house never
//!   pays out a fraction it did not compute.

use onyx_kernel::money::{exact_mul, Amount, LEDGER_DP};
use rust_decimal::Decimal;

/// Digits the disclosure's rates are shown with (fractions of one, so 4
/// digits are hundredths of a percent).
pub const RATE_DP: u32 = 4;

onyx_store::status_enum!(
    /// Which way the user bets the index moves, stored as `up` or `down`.
    Direction {
        Up = "up",
        Down = "down",
    }
);

impl Direction {
    /// The spec's `betContent`: "1" up, "0" down.
    pub fn from_bet_content(text: &str) -> Option<Direction> {
        match text.trim() {
            "1" => Some(Direction::Up),
            "0" => Some(Direction::Down),
            _ => None,
        }
    }

    pub fn bet_content(self) -> &'static str {
        match self {
            Direction::Up => "1",
            Direction::Down => "0",
        }
    }
}

onyx_store::status_enum!(
    /// How an order ended, stored as its word.
    Outcome {
        Win = "win",
        Lose = "lose",
        /// The close equals the open: the stake comes back.
        Draw = "draw",
        /// No tick to settle on: the stake comes back.
        Void = "void",
    }
);

impl Outcome {
    /// The spec's `openResult`: 1 win, 2 lose, 3 draw, 4 void.
    pub fn open_result(self) -> u8 {
        match self {
            Outcome::Win => 1,
            Outcome::Lose => 2,
            Outcome::Draw => 3,
            Outcome::Void => 4,
        }
    }

    pub fn from_open_result(code: u8) -> Option<Outcome> {
        match code {
            1 => Some(Outcome::Win),
            2 => Some(Outcome::Lose),
            3 => Some(Outcome::Draw),
            4 => Some(Outcome::Void),
            _ => None,
        }
    }
}

/// A period's payout terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// What a win pays per unit staked, on top of the stake (0.12 = 12 %).
    pub odds: Decimal,
    /// A loss takes the whole stake (the spec's `flag`), else `stake × odds`.
    pub full_loss: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TermsError {
    #[error("odds must be above 0 and at most 10")]
    OddsOutOfRange,
    #[error("odds may have at most {RATE_DP} decimals")]
    OddsTooPrecise,
}

impl Terms {
    /// Terms an operator may publish: odds in (0, 10] with at most
    /// [`RATE_DP`] decimals. A partial loss with odds above 1 would take more
    /// than the stake, so it is capped at the stake by [`split`].
    pub fn new(odds: Decimal, full_loss: bool) -> Result<Terms, TermsError> {
        if odds <= Decimal::ZERO || odds > Decimal::TEN {
            return Err(TermsError::OddsOutOfRange);
        }
        if odds.normalize().scale() > RATE_DP {
            return Err(TermsError::OddsTooPrecise);
        }
        Ok(Terms { odds, full_loss })
    }

    /// The share of the stake a loss takes: 1, or the odds (at most 1).
    pub fn loss_share(&self) -> Decimal {
        if self.full_loss {
            Decimal::ONE
        } else {
            self.odds.min(Decimal::ONE)
        }
    }
}

/// How an order opened at `open` ends on `close` (`None`: void).
pub fn outcome(direction: Direction, open: Decimal, close: Option<Decimal>) -> Outcome {
    let Some(close) = close else {
        return Outcome::Void;
    };
    match (close.cmp(&open), direction) {
        (std::cmp::Ordering::Equal, _) => Outcome::Draw,
        (std::cmp::Ordering::Greater, Direction::Up)
        | (std::cmp::Ordering::Less, Direction::Down) => Outcome::Win,
        _ => Outcome::Lose,
    }
}

/// Where a settled stake goes. `returned + to_house == stake` always; the
/// user receives `returned + winnings` in total (the spec's `rewardAmount`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// Out of the frozen stake back to the user's available balance.
    pub returned: Amount,
    /// Out of the frozen stake to the house.
    pub to_house: Amount,
    /// From the house to the user, on top of the stake.
    pub winnings: Amount,
}

impl Split {
    /// What the user receives in total, the stake included.
    pub fn paid_out(&self) -> Option<Amount> {
        self.returned.checked_add(self.winnings)
    }
}

/// Splits `stake` by `outcome` under `terms`. `None` only when a product
/// cannot be computed exactly (far beyond any stake an order allows).
pub fn split(stake: Amount, terms: &Terms, outcome: Outcome) -> Option<Split> {
    let none = Amount::ZERO;
    match outcome {
        Outcome::Draw | Outcome::Void => Some(Split {
            returned: stake,
            to_house: none,
            winnings: none,
        }),
        Outcome::Win => {
            let won = exact_mul(stake.as_decimal(), terms.odds)?;
            Some(Split {
                returned: stake,
                to_house: none,
                winnings: Amount::from_decimal(won).ok()?.round_down(LEDGER_DP),
            })
        }
        Outcome::Lose => {
            let kept = exact_mul(
                stake.as_decimal(),
                Decimal::ONE.checked_sub(terms.loss_share())?,
            )?;
            let returned = Amount::from_decimal(kept).ok()?.round_down(LEDGER_DP);
            Some(Split {
                returned,
                to_house: stake.checked_sub(returned)?,
                winnings: none,
            })
        }
    }
}

/// The figures a period's disclosure shows before the first order, as
/// fractions of one rounded to [`RATE_DP`] digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Disclosure {
    /// A win pays this per unit staked, on top of the stake.
    pub win_pays: Decimal,
    /// A loss takes this per unit staked.
    pub loss_takes: Decimal,
    /// The win rate at which the expected result is zero: `L / (odds + L)`
    /// (with a full loss, `1 / (1 + odds)`).
    pub break_even_win_rate: Decimal,
    /// What the house keeps per unit staked when half the orders win:
    /// `(L − odds) / 2` (negative: the house loses on average).
    pub house_edge_at_half: Decimal,
}

pub fn disclosure(terms: &Terms) -> Option<Disclosure> {
    let loss = terms.loss_share();
    let break_even = loss.checked_div(terms.odds.checked_add(loss)?)?;
    let edge = loss.checked_sub(terms.odds)?.checked_div(Decimal::TWO)?;
    Some(Disclosure {
        win_pays: terms.odds,
        loss_takes: loss,
        break_even_win_rate: break_even.round_dp(RATE_DP),
        house_edge_at_half: edge.round_dp(RATE_DP),
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::str::FromStr;

    fn d(text: &str) -> Decimal {
        Decimal::from_str(text).unwrap()
    }

    fn amount(text: &str) -> Amount {
        Amount::parse(text).unwrap()
    }

    #[test]
    fn the_direction_and_the_move_decide_the_outcome() {
        use Direction::*;
        use Outcome::*;
        let cases = [
            (Up, "100", Some("100.01"), Win),
            (Up, "100", Some("99.99"), Lose),
            (Up, "100", Some("100.00"), Draw),
            (Down, "100", Some("99.99"), Win),
            (Down, "100", Some("100.01"), Lose),
            (Down, "100", Some("100"), Draw),
            (Up, "100", None, Void),
            (Down, "100", None, Void),
        ];
        for (direction, open, close, expected) in cases {
            assert_eq!(
                outcome(direction, d(open), close.map(d)),
                expected,
                "{direction:?} {open} -> {close:?}"
            );
        }
    }

    #[test]
    fn each_outcome_splits_the_stake_as_published() {
        let full = Terms::new(d("0.12"), true).unwrap();
        let partial = Terms::new(d("0.12"), false).unwrap();
        // (terms, outcome, returned, to house, winnings)
        let cases = [
            (full, Outcome::Win, "100", "0", "12"),
            (full, Outcome::Lose, "0", "100", "0"),
            (partial, Outcome::Win, "100", "0", "12"),
            (partial, Outcome::Lose, "88", "12", "0"),
            (full, Outcome::Draw, "100", "0", "0"),
            (full, Outcome::Void, "100", "0", "0"),
            (partial, Outcome::Void, "100", "0", "0"),
        ];
        for (terms, outcome, returned, to_house, winnings) in cases {
            let s = split(amount("100"), &terms, outcome).unwrap();
            assert_eq!(
                (s.returned, s.to_house, s.winnings),
                (amount(returned), amount(to_house), amount(winnings)),
                "{terms:?} {outcome:?}"
            );
        }
        let s = split(amount("100"), &full, Outcome::Win).unwrap();
        assert_eq!(s.paid_out(), Some(amount("112")), "rewardAmount");
    }

    #[test]
    fn the_user_receives_fractions_rounded_down() {
        let terms = Terms::new(d("0.15"), false).unwrap();
        // 0.00000007 × 0.15 = 0.0000000105: the winner gets 0.00000001.
        let s = split(amount("0.00000007"), &terms, Outcome::Win).unwrap();
        assert_eq!(s.winnings, amount("0.00000001"));
        // The loser keeps 0.00000007 × 0.85 = 0.0000000595 rounded down.
        let s = split(amount("0.00000007"), &terms, Outcome::Lose).unwrap();
        assert_eq!(
            (s.returned, s.to_house),
            (amount("0.00000005"), amount("0.00000002"))
        );
    }

    #[test]
    fn a_partial_loss_with_odds_above_one_takes_at_most_the_stake() {
        let terms = Terms::new(d("1.5"), false).unwrap();
        let s = split(amount("10"), &terms, Outcome::Lose).unwrap();
        assert_eq!((s.returned, s.to_house), (Amount::ZERO, amount("10")));
    }

    #[test]
    fn terms_outside_the_published_range_are_refused() {
        assert_eq!(Terms::new(d("0"), true), Err(TermsError::OddsOutOfRange));
        assert_eq!(Terms::new(d("-0.1"), true), Err(TermsError::OddsOutOfRange));
        assert_eq!(
            Terms::new(d("10.01"), true),
            Err(TermsError::OddsOutOfRange)
        );
        assert_eq!(
            Terms::new(d("0.12345"), true),
            Err(TermsError::OddsTooPrecise)
        );
        assert!(Terms::new(d("0.1200"), true).is_ok());
    }

    #[test]
    fn the_disclosure_shows_the_venue_anchors_figures() {
        // venue-anchors §3: r = 0.80 → break-even 55.6 %, edge 10 %;
        // r = 0.95 → 51.3 %, 2.5 %.
        let at = |odds: &str| disclosure(&Terms::new(d(odds), true).unwrap()).unwrap();
        assert_eq!(at("0.80").break_even_win_rate, d("0.5556"));
        assert_eq!(at("0.80").house_edge_at_half, d("0.1"));
        assert_eq!(at("0.95").break_even_win_rate, d("0.5128"));
        assert_eq!(at("0.95").house_edge_at_half, d("0.025"));
        // The default 30 s period: 12 % on a full loss.
        assert_eq!(at("0.12").break_even_win_rate, d("0.8929"));
        assert_eq!(at("0.12").house_edge_at_half, d("0.44"));
        // A partial loss of stake × odds is an even bet.
        let even = disclosure(&Terms::new(d("0.12"), false).unwrap()).unwrap();
        assert_eq!(even.break_even_win_rate, d("0.5"));
        assert_eq!(even.house_edge_at_half, Decimal::ZERO);
    }

    #[test]
    fn bet_content_and_open_result_read_back() {
        for direction in [Direction::Up, Direction::Down] {
            assert_eq!(
                Direction::from_bet_content(direction.bet_content()),
                Some(direction)
            );
        }
        assert_eq!(Direction::from_bet_content("2"), None);
        for outcome in [Outcome::Win, Outcome::Lose, Outcome::Draw, Outcome::Void] {
            assert_eq!(
                Outcome::from_open_result(outcome.open_result()),
                Some(outcome)
            );
        }
        assert_eq!(Outcome::from_open_result(0), None);
    }

    pub(crate) fn any_outcome() -> impl Strategy<Value = Outcome> {
        prop_oneof![
            Just(Outcome::Win),
            Just(Outcome::Lose),
            Just(Outcome::Draw),
            Just(Outcome::Void)
        ]
    }

    proptest! {
        /// The stake is split with nothing made or lost, a loss never takes
        /// more than the stake, and only a win pays from the house.
        #[test]
        fn a_split_accounts_for_the_whole_stake(
            units in 1u64..100_000_000_000_000,
            odds_units in 1i64..=100_000,
            full_loss: bool,
            outcome in any_outcome(),
        ) {
            let stake = Amount::from_decimal(Decimal::new(units as i64, 8)).unwrap();
            let terms = Terms::new(Decimal::new(odds_units, 4), full_loss).unwrap();
            let s = split(stake, &terms, outcome).unwrap();
            prop_assert_eq!(s.returned.checked_add(s.to_house), Some(stake));
            prop_assert!(s.winnings.is_zero() || outcome == Outcome::Win);
            prop_assert!(s.to_house.is_zero() || outcome == Outcome::Lose);
            prop_assert!(s.winnings.as_decimal() <= stake.as_decimal() * terms.odds);
            prop_assert!(s.winnings.as_decimal().scale() <= LEDGER_DP);
            prop_assert!(s.returned.as_decimal().scale() <= LEDGER_DP);
        }
    }
}
