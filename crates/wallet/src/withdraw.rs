//! Withdrawal glue between the pure rules (`crate::withdrawal_rules`)
//! and the store: the settings as rules, the platform day, the coin's
//! precision, the user's KYC tier, and each refusal as its coded error.
//!
//! Coin precision (the rules' `coin_scale_dp`): USDT has 6 fractional
//! digits, the precision of the token on both networks we pay out on (TRC20
//! and ERC20), so nothing finer can be sent. Any other coin takes the
//! `coinPrecision` of its spot pair in the catalogue (the operator's own
//! statement of how finely the coin is handled); a coin without a spot pair
//! falls back to 8 digits (one satoshi for BTC).

use crate::withdrawal_rules::{self, KycTier, Refusal, WithdrawalRules};
use chrono::{DateTime, Duration, FixedOffset, NaiveTime, Utc};
use onyx_account::api::kyc;
use onyx_kernel::ErrorCode;
use onyx_kernel::{Failure, Outcome};
use onyx_market::api::catalogue;
use onyx_store::repo::settings;
use sea_orm::ConnectionTrait;
use serde_json::Value;

/// Digits of USDT on TRC20 and ERC20.
pub const USDT_SCALE_DP: u32 = 6;
/// Digits for a coin the catalogue says nothing about.
pub const DEFAULT_SCALE_DP: u32 = 8;

/// The withdrawal settings as rules, and the platform's UTC offset with
/// its text as configured.
pub struct Settings {
    pub rules: WithdrawalRules,
    pub offset: FixedOffset,
    pub offset_text: String,
}

/// Reads and parses the four settings. A setting that does not parse is
/// the operator's configuration error, not the user's: internal.
pub async fn settings(db: &impl ConnectionTrait) -> Outcome<Settings> {
    let global = settings::get(db, "WITHDRAWAL_SETTING").await?;
    let channels = settings::get(db, "WITHDRAWAL_CHANNEL_SETTING").await?;
    let auth = settings::get(db, "AUTH_LIMIT").await?;
    let zone = settings::get(db, "timeZone").await?;
    let rules =
        WithdrawalRules::from_settings(&global, &channels, &auth).map_err(Failure::internal)?;
    let offset_text = zone
        .get("offSet")
        .and_then(Value::as_str)
        .unwrap_or("+00:00")
        .to_string();
    let offset = withdrawal_rules::parse_offset(&offset_text).map_err(Failure::internal)?;
    Ok(Settings {
        rules,
        offset,
        offset_text,
    })
}

/// The platform day containing `now`, as a UTC range `[start, end)`.
pub fn platform_day(now: DateTime<Utc>, offset: FixedOffset) -> (DateTime<Utc>, DateTime<Utc>) {
    let local_midnight = now
        .with_timezone(&offset)
        .date_naive()
        .and_time(NaiveTime::MIN);
    // A fixed offset has no gaps or folds, so local midnight is one
    // instant; `now` stands in only to keep this total.
    let start = local_midnight
        .and_local_timezone(offset)
        .single()
        .map_or(now, |t| t.with_timezone(&Utc));
    let end = start
        .checked_add_signed(Duration::days(1))
        .unwrap_or(DateTime::<Utc>::MAX_UTC);
    (start, end)
}

/// Whether `now` is inside the withdrawal window (always, when the window
/// is off): the rule the submit enforces, for the screen to show.
pub fn window_open(rules: &WithdrawalRules, now: DateTime<Utc>, offset: FixedOffset) -> bool {
    let s = &rules.setting;
    !s.limit_time
        || withdrawal_rules::in_window(
            now.with_timezone(&offset).time(),
            s.limit_time_start,
            s.limit_time_end,
        )
}

/// Fractional digits a withdrawal of `coin` may carry (see the module doc).
pub async fn coin_scale(db: &impl ConnectionTrait, coin: &str) -> Outcome<u32> {
    if coin.eq_ignore_ascii_case(super::USDT) {
        return Ok(USDT_SCALE_DP);
    }
    let pairs = catalogue::spot_pairs(db).await?;
    Ok(pairs
        .iter()
        .find(|p| p.coin.eq_ignore_ascii_case(coin))
        .and_then(|p| u32::try_from(p.coin_precision).ok())
        .map(|dp| dp.min(onyx_kernel::money::SCALE_MAX))
        .unwrap_or(DEFAULT_SCALE_DP))
}

/// The highest approved tier; advanced implies primary.
pub async fn kyc_tier(db: &impl ConnectionTrait, user_id: i64) -> Outcome<KycTier> {
    let approved = |s: Option<onyx_account::api::kyc::kyc_submission::Model>| {
        s.is_some_and(|s| s.status == kyc::KycStatus::Approved)
    };
    if approved(kyc::latest(db, user_id, kyc::TIER_ADVANCED).await?) {
        return Ok(KycTier::Advanced);
    }
    if approved(kyc::latest(db, user_id, kyc::TIER_PRIMARY).await?) {
        return Ok(KycTier::Primary);
    }
    Ok(KycTier::None)
}

pub fn tier_name(tier: KycTier) -> &'static str {
    match tier {
        KycTier::None => "none",
        KycTier::Primary => "primary",
        KycTier::Advanced => "advanced",
    }
}

