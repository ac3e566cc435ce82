//! Operators' second factor: RFC 6238 time-based one-time passwords
//! (HMAC-SHA1, 6 digits, 30-second steps, one step either side accepted
//! for clock drift) and the one-use recovery codes that stand in for a
//! lost device. Pure apart from the OS random numbers behind new secrets
//! and codes; where the secret and the last accepted step are kept is the
//! store's business (see decision 0027-operator-totp).
#![deny(
    clippy::arithmetic_side_effects,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use hmac::{Hmac, Mac};
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use rand::{Rng, RngCore};
use sha1::Sha1;
use sha2::{Digest, Sha256};

/// Digits of a code.
pub const DIGITS: u32 = 6;
/// Seconds per time step.
pub const PERIOD_SECS: i64 = 30;
/// Steps accepted either side of the current one (clock drift, a code
/// typed just as it rolled over).
pub const WINDOW_STEPS: i64 = 1;
/// Bytes of a secret: 160 bits, the HMAC-SHA1 block the RFC recommends.
pub const SECRET_BYTES: usize = 20;
/// The issuer authenticator apps show next to the account name.
pub const ISSUER: &str = "Onyx";
/// Recovery codes issued at a time.
pub const RECOVERY_CODES: usize = 10;
/// Groups of [`RECOVERY_GROUP_CHARS`] in one recovery code.
pub const RECOVERY_GROUPS: usize = 4;
pub const RECOVERY_GROUP_CHARS: usize = 4;
/// The recovery codes' alphabet: Crockford's base32 in lower case (no
/// i, l, o or u to misread), 5 bits a character, so a code of 16
/// characters carries 80 bits.
const RECOVERY_ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// A new secret: [`SECRET_BYTES`] from the OS RNG, base32 without
/// padding (what authenticator apps take).
pub fn new_secret() -> String {
    let mut bytes = [0u8; SECRET_BYTES];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    data_encoding::BASE32_NOPAD.encode(&bytes)
}

/// The key bytes of a base32 secret (case and spaces ignored); None when
/// it is not base32.
pub fn decode_secret(secret: &str) -> Option<Vec<u8>> {
    let clean: String = secret
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '=')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    data_encoding::BASE32_NOPAD.decode(clean.as_bytes()).ok()
}

/// The time step of a Unix time in seconds (floor division, so a time
/// before the epoch is a negative step rather than a wrapped one).
pub fn step_at(unix_secs: i64) -> i64 {
    unix_secs.div_euclid(PERIOD_SECS)
}

/// RFC 4226 HOTP: the `digits`-digit code of `key` for `counter`, zero
/// padded. None only for a digit count no u32 holds (above 9).
pub fn hotp(key: &[u8], counter: u64, digits: u32) -> Option<String> {
    let modulus = 10u32.checked_pow(digits)?;
    // HMAC takes a key of any length; this cannot fail.
    let mut mac = Hmac::<Sha1>::new_from_slice(key).ok()?;
    mac.update(&counter.to_be_bytes());
    let hash = mac.finalize().into_bytes();
    // Dynamic truncation: the low nibble of the last byte picks 4 bytes.
    let offset = usize::from(hash.last()? & 0x0f);
    let four: [u8; 4] = hash.get(offset..)?.get(..4)?.try_into().ok()?;
    let value = u32::from_be_bytes(four) & 0x7fff_ffff;
    let code = value.checked_rem(modulus)?;
    Some(format!(
        "{code:0width$}",
        width = usize::try_from(digits).ok()?
    ))
}

/// The 6-digit code of a base32 secret at a Unix time; None for a secret
/// that is not base32 or a time before the epoch.
pub fn code_at(secret: &str, unix_secs: i64) -> Option<String> {
    let key = decode_secret(secret)?;
    let counter = u64::try_from(step_at(unix_secs)).ok()?;
    hotp(&key, counter, DIGITS)
}

