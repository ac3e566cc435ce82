//! Rules for what a user types to identify and protect an account. Each
//! `parse_*` returns a value that is valid by construction or the error code
//! the API reports.

use crate::ErrorCode;
use rand::Rng;

/// What an account name must be. The API publishes these numbers
/// (`GET /api/user/credentialRules`) and the app's hints read them, so the
/// form and this check cannot drift apart.
pub const USERNAME_LENGTH: (usize, usize) = (4, 20);
/// The characters besides ASCII letters and digits an account name may hold.
pub const USERNAME_EXTRA_CHARS: &str = "_";
/// A login password's length in characters; it needs a letter and a digit.
pub const LOGIN_PASSWORD_LENGTH: (usize, usize) = (8, 64);
/// A fund password's length in digits; it is not a trivial sequence.
pub const FUND_PASSWORD_LENGTH: (usize, usize) = (6, 12);

/// One rule a name or password breaks; [`username_breaks`] and the
/// password checks list every one at once, so a form can show them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Too short or too long.
    Length,
    /// An account name starts with a letter.
    StartsWithLetter,
    /// An account name holds only letters, digits and [`USERNAME_EXTRA_CHARS`].
    AllowedCharacters,
    NeedsLetter,
    NeedsDigit,
    /// A fund password is digits only.
    DigitsOnly,
    /// A fund password is not one digit repeated (111111) nor a run up or
    /// down (123456, 654321).
    NotTrivial,
}

fn within(len: usize, (min, max): (usize, usize)) -> bool {
    (min..=max).contains(&len)
}

/// Every rule the (trimmed) account name breaks; empty when it is valid.
pub fn username_breaks(raw: &str) -> Vec<Rule> {
    let name = raw.trim();
    let mut broken = Vec::new();
    if !within(name.chars().count(), USERNAME_LENGTH) {
        broken.push(Rule::Length);
    }
    if !name.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
        broken.push(Rule::StartsWithLetter);
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || USERNAME_EXTRA_CHARS.contains(c))
    {
        broken.push(Rule::AllowedCharacters);
    }
    broken
}

/// An account name of [`USERNAME_LENGTH`] ASCII letters, digits and
/// underscores, starting with a letter. Stored lower-cased so "Demo" and
/// "demo" are one.
pub fn parse_username(raw: &str) -> Result<String, ErrorCode> {
    username_breaks(raw)
        .is_empty()
        .then(|| raw.trim().to_ascii_lowercase())
        .ok_or(ErrorCode::InvalidUsername)
}

/// A pragmatic email check: one '@', a non-empty local part, a dotted domain,
/// no spaces, at most 254 characters. Stored lower-cased.
pub fn parse_email(raw: &str) -> Result<String, ErrorCode> {
    let email = raw.trim().to_ascii_lowercase();
    let ok = email.len() <= 254
        && email.is_ascii()
        && !email.contains(char::is_whitespace)
        && match email.split_once('@') {
            Some((local, domain)) => {
                !local.is_empty()
                    && !domain.contains('@')
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
                    && !domain.contains("..")
            }
            None => false,
        };
    ok.then_some(email).ok_or(ErrorCode::InvalidEmail)
}

/// A phone number in international form: an optional '+', then 6 to 15
/// digits (E.164); spaces and dashes are dropped. Stored as "+digits".
pub fn parse_phone(raw: &str) -> Result<String, ErrorCode> {
    let digits: String = raw
        .trim()
        .trim_start_matches('+')
        .chars()
        .filter(|c| *c != ' ' && *c != '-')
        .collect();
    let ok = (6..=15).contains(&digits.len()) && digits.chars().all(|c| c.is_ascii_digit());
    ok.then(|| format!("+{digits}"))
        .ok_or(ErrorCode::InvalidPhone)
}

/// Every rule the login password breaks; empty when it is valid.
pub fn login_password_breaks(password: &str) -> Vec<Rule> {
    let mut broken = Vec::new();
    if !within(password.chars().count(), LOGIN_PASSWORD_LENGTH) {
        broken.push(Rule::Length);
    }
    if !password.chars().any(|c| c.is_alphabetic()) {
        broken.push(Rule::NeedsLetter);
    }
    if !password.chars().any(|c| c.is_ascii_digit()) {
        broken.push(Rule::NeedsDigit);
    }
    broken
}

