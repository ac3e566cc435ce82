//! A lead trader's name and bio are plain text: markup, control and
//! bidi-override characters are refused with a coded reason naming the
//! field, in the caller's language, on applying and on updating; what is
//! stored and shown is what the trader typed.

use onyx_kernel::ledger::Wallet;
use onyx_testkit::accounts::signed_in;
use onyx_testkit::admin_common::{admin_post, operator};
use onyx_testkit::common::TestApp;
use onyx_testkit::wallet::fund;
use serde_json::json;

#[tokio::test]
async fn names_and_bios_with_markup_are_refused_and_plain_text_is_kept_as_typed() {
    let app = TestApp::spawn().await;
    let (user, token) = signed_in(&app, "leadtext").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "10000").await;
    let apply = |name: &str, bio: &str| {
        let body = json!({"traderName": name, "bio": bio});
        let (app, token) = (&app, token.clone());
        async move {
            app.post_json("/api/follow/applyTrader", Some(&token), body)
                .await
        }
    };
    for (name, bio, field) in [
        ("<img src=x onerror=alert(1)>", "fine", "traderName"),
        ("Steady\u{202e}sdnaH", "fine", "traderName"),
        ("Two\nlines", "fine", "traderName"),
        ("Steady Hands", "<script>steal()</script>", "bio"),
        ("Steady Hands", "bell\u{7}", "bio"),
    ] {
        let r = apply(name, bio).await;
        r.fails_with(-8211);
        assert!(r.msg.contains(field), "names {field}: {}", r.msg);
    }
    let typed = "Tom & Jerry's \"desk\"";
    let mine = apply(typed, "Trend following on BTC\r\nSince 2019: 5% a month")
        .await
        .ok();
    assert_eq!(mine["traderName"], typed, "kept as typed, not escaped");
    assert_eq!(
        mine["bio"],
        "Trend following on BTC\nSince 2019: 5% a month"
    );
    let id = mine["id"].as_i64().unwrap();
    let owner = operator(&app, "boss", "owner").await;
    admin_post(
        &app,
        &format!("/api/admin/follow/traders/{id}/review"),
        &owner,
        json!({"approve": true, "reason": "checked"}),
    )
    .await
    .ok();
    let update = |name: &str, bio: &str| {
        let body = json!({"traderName": name, "bio": bio, "orderDelaySeconds": 0});
        let (app, token) = (&app, token.clone());
        async move {
            app.post_json("/api/follow/updateTrader", Some(&token), body)
                .await
        }
    };
    update("Steady <b>Hands</b>", "fine")
        .await
        .fails_with(-8211);
    update("Steady Hands", "a <a href=x>link</a>")
        .await
        .fails_with(-8211);
    let shown = app
        .get(&format!("/api/follow/traderInfo/{id}"), None)
        .await
        .ok();
    assert_eq!(
        shown["traderName"], typed,
        "refused updates changed nothing"
    );
}