/// The step within the window around `unix_secs` whose code is `code`,
/// if any (the latest, should two match). The caller refuses a step at or
/// before the last one it accepted: that is a replay.
pub fn matching_step(secret: &str, code: &str, unix_secs: i64) -> Option<i64> {
    let key = decode_secret(secret)?;
    let now = step_at(unix_secs);
    let mut found = None;
    for delta in -WINDOW_STEPS..=WINDOW_STEPS {
        let Some(step) = now.checked_add(delta) else {
            continue;
        };
        let Ok(counter) = u64::try_from(step) else {
            continue;
        };
        let Some(expected) = hotp(&key, counter, DIGITS) else {
            continue;
        };
        // Every step is checked, matched or not, and compared in constant
        // time, so the answer's timing says nothing about the code.
        if constant_time_eq(expected.as_bytes(), code.as_bytes()) {
            found = Some(step);
        }
    }
    found
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// What goes into a URI component: everything but letters, digits and
/// `-._~` is percent-encoded.
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// The `otpauth://` URI an authenticator app reads from a QR code.
pub fn otpauth_uri(account: &str, secret: &str) -> String {
    let issuer = utf8_percent_encode(ISSUER, COMPONENT);
    let account = utf8_percent_encode(account, COMPONENT);
    let secret = utf8_percent_encode(secret, COMPONENT);
    format!(
        "otpauth://totp/{issuer}:{account}?secret={secret}&issuer={issuer}\
         &algorithm=SHA1&digits={DIGITS}&period={PERIOD_SECS}"
    )
}

/// What an operator typed where a code is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Code {
    /// Six digits from the authenticator app.
    Totp(String),
    /// A recovery code, normalised (see [`normalise_recovery_code`]).
    Recovery(String),
}

impl Code {
    /// Six digits (spaces ignored) are an app code; anything that reads as
    /// a recovery code is one; None for anything else.
    pub fn parse(raw: &str) -> Option<Code> {
        let digits: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
        if digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_digit()) {
            return Some(Code::Totp(digits));
        }
        normalise_recovery_code(raw).map(Code::Recovery)
    }
}

/// Ten new recovery codes, `xxxx-xxxx-xxxx-xxxx`, each 80 bits from the
/// OS RNG.
pub fn new_recovery_codes() -> Vec<String> {
    let mut rng = rand::rngs::OsRng;
    (0..RECOVERY_CODES)
        .map(|_| {
            let groups: Vec<String> = (0..RECOVERY_GROUPS)
                .map(|_| {
                    (0..RECOVERY_GROUP_CHARS)
                        .map(|_| {
                            let i = rng.gen_range(0..RECOVERY_ALPHABET.len());
                            RECOVERY_ALPHABET.get(i).copied().map_or('0', char::from)
                        })
                        .collect()
                })
                .collect();
            groups.join("-")
        })
        .collect()
}

/// A recovery code as stored: lower case, no dashes or spaces, the
/// letters people misread (i, l, o) read as the digits they look like.
/// None when it is not 16 characters of the alphabet.
pub fn normalise_recovery_code(raw: &str) -> Option<String> {
    let code: String = raw
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_lowercase() {
            'i' | 'l' => '1',
            'o' => '0',
            c => c,
        })
        .collect();
    let length = RECOVERY_GROUPS.checked_mul(RECOVERY_GROUP_CHARS)?;
    let fits = code.len() == length && code.bytes().all(|b| RECOVERY_ALPHABET.contains(&b));
    fits.then_some(code)
}

