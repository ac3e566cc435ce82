//! Verification codes by email and SMS, binding an email or phone to the
//! account, unbinding the phone, and the country list for phone numbers.

use axum::extract::FromRef;
use axum::extract::State;
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::{ApiError, ApiResult};
use onyx_http::extract::{ApiQuery, ClientIp};
use onyx_http::lang;
use onyx_kernel::countries::COUNTRIES;
use onyx_kernel::identity::{self, CodePurpose};
use onyx_kernel::ErrorCode;
use onyx_platform::codes;
use onyx_platform::notify::Channel;
use onyx_platform::Context;
use onyx_store::entity::user;
use onyx_store::repo::users;
use serde::{Deserialize, Serialize};
use std::net::IpAddr;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(send_email_code))
        .routes(routes!(send_mobile_code))
        .routes(routes!(bind_email))
        .routes(routes!(bind_phone))
        .routes(routes!(unbind_phone))
        .routes(routes!(get_country_code))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct EmailCodeQuery {
    /// `register`, `bind`, `forget`, `unbind` or `security`.
    pub code_type: String,
    pub email: String,
}

/// Sends a 6-digit code by email. `register` and `forget` codes need no
/// token; the others go only where the signed-in user may receive them.
/// A `forget` code is sent only to an account's email, but the answer is
/// the same either way.
#[utoipa::path(post, path = "/api/user/sendEmailCode", tag = "user", params(EmailCodeQuery),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn send_email_code(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    me: Result<CurrentUser, ApiError>,
    ApiQuery(q): ApiQuery<EmailCodeQuery>,
) -> Reply<Option<String>> {
    let purpose = CodePurpose::parse(&q.code_type)?;
    let email = identity::parse_email(&q.email)?;
    send(&state, ip, me, Channel::Email, &email, purpose).await?;
    ok(None)
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MobileCodeQuery {
    /// `register`, `bind`, `forget`, `unbind` or `security`.
    pub code_type: String,
    /// With country code, e.g. `+14155550100`.
    pub phone: String,
}

/// Sends a 6-digit code by SMS, with the same rules as `sendEmailCode`;
/// `unbind` codes go only to the caller's bound phone.
#[utoipa::path(post, path = "/api/user/sendMobileCode", tag = "user", params(MobileCodeQuery),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn send_mobile_code(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    me: Result<CurrentUser, ApiError>,
    ApiQuery(q): ApiQuery<MobileCodeQuery>,
) -> Reply<Option<String>> {
    let purpose = CodePurpose::parse(&q.code_type)?;
    let phone = identity::parse_phone(&q.phone)?;
    send(&state, ip, me, Channel::Sms, &phone, purpose).await?;
    ok(None)
}

