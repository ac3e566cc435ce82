//! The pieces both products' calls are built from: the settled-orders
//! page, the open-or-settled flag, and the operators' calls
//! ([`admin_routes!`](crate::admin_routes)), each product naming its own
//! paths, types and words. Not a router: each product's `routes` is, and
//! the server merges those.

use crate::accept;
use crate::product::Product;
use onyx_http::envelope::{Page, PageQuery};
use onyx_http::error::ApiError;
use onyx_kernel::Outcome;
use onyx_platform::Context;
use serde::Deserialize;
use utoipa::IntoParams;

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RecordQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

/// One page of the caller's settled orders, newest first.
pub async fn record_page<P: Product>(
    ctx: &Context,
    user_id: i64,
    q: &RecordQuery,
) -> Outcome<Page<P::View>> {
    let (index, size) = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .bounds();
    let offset = index.saturating_mul(size);
    let (rows, total) = accept::history::<P>(ctx, user_id, offset, size).await?;
    Ok(Page { rows, total })
}

/// A list's 0 (open) or 1 (settled) in the body's `field`.
pub fn settled_flag(value: u8, field: &'static str) -> Result<bool, ApiError> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(ApiError::invalid(field)),
    }
}

/// A product's operator calls: its periods (list, add, change), its house
/// book and its blocked countries, under the paths and with the types and
/// words it names. Invoked in the product's `routes/admin.rs`, with
/// `book` its house book's function and the types in scope there (each
/// product declares its own: the API document's schema names are theirs).
#[macro_export]
macro_rules! admin_routes {
    (
        product: $product:ident,
        view: $view:ident,
        patch: $patch:ident,
        book: $book:ident = $book_fn:path,
        blocked: $blocked:ident,
        paths: [$periods:tt, $period:tt, $house:tt, $countries:tt],
        list_doc: $list_doc:tt,
        create_doc: $create_doc:tt $(,)?
    ) => {
        pub fn router<S>() -> ::utoipa_axum::router::OpenApiRouter<S>
        where
            S: Clone + Send + Sync + 'static,
            ::onyx_platform::Context: ::axum::extract::FromRef<S>,
        {
            use ::utoipa_axum::routes;
            ::utoipa_axum::router::OpenApiRouter::new()
                .routes(routes!(list_periods, create_period))
                .routes(routes!(update_period))
                .routes(routes!(house_book))
                .routes(routes!(blocked_countries, block_countries))
        }

        #[doc = $list_doc]
        #[utoipa::path(get, path = $periods, tag = "admin",
            security(("adminToken" = [])),
            responses((status = 200, body = Envelope<Vec<$view>>)))]
        async fn list_periods(
            ::axum::extract::State(ctx): ::axum::extract::State<::onyx_platform::Context>,
            me: ::onyx_http::auth::CurrentAdmin,
        ) -> ::onyx_http::envelope::Reply<Vec<$view>> {
            me.require(::onyx_http::auth::Permission::EditSettings)?;
            ::onyx_http::envelope::ok(
                ::onyx_fixed_payout::period_editing::all::<$product>(&ctx).await?,
            )
        }

        #[doc = $create_doc]
        #[utoipa::path(post, path = $periods, tag = "admin",
            request_body = $patch, security(("adminToken" = [])),
            responses((status = 200, body = Envelope<$view>)))]
        async fn create_period(
            ::axum::extract::State(ctx): ::axum::extract::State<::onyx_platform::Context>,
            me: ::onyx_http::auth::CurrentAdmin,
            ::onyx_http::extract::ApiJson(p): ::onyx_http::extract::ApiJson<$patch>,
        ) -> ::onyx_http::envelope::Reply<$view> {
            me.require(::onyx_http::auth::Permission::EditSettings)?;
            ::onyx_http::envelope::ok(
                ::onyx_fixed_payout::period_editing::create::<$product>(&ctx, &me.actor(), &p)
                    .await?,
            )
        }

        /// Changes a period; orders already open keep the terms they opened on.
        #[utoipa::path(put, path = $period, tag = "admin",
            params(("id" = i64, Path)), request_body = $patch, security(("adminToken" = [])),
            responses((status = 200, body = Envelope<$view>)))]
        async fn update_period(
            ::axum::extract::State(ctx): ::axum::extract::State<::onyx_platform::Context>,
            me: ::onyx_http::auth::CurrentAdmin,
            ::axum::extract::Path(id): ::axum::extract::Path<i64>,
            ::onyx_http::extract::ApiJson(p): ::onyx_http::extract::ApiJson<$patch>,
        ) -> ::onyx_http::envelope::Reply<$view> {
            me.require(::onyx_http::auth::Permission::EditSettings)?;
            ::onyx_http::envelope::ok(
                ::onyx_fixed_payout::period_editing::update::<$product>(&ctx, &me.actor(), id, &p)
                    .await?,
            )
        }

        /// Per coin: open orders and stakes, settled orders by result, staked and
        /// paid out; and the house account's balance in the ledger.
        #[utoipa::path(get, path = $house, tag = "admin",
            security(("adminToken" = [])),
            responses((status = 200, body = Envelope<$book>)))]
        async fn house_book(
            ::axum::extract::State(ctx): ::axum::extract::State<::onyx_platform::Context>,
            me: ::onyx_http::auth::CurrentAdmin,
        ) -> ::onyx_http::envelope::Reply<$book> {
            me.require(::onyx_http::auth::Permission::ReadAudit)?;
            ::onyx_http::envelope::ok($book_fn(&ctx).await?)
        }

        /// The countries (ISO codes) the product is not offered in.
        #[utoipa::path(get, path = $countries, tag = "admin",
            security(("adminToken" = [])),
            responses((status = 200, body = Envelope<Vec<String>>)))]
        async fn blocked_countries(
            ::axum::extract::State(ctx): ::axum::extract::State<::onyx_platform::Context>,
            me: ::onyx_http::auth::CurrentAdmin,
        ) -> ::onyx_http::envelope::Reply<Vec<String>> {
            use ::onyx_fixed_payout::product::Product;
            me.require(::onyx_http::auth::Permission::EditSettings)?;
            let product = $product::OFFER.exposure_product;
            ::onyx_http::envelope::ok(
                ::onyx_fixed_payout::countries::blocked(&ctx.db, product).await?,
            )
        }

        /// Replaces the countries the product is not offered in; users whose
        /// identity documents name one are refused new orders (-6010).
        #[utoipa::path(put, path = $countries, tag = "admin",
            request_body = $blocked, security(("adminToken" = [])),
            responses((status = 200, body = Envelope<Vec<String>>)))]
        async fn block_countries(
            ::axum::extract::State(ctx): ::axum::extract::State<::onyx_platform::Context>,
            me: ::onyx_http::auth::CurrentAdmin,
            ::onyx_http::extract::ApiJson(body): ::onyx_http::extract::ApiJson<$blocked>,
        ) -> ::onyx_http::envelope::Reply<Vec<String>> {
            use ::onyx_fixed_payout::product::Product;
            me.require(::onyx_http::auth::Permission::EditSettings)?;
            ::onyx_http::envelope::ok(
                ::onyx_fixed_payout::countries::replace(
                    &ctx,
                    &me.actor(),
                    $product::OFFER.exposure_product,
                    &body.countries,
                    &body.reason,
                )
                .await?,
            )
        }
    };
}

