//! Signing in and out: same answer for wrong account or password, the
//! lockout (the guessing address is paused, not the owner; unknown accounts
//! answer alike; many addresses slow the account, which the owner then
//! signs in to with a code or a solved challenge, never locked out), the
//! per-IP limit, frozen accounts, the remembered device (Secure over https),
//! no-store on answers carrying tokens, and token failures.

use onyx_testkit::accounts;
use onyx_testkit::common;

use accounts::{
    app_with_mailbox, assert_token_failure, json_from, last_code, login, login_from, set_setting,
    signed_in, user, PASSWORD,
};
use axum::body::Body;
use axum::http::header;
use chrono::{Duration, Utc};
use common::{Reply, TestApp};
use onyx_platform::lockout;
use onyx_store::entity::{login_failure, session, sign_in_challenge, user as user_entity};
use onyx_store::repo::login_failures::{self, Key};
use onyx_store::repo::{sessions, users};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{json, Value};

fn with_cookie(uri: &str, token: Option<&str>, cookie: &str) -> axum::http::Request<Body> {
    TestApp::request("POST", uri, token)
        .header(header::COOKIE, cookie)
        .body(Body::empty())
        .unwrap()
}

/// `onyx_remember=<value>` from a Set-Cookie header.
fn cookie_pair(set_cookie: &str) -> String {
    set_cookie.split(';').next().unwrap().to_string()
}

#[tokio::test]
async fn login_returns_a_working_token() {
    let app = TestApp::spawn().await;
    user(&app, "alice").await;
    let r = login(&app, "Alice", PASSWORD).await;
    assert!(r.set_cookie.is_none(), "no cookie without remember");
    let token = r.ok()["satoken"].as_str().unwrap().to_string();
    let info = app.get("/api/user/getInfo", Some(&token)).await.ok();
    assert_eq!(info["user"]["username"], "alice");
}

#[tokio::test]
async fn wrong_password_and_unknown_account_look_the_same() {
    let app = TestApp::spawn().await;
    user(&app, "alice").await;
    let wrong = login(&app, "alice", "bad-pass-1").await;
    let unknown = login(&app, "nobody", PASSWORD).await;
    wrong.fails_with(-1011);
    unknown.fails_with(-1011);
    assert_eq!(wrong.msg, unknown.msg);
}

/// An app that reads the client address from X-Forwarded-For, so a test
/// can sign in from several places.
async fn behind_proxy() -> TestApp {
    TestApp::spawn_with(|c| {
        c.trust_proxy = true;
        c.dev_mailbox = true;
    })
    .await
}

#[tokio::test]
async fn five_wrong_passwords_pause_the_guessing_address_but_not_the_owner_elsewhere() {
    let app = behind_proxy().await;
    user(&app, "alice").await;
    user(&app, "bobby").await;
    let attacker = "203.0.113.7";
    for _ in 0..4 {
        login_from(&app, attacker, "alice", "bad-pass-1")
            .await
            .fails_with(-1011);
    }
    let fifth = login_from(&app, attacker, "alice", "bad-pass-1").await;
    fifth.fails_with(-1017);
    assert!(fifth.msg.contains("5 minutes"), "{}", fifth.msg);
    // The paused address cannot try even the right password...
    login_from(&app, attacker, "alice", PASSWORD)
        .await
        .fails_with(-1017);
    // ...while the owner at home signs in, and the address may still sign
    // in to other accounts.
    login_from(&app, "198.51.100.20", "alice", PASSWORD)
        .await
        .ok();
    login_from(&app, attacker, "bobby", PASSWORD).await.ok();
}

#[tokio::test]
async fn a_client_cannot_dodge_the_pause_by_naming_its_own_forwarded_address() {
    let app = behind_proxy().await;
    user(&app, "alice").await;
    // The trusted proxy appends the real peer; whatever the client put in
    // front of it is its own claim and must not count as its address.
    let attacker = "203.0.113.7";
    for n in 0..5 {
        let spoofed = format!("10.0.0.{n}, {attacker}");
        login_from(&app, &spoofed, "alice", "bad-pass-1").await;
    }
    login_from(&app, &format!("10.9.9.9, {attacker}"), "alice", PASSWORD)
        .await
        .fails_with(-1017);
    login_from(&app, attacker, "alice", PASSWORD)
        .await
        .fails_with(-1017);
}

