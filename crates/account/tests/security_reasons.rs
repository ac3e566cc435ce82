//! Every operator security write takes a reason and leaves an audit
//! entry with it: enrolling an authenticator, turning two-step sign-in on
//! and off, new recovery codes, ending a session and signing out
//! everywhere else. A blank reason is refused (`-2004`) before anything
//! changes: no secret is stored, no code is spent, no session ends.
//! Signing out of one's own session is audited too, its reason optional.

use onyx_store::entity::admin;
use onyx_store::repo::admins;
use onyx_testkit::admin_common::*;
use onyx_testkit::common::{Reply, TestApp};
use serde_json::{json, Value};

const REASON_REQUIRED: i64 = -2004;

fn token_of(r: &Value) -> String {
    r["adminToken"].as_str().unwrap().to_string()
}

async fn admin_row(app: &TestApp, name: &str) -> admin::Model {
    admins::find_by_username(&app.state.db, name)
        .await
        .unwrap()
        .unwrap()
}

/// The id of the session `token` came with.
async fn session_id(app: &TestApp, token: &str) -> i64 {
    let live = admin_get(app, "/api/admin/sessions", token).await.ok();
    live.as_array()
        .unwrap()
        .iter()
        .find(|s| s["current"] == true)
        .unwrap()["id"]
        .as_i64()
        .unwrap()
}

/// The one audit entry of `action` (asserted to be one), read by `reader`.
async fn only_entry(app: &TestApp, reader: &str, action: &str) -> Value {
    let rows = audit_rows(app, reader, action).await;
    assert_eq!(rows.len(), 1, "{action}: {rows:?}");
    rows[0].clone()
}

async fn post(app: &TestApp, uri: &str, token: &str, body: Value) -> Reply {
    admin_post(app, uri, token, body).await
}

#[tokio::test]
async fn each_security_write_records_the_reason_given_on_its_target() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let support = operator(&app, "support1", "support").await;
    let me = admin_row(&app, "support1").await;
    let target = format!("admin:{}", me.id);

    let enrolment = post(
        &app,
        "/api/admin/totp/enrol",
        &support,
        json!({"reason": " new phone "}),
    )
    .await
    .ok();
    let secret = enrolment["secret"].as_str().unwrap().to_string();
    // The owner's own first enrolment is an entry too, by them, on them.
    let enrolments = audit_rows(&app, &owner, "operator.totp_enrol").await;
    assert_eq!(enrolments.len(), 2);
    let e = enrolments.iter().find(|r| r["target"] == target).unwrap();
    assert_eq!(
        (&e["actorName"], &e["reason"]),
        (&json!("support1"), &json!("new phone"))
    );
    assert_eq!(e["detail"], json!({"replacedPending": false}));
    assert!(
        !e.to_string().contains(&secret),
        "the secret is not in the log"
    );

    let code = fresh_totp_code(&app, "support1").await;
    post(
        &app,
        "/api/admin/totp/confirm",
        &support,
        json!({"code": code, "reason": "ticket 31"}),
    )
    .await
    .ok();
    let codes = post(
        &app,
        "/api/admin/totp/recovery-codes",
        &support,
        json!({"code": fresh_totp_code(&app, "support1").await, "reason": "printed the old ones"}),
    )
    .await
    .ok();
    assert_eq!(codes["recoveryCodes"].as_array().unwrap().len(), 10);
    post(
        &app,
        "/api/admin/totp/disable",
        &support,
        json!({"code": fresh_totp_code(&app, "support1").await, "reason": "moving to a hardware key"}),
    )
    .await
    .ok();
    for (action, reason) in [
        ("operator.totp_enable", "ticket 31"),
        ("operator.recovery_codes_regenerate", "printed the old ones"),
        ("operator.totp_disable", "moving to a hardware key"),
    ] {
        let rows: Vec<Value> = audit_rows(&app, &owner, action)
            .await
            .into_iter()
            .filter(|r| r["target"] == target)
            .collect();
        assert_eq!(rows.len(), 1, "{action}");
        assert_eq!(rows[0]["reason"], reason, "{action}");
        assert_eq!(rows[0]["actorName"], "support1", "{action}");
    }

    // Sessions: one ended from another, then everywhere else.
    let s2 = token_of(&admin_login(&app, "support1", OPERATOR_PASSWORD).await.ok());
    let s3 = token_of(&admin_login(&app, "support1", OPERATOR_PASSWORD).await.ok());
    let s2_id = session_id(&app, &s2).await;
    admin_send(
        &app,
        "DELETE",
        &format!("/api/admin/sessions/{s2_id}"),
        Some(&support),
        Some(json!({"reason": "left signed in at the desk"})),
    )
    .await
    .ok();
    let e = only_entry(&app, &owner, "operator.session_revoke").await;
    assert_eq!(
        (&e["target"], &e["reason"]),
        (
            &json!(format!("admin_session:{s2_id}")),
            &json!("left signed in at the desk")
        )
    );
    let r = post(
        &app,
        "/api/admin/sessions/revoke-others",
        &support,
        json!({"reason": "phone lost"}),
    )
    .await
    .ok();
    assert_eq!(r["revoked"], 1);
    assert_token_failure(&admin_get(&app, "/api/admin/me", &s3).await);
    let e = only_entry(&app, &owner, "operator.sessions_revoke_others").await;
    assert_eq!(
        (&e["target"], &e["reason"]),
        (&json!(target), &json!("phone lost"))
    );
    // The filter by target finds them all.
    let about = admin_get(&app, &format!("/api/admin/audit?target={target}"), &owner)
        .await
        .ok();
    assert_eq!(about["total"], 5);
}

