//! Operators' second factor and sessions: an owner enrols before anything
//! else; sign-in asks for the code, takes each time step once, counts
//! wrong codes like wrong passwords and takes each recovery code once;
//! other roles may turn it off; `/api/admin/me` says what a role may do;
//! an operator sees and ends only their own sessions; the CLI resets a
//! lost device; an operator slowed by failures from many addresses signs
//! in with the code (TOTP) or a solved challenge (none). Every change is
//! in the audit trail.

use onyx_platform::lockout;
use onyx_platform::totp::{step_at, PERIOD_SECS};
use onyx_store::entity::sign_in_challenge;
use onyx_store::repo::{admins, login_failures};
use onyx_testkit::admin_common::*;
use onyx_testkit::common::{Reply, TestApp};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};

const TOTP_REQUIRED: i64 = -2006;
const TOTP_INVALID: i64 = -2007;
const ENROLMENT_REQUIRED: i64 = -2008;
const TOTP_MANDATORY: i64 = -2009;

fn now_secs() -> i64 {
    chrono::Utc::now().timestamp()
}

/// The code of time step `step`.
fn code_of_step(secret: &str, step: i64) -> String {
    totp_code(secret, step * PERIOD_SECS)
}

async fn login_with(app: &TestApp, name: &str, code: Option<&str>) -> Reply {
    let mut body = json!({"username": name, "password": OPERATOR_PASSWORD});
    if let Some(code) = code {
        body["code"] = json!(code);
    }
    admin_login_raw(app, body).await
}

fn token_of(data: &Value) -> String {
    data["adminToken"].as_str().unwrap().to_string()
}

/// An owner with TOTP enabled: (secret, recovery codes, the step the
/// confirming code took).
async fn enrolled_owner(app: &TestApp, name: &str) -> (String, Vec<String>, i64) {
    onyx_server::operators::create(
        &app.state.db,
        name,
        OPERATOR_PASSWORD,
        "owner",
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    let first = login_with(app, name, None).await.ok();
    let (secret, codes) = enrol_totp(app, &token_of(&first)).await;
    let taken = admins::find_by_username(&app.state.db, name)
        .await
        .unwrap()
        .unwrap()
        .totp_last_step
        .unwrap();
    (secret, codes, taken)
}

#[tokio::test]
async fn an_owner_must_enrol_before_any_other_call() {
    let app = TestApp::spawn().await;
    onyx_server::operators::create(
        &app.state.db,
        "owner1",
        OPERATOR_PASSWORD,
        "owner",
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    let first = login_with(&app, "owner1", None).await.ok();
    assert_eq!(first["totpEnabled"], false);
    assert_eq!(first["totpRequired"], true);
    let token = token_of(&first);
    for uri in [
        "/api/admin/users",
        "/api/admin/settings",
        "/api/admin/audit",
        "/api/admin/sessions",
    ] {
        admin_get(&app, uri, &token)
            .await
            .fails_with(ENROLMENT_REQUIRED);
    }
    admin_post(
        &app,
        "/api/admin/totp/disable",
        &token,
        json!({"code": "123456", "reason": "test"}),
    )
    .await
    .fails_with(ENROLMENT_REQUIRED);
    let me = admin_get(&app, "/api/admin/me", &token).await.ok();
    assert_eq!(me["totpRequired"], true);
    assert_eq!(me["totpEnabled"], false);

    let enrolment = admin_post(
        &app,
        "/api/admin/totp/enrol",
        &token,
        json!({"reason": "test"}),
    )
    .await
    .ok();
    let secret = enrolment["secret"].as_str().unwrap();
    assert_eq!(secret.len(), 32, "160 bits of base32");
    assert_eq!(
        enrolment["otpauthUri"],
        format!(
            "otpauth://totp/Onyx:owner1?secret={secret}&issuer=Onyx&algorithm=SHA1&digits=6&period=30"
        )
    );
    // A second enrolment replaces the pending secret: the first one's
    // codes no longer confirm.
    let again = admin_post(
        &app,
        "/api/admin/totp/enrol",
        &token,
        json!({"reason": "test"}),
    )
    .await
    .ok();
    let secret2 = again["secret"].as_str().unwrap().to_string();
    assert_ne!(secret, secret2);
    // Pending is not enabled: the password alone still signs in.
    let pending = login_with(&app, "owner1", None).await.ok();
    assert_eq!(pending["totpRequired"], true);
    let wrong = if totp_code(secret, now_secs()) == totp_code(&secret2, now_secs()) {
        "000000".to_string()
    } else {
        totp_code(secret, now_secs())
    };
    admin_post(
        &app,
        "/api/admin/totp/confirm",
        &token,
        json!({"code": wrong, "reason": "test"}),
    )
    .await
    .fails_with(TOTP_INVALID);
    let confirmed = admin_post(
        &app,
        "/api/admin/totp/confirm",
        &token,
        json!({"code": totp_code(&secret2, now_secs()), "reason": "test"}),
    )
    .await
    .ok();
    let codes = confirmed["recoveryCodes"].as_array().unwrap();
    assert_eq!(codes.len(), 10);
    for code in codes {
        let code = code.as_str().unwrap();
        assert_eq!(code.split('-').map(str::len).collect::<Vec<_>>(), [4; 4]);
    }
    // The same session serves every call now; enrolling again is refused.
    admin_get(&app, "/api/admin/users", &token).await.ok();
    admin_post(
        &app,
        "/api/admin/totp/enrol",
        &token,
        json!({"reason": "test"}),
    )
    .await
    .fails_with(-2005);
    let me = admin_get(&app, "/api/admin/me", &token).await.ok();
    assert_eq!(me["totpEnabled"], true);
    assert_eq!(me["totpRequired"], false);
    assert_eq!(me["recoveryCodesLeft"], 10);
    let audit = audit_rows(&app, &token, "operator.totp_enable").await;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0]["actorName"], "owner1");
    assert_eq!(audit[0]["target"], format!("admin:{}", me["id"]));
}