#[tokio::test]
async fn a_pause_runs_out_and_the_next_one_is_longer() {
    let app = behind_proxy().await;
    user(&app, "alice").await;
    let attacker = "203.0.113.7";
    for _ in 0..5 {
        login_from(&app, attacker, "alice", "bad-pass-1").await;
    }
    expire_locks(&app).await;
    for _ in 0..4 {
        login_from(&app, attacker, "alice", "bad-pass-1")
            .await
            .fails_with(-1011);
    }
    let tenth = login_from(&app, attacker, "alice", "bad-pass-1").await;
    tenth.fails_with(-1017);
    assert!(tenth.msg.contains("10 minutes"), "{}", tenth.msg);
}

#[tokio::test]
async fn after_a_pause_the_right_password_signs_in_and_forgets_the_count() {
    let app = behind_proxy().await;
    let alice = user(&app, "alice").await;
    let home = "198.51.100.20";
    for _ in 0..5 {
        login_from(&app, home, "alice", "bad-pass-1").await;
    }
    login_from(&app, home, "alice", PASSWORD)
        .await
        .fails_with(-1017);
    expire_locks(&app).await;
    login_from(&app, home, "alice", PASSWORD).await.ok();
    let rows = login_failures::find(
        &app.state.db,
        login_failures::SCOPE_USER,
        &format!("user:{}", alice.id),
        &[home],
    )
    .await
    .unwrap();
    assert!(rows.is_empty(), "{rows:?}");
}

/// Every lock and pause ends now.
async fn expire_locks(app: &TestApp) {
    login_failure::Entity::update_many()
        .col_expr(
            login_failure::Column::LockedUntil,
            Expr::value(Some(Utc::now() - Duration::seconds(1))),
        )
        .exec(&app.state.db)
        .await
        .unwrap();
}

#[tokio::test]
async fn an_unknown_account_answers_like_a_known_one_through_the_pause() {
    let app = behind_proxy().await;
    user(&app, "alice").await;
    for attempt in 1..=7 {
        let known = login_from(&app, "203.0.113.7", "alice", "bad-pass-1").await;
        let unknown = login_from(&app, "203.0.113.8", "nobody", "bad-pass-1").await;
        assert_eq!(
            (known.code, &known.msg),
            (unknown.code, &unknown.msg),
            "attempt {attempt}"
        );
        let expected = if attempt < 5 { -1011 } else { -1017 };
        known.fails_with(expected);
    }
}

/// `failures` wrong passwords for `subject` from everywhere, as if from
/// many addresses over the day.
async fn failures_from_everywhere(app: &TestApp, subject: &str, failures: usize) {
    let now = Utc::now();
    for _ in 0..failures {
        let key = Key {
            scope: login_failures::SCOPE_USER,
            subject,
            source: login_failures::EVERY_SOURCE,
        };
        login_failures::record(&app.state.db, key, now, now - Duration::hours(24))
            .await
            .unwrap();
    }
}

/// Answers while an account is slowed (decision 0011-lockout).
const CODE_NEEDED: i64 = -1019;
const CHALLENGE_NEEDED: i64 = -1026;
const CHALLENGE_INVALID: i64 = -1027;

fn alice_subject(alice: &user_entity::Model) -> String {
    format!("user:{}", alice.id)
}

/// Slows the subject's account as fifty failures from many addresses do.
async fn slow_down(app: &TestApp, subject: &str) {
    failures_from_everywhere(app, subject, 50).await;
    login_failures::lock(
        &app.state.db,
        Key {
            scope: login_failures::SCOPE_USER,
            subject,
            source: login_failures::EVERY_SOURCE,
        },
        Utc::now() + Duration::hours(24),
    )
    .await
    .unwrap();
}

/// A sign-in by name from `ip` with extra fields (code, challenge ...).
async fn login_proving(app: &TestApp, ip: &str, name: &str, password: &str, extra: Value) -> Reply {
    let mut body = json!({"type": "account", "username": name, "password": password});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    app.send(json_from(ip, "/api/user/login", body)).await
}

/// A challenge for signing in as `name`, from `ip`, made easy to solve
/// (the difficulty is stored with each challenge): `(challenge, nonce)`.
async fn solved_challenge(app: &TestApp, ip: &str, body: Value) -> (String, String) {
    let issued = app
        .send(json_from(ip, "/api/user/loginChallenge", body))
        .await
        .ok();
    assert_eq!(issued["difficulty"], lockout::CHALLENGE_BITS);
    assert_eq!(issued["expiresIn"], lockout::CHALLENGE_SECONDS);
    let challenge = issued["challenge"].as_str().unwrap().to_string();
    assert_eq!(challenge.len(), 64);
    sign_in_challenge::Entity::update_many()
        .col_expr(sign_in_challenge::Column::Difficulty, Expr::value(8))
        .filter(sign_in_challenge::Column::Challenge.eq(&challenge))
        .exec(&app.state.db)
        .await
        .unwrap();
    let nonce = solve(&challenge, 8);
    (challenge, nonce)
}

