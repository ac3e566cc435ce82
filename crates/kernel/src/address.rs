//! Withdrawal address formats per network family. A pure syntax check: it
//! catches typos and wrong-network pastes before money is sent, it does not
//! prove that anyone holds the key.

use crate::ErrorCode;

/// The network families whose address formats we know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Network {
    /// TRON (TRC20 tokens, TRX).
    Tron,
    /// Ethereum and EVM chains (ERC20 tokens, ETH).
    Evm,
    Bitcoin,
}

const BASE58: &str = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BECH32: &str = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

impl Network {
    /// The family of a withdrawal channel, from its `rechargeName` or `type`
    /// ("USDT-TRC20", "ETH", "BTC"). `None` for a network we cannot check.
    pub fn of_channel(name: &str) -> Option<Network> {
        let upper = name.to_ascii_uppercase();
        if upper.contains("TRC20") || upper == "TRX" {
            Some(Network::Tron)
        } else if upper.contains("ERC20") || upper == "ETH" || upper.contains("BEP20") {
            Some(Network::Evm)
        } else if upper == "BTC" || upper.ends_with("-BTC") {
            Some(Network::Bitcoin)
        } else {
            None
        }
    }
}

/// Checks `address` for `network`; without a known family only a generic
/// shape (8 to 128 ASCII letters and digits) is required.
pub fn check(network: Option<Network>, address: &str) -> Result<(), ErrorCode> {
    let ok = match network {
        Some(Network::Tron) => is_tron(address),
        Some(Network::Evm) => is_evm(address),
        Some(Network::Bitcoin) => is_bitcoin(address),
        None => {
            (8..=128).contains(&address.len()) && address.chars().all(|c| c.is_ascii_alphanumeric())
        }
    };
    ok.then_some(()).ok_or(ErrorCode::WithdrawAddressInvalid)
}

fn all_in(text: &str, alphabet: &str) -> bool {
    text.chars().all(|c| alphabet.contains(c))
}

fn is_tron(a: &str) -> bool {
    a.len() == 34 && a.starts_with('T') && all_in(&a[1..], BASE58)
}

fn is_evm(a: &str) -> bool {
    a.len() == 42 && a.starts_with("0x") && a[2..].chars().all(|c| c.is_ascii_hexdigit())
}

fn is_bitcoin(a: &str) -> bool {
    let legacy = (a.starts_with('1') || a.starts_with('3'))
        && (26..=35).contains(&a.len())
        && all_in(a, BASE58);
    // Bech32 is single-case; the data part is at least 11 characters.
    let lower = a.to_ascii_lowercase();
    let one_case = a == lower || a == a.to_ascii_uppercase();
    let bech32 = one_case
        && lower.starts_with("bc1")
        && (14..=74).contains(&lower.len())
        && all_in(&lower[3..], BECH32);
    legacy || bech32
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRON: &str = "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio";
    const EVM: &str = "0x52908400098527886E0F7030069857D2E4169EE7";

    #[test]
    fn channels_map_to_families() {
        assert_eq!(Network::of_channel("USDT-TRC20"), Some(Network::Tron));
        assert_eq!(Network::of_channel("USDT-ERC20"), Some(Network::Evm));
        assert_eq!(Network::of_channel("ETH"), Some(Network::Evm));
        assert_eq!(Network::of_channel("BTC"), Some(Network::Bitcoin));
        assert_eq!(Network::of_channel("XYZ"), None);
    }

    #[test]
    fn tron_addresses() {
        assert!(check(Some(Network::Tron), TRON).is_ok());
        for bad in [
            &TRON[..33],
            "AQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio",
            "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujiO0",
            "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89uji0",
            EVM,
        ] {
            assert_eq!(
                check(Some(Network::Tron), bad),
                Err(ErrorCode::WithdrawAddressInvalid),
                "{bad}"
            );
        }
    }

    #[test]
    fn evm_addresses() {
        assert!(check(Some(Network::Evm), EVM).is_ok());
        assert!(check(
            Some(Network::Evm),
            &EVM.to_ascii_lowercase().replace("0X", "0x")
        )
        .is_ok());
        for bad in [
            &EVM[..41],
            "1x52908400098527886E0F7030069857D2E4169EE7",
            "0x52908400098527886E0F7030069857D2E4169EEG",
            TRON,
        ] {
            assert!(check(Some(Network::Evm), bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn bitcoin_addresses() {
        for good in [
            "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
            "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
            "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
            "BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ",
        ] {
            assert!(check(Some(Network::Bitcoin), good).is_ok(), "{good}");
        }
        for bad in [
            "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0",
            "2J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
            "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb",
            "bc1Qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
            "bc1qar0",
            "",
        ] {
            assert!(check(Some(Network::Bitcoin), bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn unknown_networks_get_a_generic_check() {
        assert!(check(None, "abcdef1234").is_ok());
        assert!(check(None, "short").is_err());
        assert!(check(None, "has space 12345").is_err());
    }
}
