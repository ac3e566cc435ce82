//! Extreme input on every list call and every operator write, found in
//! the API document rather than listed by hand, so a call added later is
//! covered too.
//!
//! Every list call takes page numbers at `u64::MAX`, `i64::MAX`, negative,
//! fractional and text: a huge page is an empty page, anything that is
//! not a page number is a coded refusal naming the field, in the caller's
//! language; never "system error". Every operator write takes bodies,
//! queries and path ids filled with extremes (huge and negative numbers,
//! markup, control characters, numbers in exponent form, unknown coins)
//! and answers each with success or a business refusal, never a fault.
//! The ledger audits clean and every settlement verifies afterwards.

use onyx_kernel::ledger::Wallet;
use onyx_testkit::accounts;
use onyx_testkit::admin_common::{self, admin_send};
use onyx_testkit::common::{q, Reply, TestApp};
use onyx_testkit::tape::Tape;
use onyx_testkit::wallet::{assert_audit_clean, fund};
use onyx_testkit::wallet_calls::post_keyed;

use axum::body::Body;
use axum::http::{header, Request};
use serde_json::{json, Map, Value};

/// What a call was asked, for the failure message.
fn asked(method: &str, uri: &str, body: &Option<Value>) -> String {
    match body {
        Some(b) => format!("{method} {uri} {b}"),
        None => format!("{method} {uri}"),
    }
}

#[track_caller]
fn no_fault(r: &Reply, what: &str) {
    assert!(
        r.code == 200 || (r.code <= 0 && r.code != -8),
        "{what}: expected success or a business refusal, got {} {:?}",
        r.code,
        r.msg
    );
}

fn document() -> Value {
    serde_json::to_value(onyx_server::openapi::document()).unwrap()
}

/// `#/components/schemas/X` followed, and the first of `allOf`/`oneOf`/
/// `anyOf`.
fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    if let Some(name) = schema["$ref"]
        .as_str()
        .and_then(|r| r.strip_prefix("#/components/schemas/"))
    {
        return resolve(doc, &doc["components"]["schemas"][name]);
    }
    for key in ["allOf", "oneOf", "anyOf"] {
        if let Some(first) = schema[key]
            .as_array()
            .and_then(|a| a.iter().find(|s| s["type"] != "null"))
        {
            return resolve(doc, first);
        }
    }
    schema
}

fn request_body_schema<'a>(doc: &'a Value, op: &'a Value) -> Option<&'a Value> {
    let schema = &op["requestBody"]["content"]["application/json"]["schema"];
    (!schema.is_null()).then(|| resolve(doc, schema))
}

fn kind(schema: &Value) -> &str {
    match &schema["type"] {
        Value::String(s) => s,
        Value::Array(kinds) => kinds
            .iter()
            .filter_map(Value::as_str)
            .find(|k| *k != "null")
            .unwrap_or("string"),
        _ if schema["properties"].is_object() => "object",
        _ => "string",
    }
}

/// Text no operator field should take as it is.
const TEXTS: &[&str] = &[
    "NOTACOIN",
    "<script>alert(1)</script>",
    "\u{0}\u{1f}\u{7f}",
    "79228162514264337593543950336",
    "-1",
    "1e25",
    "",
    "ｘ한글🙂",
];

fn integers() -> Vec<Value> {
    vec![
        json!(u64::MAX),
        json!(i64::MAX),
        json!(-1),
        json!(i64::MIN),
        serde_json::from_str("1e400").unwrap(),
        json!(0),
    ]
}

/// A value of `schema`'s shape, every leaf the `round`th extreme of its
/// kind (shifted per field, so rounds mix them).
fn fill(doc: &Value, schema: &Value, round: usize, depth: usize) -> Value {
    let schema = resolve(doc, schema);
    if let Some(options) = schema["enum"]
        .as_array()
        .filter(|_| round.is_multiple_of(2))
    {
        if let Some(first) = options.first() {
            return first.clone();
        }
    }
    match kind(schema) {
        "object" if depth < 4 => {
            let mut out = Map::new();
            if let Some(props) = schema["properties"].as_object() {
                for (i, (name, prop)) in props.iter().enumerate() {
                    out.insert(name.clone(), fill(doc, prop, round + i, depth + 1));
                }
            }
            Value::Object(out)
        }
        "object" => json!({}),
        "array" if depth < 4 => json!([fill(doc, &schema["items"], round, depth + 1)]),
        "array" => json!([]),
        "integer" | "number" => {
            let all = integers();
            all[round % all.len()].clone()
        }
        "boolean" => json!(round.is_multiple_of(2)),
        _ => json!(TEXTS[round % TEXTS.len()]),
    }
}

