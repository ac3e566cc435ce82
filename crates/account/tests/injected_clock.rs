//! Time-bound rules obey the application's clock, not the wall clock: an
//! app on a `ManualClock` ends a sign-in pause and a session exactly when
//! the test moves the clock past them, with no sleeping and no stored
//! times rewritten.

use chrono::{Duration, Utc};
use onyx_kernel::clock::ManualClock;
use onyx_testkit::accounts::{assert_token_failure, login, login_from, user, PASSWORD};
use onyx_testkit::common::TestApp;
use std::sync::Arc;

/// An app behind a proxy whose time is `clock`'s.
async fn behind_proxy_on(clock: Arc<ManualClock>) -> TestApp {
    TestApp::spawn_with_clock(clock, |c| {
        c.trust_proxy = true;
        c.dev_mailbox = true;
    })
    .await
}

#[tokio::test]
async fn a_pause_lasts_until_the_clock_passes_it_and_no_longer() {
    let clock = Arc::new(ManualClock::at(Utc::now()));
    let app = behind_proxy_on(clock.clone()).await;
    user(&app, "alice").await;
    let attacker = "203.0.113.7";
    for _ in 0..5 {
        login_from(&app, attacker, "alice", "bad-pass-1").await;
    }
    // The pause is five minutes of the app's clock, whatever the wall
    // clock says: a second before its end the address is still paused...
    clock.advance(Duration::minutes(5) - Duration::seconds(1));
    let paused = login_from(&app, attacker, "alice", PASSWORD).await;
    paused.fails_with(-1017);
    assert!(paused.msg.contains(" 1 minute"), "{}", paused.msg);
    // ...and at its end the right password signs in.
    clock.advance(Duration::seconds(1));
    login_from(&app, attacker, "alice", PASSWORD).await.ok();
}

#[tokio::test]
async fn a_session_ends_when_the_clock_reaches_its_expiry_cached_or_not() {
    let clock = Arc::new(ManualClock::at(Utc::now()));
    let app = TestApp::spawn_with_clock(clock.clone(), |_| {}).await;
    user(&app, "alice").await;
    let token = login(&app, "alice", PASSWORD).await.ok()["satoken"]
        .as_str()
        .unwrap()
        .to_string();
    // Resolved once, so the next requests are served from the cache.
    app.get("/api/message/list", Some(&token)).await.ok();
    let lifetime = Duration::hours(app.state.config.session_hours);
    clock.advance(lifetime - Duration::seconds(1));
    app.get("/api/message/list", Some(&token)).await.ok();
    clock.advance(Duration::seconds(1));
    assert_token_failure(&app.get("/api/message/list", Some(&token)).await);
}