#[tokio::test]
async fn sign_in_asks_for_the_code_and_takes_each_time_step_once() {
    let app = TestApp::spawn().await;
    let (secret, _, confirmed_step) = enrolled_owner(&app, "owner1").await;
    let missing = login_with(&app, "owner1", None).await;
    missing.fails_with(TOTP_REQUIRED);
    assert!(missing.msg.contains("code"), "{}", missing.msg);
    login_with(&app, "owner1", Some("  "))
        .await
        .fails_with(TOTP_REQUIRED);
    // The code that confirmed the enrolment was taken then.
    login_with(&app, "owner1", Some(&code_of_step(&secret, confirmed_step)))
        .await
        .fails_with(TOTP_INVALID);
    let next = code_of_step(&secret, confirmed_step + 1);
    let signed_in = login_with(&app, "owner1", Some(&next)).await.ok();
    assert_eq!(signed_in["totpEnabled"], true);
    assert_eq!(signed_in["totpRequired"], false);
    admin_get(&app, "/api/admin/users", &token_of(&signed_in))
        .await
        .ok();
    // Replays: the same code, and an earlier step's, are refused.
    login_with(&app, "owner1", Some(&next))
        .await
        .fails_with(TOTP_INVALID);
    login_with(&app, "owner1", Some(&code_of_step(&secret, confirmed_step)))
        .await
        .fails_with(TOTP_INVALID);
    // Far outside the window.
    let far = code_of_step(&secret, step_at(now_secs()) + 20);
    if far != code_of_step(&secret, step_at(now_secs()) + 1) {
        login_with(&app, "owner1", Some(&far))
            .await
            .fails_with(TOTP_INVALID);
    }
    // A wrong password is a wrong password, code or not.
    admin_login_raw(
        &app,
        json!({"username": "owner1", "password": "wrong-pass-1", "code": next}),
    )
    .await
    .fails_with(-2001);
}

#[tokio::test]
async fn wrong_codes_are_counted_by_the_lockout_and_a_missing_one_is_not() {
    let app = TestApp::spawn().await;
    let (secret, _, _) = enrolled_owner(&app, "owner1").await;
    for _ in 0..2 {
        login_with(&app, "owner1", None)
            .await
            .fails_with(TOTP_REQUIRED);
    }
    for _ in 0..4 {
        login_with(&app, "owner1", Some("000000"))
            .await
            .fails_with(TOTP_INVALID);
    }
    let fifth = login_with(&app, "owner1", Some("abcd-efgh-jkmn-pqrs")).await;
    fifth.fails_with(-1017);
    assert!(fifth.msg.contains("5 minutes"), "{}", fifth.msg);
    // Paused: even the right password and code wait.
    let right = code_of_step(&secret, step_at(now_secs()) + 1);
    login_with(&app, "owner1", Some(&right))
        .await
        .fails_with(-1017);
}

