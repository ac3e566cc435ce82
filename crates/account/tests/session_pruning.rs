//! Past sessions are pruned after the retention: a user's or an
//! operator's session that ended, or expired, longer ago than
//! `RETENTION_DAYS` is deleted by the sweep; one that ended or expired
//! more recently stays in the history, and a live one is never touched.
//! The history calls read on as before.

use chrono::{DateTime, Duration, Utc};
use onyx_account::api::session_pruning::{self, Pruned, RETENTION_DAYS};
use onyx_kernel::clock::ManualClock;
use onyx_platform::scheduler::Progress;
use onyx_store::entity::session::EndReason;
use onyx_store::entity::{admin_session, session};
use onyx_testkit::accounts::{self, signed_in};
use onyx_testkit::admin_common::{admin_get, admin_login, operator, OPERATOR_PASSWORD};
use onyx_testkit::common::TestApp;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::Value;
use std::sync::Arc;

fn days_ago(n: i64) -> DateTime<Utc> {
    Utc::now() - Duration::days(n)
}

/// Sets a user session's expiry and, when given, its end.
async fn set_user_session(
    app: &TestApp,
    id: i64,
    expires: DateTime<Utc>,
    ended: Option<DateTime<Utc>>,
) {
    session::Entity::update_many()
        .col_expr(session::Column::ExpiresAt, Expr::value(expires))
        .col_expr(session::Column::EndedAt, Expr::value(ended))
        .col_expr(
            session::Column::EndReason,
            Expr::value(ended.map(|_| EndReason::SignedOut)),
        )
        .filter(session::Column::Id.eq(id))
        .exec(&app.state.db)
        .await
        .unwrap();
}

async fn set_admin_session(
    app: &TestApp,
    id: i64,
    expires: DateTime<Utc>,
    ended: Option<DateTime<Utc>>,
) {
    admin_session::Entity::update_many()
        .col_expr(admin_session::Column::ExpiresAt, Expr::value(expires))
        .col_expr(admin_session::Column::EndedAt, Expr::value(ended))
        .col_expr(
            admin_session::Column::EndReason,
            Expr::value(ended.map(|_| EndReason::Revoked)),
        )
        .filter(admin_session::Column::Id.eq(id))
        .exec(&app.state.db)
        .await
        .unwrap();
}

async fn user_session_ids(app: &TestApp, user_id: i64) -> Vec<i64> {
    session::Entity::find()
        .filter(session::Column::UserId.eq(user_id))
        .order_by_asc(session::Column::Id)
        .all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect()
}

async fn admin_session_ids(app: &TestApp, admin_id: i64) -> Vec<i64> {
    admin_session::Entity::find()
        .filter(admin_session::Column::AdminId.eq(admin_id))
        .order_by_asc(admin_session::Column::Id)
        .all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect()
}

fn ids(rows: &Value) -> Vec<i64> {
    let mut v: Vec<i64> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    v.sort_unstable();
    v
}

