//! Rules of a deposit claim that need no database: the shape of a
//! transaction hash per network family, and the bonus a rule pays.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable
    )
)]

use onyx_kernel::address::Network;
use onyx_kernel::money::Amount;
use onyx_kernel::ErrorCode;
use rust_decimal::{Decimal, RoundingStrategy};

/// Decimals a deposit amount and a bonus may have: the ledger's precision
/// for every coin Onyx lists.
pub const SCALE_MAX: u32 = onyx_kernel::money::LEDGER_DP;

/// The claimed transaction hash in its stored form, or
/// `DepositTxHashInvalid`. Hashes are compared lower-case, so the same
/// transaction typed in another case is still recognised as a duplicate.
/// EVM hashes are `0x` + 64 hex (a bare 64 hex is accepted and prefixed);
/// TRON and Bitcoin hashes are 64 hex; an unknown network gets a generic
/// 8 to 128 character check.
pub fn normalize_tx_hash(network: Option<Network>, raw: &str) -> Result<String, ErrorCode> {
    let text = raw.trim();
    let hex64 = |t: &str| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit());
    let normalized = match network {
        Some(Network::Evm) => {
            let body = text
                .strip_prefix("0x")
                .or_else(|| text.strip_prefix("0X"))
                .unwrap_or(text);
            hex64(body).then(|| format!("0x{}", body.to_ascii_lowercase()))
        }
        Some(Network::Tron) | Some(Network::Bitcoin) => {
            hex64(text).then(|| text.to_ascii_lowercase())
        }
        None => ((8..=128).contains(&text.len())
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
        .then(|| text.to_ascii_lowercase()),
    };
    normalized.ok_or(ErrorCode::DepositTxHashInvalid)
}

/// One bonus rule: deposits of at least `min_amount` get `ratio` percent,
/// at most `max_bonus`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BonusRule {
    pub min_amount: Decimal,
    pub ratio: Decimal,
    pub max_bonus: Decimal,
}

impl BonusRule {
    /// The bonus for `amount`, rounded down to [`SCALE_MAX`]; `None` when
    /// the rule does not apply or the bonus rounds to nothing.
    pub fn bonus(&self, amount: Amount) -> Option<Amount> {
        let amount = amount.as_decimal();
        if amount < self.min_amount || self.ratio <= Decimal::ZERO {
            return None;
        }
        let raw = amount
            .checked_mul(self.ratio)?
            .checked_div(Decimal::ONE_HUNDRED)?;
        let capped = raw
            .min(self.max_bonus)
            .round_dp_with_strategy(SCALE_MAX, RoundingStrategy::ToZero);
        let bonus = Amount::from_decimal(capped).ok()?;
        (!bonus.is_zero()).then_some(bonus)
    }
}

/// The largest bonus any of `rules` pays for `amount`, with the index of
/// the rule that pays it. When rules overlap the user gets the best one.
pub fn best_bonus(rules: &[BonusRule], amount: Amount) -> Option<(usize, Amount)> {
    rules
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.bonus(amount).map(|b| (i, b)))
        .max_by(|a, b| a.1.as_decimal().cmp(&b.1.as_decimal()).then(b.0.cmp(&a.0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(t: &str) -> Decimal {
        Decimal::from_str(t).unwrap()
    }

    fn a(t: &str) -> Amount {
        Amount::parse(t).unwrap()
    }

    fn rule(min: &str, ratio: &str, max: &str) -> BonusRule {
        BonusRule {
            min_amount: d(min),
            ratio: d(ratio),
            max_bonus: d(max),
        }
    }

    const HEX: &str = "A1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";

    #[test]
    fn evm_hashes_are_prefixed_and_lower_cased() {
        let want = format!("0x{}", HEX.to_ascii_lowercase());
        assert_eq!(
            normalize_tx_hash(Some(Network::Evm), &format!("0x{HEX}")),
            Ok(want.clone())
        );
        assert_eq!(normalize_tx_hash(Some(Network::Evm), HEX), Ok(want.clone()));
        assert_eq!(
            normalize_tx_hash(Some(Network::Evm), &format!(" 0X{HEX} ")),
            Ok(want)
        );
        for bad in [&HEX[..63], "0x", "", &format!("0x{}g", &HEX[..63])] {
            assert_eq!(
                normalize_tx_hash(Some(Network::Evm), bad),
                Err(ErrorCode::DepositTxHashInvalid),
                "{bad}"
            );
        }
    }

    #[test]
    fn tron_and_bitcoin_hashes_are_64_hex() {
        for network in [Network::Tron, Network::Bitcoin] {
            assert_eq!(
                normalize_tx_hash(Some(network), HEX),
                Ok(HEX.to_ascii_lowercase())
            );
            for bad in [format!("0x{HEX}"), HEX[..62].to_string(), format!("{HEX}0")] {
                assert!(normalize_tx_hash(Some(network), &bad).is_err(), "{bad}");
            }
        }
    }

    #[test]
    fn unknown_networks_get_a_generic_check() {
        assert_eq!(
            normalize_tx_hash(None, "AbC-123_xyz"),
            Ok("abc-123_xyz".into())
        );
        assert!(normalize_tx_hash(None, "short").is_err());
        assert!(normalize_tx_hash(None, "has spaces in it").is_err());
    }

    #[test]
    fn bonus_is_a_percentage_capped_and_rounded_down() {
        let r = rule("100", "10", "50");
        assert_eq!(r.bonus(a("99.99999999")), None);
        assert_eq!(r.bonus(a("100")), Some(a("10")));
        assert_eq!(r.bonus(a("499")), Some(a("49.9")));
        assert_eq!(r.bonus(a("10000")), Some(a("50")));
        // 3.33333333... percent of 100.00000001 rounds down, never up.
        let third = rule("0", "3.333333333", "1000");
        assert_eq!(third.bonus(a("1")), Some(a("0.03333333")));
        assert_eq!(rule("0", "0.0000001", "1").bonus(a("1")), None);
        assert_eq!(rule("0", "0", "1").bonus(a("1")), None);
    }

    #[test]
    fn the_best_matching_rule_pays() {
        let rules = [
            rule("100", "5", "1000"),
            rule("1000", "10", "60"),
            rule("1", "1", "1"),
        ];
        assert_eq!(best_bonus(&rules, a("0.5")), None);
        assert_eq!(best_bonus(&rules, a("50")), Some((2, a("0.5"))));
        assert_eq!(best_bonus(&rules, a("500")), Some((0, a("25"))));
        assert_eq!(best_bonus(&rules, a("1000")), Some((1, a("60"))));
        assert_eq!(best_bonus(&rules, a("2000")), Some((0, a("100"))));
    }
}