fn solve(challenge: &str, bits: u32) -> String {
    (0u64..)
        .map(|n| n.to_string())
        .find(|n| lockout::solves(challenge, n, bits))
        .unwrap()
}

fn by_name(name: &str) -> Value {
    json!({"type": "account", "username": name})
}

fn proof(challenge: &(String, String)) -> Value {
    json!({"challenge": challenge.0, "nonce": challenge.1})
}

async fn account_failures(app: &TestApp, subject: &str) -> i32 {
    login_failures::find(
        &app.state.db,
        login_failures::SCOPE_USER,
        subject,
        &[login_failures::EVERY_SOURCE],
    )
    .await
    .unwrap()
    .first()
    .map_or(0, |r| r.failures)
}

#[tokio::test]
async fn fifty_failures_from_many_addresses_slow_the_account_but_never_lock_the_owner_out() {
    let app = behind_proxy().await;
    let alice = user(&app, "alice").await;
    failures_from_everywhere(&app, &alice_subject(&alice), 49).await;
    failures_from_everywhere(&app, "account:nobody", 49).await;
    // The fiftieth failure slows the account and so pauses its address:
    // no lock.
    let known = login_from(&app, "203.0.113.50", "alice", "bad-pass-1").await;
    let unknown = login_from(&app, "203.0.113.51", "nobody", "bad-pass-1").await;
    known.fails_with(-1017);
    assert_eq!((known.code, &known.msg), (unknown.code, &unknown.msg));
    // Now no password is checked without a proof, right or wrong, known
    // account or not, and asking is not counted.
    let home = "198.51.100.20";
    let right = login_from(&app, home, "alice", PASSWORD).await;
    right.fails_with(CHALLENGE_NEEDED);
    login_from(&app, "203.0.113.52", "alice", "bad-pass-1")
        .await
        .fails_with(CHALLENGE_NEEDED);
    let ghost = login_from(&app, home, "nobody", PASSWORD).await;
    assert_eq!((right.code, &right.msg), (ghost.code, &ghost.msg));
    assert_eq!(account_failures(&app, &alice_subject(&alice)).await, 50);
    // The owner solves a challenge and signs in, the account still slowed.
    let solved = solved_challenge(&app, home, by_name("alice")).await;
    login_proving(&app, home, "alice", PASSWORD, proof(&solved))
        .await
        .ok();
    assert!(lockout::user_slowed_until(&app.state, alice.id)
        .await
        .unwrap()
        .is_some());
    // The owner gets in again and again: the slowdown never turns into a lock.
    for n in 0..3 {
        let ip = format!("198.51.100.{}", 30 + n);
        let solved = solved_challenge(&app, &ip, by_name("alice")).await;
        login_proving(&app, &ip, "alice", PASSWORD, proof(&solved))
            .await
            .ok();
    }
}

#[tokio::test]
async fn a_wrong_password_with_a_solved_challenge_counts_and_pauses_its_address_at_once() {
    let app = behind_proxy().await;
    let alice = user(&app, "alice").await;
    let subject = alice_subject(&alice);
    slow_down(&app, &subject).await;
    let attacker = "203.0.113.60";
    let solved = solved_challenge(&app, attacker, by_name("alice")).await;
    // While slowed, the first failure from an address already pauses it.
    let first = login_proving(&app, attacker, "alice", "bad-pass-1", proof(&solved)).await;
    first.fails_with(-1017);
    assert!(first.msg.contains("5 minutes"), "{}", first.msg);
    assert_eq!(account_failures(&app, &subject).await, 51);
    // The paused address is refused before anything else, even the owner's
    // password with a fresh challenge.
    let solved = solved_challenge(&app, attacker, by_name("alice")).await;
    login_proving(&app, attacker, "alice", PASSWORD, proof(&solved))
        .await
        .fails_with(-1017);
    // Its next failure after the pause doubles it.
    expire_locks(&app).await;
    slow_down(&app, &subject).await;
    let solved = solved_challenge(&app, attacker, by_name("alice")).await;
    let second = login_proving(&app, attacker, "alice", "bad-pass-1", proof(&solved)).await;
    second.fails_with(-1017);
    assert!(second.msg.contains("10 minutes"), "{}", second.msg);
    // Each failure keeps the account slowed for another day.
    let until = lockout::user_slowed_until(&app.state, alice.id)
        .await
        .unwrap()
        .unwrap();
    assert!(until > Utc::now() + Duration::hours(23), "{until}");
}