/// The stored form of a recovery code: hex SHA-256 of its normalised
/// text. A fast, unsalted hash is enough here, unlike for passwords: each
/// code is 80 bits from the OS RNG, so there is no dictionary to try and
/// 2^80 guesses are out of reach at any hashing speed; slow salted hashes
/// exist to protect low-entropy human choices. Unsalted, the code is
/// found by its hash with one indexed lookup.
pub fn recovery_code_hash(normalised: &str) -> String {
    hex::encode(Sha256::digest(normalised.as_bytes()))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    /// RFC 6238 appendix B, SHA1 rows: the ASCII key "12345678901234567890".
    const RFC_KEY: &[u8] = b"12345678901234567890";
    const RFC_SHA1: &[(i64, &str)] = &[
        (59, "94287082"),
        (1_111_111_109, "07081804"),
        (1_111_111_111, "14050471"),
        (1_234_567_890, "89005924"),
        (2_000_000_000, "69279037"),
        (20_000_000_000, "65353130"),
    ];

    #[test]
    fn the_rfc_6238_sha1_vectors_hold_at_8_digits_and_their_last_6_at_6() {
        let secret = data_encoding::BASE32_NOPAD.encode(RFC_KEY);
        for (time, expected) in RFC_SHA1 {
            let counter = u64::try_from(step_at(*time)).unwrap();
            assert_eq!(hotp(RFC_KEY, counter, 8).unwrap(), *expected, "t={time}");
            assert_eq!(code_at(&secret, *time).unwrap(), expected[2..], "t={time}");
        }
    }

    #[test]
    fn the_rfc_4226_hotp_vectors_hold() {
        let expected = ["755224", "287082", "359152", "969429", "338314"];
        for (counter, code) in expected.iter().enumerate() {
            assert_eq!(hotp(RFC_KEY, counter as u64, 6).unwrap(), *code);
        }
    }

    #[test]
    fn a_code_is_accepted_one_step_either_side_and_no_further() {
        let secret = new_secret();
        let t = 1_700_000_015;
        let now = step_at(t);
        let at = |secs: i64| code_at(&secret, secs).unwrap();
        assert_eq!(matching_step(&secret, &at(t), t), Some(now));
        assert_eq!(matching_step(&secret, &at(t - 30), t), Some(now - 1));
        assert_eq!(matching_step(&secret, &at(t + 30), t), Some(now + 1));
        let too_old = at(t - 60);
        if ![at(t), at(t - 30), at(t + 30)].contains(&too_old) {
            assert_eq!(matching_step(&secret, &too_old, t), None);
        }
        assert_eq!(matching_step(&secret, "12345", t), None);
        assert_eq!(matching_step("not base32!", &at(t), t), None);
    }

    #[test]
    fn secrets_are_160_bits_of_base32_and_distinct() {
        let a = new_secret();
        assert_eq!(a.len(), 32);
        assert_eq!(decode_secret(&a).unwrap().len(), SECRET_BYTES);
        assert_eq!(decode_secret(&a.to_lowercase()), decode_secret(&a));
        assert_ne!(a, new_secret());
    }

    #[test]
    fn the_otpauth_uri_names_issuer_account_and_parameters() {
        assert_eq!(
            otpauth_uri("owner 1", "JBSWY3DPEHPK3PXP"),
            "otpauth://totp/Onyx:owner%201?secret=JBSWY3DPEHPK3PXP&issuer=Onyx\
             &algorithm=SHA1&digits=6&period=30"
        );
    }

    #[test]
    fn recovery_codes_are_ten_distinct_80_bit_codes_that_normalise_to_themselves() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODES);
        for code in &codes {
            assert_eq!(code.len(), 19, "{code}");
            assert_eq!(code.split('-').count(), 4, "{code}");
            let n = normalise_recovery_code(code).unwrap();
            assert_eq!(n, code.replace('-', ""));
            assert_eq!(Code::parse(code), Some(Code::Recovery(n)));
        }
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), RECOVERY_CODES);
    }

    #[test]
    fn typed_codes_are_read_generously_but_junk_is_refused() {
        assert_eq!(Code::parse(" 123 456 "), Some(Code::Totp("123456".into())));
        assert_eq!(
            Code::parse("ABCD-EFGH-1JK0-MNPQ"),
            Some(Code::Recovery("abcdefgh1jk0mnpq".into()))
        );
        assert_eq!(
            normalise_recovery_code("abcd efgh IjkO mnpq"),
            Some("abcdefgh1jk0mnpq".into())
        );
        assert_eq!(Code::parse("12345"), None);
        assert_eq!(Code::parse("abcd-efgh-ijkl"), None);
        assert_eq!(Code::parse("abcd-efgh-ijkl-mnpu"), None);
        assert_eq!(
            recovery_code_hash("abcdefgh1jk0mnpq"),
            hex::encode(Sha256::digest(b"abcdefgh1jk0mnpq"))
        );
    }
}