/// A login password of [`LOGIN_PASSWORD_LENGTH`] characters with at least
/// one letter and one digit.
pub fn check_login_password(password: &str) -> Result<(), ErrorCode> {
    login_password_breaks(password)
        .is_empty()
        .then_some(())
        .ok_or(ErrorCode::WeakPassword)
}

/// Every rule the fund password breaks; empty when it is valid.
pub fn fund_password_breaks(password: &str) -> Vec<Rule> {
    let mut broken = Vec::new();
    if !within(password.chars().count(), FUND_PASSWORD_LENGTH) {
        broken.push(Rule::Length);
    }
    if !password.chars().all(|c| c.is_ascii_digit()) {
        broken.push(Rule::DigitsOnly);
    } else if is_trivial(password) {
        broken.push(Rule::NotTrivial);
    }
    broken
}

/// One digit repeated, or each digit one more (or each one less) than the
/// one before: the first codes a thief tries. Only for all-digit text.
fn is_trivial(digits: &str) -> bool {
    let d: Vec<i32> = digits
        .bytes()
        .map(|b| i32::from(b) - i32::from(b'0'))
        .collect();
    [0, 1, -1]
        .iter()
        .any(|step| d.windows(2).all(|w| w[1] - w[0] == *step))
}

/// The fund (trade) password: [`FUND_PASSWORD_LENGTH`] digits and not a
/// trivial sequence (123456, 111111, 654321).
pub fn check_trade_password(password: &str) -> Result<(), ErrorCode> {
    fund_password_breaks(password)
        .is_empty()
        .then_some(())
        .ok_or(ErrorCode::TradePasswordFormat)
}

/// What a verification code is for; a code only ever serves its own purpose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodePurpose {
    Register,
    Bind,
    Forget,
    Unbind,
    Security,
    /// Lifts an account lock (too many failed sign-ins from many places).
    /// Sent only by its own call, never through `codeType`.
    Unlock,
}

