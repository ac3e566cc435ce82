//! The OpenAPI document served at /api/openapi.json: every route with its
//! schemas, plus the error-code catalogue.

use onyx_kernel::{i18n, ErrorCode};
use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::openapi::OpenApi;

/// The whole document, as `/api/openapi.json` serves it and
/// `onyx openapi` prints it (the web app's API types are generated from it).
pub fn document() -> OpenApi {
    let (_, doc) = crate::routes::api().split_for_parts();
    finish(doc)
}

pub fn finish(mut doc: OpenApi) -> OpenApi {
    doc.merge(onyx_socket::openapi());
    doc.info.title = "Onyx API".into();
    doc.info.version = env!("CARGO_PKG_VERSION").into();
    let mut table = String::from(
        "Every response is HTTP 200 with `{code, msg, data}`. `code` 200 is success; \
         a business failure has a code at or below 0 and `msg` in the caller's language \
         (`lang`/`language` headers); an authentication failure is 500 with `Token` in `msg`. \
         Amounts and prices are decimal strings.\n\n| code | key | English message |\n|---|---|---|\n",
    );
    let mut catalogue = Vec::new();
    for c in ErrorCode::ALL {
        let english = i18n::message("en", c.key(), &[]);
        table.push_str(&format!("| {} | {} | {} |\n", c.code(), c.key(), english));
        catalogue.push(serde_json::json!({"code": c.code(), "key": c.key(), "message": english}));
    }
    doc.info.description = Some(table);
    doc.extensions = Some(
        ExtensionsBuilder::new()
            .add("x-error-codes", serde_json::Value::Array(catalogue))
            .build(),
    );
    let components = doc.components.get_or_insert_with(Default::default);
    components.add_security_scheme(
        "satoken",
        SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("satoken"))),
    );
    components.add_security_scheme(
        "adminToken",
        SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("adminToken"))),
    );
    doc
}
