//! Withdrawal address formats per network family, checksums included
//! where the format has one (base58check for TRON and legacy Bitcoin,
//! bech32/bech32m for segwit, EIP-55 for mixed-case EVM addresses). It
//! catches typos and wrong-network pastes before money is sent; it does not
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

/// The payload of a base58check string with its 4-byte checksum verified.
fn base58check(text: &str) -> Option<Vec<u8>> {
    // 25-byte payloads encode to at most 35 characters; refuse long input
    // before decoding it.
    if text.len() > 64 {
        return None;
    }
    bs58::decode(text).with_check(None).into_vec().ok()
}

/// 0x41 and 20 address bytes, base58check ("T...", 34 characters).
fn is_tron(a: &str) -> bool {
    a.len() == 34
        && a.starts_with('T')
        && base58check(a).is_some_and(|p| p.len() == 21 && p[0] == crate::hd::TRON_PREFIX)
}

/// `0x` and 40 hex digits; all lower or all upper case carries no checksum,
/// mixed case must be the EIP-55 one.
fn is_evm(a: &str) -> bool {
    let Some(hex) = a.strip_prefix("0x") else {
        return false;
    };
    if hex.len() != 40 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return false;
    }
    let lower = hex.to_ascii_lowercase();
    if hex == lower || hex == hex.to_ascii_uppercase() {
        return true;
    }
    let mut bytes = [0u8; 20];
    for (i, byte) in bytes.iter_mut().enumerate() {
        match u8::from_str_radix(&lower[i * 2..i * 2 + 2], 16) {
            Ok(b) => *byte = b,
            Err(_) => return false,
        }
    }
    crate::hd::eip55(&bytes) == a
}

/// P2PKH (`1...`) and P2SH (`3...`) in base58check, or a mainnet segwit
/// address (`bc1...`, bech32 for v0, bech32m for v1 and later).
fn is_bitcoin(a: &str) -> bool {
    if a.starts_with('1') || a.starts_with('3') {
        let version = if a.starts_with('1') { 0x00 } else { 0x05 };
        return (26..=35).contains(&a.len())
            && base58check(a).is_some_and(|p| p.len() == 21 && p[0] == version);
    }
    if a.len() > 90 || !a.to_ascii_lowercase().starts_with("bc1") {
        return false;
    }
    bech32::segwit::decode(a).is_ok_and(|(hrp, _, _)| hrp == bech32::hrp::BC)
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

    /// `text` with the character at `at` replaced by `with`.
    fn typo(text: &str, at: usize, with: char) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        assert_ne!(chars[at], with);
        chars[at] = with;
        chars.into_iter().collect()
    }

    #[test]
    fn one_character_typo_fails_the_checksum() {
        let tron = crate::hd::tron_address(&[7u8; 20]);
        assert!(check(Some(Network::Tron), &tron).is_ok());
        let last = tron.chars().last().unwrap();
        let tron_typo = typo(&tron, 33, if last == 'a' { 'b' } else { 'a' });
        assert!(
            check(Some(Network::Tron), &tron_typo).is_err(),
            "{tron_typo}"
        );
        // EIP-55: flip the case of one letter of a checksummed address.
        let evm = crate::hd::eip55(&[0xab; 20]);
        assert!(check(Some(Network::Evm), &evm).is_ok());
        let at = evm[2..].find(|c: char| c.is_ascii_alphabetic()).unwrap() + 2;
        let c = evm.as_bytes()[at] as char;
        let flipped = typo(
            &evm,
            at,
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            },
        );
        assert!(check(Some(Network::Evm), &flipped).is_err(), "{flipped}");
        // Base58check and bech32 catch one wrong character.
        let legacy = "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2";
        assert!(check(Some(Network::Bitcoin), &typo(legacy, 5, 'N')).is_err());
        let segwit = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
        assert!(check(Some(Network::Bitcoin), &typo(segwit, 10, 'q')).is_err());
        // A taproot (v1, bech32m) address is a Bitcoin address too.
        let taproot = "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297";
        assert!(check(Some(Network::Bitcoin), taproot).is_ok());
        // Testnet is not mainnet.
        assert!(check(
            Some(Network::Bitcoin),
            "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx"
        )
        .is_err());
        // The paste: a short hex string is no TRON address.
        assert!(check(Some(Network::Tron), "0xabc123").is_err());
    }

    #[test]
    fn unknown_networks_get_a_generic_check() {
        assert!(check(None, "abcdef1234").is_ok());
        assert!(check(None, "short").is_err());
        assert!(check(None, "has space 12345").is_err());
    }
}
