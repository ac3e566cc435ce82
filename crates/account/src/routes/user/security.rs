//! Passwords: changing the login password, the fund (trade) password, and
//! recovering a forgotten login password with a code.

use super::required;
use crate::passwords::{self, RecoveryTarget};
use axum::extract::FromRef;
use axum::extract::State;
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::ApiError;
use onyx_http::extract::{ApiJson, ApiQuery, ClientIp};
use onyx_kernel::identity;
use onyx_kernel::ErrorCode;
use onyx_platform::Context;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(update_user_login_pwd))
        .routes(routes!(update_pwd))
        .routes(routes!(trade_pwd_set))
        .routes(routes!(forget_pwd))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LoginPwdQuery {
    pub old_pwd: String,
    pub new_pwd: String,
    /// Must be the signed-in user's id.
    pub user_id: i64,
}

/// Changes the login password; every session of the user ends, this one
/// included, and the client signs in again.
#[utoipa::path(post, path = "/api/user/updateUserLoginPwd", tag = "user",
    security(("satoken" = [])), params(LoginPwdQuery),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn update_user_login_pwd(
    State(state): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<LoginPwdQuery>,
) -> Reply<Option<String>> {
    if q.user_id != me.id() {
        return Err(ErrorCode::UserMismatch.into());
    }
    passwords::change_login(&state, &me.account(&state).await?, &q.old_pwd, &q.new_pwd).await?;
    ok(None)
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PwdQuery {
    pub old_pwd: String,
    pub new_pwd: String,
    /// `1` login password, `2` fund (trade) password.
    pub sign_type: u8,
    /// For `signType=2`: the `security` code sent to the bound email (else
    /// phone).
    pub code: Option<String>,
}

/// Changes the login (`signType=1`) or fund (`signType=2`) password; the
/// fund password also needs a `security` code (`code`).
#[utoipa::path(post, path = "/api/user/updatePwd", tag = "user",
    security(("satoken" = [])), params(PwdQuery),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn update_pwd(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<PwdQuery>,
) -> Reply<Option<String>> {
    match q.sign_type {
        1 => {
            let user = me.account(&state).await?;
            passwords::change_login(&state, &user, &q.old_pwd, &q.new_pwd).await?
        }
        2 => {
            let user = me.account(&state).await?;
            let code = q.code.as_deref().unwrap_or("");
            passwords::change_fund(&state, ip, &user, &q.old_pwd, &q.new_pwd, code).await?
        }
        _ => return Err(ApiError::invalid("signType")),
    }
    ok(None)
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct TradePwdQuery {
    /// 6 to 12 digits, not a trivial sequence (`credentialRules`).
    pub pwd: String,
    /// The `security` code sent to the bound email (else phone).
    pub code: Option<String>,
}

/// Sets the fund (trade) password for the first time, with a `security`
/// code sent to the bound email (else phone).
#[utoipa::path(post, path = "/api/user/tardPwdSet", tag = "user",
    security(("satoken" = [])), params(TradePwdQuery),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn trade_pwd_set(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<TradePwdQuery>,
) -> Reply<Option<String>> {
    let code = q.code.as_deref().unwrap_or("");
    passwords::set_fund(&state, ip, &me.account(&state).await?, &q.pwd, code).await?;
    ok(None)
}

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct ForgetBody {
    /// `email` or `phone`: where the `forget` code was sent.
    #[serde(rename = "type")]
    pub kind: RecoveryType,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub code: String,
    /// The new login password.
    pub password: String,
}

#[derive(Deserialize, ToSchema, Clone, Copy, Debug)]
#[serde(rename_all = "lowercase")]
pub enum RecoveryType {
    Email,
    Phone,
}

/// Sets a new login password with a `forget` code sent to the account's
/// email or phone; every session of the account ends, and an account lock
/// is lifted.
#[utoipa::path(post, path = "/api/user/forgetPwd", tag = "user", request_body = ForgetBody,
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn forget_pwd(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<ForgetBody>,
) -> Reply<Option<String>> {
    let target = match body.kind {
        RecoveryType::Email => {
            RecoveryTarget::Email(identity::parse_email(required(&body.email, "email")?)?)
        }
        RecoveryType::Phone => {
            RecoveryTarget::Phone(identity::parse_phone(required(&body.phone, "phone")?)?)
        }
    };
    passwords::reset_with_code(&state, ip, &target, &body.code, &body.password).await?;
    ok(None)
}