async fn send(
    state: &Context,
    ip: IpAddr,
    me: Result<CurrentUser, ApiError>,
    channel: Channel,
    target: &str,
    purpose: CodePurpose,
) -> ApiResult<()> {
    let me = if purpose.needs_session() {
        Some(me?.account(state).await?)
    } else {
        None
    };
    let owner = account_of(state, channel, target).await?;
    let request = codes::Request {
        channel,
        target,
        purpose,
        user_id: me.as_ref().map(|u| u.id),
        ip,
        lang: lang::current(),
    };
    match (purpose, &me) {
        (CodePurpose::Register, _) if owner.is_some() => return Err(taken(channel).into()),
        (CodePurpose::Forget, _) => {
            // A code goes only to an account's address; the answer is the
            // same either way.
            return Ok(codes::issue_blind(state, request, owner.is_some()).await?);
        }
        (CodePurpose::Bind, Some(me)) => {
            if bound(me, channel) == Some(target) && channel == Channel::Email {
                return Err(ErrorCode::EmailAlreadyBound.into());
            }
            if channel == Channel::Sms && me.phone.is_some() {
                return Err(ErrorCode::PhoneAlreadyBound.into());
            }
            if owner.is_some_and(|o| o.id != me.id) {
                return Err(taken(channel).into());
            }
        }
        (CodePurpose::Unbind | CodePurpose::Security, Some(me)) => match bound(me, channel) {
            None => return Err(not_bound(channel).into()),
            Some(b) if b != target => return Err(ErrorCode::Forbidden.into()),
            Some(_) => {}
        },
        _ => {}
    }
    Ok(codes::issue(state, request).await?)
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

fn bound(me: &user::Model, channel: Channel) -> Option<&str> {
    match channel {
        Channel::Email => me.email.as_deref(),
        Channel::Sms => me.phone.as_deref(),
    }
}

fn taken(channel: Channel) -> ErrorCode {
    match channel {
        Channel::Email => ErrorCode::EmailTaken,
        Channel::Sms => ErrorCode::PhoneTaken,
    }
}

fn not_bound(channel: Channel) -> ErrorCode {
    match channel {
        Channel::Email => ErrorCode::EmailNotBound,
        Channel::Sms => ErrorCode::PhoneNotBound,
    }
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BindEmailQuery {
    pub email: String,
    /// The `bind` code sent to this email.
    pub email_code: String,
}

/// Binds (or replaces) the account's email with a `bind` code sent to it.
#[utoipa::path(post, path = "/api/user/bindEmail", tag = "user",
    security(("satoken" = [])), params(BindEmailQuery),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn bind_email(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<BindEmailQuery>,
) -> Reply<Option<String>> {
    let email = identity::parse_email(&q.email)?;
    let user = me.account(&state).await?;
    if user.email.as_deref() == Some(email.as_str()) {
        return Err(ErrorCode::EmailAlreadyBound.into());
    }
    if users::find_by_email(&state.db, &email).await?.is_some() {
        return Err(ErrorCode::EmailTaken.into());
    }
    let purpose = CodePurpose::Bind;
    codes::check(&state, ip, &email, purpose, Some(me.id()), &q.email_code).await?;
    set(
        &state,
        me.id(),
        users::Change::Email(Some(&email)),
        ErrorCode::EmailTaken,
    )
    .await?;
    ok(None)
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct BindPhoneQuery {
    pub phone: String,
    /// The `bind` code sent to this phone.
    pub code: String,
}

/// Binds a phone with a `bind` code sent to it; one phone per account.
#[utoipa::path(post, path = "/api/user/bindPhone", tag = "user",
    security(("satoken" = [])), params(BindPhoneQuery),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn bind_phone(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<BindPhoneQuery>,
) -> Reply<Option<String>> {
    if me.account(&state).await?.phone.is_some() {
        return Err(ErrorCode::PhoneAlreadyBound.into());
    }
    let phone = identity::parse_phone(&q.phone)?;
    if users::find_by_phone(&state.db, &phone).await?.is_some() {
        return Err(ErrorCode::PhoneTaken.into());
    }
    codes::check(
        &state,
        ip,
        &phone,
        CodePurpose::Bind,
        Some(me.id()),
        &q.code,
    )
    .await?;
    set(
        &state,
        me.id(),
        users::Change::Phone(Some(&phone)),
        ErrorCode::PhoneTaken,
    )
    .await?;
    ok(None)
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct UnbindPhoneQuery {
    /// The `unbind` code sent to the bound phone.
    pub code: String,
}

/// Removes the bound phone, with an `unbind` code sent to it.
#[utoipa::path(post, path = "/api/user/unBindPhone", tag = "user",
    security(("satoken" = [])), params(UnbindPhoneQuery),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn unbind_phone(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<UnbindPhoneQuery>,
) -> Reply<Option<String>> {
    let user = me.account(&state).await?;
    let Some(phone) = user.phone.as_deref() else {
        return Err(ErrorCode::PhoneNotBound.into());
    };
    codes::check(
        &state,
        ip,
        phone,
        CodePurpose::Unbind,
        Some(me.id()),
        &q.code,
    )
    .await?;
    users::update(
        &state.db,
        me.id(),
        users::Change::Phone(None),
        state.clock.now(),
    )
    .await?;
    ok(None)
}

/// Writes a new email or phone; losing a race for it to another account
/// reads as "taken".
async fn set(
    state: &Context,
    user_id: i64,
    change: users::Change<'_>,
    taken: ErrorCode,
) -> ApiResult<()> {
    match users::update(&state.db, user_id, change, state.clock.now()).await {
        Err(e) if users::is_unique_violation(&e) => Err(taken.into()),
        other => Ok(other?),
    }
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct CountryView {
    /// ISO 3166-1 alpha-2.
    pub iso: &'static str,
    /// e.g. `+1`.
    pub dial_code: &'static str,
    /// English name; the client translates.
    pub name: &'static str,
}

/// Countries with their dial codes, for phone numbers and documents.
#[utoipa::path(post, path = "/api/user/getCountryCode", tag = "user",
    responses((status = 200, body = Envelope<Vec<CountryView>>)))]
async fn get_country_code() -> Reply<Vec<CountryView>> {
    ok(COUNTRIES
        .iter()
        .map(|c| CountryView {
            iso: c.iso,
            dial_code: c.dial_code,
            name: c.name,
        })
        .collect())
}