fn placeholders(path: &str, id: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c + 1);
        out.push_str(id);
        rest = &rest[close..];
    }
    out.push_str(rest);
    out
}

/// Every documented call with a `pageNum`: in its query, or in its JSON
/// body.
fn list_calls(doc: &Value) -> Vec<(String, String, bool)> {
    let mut calls = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let in_query = op["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|p| p["name"] == "pageNum" && p["in"] == "query");
            let in_body =
                request_body_schema(doc, op).is_some_and(|s| !s["properties"]["pageNum"].is_null());
            if in_query || in_body {
                calls.push((method.to_uppercase(), path.clone(), in_body));
            }
        }
    }
    calls
}

async fn send(
    app: &TestApp,
    method: &str,
    uri: &str,
    token: (&str, &str),
    lang: &str,
    body: Option<Value>,
) -> Reply {
    let b = Request::builder()
        .method(method)
        .uri(uri)
        .header("lang", lang)
        .header(token.0, token.1);
    let req = match body {
        Some(v) => b
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(v.to_string())),
        None => b.body(Body::empty()),
    };
    app.send(req.unwrap()).await
}

/// Page numbers no list holds, and text that is no page number.
const HUGE_PAGES: &[&str] = &["18446744073709551615", "9223372036854775807", "1000001"];
const NOT_PAGES: &[&str] = &[
    "-1",
    "-9223372036854775808",
    "abc",
    "1.5",
    "1e3",
    "18446744073709551616",
];

async fn every_list_call_takes_any_page_number(app: TestApp) {
    let (user, user_token) = accounts::signed_in(&app, "pager").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "100").await;
    let operator = admin_common::operator(&app, "pages", "owner").await;
    let doc = document();
    let calls = list_calls(&doc);
    assert!(
        calls.len() >= 30,
        "the document lists the paged calls: {calls:?}"
    );
    assert!(calls
        .iter()
        .any(|(m, p, _)| m == "GET" && p == "/api/follow/traderOrder/{id}"));
    for (method, path, in_body) in &calls {
        let token = if path.starts_with("/api/admin") {
            ("adminToken", operator.as_str())
        } else {
            ("satoken", user_token.as_str())
        };
        let path = placeholders(path, "1");
        for (field, other) in [("pageNum", "pageSize"), ("pageSize", "pageNum")] {
            for page in HUGE_PAGES.iter().chain(NOT_PAGES) {
                let (uri, body) = if *in_body {
                    let n: Value = serde_json::from_str(page).unwrap_or(json!(page));
                    (path.clone(), Some(json!({field: n, other: 1})))
                } else {
                    (format!("{path}?{field}={}&{other}=1", q(page)), None)
                };
                let what = asked(method, &uri, &body);
                let r = send(&app, method, &uri, token, "de", body.clone()).await;
                no_fault(&r, &what);
                if NOT_PAGES.contains(page) && !*in_body && r.code != -3 {
                    // Refused before the call looks at anything else
                    // (a missing required field aside), in German, naming
                    // the field.
                    assert_eq!(r.code, -1, "{what}: {:?}", r.msg);
                    assert_eq!(r.msg, format!("Ungültige Anfrage: {field}"), "{what}");
                }
            }
        }
    }
    // The call of the finding: a page far past the end is an empty page.
    let r = app
        .get(
            "/api/follow/traderOrder/1?pageNum=9223372036854775807&pageSize=10",
            Some(&user_token),
        )
        .await;
    no_fault(&r, "the finding's call");
    if r.code == 200 {
        assert_eq!(r.data["rows"], json!([]));
    }
    let r = app
        .get(
            "/api/withdraw/list?pageNum=18446744073709551615&pageSize=100",
            Some(&user_token),
        )
        .await
        .ok();
    assert_eq!(r["rows"], json!([]), "past the last page: no rows");
    assert_audit_clean(&app).await;
}

