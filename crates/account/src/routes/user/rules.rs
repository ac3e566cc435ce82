//! The rules for account names and passwords, as the server applies them
//! (`onyx_kernel::identity`), published so the app's sign-up and password
//! forms show the same rules beside each field before anything is typed.

use axum::extract::FromRef;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_kernel::identity::{
    FUND_PASSWORD_LENGTH, LOGIN_PASSWORD_LENGTH, USERNAME_EXTRA_CHARS, USERNAME_LENGTH,
};
use onyx_platform::Context;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(credential_rules))
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct CredentialRules {
    pub username: UsernameRules,
    pub password: PasswordRules,
    pub fund_password: FundPasswordRules,
}

/// An account name: `minLength` to `maxLength` characters, a letter
/// first, then ASCII letters, digits and the characters of `extraChars`.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct UsernameRules {
    pub min_length: usize,
    pub max_length: usize,
    /// Allowed besides a-z, A-Z and 0-9, e.g. `_`.
    pub extra_chars: &'static str,
}

/// A login password: `minLength` to `maxLength` characters with at least
/// one letter and one digit.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct PasswordRules {
    pub min_length: usize,
    pub max_length: usize,
}

/// A fund password: `minLength` to `maxLength` digits, not one digit
/// repeated nor a run up or down (111111, 123456, 654321); set and changed
/// only with a `security` code sent to the bound email or phone.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct FundPasswordRules {
    pub min_length: usize,
    pub max_length: usize,
}

/// The rules the server applies to account names, login passwords and fund
/// passwords. Public: the sign-up form shows them before sign-in.
#[utoipa::path(get, path = "/api/user/credentialRules", tag = "user",
    responses((status = 200, body = Envelope<CredentialRules>)))]
async fn credential_rules() -> Reply<CredentialRules> {
    ok(CredentialRules {
        username: UsernameRules {
            min_length: USERNAME_LENGTH.0,
            max_length: USERNAME_LENGTH.1,
            extra_chars: USERNAME_EXTRA_CHARS,
        },
        password: PasswordRules {
            min_length: LOGIN_PASSWORD_LENGTH.0,
            max_length: LOGIN_PASSWORD_LENGTH.1,
        },
        fund_password: FundPasswordRules {
            min_length: FUND_PASSWORD_LENGTH.0,
            max_length: FUND_PASSWORD_LENGTH.1,
        },
    })
}