#[tokio::test]
async fn signing_out_is_audited_with_a_reason_or_without_one() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let support = operator(&app, "support1", "support").await;
    let other = token_of(&admin_login(&app, "support1", OPERATOR_PASSWORD).await.ok());
    let (first, second) = (
        session_id(&app, &support).await,
        session_id(&app, &other).await,
    );

    // No body at all, as scripts send it.
    admin_send(&app, "POST", "/api/admin/logout", Some(&support), None)
        .await
        .ok();
    assert_token_failure(&admin_get(&app, "/api/admin/me", &support).await);
    // A reason too long is refused and the session lives on.
    let long = "x".repeat(501);
    post(&app, "/api/admin/logout", &other, json!({"reason": long}))
        .await
        .fails_with(-4);
    // A reason that is no text is refused naming it.
    let r = post(&app, "/api/admin/logout", &other, json!({"reason": ["x"]})).await;
    r.fails_with(-1);
    assert!(r.msg.contains("reason"), "{}", r.msg);
    admin_get(&app, "/api/admin/me", &other).await.ok();
    post(
        &app,
        "/api/admin/logout",
        &other,
        json!({"reason": " end of shift "}),
    )
    .await
    .ok();
    assert_token_failure(&admin_get(&app, "/api/admin/me", &other).await);

    let rows = admin_get(
        &app,
        "/api/admin/audit?action=operator.sign_out&operator=support1",
        &owner,
    )
    .await
    .ok();
    let seen: Vec<(String, String)> = rows["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["target"].as_str().unwrap().to_string(),
                r["reason"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            (
                format!("admin_session:{second}"),
                "end of shift".to_string()
            ),
            (
                format!("admin_session:{first}"),
                "signed out by the operator".to_string()
            ),
        ],
        "newest first"
    );
}

