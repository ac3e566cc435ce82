//! `Failure`: why a service refused or could not do something, as a code of
//! the catalogue with the values its message needs, and, for a failure on
//! our side, the cause. No HTTP here: the API renders a failure as its
//! envelope, the socket as its error frame, the CLI as a line of text.
//!
//! Any standard error converts into an internal failure that keeps its cause
//! chain for the log; a unique-key violation from either database becomes
//! [`ErrorCode::Duplicate`] instead, so a race two writers lose at the
//! database answers "already exists" rather than "system error".

use crate::{i18n, ErrorCode};
use std::fmt;

pub struct Failure {
    pub code: ErrorCode,
    /// Values for the `{name}` placeholders of the code's message.
    pub args: Vec<(&'static str, String)>,
    /// What went wrong on our side; logged, never shown to the caller.
    cause: Option<Box<dyn std::error::Error + Send + Sync + 'static>>,
}

pub type Outcome<T> = Result<T, Failure>;

impl Failure {
    pub fn new(code: ErrorCode) -> Failure {
        Failure {
            code,
            args: Vec::new(),
            cause: None,
        }
    }

    /// Fills the `{name}` placeholder of the message.
    pub fn with(mut self, name: &'static str, value: impl ToString) -> Failure {
        self.args.push((name, value.to_string()));
        self
    }

    pub fn bad_request(detail: impl ToString) -> Failure {
        Failure::new(ErrorCode::BadRequest).with("detail", detail)
    }

    pub fn invalid(field: &'static str) -> Failure {
        Failure::new(ErrorCode::InvalidField).with("field", field)
    }

    pub fn missing(field: &'static str) -> Failure {
        Failure::new(ErrorCode::MissingField).with("field", field)
    }

    /// A failure on our side; `cause` goes to the log only.
    pub fn internal(cause: impl fmt::Display) -> Failure {
        Failure {
            code: ErrorCode::Internal,
            args: Vec::new(),
            cause: Some(cause.to_string().into()),
        }
    }

    /// The failure's cause chain, outermost first, for the log.
    pub fn cause_chain(&self) -> Option<String> {
        let mut cause: Option<&(dyn std::error::Error + 'static)> =
            self.cause.as_deref().map(|c| c as _);
        let mut parts = Vec::new();
        while let Some(c) = cause {
            parts.push(c.to_string());
            cause = c.source();
        }
        (!parts.is_empty()).then(|| parts.join(": "))
    }

    pub fn is_internal(&self) -> bool {
        self.code == ErrorCode::Internal
    }

    /// The message in `lang`, placeholders filled.
    pub fn message(&self, lang: &str) -> String {
        i18n::message(lang, self.code.key(), &self.args)
    }
}

impl From<ErrorCode> for Failure {
    fn from(code: ErrorCode) -> Failure {
        Failure::new(code)
    }
}

/// Any error of a library (the database, I/O, JSON) is ours, not the
/// caller's: internal, with the cause kept. A unique violation is the one
/// exception, told apart by the words both databases use for it.
impl<E: std::error::Error + Send + Sync + 'static> From<E> for Failure {
    fn from(error: E) -> Failure {
        let code = if is_unique_violation(&error) {
            ErrorCode::Duplicate
        } else {
            ErrorCode::Internal
        };
        Failure {
            code,
            args: Vec::new(),
            cause: Some(Box::new(error)),
        }
    }
}

/// SQLite says "UNIQUE constraint failed", PostgreSQL "duplicate key value
/// violates unique constraint" (SQLSTATE 23505), at some depth of the chain.
fn is_unique_violation(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut current = Some(error);
    while let Some(e) = current {
        let text = e.to_string();
        if text.contains("UNIQUE constraint failed")
            || text.contains("duplicate key value violates unique constraint")
        {
            return true;
        }
        current = e.source();
    }
    false
}

impl fmt::Debug for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Failure");
        d.field("code", &self.code).field("args", &self.args);
        if let Some(chain) = self.cause_chain() {
            d.field("cause", &chain);
        }
        d.finish()
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message(i18n::FALLBACK), self.code.code())?;
        if let Some(chain) = self.cause_chain() {
            write!(f, ": {chain}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Outer(Inner);
    #[derive(Debug)]
    struct Inner(&'static str);
    impl fmt::Display for Outer {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("query failed")
        }
    }
    impl fmt::Display for Inner {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.0)
        }
    }
    impl std::error::Error for Outer {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }
    impl std::error::Error for Inner {}

    #[test]
    fn a_library_error_is_internal_and_keeps_its_cause_chain() {
        let f: Failure = Outer(Inner("disk full")).into();
        assert_eq!(f.code, ErrorCode::Internal);
        assert_eq!(f.cause_chain().as_deref(), Some("query failed: disk full"));
        assert_eq!(f.message("en"), "System error, please try again later");
    }

    #[test]
    fn a_unique_violation_of_either_database_is_a_duplicate() {
        for text in [
            "UNIQUE constraint failed: users.username",
            "duplicate key value violates unique constraint \"users_username_key\"",
        ] {
            let f: Failure = Outer(Inner(text)).into();
            assert_eq!(f.code, ErrorCode::Duplicate, "{text}");
        }
    }

    #[test]
    fn a_business_failure_fills_its_message() {
        let f = Failure::new(ErrorCode::InsufficientBalance)
            .with("available", "1.5")
            .with("coin", "USDT");
        assert_eq!(f.message("en"), "Insufficient balance: 1.5 USDT available");
        assert!(f.cause_chain().is_none());
    }
}