/// A product's risk-disclosure calls: whether the caller acknowledged the
/// disclosure in force, and acknowledging it, under the path, tag and
/// words it names. Invoked in the product's `routes/orders.rs` with its
/// own `AcceptBody` (`version`) and `Envelope` and `DisclosureView` in
/// scope (the API document's schema names are the product's).
#[macro_export]
macro_rules! disclosure_routes {
    (
        product: $product:ident,
        body: $body:ident,
        path: $path:tt,
        tag: $tag:tt,
        status_doc: [$($status_doc:tt),* $(,)?],
        accept_doc: [$($accept_doc:tt),* $(,)?] $(,)?
    ) => {
        $(#[doc = $status_doc])*
        #[utoipa::path(get, path = $path, tag = $tag,
            security(("satoken" = [])),
            responses((status = 200, body = Envelope<DisclosureView>)))]
        async fn disclosure_status(
            ::axum::extract::State(ctx): ::axum::extract::State<::onyx_platform::Context>,
            me: ::onyx_http::auth::CurrentUser,
        ) -> ::onyx_http::envelope::Reply<::onyx_fixed_payout::disclosure::DisclosureView> {
            use ::onyx_fixed_payout::product::Product;
            let offer = $product::OFFER.disclosure;
            ::onyx_http::envelope::ok(
                ::onyx_fixed_payout::disclosure::status(&ctx, offer, me.id()).await?,
            )
        }

        $(#[doc = $accept_doc])*
        #[utoipa::path(post, path = $path, tag = $tag,
            request_body = $body, security(("satoken" = [])),
            responses((status = 200, body = Envelope<DisclosureView>)))]
        async fn disclosure_accept(
            ::axum::extract::State(ctx): ::axum::extract::State<::onyx_platform::Context>,
            me: ::onyx_http::auth::CurrentUser,
            ::onyx_http::extract::ApiJson(body): ::onyx_http::extract::ApiJson<$body>,
        ) -> ::onyx_http::envelope::Reply<::onyx_fixed_payout::disclosure::DisclosureView> {
            use ::onyx_fixed_payout::product::Product;
            let offer = $product::OFFER.disclosure;
            ::onyx_http::envelope::ok(
                ::onyx_fixed_payout::disclosure::accept(&ctx, offer, me.id(), body.version)
                    .await?,
            )
        }
    };
}