#[tokio::test]
async fn a_blank_reason_is_refused_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let owner = operator(&app, "owner1", "owner").await;
    let support = operator(&app, "support1", "support").await;
    let blanks = [json!({}), json!({"reason": ""}), json!({"reason": "  \n "})];
    let entries = |action: &'static str| {
        let (app, owner) = (&app, &owner);
        async move {
            audit_rows(app, owner, action)
                .await
                .into_iter()
                .filter(|r| r["actorName"] == "support1")
                .count()
        }
    };

    // Enrolling: no secret is stored.
    for body in &blanks {
        post(&app, "/api/admin/totp/enrol", &support, body.clone())
            .await
            .fails_with(REASON_REQUIRED);
    }
    assert_eq!(admin_row(&app, "support1").await.totp_secret, None);
    assert_eq!(entries("operator.totp_enrol").await, 0);
    post(
        &app,
        "/api/admin/totp/enrol",
        &support,
        json!({"reason": "set up"}),
    )
    .await
    .ok();

    // Confirming: not enabled, and the code is not spent (it confirms
    // right after).
    let code = fresh_totp_code(&app, "support1").await;
    for body in &blanks {
        let mut body = body.clone();
        body["code"] = json!(code);
        post(&app, "/api/admin/totp/confirm", &support, body)
            .await
            .fails_with(REASON_REQUIRED);
    }
    let me = admin_get(&app, "/api/admin/me", &support).await.ok();
    assert_eq!(me["totpEnabled"], false);
    assert_eq!(entries("operator.totp_enable").await, 0);
    let codes = post(
        &app,
        "/api/admin/totp/confirm",
        &support,
        json!({"code": code, "reason": "set up"}),
    )
    .await
    .ok();
    let recovery: Vec<String> = codes["recoveryCodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();

    // New recovery codes: the old ones stay, the one typed is not spent.
    post(
        &app,
        "/api/admin/totp/recovery-codes",
        &support,
        json!({"code": recovery[0], "reason": " "}),
    )
    .await
    .fails_with(REASON_REQUIRED);
    let me = admin_get(&app, "/api/admin/me", &support).await.ok();
    assert_eq!(me["recoveryCodesLeft"], 10);
    assert_eq!(entries("operator.recovery_codes_regenerate").await, 0);
    post(
        &app,
        "/api/admin/totp/recovery-codes",
        &support,
        json!({"code": recovery[0], "reason": "rotate"}),
    )
    .await
    .ok();

    // Turning off: still on, and the same app code then turns it off.
    let code = fresh_totp_code(&app, "support1").await;
    post(
        &app,
        "/api/admin/totp/disable",
        &support,
        json!({"code": code}),
    )
    .await
    .fails_with(REASON_REQUIRED);
    let me = admin_get(&app, "/api/admin/me", &support).await.ok();
    assert_eq!(me["totpEnabled"], true);
    assert_eq!(entries("operator.totp_disable").await, 0);
    post(
        &app,
        "/api/admin/totp/disable",
        &support,
        json!({"code": code, "reason": "off"}),
    )
    .await
    .ok();
    assert_eq!(admin_row(&app, "support1").await.totp_secret, None);

    // Sessions: neither ends.
    let other = token_of(&admin_login(&app, "support1", OPERATOR_PASSWORD).await.ok());
    let other_id = session_id(&app, &other).await;
    for body in &blanks {
        admin_send(
            &app,
            "DELETE",
            &format!("/api/admin/sessions/{other_id}"),
            Some(&support),
            Some(body.clone()),
        )
        .await
        .fails_with(REASON_REQUIRED);
        post(
            &app,
            "/api/admin/sessions/revoke-others",
            &support,
            body.clone(),
        )
        .await
        .fails_with(REASON_REQUIRED);
    }
    // Without a body at all: a JSON body is required.
    admin_send(
        &app,
        "POST",
        "/api/admin/sessions/revoke-others",
        Some(&support),
        None,
    )
    .await
    .fails_with(-2);
    admin_get(&app, "/api/admin/me", &other).await.ok();
    let live = admin_get(&app, "/api/admin/sessions", &support).await.ok();
    assert_eq!(live.as_array().unwrap().len(), 2);
    assert_eq!(entries("operator.session_revoke").await, 0);
    assert_eq!(entries("operator.sessions_revoke_others").await, 0);
    // A reason over 500 characters is an invalid field.
    post(
        &app,
        "/api/admin/sessions/revoke-others",
        &support,
        json!({"reason": "y".repeat(501)}),
    )
    .await
    .fails_with(-4);
    admin_get(&app, "/api/admin/me", &other).await.ok();
}
