//! Per-user deposit addresses derived from an operator's BIP32 extended
//! public key. Only public derivation happens here: the server can hand out
//! a fresh address per user without ever holding a key that could spend
//! from it; the operator keeps the matching private key offline.
//!
//! The path is `xpub/index`: one non-hardened step below whatever account
//! key the operator exported (typically `m/44'/60'/0'/0` for EVM,
//! `m/44'/195'/0'/0` for TRON, `m/84'/0'/0'/0` for Bitcoin), so a wallet
//! that imports the same account finds the funds at the same index.

use crate::address::Network;
use bip32::secp256k1::ecdsa::VerifyingKey;
use bip32::{ChildNumber, ExtendedKey, Prefix, XPub};
use ripemd::Ripemd160;
use sha2::{Digest, Sha256};
use sha3::Keccak256;
use std::fmt;
use std::str::FromStr;

/// First byte of a TRON mainnet address payload (base58 "T...").
pub(crate) const TRON_PREFIX: u8 = 0x41;

/// Highest non-hardened child index (indices from 2^31 are hardened and
/// cannot be derived from a public key).
pub const INDEX_MAX: u32 = (1 << 31) - 1;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HdError {
    #[error("not an extended public key (expected xpub..., ypub... or zpub...)")]
    Malformed,
    /// Refused outright: the server must never be given spending power.
    #[error("this is an extended PRIVATE key; configure the extended public key instead")]
    PrivateKey,
    #[error("testnet extended keys are not accepted")]
    Testnet,
    #[error("child index {0} is out of the non-hardened range")]
    IndexOutOfRange(u64),
    /// BIP32's "invalid child" case (probability below 2^-127 per index).
    #[error("child {0} is invalid for this key")]
    InvalidChild(u32),
}

/// An operator's extended public key for one network family.
#[derive(Clone)]
pub struct DepositKey {
    xpub: XPub,
    network: Network,
}

impl fmt::Debug for DepositKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "DepositKey({:?}, {})",
            self.network,
            self.xpub.to_string(Prefix::XPUB)
        )
    }
}

impl DepositKey {
    /// Parses an `xpub`/`ypub`/`zpub` string for `network`. The version
    /// prefix only tells wallets which script to use; the key material is
    /// the same, and the address format here follows `network`.
    pub fn parse(text: &str, network: Network) -> Result<DepositKey, HdError> {
        let extended = ExtendedKey::from_str(text.trim()).map_err(|_| HdError::Malformed)?;
        let prefix = extended.prefix;
        if prefix.is_private() {
            return Err(HdError::PrivateKey);
        }
        if ![Prefix::XPUB, Prefix::YPUB, Prefix::ZPUB].contains(&prefix) {
            return Err(if prefix == Prefix::TPUB {
                HdError::Testnet
            } else {
                HdError::Malformed
            });
        }
        let xpub = XPub::try_from(extended).map_err(|_| HdError::Malformed)?;
        Ok(DepositKey { xpub, network })
    }

    pub fn network(&self) -> Network {
        self.network
    }

    /// The address at `xpub/index`.
    pub fn address(&self, index: u64) -> Result<String, HdError> {
        let public = self.child(index)?;
        Ok(address_of(self.network, &public))
    }

    fn child(&self, index: u64) -> Result<VerifyingKey, HdError> {
        let index32 = u32::try_from(index)
            .ok()
            .filter(|i| *i <= INDEX_MAX)
            .ok_or(HdError::IndexOutOfRange(index))?;
        let number =
            ChildNumber::new(index32, false).map_err(|_| HdError::IndexOutOfRange(index))?;
        let child = self
            .xpub
            .derive_child(number)
            .map_err(|_| HdError::InvalidChild(index32))?;
        Ok(*child.public_key())
    }
}

/// The address of `key` in `network`'s format.
pub fn address_of(network: Network, key: &VerifyingKey) -> String {
    match network {
        Network::Evm => eip55(&keccak_address(key)),
        Network::Tron => tron_address(&keccak_address(key)),
        Network::Bitcoin => p2wpkh_address(key),
    }
}

/// The 20 address bytes Ethereum and TRON share: the last 20 bytes of the
/// Keccak-256 of the uncompressed point without its 0x04 tag.
fn keccak_address(key: &VerifyingKey) -> [u8; 20] {
    let point = key.to_encoded_point(false);
    let hash = Keccak256::digest(&point.as_bytes()[1..]);
    let mut out = [0u8; 20];
    out.copy_from_slice(&hash[12..]);
    out
}

/// `0x` + hex with the EIP-55 mixed-case checksum.
pub fn eip55(bytes: &[u8; 20]) -> String {
    let lower: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let hash = Keccak256::digest(lower.as_bytes());
    let mut out = String::with_capacity(42);
    out.push_str("0x");
    for (i, c) in lower.chars().enumerate() {
        let nibble = (hash[i / 2] >> if i % 2 == 0 { 4 } else { 0 }) & 0x0f;
        out.push(if c.is_ascii_alphabetic() && nibble >= 8 {
            c.to_ascii_uppercase()
        } else {
            c
        });
    }
    out
}

/// Base58check of 0x41 followed by the 20 address bytes.
pub fn tron_address(bytes: &[u8; 20]) -> String {
    let mut payload = Vec::with_capacity(21);
    payload.push(TRON_PREFIX);
    payload.extend_from_slice(bytes);
    bs58::encode(payload).with_check().into_string()
}