/// A product's calls that read the caller's orders back: its open orders
/// or latest settled ones (0 or 1 in the list body's `field`, named
/// `field_name` in the API), and a page of its settled orders. Invoked in
/// the product's `routes/orders.rs` with its own function names (the API
/// document's operation ids), body and view, and `Envelope`, `Page` and
/// `RecordQuery` in scope.
#[macro_export]
macro_rules! order_list_routes {
    (
        product: $product:ident,
        view: $view:ident,
        tag: $tag:tt,
        list: $list:ident($body:ident . $field:ident = $field_name:tt),
        list_path: $list_path:tt,
        list_doc: [$($list_doc:tt),* $(,)?],
        record: $record:ident,
        record_path: $record_path:tt,
        record_doc: [$($record_doc:tt),* $(,)?] $(,)?
    ) => {
        $(#[doc = $list_doc])*
        #[utoipa::path(post, path = $list_path, tag = $tag,
            request_body = $body, security(("satoken" = [])),
            responses((status = 200, body = Envelope<Vec<$view>>)))]
        async fn $list(
            ::axum::extract::State(ctx): ::axum::extract::State<::onyx_platform::Context>,
            me: ::onyx_http::auth::CurrentUser,
            ::onyx_http::extract::ApiJson(body): ::onyx_http::extract::ApiJson<$body>,
        ) -> ::onyx_http::envelope::Reply<Vec<$view>> {
            let settled = ::onyx_fixed_payout::routes::settled_flag(body.$field, $field_name)?;
            ::onyx_http::envelope::ok(
                ::onyx_fixed_payout::accept::list::<$product>(&ctx, me.id(), settled).await?,
            )
        }

        $(#[doc = $record_doc])*
        #[utoipa::path(get, path = $record_path, tag = $tag,
            params(RecordQuery), security(("satoken" = [])),
            responses((status = 200, body = Envelope<Page<$view>>)))]
        async fn $record(
            ::axum::extract::State(ctx): ::axum::extract::State<::onyx_platform::Context>,
            me: ::onyx_http::auth::CurrentUser,
            ::onyx_http::extract::ApiQuery(q): ::onyx_http::extract::ApiQuery<
                ::onyx_fixed_payout::routes::RecordQuery,
            >,
        ) -> ::onyx_http::envelope::Reply<::onyx_http::envelope::Page<$view>> {
            ::onyx_http::envelope::ok(
                ::onyx_fixed_payout::routes::record_page::<$product>(&ctx, me.id(), &q).await?,
            )
        }
    };
}