#[tokio::test]
async fn a_recovery_code_signs_in_once_and_new_codes_void_the_old() {
    let app = TestApp::spawn().await;
    let (secret, codes, confirmed_step) = enrolled_owner(&app, "owner1").await;
    let r = login_with(&app, "owner1", Some(&codes[0].to_uppercase()))
        .await
        .ok();
    let token = token_of(&r);
    login_with(&app, "owner1", Some(&codes[0]))
        .await
        .fails_with(TOTP_INVALID);
    let me = admin_get(&app, "/api/admin/me", &token).await.ok();
    assert_eq!(me["recoveryCodesLeft"], 9);

    admin_post(
        &app,
        "/api/admin/totp/recovery-codes",
        &token,
        json!({"code": "000000", "reason": "test"}),
    )
    .await
    .fails_with(TOTP_INVALID);
    let fresh = admin_post(
        &app,
        "/api/admin/totp/recovery-codes",
        &token,
        json!({"code": code_of_step(&secret, confirmed_step + 1), "reason": "test"}),
    )
    .await
    .ok();
    let fresh: Vec<String> = fresh["recoveryCodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    assert_eq!(fresh.len(), 10);
    assert!(fresh.iter().all(|c| !codes.contains(c)));
    login_with(&app, "owner1", Some(&codes[1]))
        .await
        .fails_with(TOTP_INVALID);
    login_with(&app, "owner1", Some(&fresh[3])).await.ok();
    let audit = audit_rows(&app, &token, "operator.recovery_codes_regenerate").await;
    assert_eq!(audit.len(), 1);
}

#[tokio::test]
async fn a_support_operator_may_turn_totp_off_and_an_owner_may_not() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let support = operator(&app, "support1", "support").await;
    let me = admin_get(&app, "/api/admin/me", &support).await.ok();
    assert_eq!(me["totpEnabled"], false);
    assert_eq!(me["totpRequired"], false);
    let (secret, _) = enrol_totp(&app, &support).await;
    login_with(&app, "support1", None)
        .await
        .fails_with(TOTP_REQUIRED);
    admin_post(
        &app,
        "/api/admin/totp/disable",
        &support,
        json!({"code": "000000", "reason": "test"}),
    )
    .await
    .fails_with(TOTP_INVALID);
    let code = code_of_step(&secret, step_at(now_secs()) + 1);
    admin_post(
        &app,
        "/api/admin/totp/disable",
        &support,
        json!({"code": code, "reason": "test"}),
    )
    .await
    .ok();
    let r = login_with(&app, "support1", None).await.ok();
    assert_eq!(r["totpEnabled"], false);
    assert_eq!(r["totpRequired"], false);
    admin_post(
        &app,
        "/api/admin/totp/disable",
        &owner,
        json!({"code": fresh_totp_code(&app, "owner1").await, "reason": "test"}),
    )
    .await
    .fails_with(TOTP_MANDATORY);
    let audit = audit_rows(&app, &owner, "operator.totp_disable").await;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0]["actorName"], "support1");
}

#[tokio::test]
async fn codes_checked_inside_a_session_are_rate_limited_per_operator() {
    let app = TestApp::spawn().await;
    let support = operator(&app, "support1", "support").await;
    enrol_totp(&app, &support).await;
    // The confirmation was the first of five.
    for _ in 0..4 {
        admin_post(
            &app,
            "/api/admin/totp/disable",
            &support,
            json!({"code": "000000", "reason": "test"}),
        )
        .await
        .fails_with(TOTP_INVALID);
    }
    admin_post(
        &app,
        "/api/admin/totp/disable",
        &support,
        json!({"code": "000000", "reason": "test"}),
    )
    .await
    .fails_with(-7);
}

