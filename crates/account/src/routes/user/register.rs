//! Registration by account name, email or phone (LOGIN_REGIS_SETTING).

use super::{device, no_store, required, AccountType, SaToken};
use crate::sign_in::{flag, login_setting, start_session};
use axum::extract::FromRef;
use axum::extract::State;
use axum::http::HeaderMap;
use onyx_content::api::messages;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::{ApiError, ApiResult};
use onyx_http::extract::{ApiJson, ClientIp};
use onyx_http::lang;
use onyx_kernel::identity::{self, CodePurpose};
use onyx_kernel::{i18n, ErrorCode};
use onyx_platform::codes;
use onyx_platform::credentials::hash_password;
use onyx_platform::limits::Action;
use onyx_platform::Context;
use onyx_store::entity::user;
use onyx_store::repo::{sessions, users};
use onyx_store::DecimalText;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(register))
}

/// Invite codes are random; a collision is retried this many times.
const INVITE_CODE_TRIES: usize = 5;

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct RegisterBody {
    #[serde(rename = "type")]
    pub kind: AccountType,
    /// For `account`.
    pub username: Option<String>,
    /// For `email`.
    pub email: Option<String>,
    /// For `phone`, with country code.
    pub phone: Option<String>,
    /// Code sent with codeType `register` to the email or phone, when the
    /// setting asks for one. Account registration takes no code: there is
    /// no address to send it to, so `accountCode` does not apply.
    pub code: Option<String>,
    pub password: String,
    pub invite_code: Option<String>,
}

/// The identifier the new account signs in with, validated.
struct Identity {
    username: Option<String>,
    email: Option<String>,
    phone: Option<String>,
}

/// Creates an account and signs it in.
#[utoipa::path(post, path = "/api/user/register", tag = "user", request_body = RegisterBody,
    responses((status = 200, body = Envelope<SaToken>,
        description = "`Cache-Control: no-store`: the answer carries a token")))]
async fn register(
    State(state): State<Context>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<RegisterBody>,
) -> (HeaderMap, Reply<SaToken>) {
    (
        no_store(),
        create_account(&state, ip, &headers, &body).await,
    )
}

async fn create_account(
    state: &Context,
    ip: std::net::IpAddr,
    headers: &HeaderMap,
    body: &RegisterBody,
) -> Reply<SaToken> {
    state.limiter.check(Action::RegisterIp, ip)?;
    let setting = login_setting(state).await?;
    if !flag(&setting, body.kind.open_flag()) {
        return Err(ErrorCode::RegisterTypeClosed.into());
    }
    let id = identity_of(body)?;
    identity::check_login_password(&body.password)?;
    let parent_id = inviter(state, &setting, body.invite_code.as_deref()).await?;
    ensure_free(state, &id).await?;

    if body.kind != AccountType::Account && flag(&setting, body.kind.code_flag()) {
        let target = id.email.as_deref().or(id.phone.as_deref()).unwrap_or("");
        let code = body.code.as_deref().unwrap_or("");
        codes::check(state, ip, target, CodePurpose::Register, None, code).await?;
    }

    let hash = hash_password(&body.password).await?;
    // The operator's setting: none is no credits, text that is not a
    // decimal a broken setting (not zero credits).
    let credits: DecimalText = setting
        .get("credits")
        .and_then(|v| v.as_str())
        .unwrap_or("0")
        .parse()
        .map_err(|e| ApiError::internal(format!("LOGIN_REGIS_SETTING credits: {e}")))?;
    let lang = lang::current();
    let user = insert(state, &id, &hash, parent_id, credits, lang, ip).await?;
    tracing::info!(user_id = user.id, "account registered");

    if flag(&setting, "newUserNotice") {
        let name = id.username.or(id.email).or(id.phone).unwrap_or_default();
        // In every language: the user reads it in the one they use then.
        let render = |l: &str| {
            let title = i18n::message(l, "welcome_title", &[]);
            let body = i18n::message(l, "welcome_body", &[("name", name.clone())]);
            (title, body)
        };
        messages::create_localized(&state.db, user.id, render, state.clock.now()).await?;
    }
    let satoken =
        start_session(state, user.id, sessions::KIND_SESSION, &device(ip, headers)).await?;
    ok(SaToken { satoken })
}

fn identity_of(body: &RegisterBody) -> ApiResult<Identity> {
    let mut id = Identity {
        username: None,
        email: None,
        phone: None,
    };
    match body.kind {
        AccountType::Account => {
            id.username = Some(identity::parse_username(required(
                &body.username,
                "username",
            )?)?)
        }
        AccountType::Email => {
            id.email = Some(identity::parse_email(required(&body.email, "email")?)?)
        }
        AccountType::Phone => {
            id.phone = Some(identity::parse_phone(required(&body.phone, "phone")?)?)
        }
    }
    Ok(id)
}

/// The inviting user's id, if an invite code is given (or required).
async fn inviter(
    state: &Context,
    setting: &serde_json::Value,
    code: Option<&str>,
) -> ApiResult<Option<i64>> {
    let code = code.map(str::trim).filter(|c| !c.is_empty());
    match code {
        None if flag(setting, "inviteCodeRequired") => Err(ErrorCode::InviteRequired.into()),
        None => Ok(None),
        Some(code) => users::find_by_invite_code(&state.db, &code.to_ascii_uppercase())
            .await?
            .map(|u| Some(u.id))
            .ok_or_else(|| ErrorCode::InviteInvalid.into()),
    }
}

/// Refuses an identifier someone already uses.
async fn ensure_free(state: &Context, id: &Identity) -> ApiResult<()> {
    let db = &state.db;
    if let Some(name) = &id.username {
        if users::find_by_username(db, name).await?.is_some() {
            return Err(ErrorCode::UsernameTaken.into());
        }
    }
    if let Some(email) = &id.email {
        if users::find_by_email(db, email).await?.is_some() {
            return Err(ErrorCode::EmailTaken.into());
        }
    }
    if let Some(phone) = &id.phone {
        if users::find_by_phone(db, phone).await?.is_some() {
            return Err(ErrorCode::PhoneTaken.into());
        }
    }
    Ok(())
}

async fn insert(
    state: &Context,
    id: &Identity,
    password_hash: &str,
    parent_id: Option<i64>,
    credits: DecimalText,
    lang: &str,
    ip: std::net::IpAddr,
) -> ApiResult<user::Model> {
    let ip = ip.to_string();
    for _ in 0..INVITE_CODE_TRIES {
        let invite_code = identity::new_invite_code();
        let created = users::create(
            &state.db,
            users::NewUser {
                username: id.username.as_deref(),
                email: id.email.as_deref(),
                phone: id.phone.as_deref(),
                password_hash,
                invite_code: &invite_code,
                parent_id,
                credits,
                register_lang: lang,
                register_ip: &ip,
                now: state.clock.now(),
            },
        )
        .await;
        match created {
            Ok(user) => return Ok(user),
            Err(e) if users::is_unique_violation(&e) => {
                // Either a concurrent registration took the identifier (the
                // same answer as the check before) or the invite code
                // collided (try another).
                ensure_free(state, id).await?;
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(ApiError::internal("no free invite code after retries"))
}
