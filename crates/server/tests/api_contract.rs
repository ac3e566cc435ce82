//! The envelope promise: every /api answer is `{code, msg, data}` with HTTP
//! 200, in the caller's language, whatever went wrong.

use axum::body::Body;
use axum::http::{header, Request};
use common::TestApp;
use onyx_testkit::common;

#[tokio::test]
async fn settings_carry_all_25_keys_with_the_spec_defaults() {
    let app = TestApp::spawn().await;
    let data = app.get("/api/common/getAllSetting", None).await.ok();
    let keys = data.as_object().unwrap();
    assert_eq!(keys.len(), 25);
    assert_eq!(data["LOGIN_REGIS_SETTING"]["credits"], "80");
    assert_eq!(data["WITHDRAWAL_SETTING"]["withdrawalMix"], "20");
    assert_eq!(data["timeZone"]["offSet"], "+08:00");
}

#[tokio::test]
async fn unknown_api_path_is_a_coded_not_found_in_the_callers_language() {
    let app = TestApp::spawn().await;
    let r = app.get("/api/no/such/call", None).await;
    r.fails_with(-6);
    assert_eq!(r.msg, "Not found");
    let req = Request::get("/api/no/such/call")
        .header("lang", "xx-YY")
        .body(Body::empty())
        .unwrap();
    assert_eq!(
        app.send(req).await.msg,
        "Not found",
        "unknown language falls back to en"
    );
}

#[tokio::test]
async fn wrong_method_is_an_envelope_not_an_empty_405() {
    let app = TestApp::spawn().await;
    app.post_query("/api/common/getAllSetting", None)
        .await
        .fails_with(-6);
}

#[tokio::test]
async fn oversize_bodies_are_refused_with_a_code() {
    let app = TestApp::spawn().await;
    let big = "x".repeat(onyx_server::JSON_BODY_MAX_BYTES + 10);
    let req = Request::post("/api/user/login")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(format!(
            "{{\"type\":\"account\",\"username\":\"{big}\",\"password\":\"x\"}}"
        )))
        .unwrap();
    app.send(req).await.fails_with(-5);
}

#[tokio::test]
async fn openapi_document_lists_the_calls_and_the_error_catalogue() {
    let app = TestApp::spawn().await;
    let req = Request::get("/api/openapi.json")
        .body(Body::empty())
        .unwrap();
    let res = tower::ServiceExt::oneshot(app.router.clone(), req)
        .await
        .unwrap();
    let bytes = http_body_util::BodyExt::collect(res.into_body())
        .await
        .unwrap()
        .to_bytes();
    let doc: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    assert!(doc["paths"]["/api/common/getAllSetting"]["get"].is_object());
    // The wallet and spot calls of spec section 7, with their methods.
    for (path, method) in [
        ("/api/recharge/getAdress", "post"),
        ("/api/recharge/payAddress", "post"),
        ("/api/recharge/list", "get"),
        ("/api/recharge/bonsList", "get"),
        ("/api/asset/assetBalance", "post"),
        ("/api/asset/transferFunds", "post"),
        ("/api/common/getAppCurrencyList", "post"),
        ("/api/common/getWithDrawCoinList", "post"),
        ("/api/withdraw/submit", "post"),
        ("/api/withdraw/list", "get"),
        ("/api/withdraw/getWithdrawStatus", "post"),
        ("/api/record/financial", "get"),
        ("/api/texchange/getCurrencyPrice", "get"),
        ("/api/texchange/currencyExchange", "post"),
        ("/api/texchange/list", "get"),
        ("/api/currency/order/submit", "post"),
        ("/api/currency/order/cancelOrder", "post"),
        ("/api/currency/order/orderList", "post"),
        ("/api/record/currency", "get"),
        ("/api/record/trading", "get"),
        ("/api/market/depth", "get"),
    ] {
        assert!(doc["paths"][path][method].is_object(), "{method} {path}");
    }
    let codes = doc["x-error-codes"].as_array().unwrap();
    assert!(codes
        .iter()
        .any(|c| c["code"] == -6 && c["key"] == "not_found"));
}

/// The web app's API types are generated from a committed copy of the API
/// document; a server change that moves the document must regenerate them
/// (`bash scripts/api-types.sh`), or this fails and names the first path
/// or schema that differs.
#[test]
fn the_web_apps_copy_of_the_api_document_is_the_servers() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../web/src/shared/api/openapi.json"
    );
    let committed: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("the committed API document"))
            .expect("it is JSON");
    let served = serde_json::to_value(onyx_server::openapi::document()).unwrap();
    for section in ["paths", "components"] {
        let (a, b) = (&committed[section], &served[section]);
        if a == b {
            continue;
        }
        let keys = |v: &serde_json::Value| -> Vec<String> {
            v.as_object()
                .map(|o| o.keys().cloned().collect())
                .unwrap_or_default()
        };
        let first = keys(b)
            .into_iter()
            .chain(keys(a))
            .find(|k| a.get(k) != b.get(k));
        panic!("web/src/shared/api/openapi.json differs from the server's {section} at {first:?}: run `bash scripts/api-types.sh`");
    }
    assert_eq!(
        committed, served,
        "the document's info or tags differ: run `bash scripts/api-types.sh`"
    );
}