#[tokio::test]
async fn me_lists_what_each_role_may_do() {
    let app = TestApp::spawn().await;
    for (name, role, expected) in [
        (
            "owner1",
            "owner",
            vec![
                "readUsers",
                "freezeUsers",
                "reviewKyc",
                "editSettings",
                "editContent",
                "sendMessages",
                "readOutbox",
                "readAudit",
                "reviewFunds",
            ],
        ),
        (
            "support1",
            "support",
            vec!["readUsers", "sendMessages", "readOutbox"],
        ),
        (
            "comply1",
            "compliance",
            vec!["readUsers", "freezeUsers", "reviewKyc"],
        ),
    ] {
        let token = operator(&app, name, role).await;
        let me = admin_get(&app, "/api/admin/me", &token).await.ok();
        assert_eq!(me["username"], name);
        assert_eq!(me["role"], role);
        assert!(me["id"].is_number());
        assert_eq!(me["permissions"], json!(expected), "{role}");
        assert_eq!(me["totpEnabled"], role == "owner");
        assert_eq!(me["totpRequired"], false);
    }
    assert_token_failure(&admin_send(&app, "GET", "/api/admin/me", None, None).await);
}

fn session_ids(rows: &Value) -> Vec<i64> {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn an_operator_sees_and_ends_only_their_own_sessions() {
    let app = TestApp::spawn().await;
    let a1 = operator(&app, "owner1", "owner").await;
    let b = operator(&app, "support1", "support").await;
    let a2 = token_of(&admin_login(&app, "owner1", OPERATOR_PASSWORD).await.ok());
    let a3 = token_of(&admin_login(&app, "owner1", OPERATOR_PASSWORD).await.ok());

    let mine = admin_get(&app, "/api/admin/sessions", &a1).await.ok();
    let rows = mine.as_array().unwrap();
    assert_eq!(rows.len(), 3, "{mine}");
    assert_eq!(rows.iter().filter(|r| r["current"] == true).count(), 1);
    for row in rows {
        assert!(row["createdAt"].is_string() && row["expiresAt"].is_string());
        assert_eq!(row["ip"], "127.0.0.1");
        assert!(row["userAgent"].is_string());
    }
    let theirs = session_ids(&admin_get(&app, "/api/admin/sessions", &b).await.ok());
    assert_eq!(theirs.len(), 1);
    assert!(session_ids(&mine).iter().all(|id| !theirs.contains(id)));

    // Another operator's session is not found, and lives on.
    admin_send(
        &app,
        "DELETE",
        &format!("/api/admin/sessions/{}", theirs[0]),
        Some(&a1),
        Some(json!({"reason": "not mine"})),
    )
    .await
    .fails_with(-6);
    admin_get(&app, "/api/admin/me", &b).await.ok();

    // End a2 from a1.
    let of_a2 = admin_get(&app, "/api/admin/sessions", &a2).await.ok();
    let a2_id = of_a2
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["current"] == true)
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    admin_send(
        &app,
        "DELETE",
        &format!("/api/admin/sessions/{a2_id}"),
        Some(&a1),
        Some(json!({"reason": "left signed in on the lab machine"})),
    )
    .await
    .ok();
    assert_token_failure(&admin_get(&app, "/api/admin/me", &a2).await);
    assert_eq!(
        session_ids(&admin_get(&app, "/api/admin/sessions", &a1).await.ok()).len(),
        2
    );

    // Everywhere else: a3 ends, a1 (this one) and b live on.
    let r = admin_send(
        &app,
        "POST",
        "/api/admin/sessions/revoke-others",
        Some(&a1),
        Some(json!({"reason": "laptop stolen"})),
    )
    .await
    .ok();
    assert_eq!(r["revoked"], 1);
    assert_token_failure(&admin_get(&app, "/api/admin/users", &a3).await);
    admin_get(&app, "/api/admin/users", &a1).await.ok();
    admin_get(&app, "/api/admin/me", &b).await.ok();
    let left = admin_get(&app, "/api/admin/sessions", &a1).await.ok();
    assert_eq!(left.as_array().unwrap().len(), 1);
    assert_eq!(left[0]["current"], true);

    assert_eq!(
        audit_rows(&app, &a1, "operator.session_revoke").await.len(),
        1
    );
    let others = audit_rows(&app, &a1, "operator.sessions_revoke_others").await;
    assert_eq!(others.len(), 1);
    assert_eq!(others[0]["detail"]["sessionsRevoked"], 1);
}

