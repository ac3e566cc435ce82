//! The catalogue of failures the API reports. Each has a stable numeric code
//! (never reused, never renumbered) and a message key translated in
//! `locales/<lang>.json`. Business failures are at or below 0; an
//! authentication failure is 500 and its message contains "Token", which the
//! client reads as "sign out".

macro_rules! catalogue {
    ($($(#[doc = $doc:literal])* $name:ident = $code:literal, $key:literal;)*) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $($(#[doc = $doc])* $name,)*
        }

        impl ErrorCode {
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$name,)*];

            pub fn code(self) -> i32 {
                match self { $(ErrorCode::$name => $code,)* }
            }

            /// Key of the message in the locale files.
            pub fn key(self) -> &'static str {
                match self { $(ErrorCode::$name => $key,)* }
            }
        }
    };
}

catalogue! {
    /// The request's input is not acceptable; `{detail}` says why.
    BadRequest = -1, "bad_request";
    /// The body is not JSON, or not the JSON the call takes.
    MalformedJson = -2, "malformed_json";
    /// A required field is absent.
    MissingField = -3, "missing_field";
    /// A field is present with a value the call cannot take.
    InvalidField = -4, "invalid_field";
    /// The body is larger than the call accepts.
    BodyTooLarge = -5, "body_too_large";
    /// No such thing, or not the caller's (the two are not told apart).
    NotFound = -6, "not_found";
    /// Too many attempts; `{seconds}` until the next one is accepted.
    RateLimited = -7, "rate_limited";
    /// Something failed on our side; details are in the server log only.
    Internal = -8, "internal";
    /// The caller is signed in but may not do this.
    Forbidden = -9, "forbidden";
    /// Input contains Chinese characters, which the product refuses.
    ChineseInput = -10, "chinese_input";
    /// A number is not a plain decimal (an exponent, a sign, `_`, spaces
    /// or too many digits); `{field}` names it.
    NumberFormat = -11, "number_format";
    /// A write met a unique key: what it would create exists already. The
    /// fallback for any unique violation a service did not name itself.
    Duplicate = -12, "duplicate";

    /// No `satoken` header on a call that needs one.
    TokenMissing = 500, "token_missing";
    /// The token is unknown, expired or revoked.
    TokenInvalid = 500, "token_invalid";

    /// Registration with this type (account, email, phone) is closed.
    RegisterTypeClosed = -1001, "register_type_closed";
    InviteRequired = -1002, "invite_required";
    InviteInvalid = -1003, "invite_invalid";
    UsernameTaken = -1004, "username_taken";
    EmailTaken = -1005, "email_taken";
    PhoneTaken = -1006, "phone_taken";
    InvalidUsername = -1007, "invalid_username";
    InvalidEmail = -1008, "invalid_email";
    InvalidPhone = -1009, "invalid_phone";
    WeakPassword = -1010, "weak_password";
    /// Wrong account or password; deliberately does not say which.
    LoginFailed = -1011, "login_failed";
    /// Too many failed sign-ins; locked for `{minutes}`.
    AccountLocked = -1012, "account_locked";
    AccountFrozen = -1013, "account_frozen";
    /// The remembered-device cookie is no longer valid.
    RememberExpired = -1014, "remember_expired";
    LoginTypeClosed = -1015, "login_type_closed";
    /// No longer answered: failures from many places used to lock the
    /// account itself; now they slow it (`-1019`, `-1026`, decision 0011).
    /// Kept so the number is never reused.
    AccountLockedUnlock = -1016, "account_locked_unlock";
    /// Too many failures for this account from this address; the owner
    /// elsewhere is not affected. `{minutes}` until the next try.
    LoginPaused = -1017, "login_paused";
    /// An unlock was asked for an account that is not locked.
    UnlockNotLocked = -1018, "unlock_not_locked";
    /// Many failed sign-ins from elsewhere slowed this account: the right
    /// password signs in with a code sent to the bound email or phone
    /// (`sendUnlockCode`) in `code`.
    LoginCodeNeeded = -1019, "login_code_needed";

    CodeRequired = -1020, "code_required";
    CodeInvalid = -1021, "code_invalid";
    CodeExpired = -1022, "code_expired";
    /// Too many wrong codes: this code is burnt, ask for a new one.
    CodeAttemptsExceeded = -1023, "code_attempts_exceeded";
    /// A code was sent moments ago; `{seconds}` before another.
    CodeTooSoon = -1024, "code_too_soon";
    InvalidCodeType = -1025, "invalid_code_type";
    /// Many failed sign-ins from elsewhere slowed this account: the app
    /// solves a sign-in challenge (`loginChallenge`) and tries again.
    LoginChallengeNeeded = -1026, "login_challenge_needed";
    /// The sign-in challenge is unknown, used, expired, for another
    /// account or not solved: the app asks for a new one.
    LoginChallengeInvalid = -1027, "login_challenge_invalid";

    OldPasswordWrong = -1030, "old_password_wrong";
    TradePasswordAlreadySet = -1031, "trade_password_already_set";
    TradePasswordFormat = -1032, "trade_password_format";
    TradePasswordNotSet = -1033, "trade_password_not_set";
    SamePassword = -1034, "same_password";
    /// `userId` in the request is not the signed-in user.
    UserMismatch = -1035, "user_mismatch";

    EmailNotBound = -1040, "email_not_bound";
    PhoneNotBound = -1041, "phone_not_bound";
    EmailAlreadyBound = -1042, "email_already_bound";
    PhoneAlreadyBound = -1043, "phone_already_bound";

    KycTierClosed = -1050, "kyc_tier_closed";
    KycPending = -1051, "kyc_pending";
    KycAlreadyApproved = -1052, "kyc_already_approved";
    KycPrimaryRequired = -1053, "kyc_primary_required";
    KycInvalidDocument = -1054, "kyc_invalid_document";

    UploadMissing = -1060, "upload_missing";
    UploadType = -1061, "upload_type";
    UploadTooLarge = -1062, "upload_too_large";
    /// A signed file link is past its expiry or its signature is wrong.
    FileLinkExpired = -1063, "file_link_expired";

    WithdrawAddressInvalid = -1070, "withdraw_address_invalid";
    WithdrawAddressTypeUnknown = -1071, "withdraw_address_type_unknown";

    AdminLoginFailed = -2001, "admin_login_failed";
    /// The value does not fit the setting's schema; `{detail}` says where.
    SettingInvalid = -2002, "setting_invalid";
    SettingUnknown = -2003, "setting_unknown";
    ReasonRequired = -2004, "reason_required";
    InvalidState = -2005, "invalid_state";
    /// The operator's password was right and their account asks for a
    /// one-time code: sign in again with `code`. Not counted as a failure.
    AdminTotpRequired = -2006, "admin_totp_required";
    /// The one-time or recovery code is wrong, already used, or outside
    /// the time window; counted by the sign-in lockout.
    AdminTotpInvalid = -2007, "admin_totp_invalid";
    /// An owner's session before the second factor is set up: it may only
    /// read `/api/admin/me`, enrol, confirm and sign out.
    AdminTotpEnrolmentRequired = -2008, "admin_totp_enrolment_required";
    /// Owners must keep two-step sign-in; it cannot be turned off.
    AdminTotpMandatory = -2009, "admin_totp_mandatory";

    // A settings value outside its schema (crates/kernel/src/settings):
    // each names the offending `{field}` by its path (`KEY.field[0].sub`).
    /// Not the JSON type the schema has there (`{expected}`: a sample).
    SettingWrongType = -2101, "setting_wrong_type";
    SettingFieldMissing = -2102, "setting_field_missing";
    SettingFieldUnknown = -2103, "setting_field_unknown";
    SettingNotDecimal = -2104, "setting_not_decimal";
    /// Outside `{min}`..`{max}` (a percent is 0..100).
    SettingOutOfRange = -2105, "setting_out_of_range";
    /// Outside `{min}` up to but not including `{max}`.
    SettingBelow = -2106, "setting_below";
    /// `{fields}` together above `{max}` (rebate ratios add up to 100 at most).
    SettingSumTooHigh = -2107, "setting_sum_too_high";
    SettingNotTime = -2108, "setting_not_time";
    /// Longer than `{max}` characters, or more than `{max}` list entries.
    SettingTooLong = -2109, "setting_too_long";
    SettingRequired = -2110, "setting_required";
    SettingNotOneOf = -2111, "setting_not_one_of";
    /// A lower bound above its upper bound `{other}`.
    SettingAboveOther = -2112, "setting_above_other";
    /// An item's identity `{value}` appears twice in the list.
    SettingDuplicate = -2113, "setting_duplicate";
    /// Not exactly one item with `{item}` = `{value}` (the default language).
    SettingExactlyOne = -2114, "setting_exactly_one";

    /// The coin is not in the catalogue, or is disabled there.
    UnknownCoin = -3101, "unknown_coin";
    /// The user's watchlist holds `{max}` coins already.
    WatchlistFull = -3102, "watchlist_full";
    /// An operator tried to add a coin or pair whose `{field}` is taken.
    CatalogueDuplicate = -3103, "catalogue_duplicate";
    /// An operator named a coin (in `{field}`) that is not a listed coin of
    /// the catalogue (nor the quote coin USDT).
    CoinNotListed = -3104, "coin_not_listed";

    InsufficientBalance = -4001, "insufficient_balance";
    AmountInvalid = -4002, "amount_invalid";
    AmountTooPrecise = -4003, "amount_too_precise";
    IdempotencyConflict = -4004, "idempotency_conflict";
    /// Arithmetic on the amount would overflow what the ledger carries.
    AmountTooLarge = -4005, "amount_too_large";
    WithdrawChannelUnknown = -4010, "withdraw_channel_unknown";
    WithdrawChannelDisabled = -4011, "withdraw_channel_disabled";
    WithdrawOutsideWindow = -4012, "withdraw_outside_window";
    WithdrawTradePassword = -4013, "withdraw_trade_password";
    WithdrawCode = -4014, "withdraw_code";
    WithdrawAddressNotBound = -4015, "withdraw_address_not_bound";
    WithdrawAmountTooPrecise = -4016, "withdraw_amount_too_precise";
    WithdrawBelowMinimum = -4017, "withdraw_below_minimum";
    WithdrawAboveMaximum = -4018, "withdraw_above_maximum";
    WithdrawDailyCountReached = -4019, "withdraw_daily_count_reached";
    WithdrawPrimaryKycRequired = -4020, "withdraw_primary_kyc_required";
    WithdrawAdvancedKycRequired = -4021, "withdraw_advanced_kyc_required";
    WithdrawFeeExceedsAmount = -4022, "withdraw_fee_exceeds_amount";
    DepositClosed = -4030, "deposit_closed";
    DepositBelowMinimum = -4031, "deposit_below_minimum";
    DepositAboveMaximum = -4032, "deposit_above_maximum";
    DepositTxHashInvalid = -4033, "deposit_tx_hash_invalid";
    DepositTxHashUsed = -4034, "deposit_tx_hash_used";
    /// The user has `{max}` claims waiting already.
    DepositClaimsPending = -4035, "deposit_claims_pending";
    TransferSameWallet = -4040, "transfer_same_wallet";
    TransferWalletUnknown = -4041, "transfer_wallet_unknown";
    ExchangeUnavailable = -4050, "exchange_unavailable";
    ExchangeQuoteExpired = -4051, "exchange_quote_expired";
    ExchangeSameCoin = -4052, "exchange_same_coin";
    ExchangeBelowMinimum = -4053, "exchange_below_minimum";

    SpotPairClosed = -5001, "spot_pair_closed";
    SpotTypeClosed = -5002, "spot_type_closed";
    SpotQuoteSell = -5003, "spot_quote_sell";
    SpotPriceInvalid = -5004, "spot_price_invalid";
    SpotPriceTooPrecise = -5005, "spot_price_too_precise";
    SpotQtyInvalid = -5006, "spot_qty_invalid";
    SpotQtyTooPrecise = -5007, "spot_qty_too_precise";
    SpotBelowMinimum = -5008, "spot_below_minimum";
    SpotAboveMaximum = -5009, "spot_above_maximum";
    SpotNoLiquidity = -5010, "spot_no_liquidity";
    SpotBookFull = -5011, "spot_book_full";
    SpotAmountOrTotal = -5012, "spot_amount_or_total";

    /// The period is not offered for the coin, or is switched off.
    SecondPeriodUnknown = -6001, "second_period_unknown";
    /// The stake is outside the period's `{min}`..`{max}` `{coin}`.
    SecondStakeRange = -6002, "second_stake_range";
    /// The coin's recorded price is missing or too old to open on.
    PriceUnavailable = -6003, "price_unavailable";
    /// The user has `{max}` second-contract orders open already.
    SecondOpenOrdersMax = -6004, "second_open_orders_max";
    /// The user has not acknowledged the product's risk disclosure
    /// (`{version}`).
    SecondDisclosureRequired = -6005, "second_disclosure_required";
    /// The operator switched the product off (PLAYING_SETTING); orders
    /// already open still settle.
    ProductClosed = -6006, "product_closed";
    /// Orders of a fixed-payout product come at most one a second per user.
    OrderTooSoon = -6007, "order_too_soon";
    /// The house's exposure cap on the coin's period window is reached.
    ExposureCap = -6008, "exposure_cap";
    /// Entry to the option issue has closed; the next opens in `{seconds}`.
    OptionEntryClosed = -6009, "option_entry_closed";
    /// The operator does not offer the product in the user's country.
    CountryBlocked = -6010, "country_blocked";

    /// No such futures contract, or it is switched off.
    FuturesContractUnknown = -7001, "futures_contract_unknown";
    /// The leverage is not offered, or too high for the position's size
    /// (`{max}`).
    FuturesLeverage = -7002, "futures_leverage";
    /// Contracts per order outside `{min}`..`{max}`.
    FuturesSize = -7003, "futures_size";
    /// The house carries no more net open interest on this contract.
    FuturesHouseLimit = -7004, "futures_house_limit";
    /// Margin may not be reduced below `{min}` USDT.
    FuturesMarginFloor = -7005, "futures_margin_floor";
    /// An order type futures do not take (neither market nor limit).
    FuturesOrderType = -7006, "futures_order_type";
    /// A take-profit or stop-loss on the wrong side of the mark (`{mark}`).
    FuturesTrigger = -7007, "futures_trigger";
    /// A take-profit or stop-loss size (`{size}` `{coin}`) that is not a
    /// whole number of contracts of `{step}`, or more than the position's
    /// `{max}`: a remainder could only be closed whole later.
    FuturesStopSize = -7008, "futures_stop_size";

    /// No such finance or staking product, or it is switched off.
    EarnProductUnknown = -8001, "earn_product_unknown";
    /// An amount outside the product's `{min}`..`{max}` `{coin}`.
    EarnAmountRange = -8002, "earn_amount_range";
    /// A term the product does not offer (`{days}` are).
    EarnTermUnknown = -8003, "earn_term_unknown";
    /// The user already holds `{max}` orders of the product.
    EarnUserLimit = -8004, "earn_user_limit";
    /// The product's total cap leaves only `{remain}` `{coin}`.
    EarnCapReached = -8005, "earn_cap_reached";
    /// The product is for VIP level `{level}` and above.
    EarnLevelRequired = -8006, "earn_level_required";
    /// The finance house cannot set aside the interest this order promises.
    EarnReserveShort = -8007, "earn_reserve_short";
    /// The product has no early redemption.
    EarnRedeemNotAllowed = -8008, "earn_redeem_not_allowed";
    /// No earning order of the caller has this id.
    EarnOrderUnknown = -8009, "earn_order_unknown";
    /// A rate may be published only for a day after today (UTC).
    EarnRateDay = -8010, "earn_rate_day";

    /// No such welfare task, or it is switched off.
    WelfareTaskUnknown = -8101, "welfare_task_unknown";
    /// The task is not complete yet.
    WelfareNotDone = -8102, "welfare_not_done";
    /// The reward was already claimed.
    WelfareClaimed = -8103, "welfare_claimed";
    /// Today's sign-in is done; the next opens at 00:00 UTC.
    WelfareSignedToday = -8104, "welfare_signed_today";
    /// Welfare rewards are paid only after the user's first confirmed
    /// deposit: a throwaway account with no deposit farms nothing.
    WelfareDepositFirst = -8105, "welfare_deposit_first";
    /// Welfare rewards are paid once the user's confirmed deposits reach
    /// `{min}` USDT (`{have}` so far).
    WelfareDepositMin = -8106, "welfare_deposit_min";

    /// No such lead trader (or not approved).
    CopyTraderUnknown = -8201, "copy_trader_unknown";
    /// A lead trader needs `{min}` USDT in the futures account.
    CopyTraderMinAmount = -8202, "copy_trader_min_amount";
    /// An application is pending or the caller already leads.
    CopyAlreadyApplied = -8203, "copy_already_applied";
    /// A trader cannot follow themself.
    CopyFollowSelf = -8204, "copy_follow_self";
    /// The trader has `{max}` followers already.
    CopyTraderFull = -8205, "copy_trader_full";
    /// The caller already follows this trader.
    CopyAlreadyFollowing = -8206, "copy_already_following";
    /// The caller does not follow this trader.
    CopyNotFollowing = -8207, "copy_not_following";
    /// A copy ratio outside 1..500 %.
    CopyFollowRate = -8208, "copy_follow_rate";
    /// No contract chosen, or one that is not traded (`{symbol}`).
    CopySymbols = -8209, "copy_symbols";
    /// A lead trader's name or bio (`{field}`) with markup or control
    /// characters: they are shown as text, so they must be text.
    CopyProfileText = -8211, "copy_profile_text";
    /// Only an approved lead trader may do this.
    CopyNotTrader = -8210, "copy_not_trader";
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_and_keys_are_unique() {
        // Authentication failures share 500 by contract (spec section 8);
        // every business failure has a code of its own.
        let business: Vec<_> = ErrorCode::ALL.iter().filter(|c| c.code() != 500).collect();
        let codes: HashSet<_> = business.iter().map(|c| c.code()).collect();
        let keys: HashSet<_> = ErrorCode::ALL.iter().map(|c| c.key()).collect();
        assert_eq!(codes.len(), business.len());
        assert_eq!(keys.len(), ErrorCode::ALL.len());
    }

    #[test]
    fn business_failures_are_not_positive_and_auth_failures_are_500s() {
        for c in ErrorCode::ALL {
            let token = c.key().starts_with("token_");
            assert!(token || c.code() <= 0, "{c:?}");
            assert!(!token || c.code() == 500, "{c:?}");
        }
    }
}