/// A query field documented as a path parameter sends the generated
/// clients to a path that does not exist: every `in: path` parameter is
/// one the path's template names (an `IntoParams` read with `ApiQuery`
/// needs `#[into_params(parameter_in = Query)]`).
#[test]
fn only_the_paths_own_placeholders_are_path_parameters() {
    let doc = serde_json::to_value(onyx_server::openapi::document()).unwrap();
    let mut wrong = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            for p in op["parameters"].as_array().into_iter().flatten() {
                let name = p["name"].as_str().unwrap_or_default();
                if p["in"] == "path" && !path.contains(&format!("{{{name}}}")) {
                    wrong.push(format!("{method} {path} {name}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "documented as path parameters: {wrong:?}");
}

/// Every operator list that sorts documents `orderBy` and `order` as
/// query parameters.
#[test]
fn the_sorted_operator_lists_document_order_by_and_order() {
    let doc = serde_json::to_value(onyx_server::openapi::document()).unwrap();
    for path in [
        "/api/admin/users",
        "/api/admin/audit",
        "/api/admin/deposits",
        "/api/admin/withdrawals",
        "/api/admin/kyc",
        "/api/admin/content",
        "/api/admin/outbox",
        "/api/admin/users/{id}/postings",
        "/api/admin/users/{id}/spot-orders",
        "/api/admin/users/{id}/futures-positions",
        "/api/admin/users/{id}/contract-orders",
        "/api/admin/users/{id}/messages",
        "/api/admin/users/{id}/audit",
    ] {
        let params = doc["paths"][path]["get"]["parameters"]
            .as_array()
            .unwrap_or_else(|| panic!("{path} has parameters"));
        for name in ["orderBy", "order"] {
            assert!(
                params
                    .iter()
                    .any(|p| p["name"] == name && p["in"] == "query"),
                "{path} documents {name} in the query"
            );
        }
    }
}

/// Two Rust types under one schema name document only one of them: the
/// router keeps whichever registered last, so a call taking the other is
/// documented with the wrong shape (the futures submit once read as the
/// spot `SubmitBody`), and typed clients and fuzzers send it. Every name
/// in the document belongs to one `ToSchema` type of the workspace's
/// sources (rename one with `#[schema(as = NewName)]`).
#[test]
fn no_two_types_share_a_schema_name() {
    let doc = serde_json::to_value(onyx_server::openapi::document()).unwrap();
    let documented: std::collections::BTreeSet<String> = doc["components"]["schemas"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for krate in std::fs::read_dir(&crates).unwrap() {
        rust_files(&krate.unwrap().path().join("src"), &mut files);
    }
    let mut by_name: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (name, ty) in schema_types(&text) {
            let at = file.strip_prefix(&crates).unwrap_or(file).display();
            by_name.entry(name).or_default().push(format!("{at}: {ty}"));
        }
    }
    // The scan must see the document's types, or it proves nothing: every
    // name that is not a generic's instance (`Envelope_X`) is found.
    let unseen: Vec<_> = documented
        .iter()
        .filter(|n| !n.contains('_') && !by_name.contains_key(*n))
        .collect();
    assert!(
        unseen.is_empty(),
        "documented, not found in the sources: {unseen:?}"
    );
    let shared: Vec<_> = by_name
        .iter()
        .filter(|(name, types)| types.len() > 1 && documented.contains(*name))
        .collect();
    assert!(
        shared.is_empty(),
        "schema names with more than one type: {shared:#?}"
    );
}

fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `(schema name, type name)` of every struct or enum deriving `ToSchema`
/// in `src`: its own name, or the last segment of `#[schema(as = ...)]`.
fn schema_types(src: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut attrs = String::new();
    let mut depth = 0i64;
    for line in src.lines() {
        let t = line.trim();
        if depth > 0 || t.starts_with("#[") {
            attrs.push_str(t);
            attrs.push(' ');
            depth += t.matches('[').count() as i64 - t.matches(']').count() as i64;
            continue;
        }
        if t.is_empty() || t.starts_with("//") {
            continue;
        }
        let item = ["pub(crate) ", "pub(super) ", "pub "]
            .iter()
            .find_map(|v| t.strip_prefix(v))
            .unwrap_or(t);
        let item = item
            .strip_prefix("struct ")
            .or_else(|| item.strip_prefix("enum "));
        if let Some(rest) = item.filter(|_| attrs.contains("ToSchema")) {
            let ty: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let renamed = attrs.split("#[schema(").skip(1).find_map(|a| {
                a.split([',', '('])
                    .map(str::trim)
                    .find_map(|part| part.strip_prefix("as")?.trim_start().strip_prefix('='))
                    .map(|path| {
                        let path: String = path
                            .trim_start()
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                            .collect();
                        path.rsplit("::").next().unwrap_or(&path).to_string()
                    })
            });
            out.push((renamed.unwrap_or_else(|| ty.clone()), ty));
        }
        attrs.clear();
    }
    out
}