/// A refusal as the user sees it: its own code, the message's values.
pub fn refusal_error(refusal: &Refusal) -> Failure {
    let time = |t: NaiveTime| t.format("%H:%M:%S").to_string();
    match refusal {
        Refusal::ChannelUnknown { name } => {
            Failure::new(ErrorCode::WithdrawChannelUnknown).with("channel", name)
        }
        Refusal::ChannelDisabled { name } => {
            Failure::new(ErrorCode::WithdrawChannelDisabled).with("channel", name)
        }
        Refusal::OutsideWindow { start, end } => Failure::new(ErrorCode::WithdrawOutsideWindow)
            .with("start", time(*start))
            .with("end", time(*end)),
        Refusal::TradePassword(_) => Failure::new(ErrorCode::WithdrawTradePassword),
        Refusal::Code(_) => Failure::new(ErrorCode::WithdrawCode),
        Refusal::AddressNotBound => Failure::new(ErrorCode::WithdrawAddressNotBound),
        Refusal::AmountTooPrecise { scale_dp } => {
            Failure::new(ErrorCode::WithdrawAmountTooPrecise).with("scale", scale_dp)
        }
        Refusal::BelowMinimum { min } => {
            Failure::new(ErrorCode::WithdrawBelowMinimum).with("min", min)
        }
        Refusal::AboveMaximum { max } => {
            Failure::new(ErrorCode::WithdrawAboveMaximum).with("max", max)
        }
        Refusal::DailyCountReached { limit } => {
            Failure::new(ErrorCode::WithdrawDailyCountReached).with("limit", limit)
        }
        Refusal::PrimaryKycRequired { limit_btc } => {
            Failure::new(ErrorCode::WithdrawPrimaryKycRequired).with("limit", limit_btc)
        }
        Refusal::AdvancedKycRequired { limit_btc } => {
            Failure::new(ErrorCode::WithdrawAdvancedKycRequired).with("limit", limit_btc)
        }
        Refusal::FeeExceedsAmount { fee } => {
            Failure::new(ErrorCode::WithdrawFeeExceedsAmount).with("fee", fee)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::withdrawal_rules::ProofFailure;
    use chrono::TimeZone;
    use onyx_kernel::i18n;
    use onyx_kernel::money::Amount;

    fn amt(s: &str) -> Amount {
        Amount::parse(s).unwrap()
    }

    #[test]
    fn every_refusal_has_its_own_code_and_fills_its_message() {
        let t = |s: &str| NaiveTime::parse_from_str(s, "%H:%M:%S").unwrap();
        let cases = [
            (Refusal::ChannelUnknown { name: "X".into() }, -4010, None),
            (Refusal::ChannelDisabled { name: "X".into() }, -4011, None),
            (
                Refusal::OutsideWindow {
                    start: t("11:00:00"),
                    end: t("23:30:00"),
                },
                -4012,
                Some("Withdrawals are open from 11:00:00 to 23:30:00 (platform time)"),
            ),
            (Refusal::TradePassword(ProofFailure::Wrong), -4013, None),
            (Refusal::Code(ProofFailure::NotGiven), -4014, None),
            (Refusal::AddressNotBound, -4015, None),
            (
                Refusal::AmountTooPrecise { scale_dp: 6 },
                -4016,
                Some("At most 6 decimal places"),
            ),
            (
                Refusal::BelowMinimum { min: amt("20") },
                -4017,
                Some("The minimum withdrawal is 20"),
            ),
            (
                Refusal::AboveMaximum { max: amt("1000.5") },
                -4018,
                Some("The maximum withdrawal is 1000.5"),
            ),
            (
                Refusal::DailyCountReached { limit: 3 },
                -4019,
                Some("You can withdraw at most 3 times a day"),
            ),
            (
                Refusal::PrimaryKycRequired {
                    limit_btc: amt("2"),
                },
                -4020,
                Some("Withdrawing more than 2 BTC (equivalent) in 24 hours requires primary verification"),
            ),
            (
                Refusal::AdvancedKycRequired {
                    limit_btc: amt("100"),
                },
                -4021,
                Some("Withdrawing more than 100 BTC (equivalent) in 24 hours requires advanced verification"),
            ),
            (
                Refusal::FeeExceedsAmount { fee: amt("2.5") },
                -4022,
                Some("The fee of 2.5 leaves nothing to receive"),
            ),
        ];
        for (refusal, code, message) in cases {
            let e = refusal_error(&refusal);
            assert_eq!(e.code.code(), code, "{refusal:?}");
            assert_eq!(e.code.key(), refusal.key(), "{refusal:?}");
            let text = e.message(i18n::FALLBACK);
            assert!(!text.contains('{'), "unfilled placeholder: {text}");
            if let Some(expected) = message {
                assert_eq!(text, expected);
            }
        }
    }

    #[test]
    fn the_platform_day_starts_at_local_midnight() {
        let east = FixedOffset::east_opt(8 * 3600).unwrap();
        // 2024-03-01 17:30 UTC is 01:30 on March 2nd at +08:00.
        let now = Utc.with_ymd_and_hms(2024, 3, 1, 17, 30, 0).unwrap();
        let (start, end) = platform_day(now, east);
        assert_eq!(start, Utc.with_ymd_and_hms(2024, 3, 1, 16, 0, 0).unwrap());
        assert_eq!(end, Utc.with_ymd_and_hms(2024, 3, 2, 16, 0, 0).unwrap());
        let west = FixedOffset::west_opt(9 * 3600 + 1800).unwrap();
        let (start, _) = platform_day(now, west);
        assert_eq!(start, Utc.with_ymd_and_hms(2024, 3, 1, 9, 30, 0).unwrap());
        let at_midnight = Utc.with_ymd_and_hms(2024, 3, 1, 16, 0, 0).unwrap();
        assert_eq!(platform_day(at_midnight, east).0, at_midnight);
    }
}