#[tokio::test]
async fn the_cli_takes_a_lost_device_off_an_owner_who_then_enrols_again() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let other = operator(&app, "owner2", "owner").await;
    let db = &app.state.db;
    assert!(
        onyx_server::operators::reset_totp(db, "ghost1", "lost phone", chrono::Utc::now())
            .await
            .is_err()
    );
    assert!(
        onyx_server::operators::reset_totp(db, "owner1", " ", chrono::Utc::now())
            .await
            .is_err()
    );
    let ended = onyx_server::operators::reset_totp(
        db,
        "owner1",
        "lost phone, ticket 12",
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    assert_eq!(ended, 1);
    assert_token_failure(&admin_get(&app, "/api/admin/me", &owner).await);
    let again = login_with(&app, "owner1", None).await.ok();
    assert_eq!(again["totpEnabled"], false);
    assert_eq!(again["totpRequired"], true);
    admin_get(&app, "/api/admin/users", &token_of(&again))
        .await
        .fails_with(ENROLMENT_REQUIRED);
    let audit = audit_rows(&app, &other, "operator.totp_reset").await;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0]["actorKind"], "cli");
    assert_eq!(audit[0]["reason"], "lost phone, ticket 12");
    assert_eq!(audit[0]["detail"]["wasEnabled"], true);
}

#[test]
fn the_openapi_document_lists_the_second_factor_and_session_calls() {
    let doc = serde_json::to_value(onyx_server::openapi::document()).unwrap();
    for (path, method) in [
        ("/api/admin/login", "post"),
        ("/api/admin/me", "get"),
        ("/api/admin/totp/enrol", "post"),
        ("/api/admin/totp/confirm", "post"),
        ("/api/admin/totp/recovery-codes", "post"),
        ("/api/admin/totp/disable", "post"),
        ("/api/admin/sessions", "get"),
        ("/api/admin/sessions/{id}", "delete"),
        ("/api/admin/sessions/revoke-others", "post"),
    ] {
        assert!(doc["paths"][path][method].is_object(), "{method} {path}");
    }
    let login = &doc["components"]["schemas"]["LoginReply"]["properties"];
    assert!(login["totpEnabled"].is_object() && login["totpRequired"].is_object());
}

/// An app whose operators sign in from the addresses tests name.
async fn behind_proxy() -> TestApp {
    TestApp::spawn_with(|c| c.trust_proxy = true).await
}

async fn operator_login_from(app: &TestApp, ip: &str, body: Value) -> Reply {
    app.send(onyx_testkit::accounts::json_from(
        ip,
        "/api/admin/login",
        body,
    ))
    .await
}

/// Slows the operator as fifty failures from many addresses do.
async fn slow_operator(app: &TestApp, name: &str) -> String {
    let id = admins::find_by_username(&app.state.db, name)
        .await
        .unwrap()
        .unwrap()
        .id;
    let subject = format!("admin:{id}");
    let now = chrono::Utc::now();
    let key = login_failures::Key {
        scope: login_failures::SCOPE_ADMIN,
        subject: &subject,
        source: login_failures::EVERY_SOURCE,
    };
    for _ in 0..50 {
        login_failures::record(&app.state.db, key, now, now - chrono::Duration::hours(24))
            .await
            .unwrap();
    }
    login_failures::lock(&app.state.db, key, now + chrono::Duration::hours(24))
        .await
        .unwrap();
    subject
}

async fn operator_failures(app: &TestApp, subject: &str) -> i32 {
    login_failures::find(
        &app.state.db,
        login_failures::SCOPE_ADMIN,
        subject,
        &[login_failures::EVERY_SOURCE],
    )
    .await
    .unwrap()
    .first()
    .map_or(0, |r| r.failures)
}

