//! Codes for an account that failed sign-ins from many addresses slowed
//! (decision 0011-lockout): the owner asks for an `unlock` code to the
//! bound email or phone they type (the server never says which is bound),
//! then signs in with it and the password (`login`'s `code`), or lifts
//! the slowdown with it here.

use super::required;
use super::security::RecoveryType;
use axum::extract::FromRef;
use axum::extract::State;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::ApiResult;
use onyx_http::extract::{ApiJson, ClientIp};
use onyx_http::lang;
use onyx_kernel::identity::{self, CodePurpose};
use onyx_kernel::ErrorCode;
use onyx_platform::codes;
use onyx_platform::lockout;
use onyx_platform::notify::Channel;
use onyx_platform::Context;
use onyx_store::entity::user;
use onyx_store::repo::users;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(send_unlock_code))
        .routes(routes!(unlock))
}

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct UnlockCodeBody {
    /// `email` or `phone`: where the account's owner receives codes.
    #[serde(rename = "type")]
    pub kind: RecoveryType,
    pub email: Option<String>,
    pub phone: Option<String>,
}

/// Sends an `unlock` code to the email or phone, when it is bound to an
/// account that is slowed. The answer is success either way, so it tells
/// no more than the sign-in answer did; the sends count against the
/// caller's code limit either way.
#[utoipa::path(post, path = "/api/user/sendUnlockCode", tag = "user",
    request_body = UnlockCodeBody,
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn send_unlock_code(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<UnlockCodeBody>,
) -> Reply<Option<String>> {
    let (channel, target) = target_of(body.kind, &body.email, &body.phone)?;
    let locked = match account_of(&state, channel, &target).await? {
        Some(user) => lockout::user_slowed_until(&state, user.id).await?.is_some(),
        None => false,
    };
    let request = codes::Request {
        channel,
        target: &target,
        purpose: CodePurpose::Unlock,
        user_id: None,
        ip,
        lang: lang::current(),
    };
    codes::issue_blind(&state, request, locked).await?;
    ok(None)
}

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct UnlockBody {
    /// `email` or `phone`: where the `unlock` code was sent.
    #[serde(rename = "type")]
    pub kind: RecoveryType,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub code: String,
}

/// Lifts the account's slowdown with an `unlock` code; failures from the
/// caller's address are forgotten too. The owner then signs in as usual.
/// A good code for an account no longer slowed answers `-1018`.
#[utoipa::path(post, path = "/api/user/unlock", tag = "user", request_body = UnlockBody,
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn unlock(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<UnlockBody>,
) -> Reply<Option<String>> {
    let (channel, target) = target_of(body.kind, &body.email, &body.phone)?;
    codes::check(&state, ip, &target, CodePurpose::Unlock, None, &body.code).await?;
    // Codes only go to an account's address, so a good code names one.
    let user = account_of(&state, channel, &target)
        .await?
        .ok_or(ErrorCode::CodeInvalid)?;
    if lockout::user_slowed_until(&state, user.id).await?.is_none() {
        return Err(ErrorCode::UnlockNotLocked.into());
    }
    lockout::unlock_user(&state.db, user.id, ip).await?;
    tracing::info!(user_id = user.id, "account unlocked with a code");
    ok(None)
}

fn target_of(
    kind: RecoveryType,
    email: &Option<String>,
    phone: &Option<String>,
) -> ApiResult<(Channel, String)> {
    Ok(match kind {
        RecoveryType::Email => (
            Channel::Email,
            identity::parse_email(required(email, "email")?)?,
        ),
        RecoveryType::Phone => (
            Channel::Sms,
            identity::parse_phone(required(phone, "phone")?)?,
        ),
    })
}

async fn account_of(
    state: &Context,
    channel: Channel,
    target: &str,
) -> ApiResult<Option<user::Model>> {
    Ok(match channel {
        Channel::Email => users::find_by_email(&state.db, target).await?,
        Channel::Sms => users::find_by_phone(&state.db, target).await?,
    })
}