#[tokio::test]
async fn every_list_call_takes_any_page_number_without_a_fault() {
    every_list_call_takes_any_page_number(TestApp::spawn().await).await;
}

/// The operator writes of the document: every POST, PUT, PATCH and DELETE
/// under `/api/admin` but signing in.
fn operator_writes(doc: &Value) -> Vec<(String, String, Value)> {
    let mut writes = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        if !path.starts_with("/api/admin") || path == "/api/admin/login" {
            continue;
        }
        for (method, op) in item.as_object().unwrap() {
            if ["post", "put", "patch", "delete"].contains(&method.as_str()) {
                writes.push((method.to_uppercase(), path.clone(), op.clone()));
            }
        }
    }
    writes
}

fn query_of(doc: &Value, op: &Value, round: usize) -> String {
    let mut pairs = Vec::new();
    for (i, p) in op["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        if p["in"] != "query" {
            continue;
        }
        let v = fill(doc, &p["schema"], round + i, 0);
        let text = match v {
            Value::String(s) => s,
            other => other.to_string(),
        };
        pairs.push(format!("{}={}", q(p["name"].as_str().unwrap()), q(&text)));
    }
    pairs.join("&")
}

/// A new session for an operator, as a sign-in opens one.
async fn operator_session(app: &TestApp, admin_id: i64) -> String {
    let (token, hash) = onyx_platform::credentials::new_token();
    onyx_store::repo::admin_queries::create_session(
        &app.state.db,
        onyx_store::repo::admin_queries::NewAdminSession {
            admin_id,
            token_hash: &hash,
            expires_at: chrono::Utc::now() + chrono::Duration::hours(1),
            ip: "127.0.0.1",
            user_agent: "test",
            now: chrono::Utc::now(),
        },
    )
    .await
    .unwrap();
    token
}

async fn every_operator_write_refuses_extremes(app: TestApp) {
    let (user, _) = accounts::signed_in(&app, "target").await;
    fund(&app, user.id, Wallet::Spot, "USDT", "100").await;
    let doc = document();
    let writes = operator_writes(&doc);
    assert!(
        writes.len() >= 40,
        "the document lists the operator writes: {}",
        writes.len()
    );
    // Operator 1 is a bystander, so the writes aimed at id 1 reach another
    // operator than the one sending them.
    admin_common::operator(&app, "bystander", "support").await;
    let operator = admin_common::operator(&app, "extreme", "owner").await;
    let acting = onyx_store::repo::admins::find_by_username(&app.state.db, "extreme")
        .await
        .unwrap()
        .unwrap();
    let mut token = operator;
    let mut renewed = 0;
    for (method, path, op) in &writes {
        for (round, id) in ["1", "9223372036854775807", "-1", "abc", "0", "%00"]
            .iter()
            .enumerate()
        {
            let mut uri = placeholders(path, id);
            let query = query_of(&doc, op, round);
            if !query.is_empty() {
                uri = format!("{uri}?{query}");
            }
            let body = request_body_schema(&doc, op).map(|s| fill(&doc, s, round, 0));
            let what = asked(method, &uri, &body);
            let r = admin_send(&app, method, &uri, Some(&token), body.clone()).await;
            if r.code == 500 {
                // The write ended the operator's own session (signing out,
                // ending every session): a new session, and on.
                renewed += 1;
                token = operator_session(&app, acting.id).await;
                continue;
            }
            no_fault(&r, &what);
        }
    }
    assert!(renewed < writes.len(), "most writes keep the session");
    assert_audit_clean(&app).await;
    assert!(
        onyx_server::verify::run(&app.state.db).await.unwrap(),
        "every settlement verifies after the extremes"
    );
}

#[tokio::test]
async fn every_operator_write_takes_extreme_input_without_a_fault() {
    every_operator_write_refuses_extremes(TestApp::spawn().await).await;
}