#[tokio::test]
async fn a_slowed_owner_signs_in_with_password_and_code_and_no_guess_reaches_the_password_without_one(
) {
    let app = behind_proxy().await;
    let (secret, _, taken) = enrolled_owner(&app, "owner1").await;
    let subject = slow_operator(&app, "owner1").await;
    // Without a code the password is not even checked: right and wrong
    // answer alike, and nothing is counted.
    let right = json!({"username": "owner1", "password": OPERATOR_PASSWORD});
    let wrong = json!({"username": "owner1", "password": "wrong-pass-1"});
    operator_login_from(&app, "203.0.113.1", right)
        .await
        .fails_with(TOTP_REQUIRED);
    operator_login_from(&app, "203.0.113.1", wrong)
        .await
        .fails_with(TOTP_REQUIRED);
    assert_eq!(operator_failures(&app, &subject).await, 50);
    // A wrong code is counted, and while slowed it pauses its address at once.
    let guess = json!({"username": "owner1", "password": OPERATOR_PASSWORD, "code": "000000"});
    operator_login_from(&app, "203.0.113.2", guess)
        .await
        .fails_with(-1017);
    assert_eq!(operator_failures(&app, &subject).await, 51);
    // The owner elsewhere: right password and code sign in, the account
    // slowed, never locked.
    let code = code_of_step(&secret, taken + 1);
    let body = json!({"username": "owner1", "password": OPERATOR_PASSWORD, "code": code});
    let signed = operator_login_from(&app, "198.51.100.5", body).await.ok();
    assert!(!token_of(&signed).is_empty());
    // A right code with a wrong password is a failure too (and the code is spent).
    let code = code_of_step(&secret, taken + 2);
    let body = json!({"username": "owner1", "password": "wrong-pass-1", "code": code});
    operator_login_from(&app, "198.51.100.6", body)
        .await
        .fails_with(-1017);
    let body = json!({"username": "owner1", "password": OPERATOR_PASSWORD, "code": code});
    operator_login_from(&app, "198.51.100.7", body)
        .await
        .fails_with(-1017);
}

async fn operator_challenge(app: &TestApp, ip: &str, name: &str) -> (String, String) {
    let issued = app
        .send(onyx_testkit::accounts::json_from(
            ip,
            "/api/admin/loginChallenge",
            json!({"username": name}),
        ))
        .await
        .ok();
    assert_eq!(issued["difficulty"], lockout::CHALLENGE_BITS);
    let challenge = issued["challenge"].as_str().unwrap().to_string();
    // The difficulty is kept with each challenge: an easy one solves fast here.
    sign_in_challenge::Entity::update_many()
        .col_expr(sign_in_challenge::Column::Difficulty, Expr::value(6))
        .filter(sign_in_challenge::Column::Challenge.eq(&challenge))
        .exec(&app.state.db)
        .await
        .unwrap();
    let nonce = (0u64..)
        .map(|n| n.to_string())
        .find(|n| lockout::solves(&challenge, n, 6))
        .unwrap();
    (challenge, nonce)
}

#[tokio::test]
async fn a_slowed_operator_without_totp_signs_in_with_a_solved_challenge() {
    let app = behind_proxy().await;
    onyx_server::operators::create(
        &app.state.db,
        "helper",
        OPERATOR_PASSWORD,
        "support",
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    let subject = slow_operator(&app, "helper").await;
    let right = json!({"username": "helper", "password": OPERATOR_PASSWORD});
    let known = operator_login_from(&app, "198.51.100.5", right).await;
    known.fails_with(-1026);
    // An unknown name, slowed too, answers alike.
    for n in 0..50 {
        operator_login_from(
            &app,
            &format!("203.0.113.{}", 100 + n),
            json!({"username": "ghost", "password": "x-pass-1"}),
        )
        .await;
    }
    let ghost = operator_login_from(
        &app,
        "198.51.100.9",
        json!({"username": "ghost", "password": OPERATOR_PASSWORD}),
    )
    .await;
    assert_eq!((known.code, &known.msg), (ghost.code, &ghost.msg));
    // A wrong password with a solved challenge counts and pauses its address.
    let (challenge, nonce) = operator_challenge(&app, "203.0.113.3", "helper").await;
    let guess = json!({"username": "helper", "password": "wrong-pass-1",
        "challenge": challenge, "nonce": nonce});
    operator_login_from(&app, "203.0.113.3", guess)
        .await
        .fails_with(-1017);
    assert_eq!(operator_failures(&app, &subject).await, 51);
    // The operator solves one and signs in; the challenge works once.
    let (challenge, nonce) = operator_challenge(&app, "198.51.100.5", "helper").await;
    let body = json!({"username": "helper", "password": OPERATOR_PASSWORD,
        "challenge": challenge, "nonce": nonce});
    let signed = operator_login_from(&app, "198.51.100.5", body.clone())
        .await
        .ok();
    assert_eq!(signed["role"], "support");
    operator_login_from(&app, "198.51.100.5", body)
        .await
        .fails_with(-1027);
}