#[tokio::test]
async fn a_challenge_works_once_for_its_own_account_while_fresh_and_solved() {
    let app = behind_proxy().await;
    let alice = user(&app, "alice").await;
    let bobby = user(&app, "bobby").await;
    slow_down(&app, &alice_subject(&alice)).await;
    slow_down(&app, &alice_subject(&bobby)).await;
    let home = "198.51.100.20";
    // Solved for bobby: no good for alice.
    let bobbys = solved_challenge(&app, home, by_name("bobby")).await;
    login_proving(&app, home, "alice", PASSWORD, proof(&bobbys))
        .await
        .fails_with(CHALLENGE_INVALID);
    // Not solved.
    let (challenge, nonce) = solved_challenge(&app, home, by_name("alice")).await;
    let unsolved = (0u64..)
        .map(|n| n.to_string())
        .find(|n| !lockout::solves(&challenge, n, 8))
        .unwrap();
    let r = login_proving(
        &app,
        home,
        "alice",
        PASSWORD,
        json!({"challenge": challenge, "nonce": unsolved}),
    )
    .await;
    r.fails_with(CHALLENGE_INVALID);
    // Made up.
    let made_up = "ab".repeat(32);
    let r = login_proving(
        &app,
        home,
        "alice",
        PASSWORD,
        json!({"challenge": made_up, "nonce": solve(&made_up, 8)}),
    )
    .await;
    r.fails_with(CHALLENGE_INVALID);
    // Solved: once.
    let mine = (challenge, nonce);
    login_proving(&app, home, "alice", PASSWORD, proof(&mine))
        .await
        .ok();
    login_proving(&app, home, "alice", PASSWORD, proof(&mine))
        .await
        .fails_with(CHALLENGE_INVALID);
    // Expired.
    let late = solved_challenge(&app, "198.51.100.21", by_name("alice")).await;
    sign_in_challenge::Entity::update_many()
        .col_expr(
            sign_in_challenge::Column::ExpiresAt,
            Expr::value(Utc::now() - Duration::seconds(1)),
        )
        .exec(&app.state.db)
        .await
        .unwrap();
    login_proving(&app, "198.51.100.21", "alice", PASSWORD, proof(&late))
        .await
        .fails_with(CHALLENGE_INVALID);
    // None of these counted as a failure: no password was checked.
    assert_eq!(account_failures(&app, &alice_subject(&alice)).await, 50);
    // A challenge for an unknown name is issued all the same.
    solved_challenge(&app, home, by_name("nobody")).await;
}