/// Bodies that cannot be read answer in the caller's language and name the
/// field; a JSON number is read as exactly the digits sent.
#[tokio::test]
async fn unreadable_bodies_name_the_field_in_the_callers_language() {
    let app = TestApp::spawn().await;
    let (_, token) = accounts::signed_in(&app, "reader").await;
    let transfer = |amount: Value, lang: &'static str| {
        let token = token.clone();
        let app = &app;
        async move {
            send(
                app,
                "POST",
                "/api/asset/transferFunds",
                ("satoken", &token),
                lang,
                Some(json!({"from": "spot", "to": "contract", "coin": "usdt", "amount": amount})),
            )
            .await
        }
    };
    // Wrong type: refused naming the field, never serde's words.
    let r = transfer(json!(true), "fr").await;
    r.fails_with(-1);
    assert!(r.msg.contains("amount"), "{}", r.msg);
    assert!(!r.msg.contains("invalid type"), "{}", r.msg);
    let en = transfer(json!({"x": 1}), "en").await;
    let de = transfer(json!({"x": 1}), "de").await;
    assert_eq!(en.code, -1);
    assert_eq!(en.msg, "Invalid request: amount");
    assert_eq!(de.msg, "Ungültige Anfrage: amount");
    // An exact JSON number is taken like its text: both refused for the
    // same reason (nothing to move), and in exponent form both are
    // NumberFormat.
    let as_number = transfer(serde_json::from_str("100").unwrap(), "en").await;
    let as_text = transfer(json!("100"), "en").await;
    assert_eq!(
        (as_number.code, &as_number.msg),
        (as_text.code, &as_text.msg)
    );
    let exp_number = transfer(serde_json::from_str("1e2").unwrap(), "en").await;
    let exp_text = transfer(json!("1e2"), "en").await;
    exp_number.fails_with(-11);
    assert_eq!(exp_number.msg, exp_text.msg);
    // Not JSON at all: MalformedJson with where it broke, in the language.
    let req = Request::post("/api/asset/transferFunds")
        .header("lang", "de")
        .header("satoken", &token)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{\"amount\": "))
        .unwrap();
    let r = app.send(req).await;
    r.fails_with(-2);
    assert!(
        r.msg.starts_with("Der Anfragetext ist kein gültiges JSON"),
        "{}",
        r.msg
    );
    // A NUL in text is no value of any field (and PostgreSQL cannot store
    // it): refused naming the field, in the body or the query.
    let r = transfer(json!("1\u{0}"), "en").await;
    r.fails_with(-1);
    assert_eq!(r.msg, "Invalid request: amount");
    let r = app
        .get("/api/withdraw/list?pageNum=1&status=%00", Some(&token))
        .await;
    r.fails_with(-1);
    assert_eq!(r.msg, "Invalid request: status");
    // A missing field names it.
    let r = send(
        &app,
        "POST",
        "/api/asset/transferFunds",
        ("satoken", &token),
        "en",
        Some(json!({"from": "spot", "to": "contract", "coin": "usdt"})),
    )
    .await;
    r.fails_with(-3);
    assert!(r.msg.contains("amount"), "{}", r.msg);
}

/// The futures order of the finding: `delegateTotal` as an integer JSON
/// number opens the same position as the string; a fraction is refused as
/// the same text would be.
#[tokio::test]
async fn a_contract_count_as_a_json_integer_is_taken_exactly() {
    let app = TestApp::spawn().await;
    let _tape = Tape::new(&app, "60000").await;
    let (user, token) = accounts::signed_in(&app, "numbers").await;
    fund(&app, user.id, Wallet::Contract, "USDT", "10000").await;
    let open = |total: Value| {
        let token = token.clone();
        let app = &app;
        async move {
            post_keyed(
                app,
                "/api/contract/order/submit",
                &token,
                None,
                json!({"symbol": "btc", "leverage": 10, "delegatePrice": "1",
                    "delegateTotal": total, "type": 0, "delegateType": 1}),
            )
            .await
        }
    };
    let as_number = open(json!(2)).await.ok();
    let as_text = open(json!("2")).await.ok();
    assert_eq!(as_number["order"]["status"], 1, "{as_number}");
    assert_eq!(
        as_number["order"]["delegateTotal"], as_text["order"]["delegateTotal"],
        "{as_number} / {as_text}"
    );
    let fraction = open(serde_json::from_str("1.5").unwrap()).await;
    let fraction_text = open(json!("1.5")).await;
    assert!(fraction.code < 0 && fraction.code != -8, "{fraction:?}");
    assert_eq!(
        (fraction.code, &fraction.msg),
        (fraction_text.code, &fraction_text.msg)
    );
    assert_audit_clean(&app).await;
}