impl CodePurpose {
    /// The `codeType` of `sendEmailCode`/`sendMobileCode`. `unlock` is not
    /// one: unlock codes have their own call, which answers alike whether
    /// or not the account exists.
    pub fn parse(raw: &str) -> Result<CodePurpose, ErrorCode> {
        Ok(match raw.trim().to_ascii_lowercase().as_str() {
            "register" | "1" => CodePurpose::Register,
            "bind" | "2" => CodePurpose::Bind,
            "forget" | "3" => CodePurpose::Forget,
            "unbind" | "4" => CodePurpose::Unbind,
            "security" | "5" => CodePurpose::Security,
            _ => return Err(ErrorCode::InvalidCodeType),
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            CodePurpose::Register => "register",
            CodePurpose::Bind => "bind",
            CodePurpose::Forget => "forget",
            CodePurpose::Unbind => "unbind",
            CodePurpose::Security => "security",
            CodePurpose::Unlock => "unlock",
        }
    }

    /// Codes for registration, password recovery and unlocking are sent to
    /// people who are not signed in.
    pub fn needs_session(self) -> bool {
        !matches!(
            self,
            CodePurpose::Register | CodePurpose::Forget | CodePurpose::Unlock
        )
    }
}

/// Verification-code policy.
pub const CODE_DIGITS: usize = 6;
pub const CODE_TTL_SECONDS: i64 = 600;
pub const CODE_ATTEMPTS_MAX: i32 = 5;
pub const CODE_RESEND_SECONDS: i64 = 60;

/// A uniformly random 6-digit code from the OS-seeded thread RNG.
pub fn new_code() -> String {
    let n: u32 = rand::thread_rng().gen_range(0..1_000_000);
    format!("{n:0width$}", width = CODE_DIGITS)
}

/// An invite code: 8 characters from an alphabet without look-alikes.
pub fn new_invite_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::thread_rng();
    (0..8)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

/// True when the text holds a CJK ideograph; the product refuses such input
/// (spec section 5) and the server enforces it too.
pub fn has_chinese(text: &str) -> bool {
    text.chars().any(|c| {
        matches!(c as u32,
            0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FA1F)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames() {
        assert_eq!(parse_username(" Demo_1 ").unwrap(), "demo_1");
        for bad in [
            "abc",
            "1abc",
            "a b c d",
            "abcdefghijklmnopqrstu",
            "abc-d",
            "",
        ] {
            assert_eq!(
                parse_username(bad),
                Err(ErrorCode::InvalidUsername),
                "{bad}"
            );
        }
    }

    #[test]
    fn emails() {
        assert_eq!(parse_email("A@Example.com").unwrap(), "a@example.com");
        for bad in [
            "a@b", "@b.co", "a@@b.co", "a b@c.co", "a@.co", "a@b..co", "a@b.co.",
        ] {
            assert_eq!(parse_email(bad), Err(ErrorCode::InvalidEmail), "{bad}");
        }
    }

    #[test]
    fn phones() {
        assert_eq!(parse_phone("+1 415-555-0100").unwrap(), "+14155550100");
        for bad in ["12345", "+1234567890123456", "+1 415 abc", ""] {
            assert_eq!(parse_phone(bad), Err(ErrorCode::InvalidPhone), "{bad}");
        }
    }

    #[test]
    fn passwords() {
        assert!(check_login_password("demo-pass-1").is_ok());
        for bad in ["short1", "allletters", "12345678", &"a1".repeat(33)] {
            assert_eq!(
                check_login_password(bad),
                Err(ErrorCode::WeakPassword),
                "{bad}"
            );
        }
        assert!(check_trade_password("013579").is_ok());
        assert!(check_trade_password("135790246").is_ok());
        for bad in [
            "12345",
            "1357913579135",
            "13579a",
            "123456",
            "111111",
            "654321",
            "0123456789",
            "987654",
        ] {
            assert_eq!(
                check_trade_password(bad),
                Err(ErrorCode::TradePasswordFormat),
                "{bad}"
            );
        }
    }

    #[test]
    fn every_broken_rule_is_listed_at_once() {
        assert_eq!(
            username_breaks("lina.k"),
            vec![Rule::AllowedCharacters],
            "a dot is not one of the characters allowed"
        );
        assert_eq!(
            username_breaks("1.a"),
            vec![
                Rule::Length,
                Rule::StartsWithLetter,
                Rule::AllowedCharacters
            ]
        );
        assert!(username_breaks("lina_k").is_empty());
        assert_eq!(
            login_password_breaks("short"),
            vec![Rule::Length, Rule::NeedsDigit]
        );
        assert_eq!(
            login_password_breaks("1234"),
            vec![Rule::Length, Rule::NeedsLetter]
        );
        assert_eq!(
            login_password_breaks(""),
            vec![Rule::Length, Rule::NeedsLetter, Rule::NeedsDigit]
        );
        assert_eq!(
            fund_password_breaks("12a"),
            vec![Rule::Length, Rule::DigitsOnly]
        );
        assert_eq!(fund_password_breaks("123456"), vec![Rule::NotTrivial]);
        assert_eq!(
            fund_password_breaks("4444"),
            vec![Rule::Length, Rule::NotTrivial]
        );
    }

    /// The refusals' English texts name the published numbers, so a change
    /// to one of them without the other fails here.
    #[test]
    fn refusal_messages_name_the_published_numbers() {
        let en = |key| crate::i18n::message("en", key, &[]);
        for (key, (min, max)) in [
            ("invalid_username", USERNAME_LENGTH),
            ("weak_password", LOGIN_PASSWORD_LENGTH),
            ("trade_password_format", FUND_PASSWORD_LENGTH),
        ] {
            let text = en(key);
            assert!(text.contains(&format!("{min} to {max}")), "{key}: {text}");
        }
    }

    #[test]
    fn codes_are_six_digits_and_purposes_round_trip() {
        for _ in 0..200 {
            let c = new_code();
            assert_eq!(c.len(), 6);
            assert!(c.chars().all(|c| c.is_ascii_digit()));
        }
        for p in ["register", "bind", "forget", "unbind", "security"] {
            assert_eq!(CodePurpose::parse(p).unwrap().as_str(), p);
        }
        assert_eq!(CodePurpose::parse("steal"), Err(ErrorCode::InvalidCodeType));
        assert_eq!(
            CodePurpose::parse("unlock"),
            Err(ErrorCode::InvalidCodeType),
            "unlock codes have their own call"
        );
        assert_eq!(CodePurpose::Unlock.as_str(), "unlock");
        assert!(!CodePurpose::Forget.needs_session());
        assert!(!CodePurpose::Unlock.needs_session());
        assert!(CodePurpose::Bind.needs_session());
    }

    #[test]
    fn chinese_detection() {
        assert!(has_chinese("abc中文"));
        assert!(!has_chinese("abc かなカナ")); // kana alone is not refused
        assert!(!has_chinese("Ünïcødé ✓"));
    }
}