#[tokio::test]
async fn a_slowed_account_with_a_bound_email_signs_in_with_the_password_and_a_code() {
    let app = behind_proxy().await;
    let alice = user(&app, "alice").await;
    let email = "alice@example.com";
    users::update(
        &app.state.db,
        alice.id,
        users::Change::Email(Some(email)),
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    slow_down(&app, &alice_subject(&alice)).await;
    let home = "198.51.100.20";
    // Without a code the password is not checked (and nothing counted).
    login_from(&app, home, "alice", PASSWORD)
        .await
        .fails_with(CODE_NEEDED);
    // A solved challenge is no substitute for the owner's code.
    let solved = solved_challenge(&app, home, by_name("alice")).await;
    login_proving(&app, home, "alice", PASSWORD, proof(&solved))
        .await
        .fails_with(CODE_NEEDED);
    // A guess at the code is refused before the password.
    login_proving(
        &app,
        "203.0.113.70",
        "alice",
        PASSWORD,
        json!({"code": "123456"}),
    )
    .await
    .fails_with(-1021);
    assert_eq!(account_failures(&app, &alice_subject(&alice)).await, 50);
    // The owner asks for the code the usual way and signs in with it.
    send_unlock(&app, home, email).await.ok();
    let code = last_code(&app, email).await.expect("a code was sent");
    login_proving(
        &app,
        home,
        "alice",
        PASSWORD,
        json!({"code": code, "codeType": "email"}),
    )
    .await
    .ok();
    // A good code with a wrong password counts as a failure (and uses the code).
    expire_code_wait(&app).await;
    send_unlock(&app, "198.51.100.22", email).await.ok();
    let code = last_code(&app, email).await.unwrap();
    login_proving(
        &app,
        "198.51.100.22",
        "alice",
        "bad-pass-1",
        json!({"code": code}),
    )
    .await
    .fails_with(-1017);
    assert_eq!(account_failures(&app, &alice_subject(&alice)).await, 51);
}

/// Lets the next code be sent at once (the resend wait is a minute).
async fn expire_code_wait(app: &TestApp) {
    onyx_store::entity::verification_code::Entity::update_many()
        .col_expr(
            onyx_store::entity::verification_code::Column::CreatedAt,
            Expr::value(Utc::now() - Duration::minutes(5)),
        )
        .exec(&app.state.db)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_slowed_email_sign_in_asks_for_a_code_whether_or_not_the_email_has_an_account() {
    let app = behind_proxy().await;
    let alice = user(&app, "alice").await;
    let email = "alice@example.com";
    users::update(
        &app.state.db,
        alice.id,
        users::Change::Email(Some(email)),
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    set_setting(&app, "LOGIN_REGIS_SETTING", json!({"emailIsOpen": true})).await;
    slow_down(&app, &alice_subject(&alice)).await;
    slow_down(&app, "email:ghost@example.com").await;
    let by_email = |ip: &'static str, email: &'static str, extra: Value| {
        let mut body = json!({"type": "email", "email": email, "password": PASSWORD});
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        app.send(json_from(ip, "/api/user/login", body))
    };
    let known = by_email("198.51.100.20", "alice@example.com", json!({})).await;
    let unknown = by_email("198.51.100.21", "ghost@example.com", json!({})).await;
    known.fails_with(CODE_NEEDED);
    assert_eq!((known.code, &known.msg), (unknown.code, &unknown.msg));
    let known = by_email(
        "198.51.100.20",
        "alice@example.com",
        json!({"code": "123456"}),
    )
    .await;
    let unknown = by_email(
        "198.51.100.21",
        "ghost@example.com",
        json!({"code": "123456"}),
    )
    .await;
    known.fails_with(-1021);
    assert_eq!((known.code, &known.msg), (unknown.code, &unknown.msg));
}

async fn send_unlock(app: &TestApp, ip: &str, email: &str) -> Reply {
    let body = json!({"type": "email", "email": email});
    app.send(json_from(ip, "/api/user/sendUnlockCode", body))
        .await
}

async fn unlock(app: &TestApp, ip: &str, email: &str, code: &str) -> Reply {
    let body = json!({"type": "email", "email": email, "code": code});
    app.send(json_from(ip, "/api/user/unlock", body)).await
}

#[tokio::test]
async fn the_owner_lifts_the_slowdown_with_a_code_to_the_bound_email() {
    let app = behind_proxy().await;
    let alice = user(&app, "alice").await;
    let email = "alice@example.com";
    users::update(
        &app.state.db,
        alice.id,
        users::Change::Email(Some(email)),
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    let home = "198.51.100.20";
    // Not locked: asking answers the same, and sends nothing.
    send_unlock(&app, home, email).await.ok();
    assert_eq!(last_code(&app, email).await, None);

    failures_from_everywhere(&app, &format!("user:{}", alice.id), 49).await;
    login_from(&app, "203.0.113.50", "alice", "bad-pass-1")
        .await
        .fails_with(-1017);
    send_unlock(&app, home, email).await.ok();
    let code = last_code(&app, email)
        .await
        .expect("an unlock code was sent");
    unlock(&app, home, email, &accounts::wrong(&code))
        .await
        .fails_with(-1021);
    unlock(&app, home, email, "").await.fails_with(-1020);
    login_from(&app, home, "alice", PASSWORD)
        .await
        .fails_with(CODE_NEEDED);
    unlock(&app, home, email, &code).await.ok();
    login_from(&app, home, "alice", PASSWORD).await.ok();
    // A used code does not work twice.
    unlock(&app, home, email, &code).await.fails_with(-1021);
}

#[tokio::test]
async fn asking_for_an_unlock_code_tells_nothing_about_the_address() {
    let app = behind_proxy().await;
    let alice = user(&app, "alice").await;
    users::update(
        &app.state.db,
        alice.id,
        users::Change::Email(Some("alice@example.com")),
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    failures_from_everywhere(&app, &format!("user:{}", alice.id), 50).await;
    login_failures::lock(
        &app.state.db,
        Key {
            scope: login_failures::SCOPE_USER,
            subject: &format!("user:{}", alice.id),
            source: login_failures::EVERY_SOURCE,
        },
        Utc::now() + Duration::hours(24),
    )
    .await
    .unwrap();
    let ip = "203.0.113.9";
    // Twice each: the second, too soon for a real recipient, still answers alike.
    for email in [
        "alice@example.com",
        "alice@example.com",
        "nobody@example.com",
        "nobody@example.com",
    ] {
        let r = send_unlock(&app, ip, email).await;
        assert_eq!((r.code, r.msg.as_str()), (200, "success"), "{email}");
        assert!(r.data.is_null());
    }
    assert!(last_code(&app, "alice@example.com").await.is_some());
    assert_eq!(last_code(&app, "nobody@example.com").await, None);
    // A code for an unknown address cannot be guessed into an unlock.
    unlock(&app, ip, "nobody@example.com", "123456")
        .await
        .fails_with(-1021);
    // Each ask spends the caller's code budget, account or not (10 per 10 min).
    for i in 0..6 {
        send_unlock(&app, ip, &format!("ghost{i}@example.com"))
            .await
            .ok();
    }
    send_unlock(&app, ip, "ghost9@example.com")
        .await
        .fails_with(-7);
    // Malformed input is refused like anywhere else.
    app.send(json_from(
        "203.0.113.10",
        "/api/user/sendUnlockCode",
        json!({"type": "email", "email": "not-an-email"}),
    ))
    .await
    .fails_with(-1008);
    app.send(json_from(
        "203.0.113.10",
        "/api/user/unlock",
        json!({"type": "phone", "code": "123456"}),
    ))
    .await
    .fails_with(-3);
}

#[tokio::test]
async fn a_good_unlock_code_for_an_account_no_longer_locked_says_so() {
    let app = behind_proxy().await;
    let alice = user(&app, "alice").await;
    let email = "alice@example.com";
    users::update(
        &app.state.db,
        alice.id,
        users::Change::Email(Some(email)),
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    failures_from_everywhere(&app, &format!("user:{}", alice.id), 49).await;
    login_from(&app, "203.0.113.50", "alice", "bad-pass-1")
        .await
        .fails_with(-1017);
    send_unlock(&app, "198.51.100.20", email).await.ok();
    let code = last_code(&app, email).await.unwrap();
    expire_locks(&app).await;
    unlock(&app, "198.51.100.20", email, &code)
        .await
        .fails_with(-1018);
}

#[tokio::test]
async fn a_password_reset_by_code_lifts_the_slowdown() {
    let app = app_with_mailbox().await;
    let alice = user(&app, "alice").await;
    let email = "alice@example.com";
    users::update(
        &app.state.db,
        alice.id,
        users::Change::Email(Some(email)),
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    failures_from_everywhere(&app, &format!("user:{}", alice.id), 49).await;
    login(&app, "alice", "bad-pass-1").await.fails_with(-1017);
    accounts::send_email_code(&app, "forget", email, None)
        .await
        .ok();
    let code = last_code(&app, email).await.unwrap();
    let body = json!({"type": "email", "email": email, "code": code, "password": "reset-pass-3"});
    app.post_json("/api/user/forgetPwd", None, body).await.ok();
    login(&app, "alice", "reset-pass-3").await.ok();
}

#[tokio::test]
async fn sign_ins_from_one_ip_are_rate_limited() {
    let app = TestApp::spawn().await;
    // Each name once, so no name's pause comes first.
    for i in 0..10 {
        login(&app, &format!("nobody{i}"), PASSWORD)
            .await
            .fails_with(-1011);
    }
    let r = login(&app, "nobody10", PASSWORD).await;
    r.fails_with(-7);
    assert!(r.msg.contains("seconds"));
}

#[tokio::test]
async fn frozen_accounts_and_closed_types_cannot_sign_in() {
    let app = TestApp::spawn().await;
    let alice = user(&app, "alice").await;
    user_entity::Entity::update_many()
        .col_expr(user_entity::Column::Status, Expr::value("frozen"))
        .filter(user_entity::Column::Id.eq(alice.id))
        .exec(&app.state.db)
        .await
        .unwrap();
    login(&app, "alice", PASSWORD).await.fails_with(-1013);

    set_setting(
        &app,
        "LOGIN_REGIS_SETTING",
        json!({"ordinaryIsOpen": false}),
    )
    .await;
    login(&app, "alice", PASSWORD).await.fails_with(-1015);
    let email = json!({"type": "email", "email": "a@example.com", "password": PASSWORD});
    app.post_json("/api/user/login", None, email)
        .await
        .fails_with(-1015);
}

#[tokio::test]
async fn login_refuses_malformed_bodies() {
    let app = TestApp::spawn().await;
    app.post_json(
        "/api/user/login",
        None,
        json!({"type": "account", "username": "alice"}),
    )
    .await
    .fails_with(-3);
    app.post_json(
        "/api/user/login",
        None,
        json!({"type": "wallet", "password": "x"}),
    )
    .await
    .fails_with(-1);
    let req = TestApp::request("POST", "/api/user/login", None)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("not json"))
        .unwrap();
    app.send(req).await.fails_with(-2);
}

#[tokio::test]
async fn signed_in_calls_refuse_missing_garbage_and_expired_tokens() {
    let app = TestApp::spawn().await;
    assert_token_failure(&app.get("/api/user/getInfo", None).await);
    assert_token_failure(&app.get("/api/user/getInfo", Some("garbage")).await);
    let (alice, token) = signed_in(&app, "alice").await;
    session::Entity::update_many()
        .col_expr(
            session::Column::ExpiresAt,
            Expr::value(Utc::now() - Duration::seconds(1)),
        )
        .filter(session::Column::UserId.eq(alice.id))
        .exec(&app.state.db)
        .await
        .unwrap();
    assert_token_failure(&app.get("/api/user/getInfo", Some(&token)).await);
    assert_token_failure(&app.post_query("/api/user/loginOut", None).await);
}

#[tokio::test]
async fn logout_ends_the_session() {
    let app = TestApp::spawn().await;
    let (_, token) = signed_in(&app, "alice").await;
    let r = app.post_query("/api/user/loginOut", Some(&token)).await;
    assert!(r.set_cookie.as_deref().unwrap().contains("Max-Age=0"));
    assert_eq!(r.ok(), serde_json::Value::Null);
    assert_token_failure(&app.get("/api/user/getInfo", Some(&token)).await);
}

#[tokio::test]
async fn auto_login_without_a_cookie_is_a_quiet_nothing() {
    let app = TestApp::spawn().await;
    let r = app.post_query("/api/user/autoLogin", None).await;
    assert_eq!((r.code, r.msg.as_str()), (200, ""));
    assert!(r.data.is_null());
}

#[tokio::test]
async fn remembered_device_restores_rotates_and_is_cleared_by_logout() {
    let app = TestApp::spawn().await;
    user(&app, "alice").await;
    let body =
        json!({"type": "account", "username": "alice", "password": PASSWORD, "remember": true});
    let r = app.post_json("/api/user/login", None, body).await;
    let set_cookie = r.set_cookie.clone().expect("remember sets a cookie");
    for part in [
        "onyx_remember=",
        "HttpOnly",
        "SameSite=Lax",
        "Path=/api/user",
        "Max-Age=2592000",
    ] {
        assert!(set_cookie.contains(part), "{set_cookie} lacks {part}");
    }
    assert!(!set_cookie.contains("Secure"), "plain http in tests");
    r.ok();
    let first = cookie_pair(&set_cookie);

    let restored = app
        .send(with_cookie("/api/user/autoLogin", None, &first))
        .await;
    let second = cookie_pair(restored.set_cookie.as_deref().expect("rotated cookie"));
    assert_ne!(first, second, "the cookie rotates");
    let token = restored.ok()["satoken"].as_str().unwrap().to_string();
    app.get("/api/user/getInfo", Some(&token)).await.ok();

    // Logging out forgets the device too.
    let out = app
        .send(with_cookie("/api/user/loginOut", Some(&token), &second))
        .await;
    assert!(out.set_cookie.as_deref().unwrap().contains("Max-Age=0"));
    out.ok();
    app.send(with_cookie("/api/user/autoLogin", None, &second))
        .await
        .fails_with(-1014);

    // The old cookie is spent: it fails and is cleared (presented while
    // its successor lived, it would have ended that too: remember_reuse).
    let replay = app
        .send(with_cookie("/api/user/autoLogin", None, &first))
        .await;
    replay.fails_with(-1014);
    assert!(replay.set_cookie.unwrap().contains("Max-Age=0"));
    let left = session::Entity::find()
        .filter(session::Column::Kind.eq(sessions::KIND_REMEMBER))
        .filter(session::Column::EndedAt.is_null())
        .count(&app.state.db)
        .await
        .unwrap();
    assert_eq!(left, 0);
}

#[tokio::test]
async fn secure_cookies_are_marked_secure_and_frozen_users_are_not_restored() {
    let app = TestApp::spawn_with(|c| c.secure_cookies = true).await;
    let alice = user(&app, "alice").await;
    let body =
        json!({"type": "account", "username": "alice", "password": PASSWORD, "remember": true});
    let r = app.post_json("/api/user/login", None, body).await;
    let set_cookie = r.set_cookie.clone().unwrap();
    assert!(set_cookie.ends_with("; Secure"), "{set_cookie}");
    user_entity::Entity::update_many()
        .col_expr(user_entity::Column::Status, Expr::value("frozen"))
        .filter(user_entity::Column::Id.eq(alice.id))
        .exec(&app.state.db)
        .await
        .unwrap();
    app.send(with_cookie(
        "/api/user/autoLogin",
        None,
        &cookie_pair(&set_cookie),
    ))
    .await
    .fails_with(-1013);
}

/// Sends `req` and returns the answer's headers (the envelope is checked
/// by the callers' own calls elsewhere).
async fn headers_of(app: &TestApp, req: axum::http::Request<Body>) -> axum::http::HeaderMap {
    use tower::ServiceExt;
    app.router
        .clone()
        .oneshot(req)
        .await
        .unwrap()
        .headers()
        .clone()
}

fn remember_login(forwarded_proto: Option<&str>) -> axum::http::Request<Body> {
    let mut b = TestApp::request("POST", "/api/user/login", None)
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(proto) = forwarded_proto {
        b = b.header("x-forwarded-proto", proto);
    }
    let body =
        json!({"type": "account", "username": "alice", "password": PASSWORD, "remember": true});
    b.body(Body::from(body.to_string())).unwrap()
}

#[tokio::test]
async fn the_remember_cookie_is_secure_when_a_trusted_proxy_says_https() {
    let behind = TestApp::spawn_with(|c| c.trust_proxy = true).await;
    user(&behind, "alice").await;
    let cookie = |h: &axum::http::HeaderMap| {
        h.get(header::SET_COOKIE)
            .unwrap()
            .to_str()
            .unwrap()
            .to_string()
    };
    let over_https = headers_of(&behind, remember_login(Some("https"))).await;
    assert!(cookie(&over_https).ends_with("; Secure"), "{over_https:?}");
    let over_http = headers_of(&behind, remember_login(Some("http"))).await;
    assert!(!cookie(&over_http).contains("Secure"));
    let unsaid = headers_of(&behind, remember_login(None)).await;
    assert!(!cookie(&unsaid).contains("Secure"));
    // Without --trust-proxy anyone could send the header: it is ignored.
    let direct = TestApp::spawn().await;
    user(&direct, "alice").await;
    let spoofed = headers_of(&direct, remember_login(Some("https"))).await;
    assert!(!cookie(&spoofed).contains("Secure"));
}

#[tokio::test]
async fn answers_that_carry_a_token_are_never_stored() {
    let app = TestApp::spawn().await;
    user(&app, "parent").await;
    let no_store = |h: &axum::http::HeaderMap| {
        h.get(header::CACHE_CONTROL).and_then(|v| v.to_str().ok()) == Some("no-store")
    };
    let login = headers_of(&app, remember_login(None)).await;
    assert!(no_store(&login), "login (failed) {login:?}");
    user(&app, "alice").await;
    let login = headers_of(&app, remember_login(None)).await;
    assert!(no_store(&login), "login {login:?}");
    let cookie = login
        .get(header::SET_COOKIE)
        .unwrap()
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let auto = headers_of(
        &app,
        TestApp::request("POST", "/api/user/autoLogin", None)
            .header(header::COOKIE, cookie)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert!(no_store(&auto), "autoLogin {auto:?}");
    let register = headers_of(
        &app,
        json_from(
            "127.0.0.1",
            "/api/user/register",
            json!({"type": "account", "username": "newbie", "password": PASSWORD, "inviteCode": "INVPARENT"}),
        ),
    )
    .await;
    assert!(no_store(&register), "register {register:?}");
    onyx_server::operators::create(
        &app.state.db,
        "owner1",
        "operator-pass-1",
        "owner",
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    let operator = headers_of(
        &app,
        json_from(
            "127.0.0.1",
            "/api/admin/login",
            json!({"username": "owner1", "password": "operator-pass-1"}),
        ),
    )
    .await;
    assert!(no_store(&operator), "operator login {operator:?}");
}

#[tokio::test]
async fn a_resolved_session_is_served_from_memory_until_something_ends_it() {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    let app = TestApp::spawn().await;
    let (alice, token) = signed_in(&app, "alice").await;
    app.get("/api/message/list", Some(&token)).await.ok();
    // Rows removed behind the server's back (as another process sharing
    // the database would): this process keeps serving the cached session
    // until its time to live runs out.
    session::Entity::delete_many()
        .filter(session::Column::UserId.eq(alice.id))
        .exec(&app.state.db)
        .await
        .unwrap();
    app.get("/api/message/list", Some(&token)).await.ok();
    // Every change that ends sessions in this process tells the cache.
    app.state.ctx.sessions.end_user(alice.id);
    assert_token_failure(&app.get("/api/message/list", Some(&token)).await);
}

#[tokio::test]
async fn signing_out_ends_the_cached_session_at_once() {
    let app = TestApp::spawn().await;
    let (_, token) = signed_in(&app, "alice").await;
    app.get("/api/message/list", Some(&token)).await.ok();
    app.post_query("/api/user/loginOut", Some(&token))
        .await
        .ok();
    assert_token_failure(&app.get("/api/message/list", Some(&token)).await);
}