/// Native segwit v0 (`bc1q...`) of hash160 of the compressed key.
fn p2wpkh_address(key: &VerifyingKey) -> String {
    let compressed = key.to_encoded_point(true);
    let hash160 = Ripemd160::digest(Sha256::digest(compressed.as_bytes()));
    // A 20-byte v0 program always encodes; failure would be a library bug.
    bech32::segwit::encode_v0(bech32::hrp::BC, &hash160).expect("20-byte witness program")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::address;

    // BIP32 test vector 1 (seed 000102030405060708090a0b0c0d0e0f).
    const V1_M0H: &str = "xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw";
    const V1_M0H_1: &str = "xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ";
    const V1_M0H_1_2H: &str = "xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5";
    const V1_M0H_1_2H_2: &str = "xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV";
    const V1_M0H_1_2H_2_1000000000: &str = "xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy";
    const V1_MASTER_XPRV: &str = "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi";

    /// The generator point G (the public key of private key 1), BIP173's
    /// P2WPKH example key.
    const G_COMPRESSED: &str = "0279BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798";

    fn child_xpub(parent: &str, index: u64) -> String {
        let key = DepositKey::parse(parent, Network::Evm).unwrap();
        let child = key
            .xpub
            .derive_child(ChildNumber::new(index as u32, false).unwrap())
            .unwrap();
        child.to_string(Prefix::XPUB)
    }

    fn g() -> VerifyingKey {
        let bytes = hex::decode(G_COMPRESSED).unwrap();
        VerifyingKey::from_sec1_bytes(&bytes).unwrap()
    }

    #[test]
    fn public_derivation_matches_bip32_test_vector_1() {
        // Each of these steps is non-hardened in the published chain, so
        // the xpub alone must reproduce the next published xpub.
        assert_eq!(child_xpub(V1_M0H, 1), V1_M0H_1);
        assert_eq!(child_xpub(V1_M0H_1_2H, 2), V1_M0H_1_2H_2);
        assert_eq!(
            child_xpub(V1_M0H_1_2H_2, 1_000_000_000),
            V1_M0H_1_2H_2_1000000000
        );
    }

    #[test]
    fn address_uses_the_child_key_at_the_index() {
        let parent = DepositKey::parse(V1_M0H, Network::Bitcoin).unwrap();
        let child = DepositKey::parse(V1_M0H_1, Network::Bitcoin).unwrap();
        assert_eq!(
            parent.address(1).unwrap(),
            address_of(Network::Bitcoin, child.xpub.public_key())
        );
        assert_ne!(parent.address(1).unwrap(), parent.address(2).unwrap());
        assert_eq!(parent.address(7).unwrap(), parent.address(7).unwrap());
    }

    #[test]
    fn private_testnet_and_garbage_keys_are_refused() {
        assert_eq!(
            DepositKey::parse(V1_MASTER_XPRV, Network::Evm).unwrap_err(),
            HdError::PrivateKey
        );
        let tampered = format!("{}x", &V1_M0H_1[..V1_M0H_1.len() - 1]);
        for bad in ["", "xpub", "not a key", tampered.as_str()] {
            assert_eq!(
                DepositKey::parse(bad, Network::Evm).unwrap_err(),
                HdError::Malformed,
                "{bad}"
            );
        }
    }

    #[test]
    fn hardened_indices_cannot_be_derived() {
        let key = DepositKey::parse(V1_M0H, Network::Evm).unwrap();
        assert!(key.address(INDEX_MAX as u64).is_ok());
        assert_eq!(
            key.address(1 << 31).unwrap_err(),
            HdError::IndexOutOfRange(1 << 31)
        );
    }

    #[test]
    fn eip55_examples() {
        // The examples in EIP-55 itself.
        for expected in [
            "0x52908400098527886E0F7030069857D2E4169EE7",
            "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
            "0xde709f2102306220921060314715629080e2fb77",
            "0x27b1fdb04752bbc536007a920d24acb045561c26",
            "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
            "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
            "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
            "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
        ] {
            let bytes: [u8; 20] = hex::decode(&expected[2..]).unwrap().try_into().unwrap();
            assert_eq!(eip55(&bytes), expected);
        }
    }

    #[test]
    fn evm_address_of_the_generator_point() {
        // Private key 1's Ethereum address, a widely published vector.
        assert_eq!(
            address_of(Network::Evm, &g()),
            "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf"
        );
    }

    #[test]
    fn bip173_p2wpkh_example() {
        assert_eq!(
            address_of(Network::Bitcoin, &g()),
            "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
        );
    }

    #[test]
    fn tron_base58check_vector() {
        // TRON's documented hex/base58 pair.
        let bytes: [u8; 20] = hex::decode("8840E6C55B9ADA326D211D818C34A994AECED808")
            .unwrap()
            .try_into()
            .unwrap();
        assert_eq!(tron_address(&bytes), "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL");
        // Same 20 bytes as Ethereum, only the encoding differs.
        let tron = address_of(Network::Tron, &g());
        let decoded = bs58::decode(&tron).with_check(None).into_vec().unwrap();
        assert_eq!(decoded[0], TRON_PREFIX);
        assert_eq!(
            hex::encode(&decoded[1..]),
            "7e5f4552091a69125d5dfcb7b8c2659029395bdf"
        );
    }

    #[test]
    fn derived_addresses_pass_the_withdrawal_address_check() {
        for network in [Network::Evm, Network::Tron, Network::Bitcoin] {
            let key = DepositKey::parse(V1_M0H, network).unwrap();
            for index in [0, 1, 2, 99, 123_456] {
                let addr = key.address(index).unwrap();
                assert_eq!(address::check(Some(network), &addr), Ok(()), "{addr}");
            }
        }
    }
}