#[tokio::test]
async fn sessions_past_the_retention_are_pruned_and_recent_and_live_ones_kept() {
    let app = TestApp::spawn().await;
    let (alice, live_token) = signed_in(&app, "alice").await;
    for _ in 0..5 {
        accounts::session(&app, &alice).await;
    }
    let [live, old_ended, old_expired, ended_long_ago_not_expired, recent_ended, recent_expired] =
        user_session_ids(&app, alice.id).await[..]
    else {
        panic!("six sessions")
    };
    let past = RETENTION_DAYS + 1;
    let within = RETENTION_DAYS - 1;
    set_user_session(&app, old_ended, days_ago(past - 1), Some(days_ago(past))).await;
    set_user_session(&app, old_expired, days_ago(past), None).await;
    // A remembered device ended long ago whose expiry is still ahead.
    set_user_session(
        &app,
        ended_long_ago_not_expired,
        Utc::now() + Duration::days(5),
        Some(days_ago(past)),
    )
    .await;
    set_user_session(&app, recent_ended, days_ago(1), Some(days_ago(within))).await;
    set_user_session(&app, recent_expired, days_ago(within), None).await;

    // An operator: the session in use, one ended and one expired beyond
    // the retention, one ended within it.
    let support = operator(&app, "support1", "support").await;
    for _ in 0..3 {
        admin_login(&app, "support1", OPERATOR_PASSWORD).await.ok();
    }
    let admin_id = onyx_store::repo::admins::find_by_username(&app.state.db, "support1")
        .await
        .unwrap()
        .unwrap()
        .id;
    let [current, a_old_ended, a_old_expired, a_recent_ended] =
        admin_session_ids(&app, admin_id).await[..]
    else {
        panic!("four operator sessions")
    };
    set_admin_session(&app, a_old_ended, days_ago(past - 1), Some(days_ago(past))).await;
    set_admin_session(&app, a_old_expired, days_ago(past), None).await;
    set_admin_session(
        &app,
        a_recent_ended,
        Utc::now() + Duration::hours(1),
        Some(days_ago(2)),
    )
    .await;

    let before = admin_get(
        &app,
        &format!("/api/admin/users/{}/sessions?state=all", alice.id),
        &support,
    )
    .await
    .ok();
    assert_eq!(before["total"], 6);

    let progress = session_pruning::sweep(&app.state.ctx).await.unwrap();
    assert_eq!(progress, Progress::Done, "less than a slice");
    assert_eq!(
        user_session_ids(&app, alice.id).await,
        vec![live, recent_ended, recent_expired]
    );
    assert_eq!(
        admin_session_ids(&app, admin_id).await,
        vec![current, a_recent_ended]
    );
    // Nothing more to do.
    assert_eq!(
        session_pruning::prune(&app.state.ctx).await.unwrap(),
        Pruned::default()
    );

    // The live sessions still sign in.
    app.get("/api/user/getInfo", Some(&live_token)).await.ok();
    admin_get(&app, "/api/admin/me", &support).await.ok();
    // The history calls read what is left.
    let all = admin_get(
        &app,
        &format!("/api/admin/users/{}/sessions?state=all", alice.id),
        &support,
    )
    .await
    .ok();
    assert_eq!(all["total"], 3);
    assert_eq!(ids(&all["rows"]), vec![live, recent_ended, recent_expired]);
    let history = admin_get(&app, "/api/admin/sessions/history", &support)
        .await
        .ok();
    assert_eq!(history["total"], 1);
    assert_eq!(ids(&history["rows"]), vec![a_recent_ended]);
    assert_eq!(history["rows"][0]["state"], "ended");
    let live_ops = admin_get(&app, "/api/admin/sessions", &support).await.ok();
    assert_eq!(ids(&live_ops), vec![current]);
}

#[tokio::test]
async fn the_retention_is_counted_from_the_sweeps_clock() {
    let app = TestApp::spawn().await;
    let (alice, _) = signed_in(&app, "alice").await;
    let id = user_session_ids(&app, alice.id).await[0];
    // Ended yesterday: kept today, pruned once the retention has passed.
    set_user_session(&app, id, Utc::now() + Duration::hours(1), Some(days_ago(1))).await;
    session_pruning::sweep(&app.state.ctx).await.unwrap();
    assert_eq!(user_session_ids(&app, alice.id).await, vec![id]);

    let mut later = app.state.ctx.clone();
    later.clock = Arc::new(ManualClock::at(Utc::now() + Duration::days(RETENTION_DAYS)));
    let pruned = session_pruning::prune(&later).await.unwrap();
    assert_eq!(
        pruned,
        Pruned {
            sessions: 1,
            admin_sessions: 0
        }
    );
    assert_eq!(user_session_ids(&app, alice.id).await, Vec::<i64>::new());
}

#[tokio::test]
async fn the_server_runs_the_pruning_sweep_with_the_other_sweeps() {
    let app = TestApp::spawn_with(|c| c.sweeps = true).await;
    let stats = app.state.ctx.scheduler.stats(session_pruning::JOB);
    assert!(stats.is_some(), "the job is started");
    let quiet = TestApp::spawn().await;
    assert!(
        quiet
            .state
            .ctx
            .scheduler
            .stats(session_pruning::JOB)
            .is_none(),
        "not without the sweeps (tests run them by hand)"
    );
    app.state.ctx.scheduler.stop().await;
}
