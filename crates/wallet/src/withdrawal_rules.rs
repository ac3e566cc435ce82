//! Every withdrawal rule, in one pure function: [`evaluate`] takes a request
//! and the parsed settings (WITHDRAWAL_SETTING, WITHDRAWAL_CHANNEL_SETTING,
//! AUTH_LIMIT) and returns a [`Quote`] or the first [`Refusal`]. The same
//! function serves the withdraw screen (the quote is shown before submit) and
//! the submit call, so what the user is shown is what is enforced.
//!
//! Rules, in the order they are checked:
//! 1. The channel exists (matched on `rechargeName`, else `rechargeType`) and
//!    its `status` is 1.
//! 2. Time window: with `limitTime` 1, only from `limitTimeStart` (inclusive)
//!    to `limitTimeEnd` (exclusive) in the platform time zone (`timeZone.
//!    offSet`). A start after the end is a window across midnight; a start
//!    equal to the end is open all day.
//! 3. `checkPass`: a trade password must be given and match.
//! 4. `checkCode`: a verification code must be given and match.
//! 5. `sameAddress`: the address must be the one bound for the network.
//! 6. The amount carries no more digits than the coin's precision.
//! 7. Minimum `withdrawalMix` and maximum `withdrawalMax`, inclusive.
//! 8. Daily count `dayWithdrawalNum` (0 means no daily limit).
//! 9. KYC (AUTH_LIMIT), see below.
//! 10. The fee leaves something to receive.
//!
//! Channel values (`withdrawalMix`, `withdrawalMax`, `ratio`,
//! `dayWithdrawalNum`, `freeNum`) override the global ones when present and
//! non-empty (not null, not ""): the channel is the more specific setting.
//!
//! Fee, in the withdrawn coin, rounded up to the coin's precision:
//! - ratio fee: `ratio` percent of the amount, waived for the first `freeNum`
//!   withdrawals of the day (the quote's `free`);
//! - the channel's fixed `fee` (a network fee in the channel's coin; our
//!   reading, the spec names the field only), never waived;
//! - `feeTax` when `checkTax` is on, never waived. When `coinTax` is the
//!   withdrawn coin it is part of `fee`; otherwise it cannot be taken from
//!   the amount, so it is reported separately in [`Quote::separate_fee`] and
//!   the wallet freezes it from the user's `coinTax` balance.
//!
//! The fee comes out of the amount: `net_amount = amount - fee` (rounded
//! down, exact because both are at the coin's precision) and the amount
//! frozen at submit is the amount itself, rounded up.
//!
//! KYC, our reading of AUTH_LIMIT (the spec names the fields only), as the
//! exchanges this kit copies meant it (Binance's old 2 BTC unverified and
//! 100 BTC verified): the limits are BTC-equivalent and bound the user's
//! withdrawals of the last 24 hours, this one included (the sum of
//! `withdrawn_24h_btc` and `amount_btc`). With `isOpenPrimary`, a user
//! without primary KYC may not exceed `primaryLimit`; with `isOpenSenior`,
//! a user without advanced KYC may not exceed `seniorLimit`. Advanced implies primary. A closed tier
//! imposes nothing. The defaults (1.001 and 2.002) are BTC, not USDT: read
//! as USDT they stopped every withdrawal below the 20 USDT minimum.
//!
//! Settings read and deliberately without effect here: `checkLoan` (no loan
//! product exists yet; once one does, an open loan will block withdrawals),
//! `sameUser` and `allowChange` (rules of address binding, not of a
//! withdrawal), and the channel's `useSys`/`useThird`/`thirdList` (routing
//! of the payout, not whether it is allowed).
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable
    )
)]

use chrono::{DateTime, FixedOffset, NaiveTime, Timelike, Utc};
use onyx_kernel::money::Amount;
use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::Value;

/// Most channels a setting may list; the operator UI has a handful.
pub const CHANNELS_MAX: usize = 256;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("withdrawal settings: {0}")]
pub struct SettingsError(pub String);

/// WITHDRAWAL_SETTING, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WithdrawalSetting {
    pub ratio_percent: Decimal,
    pub day_withdrawal_num: u32,
    pub free_num: u32,
    pub withdrawal_max: Amount,
    pub withdrawal_min: Amount,
    pub same_address: bool,
    pub check_pass: bool,
    pub check_code: bool,
    pub check_tax: bool,
    /// Accepted, no effect until a loan product exists.
    pub check_loan: bool,
    pub fee_tax: Amount,
    pub coin_tax: String,
    pub limit_time: bool,
    pub limit_time_start: NaiveTime,
    pub limit_time_end: NaiveTime,
}

/// One WITHDRAWAL_CHANNEL_SETTING entry; `None` falls back to the global value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WithdrawalChannel {
    pub name: String,
    pub network: String,
    /// The withdrawn coin (`type`), e.g. "USDT".
    pub coin: String,
    pub enabled: bool,
    pub fee: Amount,
    pub ratio_percent: Option<Decimal>,
    pub day_withdrawal_num: Option<u32>,
    pub free_num: Option<u32>,
    pub withdrawal_max: Option<Amount>,
    pub withdrawal_min: Option<Amount>,
}

/// AUTH_LIMIT, parsed. Limits are BTC-equivalent over 24 hours (see the
/// module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuthLimit {
    pub primary_limit_btc: Amount,
    pub is_open_primary: bool,
    pub senior_limit_btc: Amount,
    pub is_open_senior: bool,
}

/// Hours the KYC limits look back.
pub const KYC_WINDOW_HOURS: u32 = 24;

impl AuthLimit {
    /// The limit a user of `tier` is held to: the lowest open limit whose
    /// verification the user lacks; `None` when none applies.
    pub fn limit_for(&self, tier: KycTier) -> Option<Amount> {
        let primary =
            (self.is_open_primary && tier < KycTier::Primary).then_some(self.primary_limit_btc);
        let senior =
            (self.is_open_senior && tier < KycTier::Advanced).then_some(self.senior_limit_btc);
        match (primary, senior) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The next verification that changes the limit of a user of `tier`,
    /// and the limit after it (`None`: no limit at all); `None` when no
    /// verification would change it.
    pub fn raised_by(&self, tier: KycTier) -> Option<(KycTier, Option<Amount>)> {
        let now = self.limit_for(tier);
        [KycTier::Primary, KycTier::Advanced]
            .into_iter()
            .filter(|t| *t > tier)
            .map(|t| (t, self.limit_for(t)))
            .find(|(_, after)| *after != now)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WithdrawalRules {
    pub setting: WithdrawalSetting,
    pub channels: Vec<WithdrawalChannel>,
    pub auth_limit: AuthLimit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum KycTier {
    None,
    Primary,
    Advanced,
}

/// A secret the user may have to present (trade password, code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    NotGiven,
    Wrong,
    Matched,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofFailure {
    NotGiven,
    Wrong,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WithdrawalRequest {
    pub amount: Amount,
    pub channel_name: String,
    /// Fractional digits the coin allows (ASSET_COIN precision).
    pub coin_scale_dp: u32,
    /// This platform day's withdrawals so far, pending and done (not rejected).
    pub withdrawals_today_count: u32,
    pub kyc_tier: KycTier,
    /// The last 24 hours' withdrawals (pending and done), BTC-equivalent.
    pub withdrawn_24h_btc: Amount,
    /// This request, BTC-equivalent at the index price (the amount for BTC).
    pub amount_btc: Amount,
    pub trade_password: Proof,
    pub code: Proof,
    pub address_is_bound: bool,
    pub now_utc: DateTime<Utc>,
    /// `timeZone.offSet`, parsed with [`parse_offset`].
    pub platform_offset: FixedOffset,
}

/// A fee charged in another coin than the withdrawn one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeparateFee {
    pub coin: String,
    pub amount: Amount,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quote {
    pub coin: String,
    pub amount: Amount,
    /// Everything taken in the withdrawn coin, rounded up.
    pub fee: Amount,
    /// What reaches the user's address: amount - fee, rounded down.
    pub net_amount: Amount,
    /// Frozen in the withdrawn coin at submit (= net_amount + fee), rounded up.
    pub total_frozen: Amount,
    /// `feeTax` when `coinTax` is another coin: frozen from that balance.
    pub separate_fee: Option<SeparateFee>,
    /// Withdrawals left today after this one; `None` when there is no limit.
    pub remaining_today_count: Option<u32>,
    /// One of the day's first `freeNum`: no ratio fee (fixed fees still apply).
    pub free: bool,
}

/// The first rule a request fails. Each maps to one error code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("no withdrawal channel named {name}")]
    ChannelUnknown { name: String },
    #[error("withdrawals through {name} are suspended")]
    ChannelDisabled { name: String },
    #[error("withdrawals are open from {start} to {end}")]
    OutsideWindow { start: NaiveTime, end: NaiveTime },
    #[error("trade password {0:?}")]
    TradePassword(ProofFailure),
    #[error("verification code {0:?}")]
    Code(ProofFailure),
    #[error("the address is not the bound one")]
    AddressNotBound,
    #[error("at most {scale_dp} decimal places")]
    AmountTooPrecise { scale_dp: u32 },
    #[error("the minimum is {min}")]
    BelowMinimum { min: Amount },
    #[error("the maximum is {max}")]
    AboveMaximum { max: Amount },
    #[error("at most {limit} withdrawals a day")]
    DailyCountReached { limit: u32 },
    #[error("above {limit_btc} BTC in 24 hours needs primary verification")]
    PrimaryKycRequired { limit_btc: Amount },
    #[error("above {limit_btc} BTC in 24 hours needs advanced verification")]
    AdvancedKycRequired { limit_btc: Amount },
    #[error("the fee {fee} leaves nothing to receive")]
    FeeExceedsAmount { fee: Amount },
}

impl Refusal {
    /// Stable name of the rule, for the error catalogue and the logs.
    pub fn key(&self) -> &'static str {
        match self {
            Refusal::ChannelUnknown { .. } => "withdraw_channel_unknown",
            Refusal::ChannelDisabled { .. } => "withdraw_channel_disabled",
            Refusal::OutsideWindow { .. } => "withdraw_outside_window",
            Refusal::TradePassword(_) => "withdraw_trade_password",
            Refusal::Code(_) => "withdraw_code",
            Refusal::AddressNotBound => "withdraw_address_not_bound",
            Refusal::AmountTooPrecise { .. } => "withdraw_amount_too_precise",
            Refusal::BelowMinimum { .. } => "withdraw_below_minimum",
            Refusal::AboveMaximum { .. } => "withdraw_above_maximum",
            Refusal::DailyCountReached { .. } => "withdraw_daily_count_reached",
            Refusal::PrimaryKycRequired { .. } => "withdraw_primary_kyc_required",
            Refusal::AdvancedKycRequired { .. } => "withdraw_advanced_kyc_required",
            Refusal::FeeExceedsAmount { .. } => "withdraw_fee_exceeds_amount",
        }
    }
}

/// The withdrawal rules, all of them. Pure: same input, same answer.
pub fn evaluate(rules: &WithdrawalRules, req: &WithdrawalRequest) -> Result<Quote, Refusal> {
    let global = &rules.setting;
    let channel = find_channel(&rules.channels, &req.channel_name)?;
    if !channel.enabled {
        return Err(Refusal::ChannelDisabled {
            name: channel.name.clone(),
        });
    }
    check_window(global, req)?;
    check_proof(global.check_pass, req.trade_password).map_err(Refusal::TradePassword)?;
    check_proof(global.check_code, req.code).map_err(Refusal::Code)?;
    if global.same_address && !req.address_is_bound {
        return Err(Refusal::AddressNotBound);
    }
    let scale_dp = req.coin_scale_dp;
    if req.amount.round_down(scale_dp) != req.amount {
        return Err(Refusal::AmountTooPrecise { scale_dp });
    }
    let min = channel.withdrawal_min.unwrap_or(global.withdrawal_min);
    let max = channel.withdrawal_max.unwrap_or(global.withdrawal_max);
    if req.amount < min {
        return Err(Refusal::BelowMinimum { min });
    }
    if req.amount > max {
        return Err(Refusal::AboveMaximum { max });
    }
    let day_limit = channel
        .day_withdrawal_num
        .unwrap_or(global.day_withdrawal_num);
    let count = req.withdrawals_today_count;
    if day_limit > 0 && count >= day_limit {
        return Err(Refusal::DailyCountReached { limit: day_limit });
    }
    check_kyc(&rules.auth_limit, req)?;
    let quote = quote(global, channel, req, day_limit)?;
    debug_assert_eq!(
        quote.net_amount.checked_add(quote.fee),
        Some(quote.total_frozen)
    );
    debug_assert!(quote.fee < quote.amount);
    Ok(quote)
}

fn find_channel<'a>(
    channels: &'a [WithdrawalChannel],
    name: &str,
) -> Result<&'a WithdrawalChannel, Refusal> {
    channels
        .iter()
        .find(|c| c.name == name)
        .or_else(|| channels.iter().find(|c| c.network == name))
        .ok_or_else(|| Refusal::ChannelUnknown {
            name: name.to_string(),
        })
}

fn check_window(global: &WithdrawalSetting, req: &WithdrawalRequest) -> Result<(), Refusal> {
    if !global.limit_time {
        return Ok(());
    }
    let (start, end) = (global.limit_time_start, global.limit_time_end);
    let local = req.now_utc.with_timezone(&req.platform_offset).time();
    if in_window(local, start, end) {
        Ok(())
    } else {
        Err(Refusal::OutsideWindow { start, end })
    }
}

/// Inclusive start, exclusive end; start > end wraps past midnight;
/// start == end is the whole day.
pub fn in_window(time: NaiveTime, start: NaiveTime, end: NaiveTime) -> bool {
    match start.cmp(&end) {
        std::cmp::Ordering::Less => start <= time && time < end,
        std::cmp::Ordering::Greater => time >= start || time < end,
        std::cmp::Ordering::Equal => true,
    }
}

fn check_proof(required: bool, proof: Proof) -> Result<(), ProofFailure> {
    match (required, proof) {
        (false, _) | (true, Proof::Matched) => Ok(()),
        (true, Proof::NotGiven) => Err(ProofFailure::NotGiven),
        (true, Proof::Wrong) => Err(ProofFailure::Wrong),
    }
}

fn check_kyc(limits: &AuthLimit, req: &WithdrawalRequest) -> Result<(), Refusal> {
    // Saturate: a total beyond Decimal's range is above any limit.
    let total = req
        .withdrawn_24h_btc
        .checked_add(req.amount_btc)
        .unwrap_or(Amount::MAX);
    if limits.is_open_primary && req.kyc_tier < KycTier::Primary && total > limits.primary_limit_btc
    {
        return Err(Refusal::PrimaryKycRequired {
            limit_btc: limits.primary_limit_btc,
        });
    }
    if limits.is_open_senior && req.kyc_tier < KycTier::Advanced && total > limits.senior_limit_btc
    {
        return Err(Refusal::AdvancedKycRequired {
            limit_btc: limits.senior_limit_btc,
        });
    }
    Ok(())
}

fn quote(
    global: &WithdrawalSetting,
    channel: &WithdrawalChannel,
    req: &WithdrawalRequest,
    day_limit: u32,
) -> Result<Quote, Refusal> {
    let scale_dp = req.coin_scale_dp;
    let count = req.withdrawals_today_count;
    let free_num = channel.free_num.unwrap_or(global.free_num);
    let free = count < free_num;
    let ratio_percent = channel.ratio_percent.unwrap_or(global.ratio_percent);
    // Settings parsing keeps the ratio in 0..=100 (`Fields::ratio`).
    debug_assert!(ratio_percent >= Decimal::ZERO && ratio_percent <= Decimal::ONE_HUNDRED);
    let unpayable = || Refusal::FeeExceedsAmount { fee: Amount::MAX };
    let ratio_fee = if free {
        Decimal::ZERO
    } else {
        // ratio/100 <= 1, so the product stays below the amount.
        ratio_percent
            .checked_div(Decimal::ONE_HUNDRED)
            .and_then(|rate| req.amount.as_decimal().checked_mul(rate))
            .ok_or_else(unpayable)?
    };
    let mut fee_total = ratio_fee
        .checked_add(channel.fee.as_decimal())
        .ok_or_else(unpayable)?;
    let mut separate_fee = None;
    if global.check_tax && !global.fee_tax.is_zero() {
        if global.coin_tax.eq_ignore_ascii_case(&channel.coin) {
            fee_total = fee_total
                .checked_add(global.fee_tax.as_decimal())
                .ok_or_else(unpayable)?;
        } else {
            separate_fee = Some(SeparateFee {
                coin: global.coin_tax.to_uppercase(),
                amount: global.fee_tax,
            });
        }
    }
    let fee_rounded = fee_total.round_dp_with_strategy(scale_dp, RoundingStrategy::AwayFromZero);
    let fee = Amount::from_decimal(fee_rounded).map_err(|_| unpayable())?;
    let Some(net) = req.amount.checked_sub(fee).filter(|n| !n.is_zero()) else {
        return Err(Refusal::FeeExceedsAmount { fee });
    };
    Ok(Quote {
        coin: channel.coin.to_uppercase(),
        amount: req.amount,
        fee,
        net_amount: net.round_down(scale_dp),
        total_frozen: req.amount.round_up(scale_dp),
        separate_fee,
        // `count < day_limit` was checked when there is a limit.
        remaining_today_count: (day_limit > 0)
            .then(|| day_limit.saturating_sub(count).saturating_sub(1)),
        free,
    })
}

/// Parses `timeZone.offSet`: "+08:00", "-09:30", "+05:45".
pub fn parse_offset(text: &str) -> Result<FixedOffset, SettingsError> {
    let bad = || SettingsError(format!("timeZone.offSet {text:?} is not ±HH:MM"));
    let bytes = text.as_bytes();
    if bytes.len() != 6 || bytes[3] != b':' || !matches!(bytes[0], b'+' | b'-') {
        return Err(bad());
    }
    let hours: i32 = text[1..3].parse().map_err(|_| bad())?;
    let minutes: i32 = text[4..6].parse().map_err(|_| bad())?;
    if hours > 14 || minutes > 59 || !text[1..3].bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let seconds = hours
        .checked_mul(60)
        .and_then(|m| m.checked_add(minutes))
        .and_then(|m| m.checked_mul(60))
        .ok_or_else(bad)?;
    let signed = if bytes[0] == b'-' {
        seconds.checked_neg().ok_or_else(bad)?
    } else {
        seconds
    };
    FixedOffset::east_opt(signed).ok_or_else(bad)
}

impl WithdrawalRules {
    /// Parses the three settings as stored (shapes of `defaults.json`).
    pub fn from_settings(
        withdrawal_setting: &Value,
        channel_setting: &Value,
        auth_limit: &Value,
    ) -> Result<WithdrawalRules, SettingsError> {
        let channels_json = channel_setting
            .as_array()
            .ok_or_else(|| SettingsError("WITHDRAWAL_CHANNEL_SETTING must be a list".into()))?;
        if channels_json.len() > CHANNELS_MAX {
            return Err(SettingsError(format!(
                "at most {CHANNELS_MAX} withdrawal channels"
            )));
        }
        let channels = channels_json
            .iter()
            .enumerate()
            .map(|(i, c)| parse_channel(i, c))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(WithdrawalRules {
            setting: parse_setting(withdrawal_setting)?,
            channels,
            auth_limit: parse_auth_limit(auth_limit)?,
        })
    }
}

fn parse_setting(v: &Value) -> Result<WithdrawalSetting, SettingsError> {
    let f = Fields {
        value: v,
        path: "WITHDRAWAL_SETTING".into(),
    };
    Ok(WithdrawalSetting {
        ratio_percent: f.ratio("ratio")?.unwrap_or_default(),
        day_withdrawal_num: f.count("dayWithdrawalNum")?.unwrap_or(0),
        free_num: f.count("freeNum")?.unwrap_or(0),
        withdrawal_max: f.required(f.amount("withdrawalMax")?, "withdrawalMax")?,
        withdrawal_min: f.amount("withdrawalMix")?.unwrap_or(Amount::ZERO),
        same_address: f.flag("sameAddress")?,
        check_pass: f.flag("checkPass")?,
        check_code: f.flag("checkCode")?,
        check_tax: f.flag("checkTax")?,
        check_loan: f.flag("checkLoan")?,
        fee_tax: f.amount("feeTax")?.unwrap_or(Amount::ZERO),
        coin_tax: f.text("coinTax")?,
        limit_time: f.flag("limitTime")?,
        limit_time_start: f.time("limitTimeStart")?,
        limit_time_end: f.time("limitTimeEnd")?,
    })
}

fn parse_channel(index: usize, v: &Value) -> Result<WithdrawalChannel, SettingsError> {
    let f = Fields {
        value: v,
        path: format!("WITHDRAWAL_CHANNEL_SETTING[{index}]"),
    };
    Ok(WithdrawalChannel {
        name: f.text("rechargeName")?,
        network: f.text("rechargeType")?,
        coin: f.text("type")?,
        enabled: f.flag("status")?,
        fee: f.amount("fee")?.unwrap_or(Amount::ZERO),
        ratio_percent: f.ratio("ratio")?,
        day_withdrawal_num: f.count("dayWithdrawalNum")?,
        free_num: f.count("freeNum")?,
        withdrawal_max: f.amount("withdrawalMax")?,
        withdrawal_min: f.amount("withdrawalMix")?,
    })
}

fn parse_auth_limit(v: &Value) -> Result<AuthLimit, SettingsError> {
    let f = Fields {
        value: v,
        path: "AUTH_LIMIT".into(),
    };
    Ok(AuthLimit {
        primary_limit_btc: f.amount("primaryLimit")?.unwrap_or(Amount::ZERO),
        is_open_primary: f.flag("isOpenPrimary")?,
        senior_limit_btc: f.amount("seniorLimit")?.unwrap_or(Amount::ZERO),
        is_open_senior: f.flag("isOpenSenior")?,
    })
}

/// Reads fields of one settings object; absent, null and "" are `None`.
struct Fields<'a> {
    value: &'a Value,
    path: String,
}

impl Fields<'_> {
    fn get(&self, key: &str) -> Option<&Value> {
        match self.value.get(key) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(v) => Some(v),
        }
    }

    fn bad(&self, key: &str, what: &str) -> SettingsError {
        SettingsError(format!("{}.{key} must be {what}", self.path))
    }

    fn required<T>(&self, v: Option<T>, key: &str) -> Result<T, SettingsError> {
        v.ok_or_else(|| self.bad(key, "present"))
    }

    fn amount(&self, key: &str) -> Result<Option<Amount>, SettingsError> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Amount::parse(s)
                .map(Some)
                .map_err(|_| self.bad(key, "a decimal string")),
            Some(_) => Err(self.bad(key, "a decimal string")),
        }
    }

    fn ratio(&self, key: &str) -> Result<Option<Decimal>, SettingsError> {
        let ratio = self.amount(key)?.map(|a| a.as_decimal());
        if ratio.is_some_and(|r| r > Decimal::ONE_HUNDRED) {
            return Err(self.bad(key, "a percent from 0 to 100"));
        }
        Ok(ratio)
    }

    fn count(&self, key: &str) -> Result<Option<u32>, SettingsError> {
        let n = match self.get(key) {
            None => return Ok(None),
            Some(Value::Number(n)) => n.as_u64(),
            Some(Value::String(s)) => s.trim().parse::<u64>().ok(),
            Some(_) => None,
        };
        n.and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| self.bad(key, "a whole number"))
    }

    fn flag(&self, key: &str) -> Result<bool, SettingsError> {
        match self.get(key) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(Value::Number(n)) if n.as_u64() == Some(0) => Ok(false),
            Some(Value::Number(n)) if n.as_u64() == Some(1) => Ok(true),
            Some(_) => Err(self.bad(key, "true/false or 0/1")),
        }
    }

    fn text(&self, key: &str) -> Result<String, SettingsError> {
        match self.get(key) {
            None => Ok(String::new()),
            Some(Value::String(s)) => Ok(s.clone()),
            Some(_) => Err(self.bad(key, "a string")),
        }
    }

    fn time(&self, key: &str) -> Result<NaiveTime, SettingsError> {
        let Some(Value::String(s)) = self.get(key) else {
            return Ok(NaiveTime::MIN);
        };
        NaiveTime::parse_from_str(s, "%H:%M:%S")
            .or_else(|_| NaiveTime::parse_from_str(s, "%H:%M"))
            .ok()
            .filter(|t| t.nanosecond() == 0)
            .ok_or_else(|| self.bad(key, "HH:MM:SS"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use proptest::prelude::*;
    use serde_json::json;

    fn amt(text: &str) -> Amount {
        Amount::parse(text).unwrap()
    }

    fn global() -> Value {
        json!({
            "ratio": "10", "dayWithdrawalNum": 3, "freeNum": 0,
            "withdrawalMax": "1000", "withdrawalMix": "20",
            "sameAddress": false, "sameUser": false, "allowChange": true,
            "checkPass": false, "checkCode": false, "checkTax": false, "checkLoan": false,
            "feeTax": "0", "coinTax": "usdt",
            "limitTime": 0, "limitTimeStart": "11:00:00", "limitTimeEnd": "23:00:00"
        })
    }

    fn channel() -> Value {
        json!({
            "status": 1, "rechargeName": "USDT-TRC20", "rechargeType": "USDT-TRC20",
            "type": "USDT", "fee": "0", "ratio": "", "dayWithdrawalNum": null,
            "freeNum": null, "withdrawalMax": "", "withdrawalMix": "",
            "useSys": true, "useThird": false, "thirdList": []
        })
    }

    fn auth_limit() -> Value {
        json!({"primaryLimit": "100", "isOpenPrimary": false, "seniorLimit": "200", "isOpenSenior": false})
    }

    /// Rules from the base settings with `edit` applied to (global, channel, auth).
    fn rules_with(edit: impl FnOnce(&mut Value, &mut Value, &mut Value)) -> WithdrawalRules {
        let (mut g, mut c, mut a) = (global(), channel(), auth_limit());
        edit(&mut g, &mut c, &mut a);
        WithdrawalRules::from_settings(&g, &json!([c]), &a).unwrap()
    }

    fn rules() -> WithdrawalRules {
        rules_with(|_, _, _| {})
    }

    fn at_utc(h: u32, m: u32, s: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, h, m, s).unwrap()
    }

    fn request() -> WithdrawalRequest {
        WithdrawalRequest {
            amount: amt("100"),
            channel_name: "USDT-TRC20".into(),
            coin_scale_dp: 6,
            withdrawals_today_count: 0,
            kyc_tier: KycTier::Advanced,
            withdrawn_24h_btc: Amount::ZERO,
            amount_btc: amt("100"),
            trade_password: Proof::Matched,
            code: Proof::Matched,
            address_is_bound: true,
            now_utc: at_utc(6, 0, 0),
            platform_offset: parse_offset("+08:00").unwrap(),
        }
    }

    fn refusal(rules: &WithdrawalRules, req: &WithdrawalRequest) -> Refusal {
        evaluate(rules, req).unwrap_err()
    }

    #[test]
    fn a_plain_withdrawal_is_quoted_with_the_ratio_fee() {
        let q = evaluate(&rules(), &request()).unwrap();
        assert_eq!(q.coin, "USDT");
        assert_eq!(
            (q.fee, q.net_amount, q.total_frozen),
            (amt("10"), amt("90"), amt("100"))
        );
        assert_eq!(q.remaining_today_count, Some(2));
        assert!(!q.free);
        assert_eq!(q.separate_fee, None);
    }

    #[test]
    fn the_built_in_defaults_parse_and_quote() {
        let d = onyx_kernel::settings::defaults();
        let rules = WithdrawalRules::from_settings(
            &d["WITHDRAWAL_SETTING"],
            &d["WITHDRAWAL_CHANNEL_SETTING"],
            &d["AUTH_LIMIT"],
        )
        .unwrap();
        assert_eq!(rules.channels.len(), 4);
        let offset = parse_offset(d["timeZone"]["offSet"].as_str().unwrap()).unwrap();
        let req = WithdrawalRequest {
            platform_offset: offset,
            ..request()
        };
        // Defaults open the advanced tier at 2.002 BTC a day: an unverified
        // user withdraws 100 USDT (about 0.001 BTC) and is held only past
        // 2.002 BTC in 24 hours.
        let unverified = WithdrawalRequest {
            kyc_tier: KycTier::None,
            amount_btc: amt("0.00105"),
            ..req
        };
        let q = evaluate(&rules, &unverified).unwrap();
        assert_eq!((q.fee, q.net_amount), (amt("10"), amt("90")));
        let near_the_limit = WithdrawalRequest {
            withdrawn_24h_btc: amt("2.001"),
            ..unverified.clone()
        };
        assert_eq!(
            refusal(&rules, &near_the_limit),
            Refusal::AdvancedKycRequired {
                limit_btc: amt("2.002")
            }
        );
        let advanced = WithdrawalRequest {
            kyc_tier: KycTier::Advanced,
            ..near_the_limit
        };
        assert!(evaluate(&rules, &advanced).is_ok());
        assert_eq!(
            rules.auth_limit.limit_for(KycTier::None),
            Some(amt("2.002"))
        );
        assert_eq!(
            rules.auth_limit.raised_by(KycTier::None),
            Some((KycTier::Advanced, None))
        );
    }

    #[test]
    fn an_unknown_channel_is_refused() {
        let req = WithdrawalRequest {
            channel_name: "DOGE".into(),
            ..request()
        };
        assert_eq!(
            refusal(&rules(), &req),
            Refusal::ChannelUnknown {
                name: "DOGE".into()
            }
        );
        assert_eq!(refusal(&rules(), &req).key(), "withdraw_channel_unknown");
    }

    #[test]
    fn a_channel_is_found_by_its_network_too() {
        let rules = rules_with(|_, c, _| c["rechargeName"] = json!("Tether (TRON)"));
        assert!(evaluate(&rules, &request()).is_ok());
    }

    #[test]
    fn a_disabled_channel_is_refused() {
        let rules = rules_with(|_, c, _| c["status"] = json!(0));
        assert_eq!(
            refusal(&rules, &request()),
            Refusal::ChannelDisabled {
                name: "USDT-TRC20".into()
            }
        );
    }

    fn windowed(start: &str, end: &str) -> WithdrawalRules {
        rules_with(|g, _, _| {
            g["limitTime"] = json!(1);
            g["limitTimeStart"] = json!(start);
            g["limitTimeEnd"] = json!(end);
        })
    }

    fn at(now_utc: DateTime<Utc>, offset: &str) -> WithdrawalRequest {
        WithdrawalRequest {
            now_utc,
            platform_offset: parse_offset(offset).unwrap(),
            ..request()
        }
    }

    fn outside(start: &str, end: &str) -> Refusal {
        Refusal::OutsideWindow {
            start: NaiveTime::parse_from_str(start, "%H:%M:%S").unwrap(),
            end: NaiveTime::parse_from_str(end, "%H:%M:%S").unwrap(),
        }
    }

    #[test]
    fn the_window_opens_exactly_at_its_start_and_closes_exactly_at_its_end() {
        let rules = windowed("11:00:00", "23:00:00");
        // 03:00 UTC is 11:00 at +08:00; 15:00 UTC is 23:00.
        assert!(evaluate(&rules, &at(at_utc(3, 0, 0), "+08:00")).is_ok());
        assert!(evaluate(&rules, &at(at_utc(14, 59, 59), "+08:00")).is_ok());
        let refused = outside("11:00:00", "23:00:00");
        assert_eq!(refusal(&rules, &at(at_utc(2, 59, 59), "+08:00")), refused);
        assert_eq!(refusal(&rules, &at(at_utc(15, 0, 0), "+08:00")), refused);
    }

    #[test]
    fn the_window_is_read_in_the_platform_time_zone() {
        let rules = windowed("11:00:00", "23:00:00");
        let refused = outside("11:00:00", "23:00:00");
        // 03:00 UTC: 11:00 in Hong Kong, 03:00 in London.
        assert!(evaluate(&rules, &at(at_utc(3, 0, 0), "+08:00")).is_ok());
        assert_eq!(refusal(&rules, &at(at_utc(3, 0, 0), "+00:00")), refused);
        // +05:30: 11:00 local is 05:30 UTC.
        assert!(evaluate(&rules, &at(at_utc(5, 30, 0), "+05:30")).is_ok());
        assert_eq!(refusal(&rules, &at(at_utc(5, 29, 59), "+05:30")), refused);
        // -09:30: 23:00 local is 08:30 UTC the next day.
        assert!(evaluate(&rules, &at(at_utc(8, 29, 59), "-09:30")).is_ok());
        assert_eq!(refusal(&rules, &at(at_utc(8, 30, 0), "-09:30")), refused);
    }

    #[test]
    fn a_window_across_midnight_works() {
        let rules = windowed("22:00:00", "06:00:00");
        let refused = outside("22:00:00", "06:00:00");
        let utc = |h, m, s| at(at_utc(h, m, s), "+00:00");
        assert!(evaluate(&rules, &utc(22, 0, 0)).is_ok());
        assert!(evaluate(&rules, &utc(23, 59, 59)).is_ok());
        assert!(evaluate(&rules, &utc(0, 0, 0)).is_ok());
        assert!(evaluate(&rules, &utc(5, 59, 59)).is_ok());
        assert_eq!(refusal(&rules, &utc(6, 0, 0)), refused);
        assert_eq!(refusal(&rules, &utc(12, 0, 0)), refused);
        assert_eq!(refusal(&rules, &utc(21, 59, 59)), refused);
    }

    #[test]
    fn a_window_with_equal_ends_is_open_all_day_and_limit_time_off_ignores_it() {
        assert!(evaluate(
            &windowed("09:00:00", "09:00:00"),
            &at(at_utc(0, 30, 0), "+00:00")
        )
        .is_ok());
        let off = rules_with(|g, _, _| g["limitTimeEnd"] = json!("11:00:01"));
        assert!(evaluate(&off, &at(at_utc(0, 30, 0), "+00:00")).is_ok());
    }

    #[test]
    fn a_trade_password_is_required_when_check_pass_is_on() {
        let rules = rules_with(|g, _, _| g["checkPass"] = json!(true));
        assert!(evaluate(&rules, &request()).is_ok());
        for (proof, failure) in [
            (Proof::NotGiven, ProofFailure::NotGiven),
            (Proof::Wrong, ProofFailure::Wrong),
        ] {
            let req = WithdrawalRequest {
                trade_password: proof,
                ..request()
            };
            assert_eq!(refusal(&rules, &req), Refusal::TradePassword(failure));
            assert!(
                evaluate(&self::rules(), &req).is_ok(),
                "check_pass off ignores it"
            );
        }
    }

    #[test]
    fn a_code_is_required_when_check_code_is_on() {
        let rules = rules_with(|g, _, _| g["checkCode"] = json!(true));
        assert!(evaluate(&rules, &request()).is_ok());
        for (proof, failure) in [
            (Proof::NotGiven, ProofFailure::NotGiven),
            (Proof::Wrong, ProofFailure::Wrong),
        ] {
            let req = WithdrawalRequest {
                code: proof,
                ..request()
            };
            assert_eq!(refusal(&rules, &req), Refusal::Code(failure));
            assert!(
                evaluate(&self::rules(), &req).is_ok(),
                "check_code off ignores it"
            );
        }
    }

    #[test]
    fn the_bound_address_is_required_when_same_address_is_on() {
        let rules = rules_with(|g, _, _| g["sameAddress"] = json!(true));
        assert!(evaluate(&rules, &request()).is_ok());
        let req = WithdrawalRequest {
            address_is_bound: false,
            ..request()
        };
        assert_eq!(refusal(&rules, &req), Refusal::AddressNotBound);
        assert!(evaluate(&self::rules(), &req).is_ok());
    }

    #[test]
    fn an_amount_finer_than_the_coin_is_refused() {
        let req = WithdrawalRequest {
            amount: amt("100.000001"),
            ..request()
        };
        assert!(evaluate(&rules(), &req).is_ok());
        let req = WithdrawalRequest {
            amount: amt("100.0000001"),
            ..request()
        };
        assert_eq!(
            refusal(&rules(), &req),
            Refusal::AmountTooPrecise { scale_dp: 6 }
        );
    }

    #[test]
    fn withdrawal_below_the_minimum_is_refused_with_the_minimum() {
        let req = |a: &str| WithdrawalRequest {
            amount: amt(a),
            ..request()
        };
        assert!(evaluate(&rules(), &req("20")).is_ok());
        assert_eq!(
            refusal(&rules(), &req("19.99")),
            Refusal::BelowMinimum { min: amt("20") }
        );
        let channel_min = rules_with(|_, c, _| c["withdrawalMix"] = json!("50"));
        assert_eq!(
            refusal(&channel_min, &req("49")),
            Refusal::BelowMinimum { min: amt("50") }
        );
        assert!(evaluate(&channel_min, &req("50")).is_ok());
    }

    #[test]
    fn withdrawal_above_the_maximum_is_refused_with_the_maximum() {
        let req = |a: &str| WithdrawalRequest {
            amount: amt(a),
            ..request()
        };
        assert!(evaluate(&rules(), &req("1000")).is_ok());
        assert_eq!(
            refusal(&rules(), &req("1000.01")),
            Refusal::AboveMaximum { max: amt("1000") }
        );
        let channel_max = rules_with(|_, c, _| c["withdrawalMax"] = json!("5000"));
        assert!(evaluate(&channel_max, &req("5000")).is_ok());
        assert_eq!(
            refusal(&channel_max, &req("5000.5")),
            Refusal::AboveMaximum { max: amt("5000") }
        );
    }

    #[test]
    fn the_daily_count_is_enforced_and_reported() {
        let req = |n| WithdrawalRequest {
            withdrawals_today_count: n,
            ..request()
        };
        assert_eq!(
            evaluate(&rules(), &req(2)).unwrap().remaining_today_count,
            Some(0)
        );
        assert_eq!(
            refusal(&rules(), &req(3)),
            Refusal::DailyCountReached { limit: 3 }
        );
        let channel = rules_with(|_, c, _| c["dayWithdrawalNum"] = json!(5));
        assert_eq!(
            evaluate(&channel, &req(3)).unwrap().remaining_today_count,
            Some(1)
        );
        let unlimited = rules_with(|g, _, _| g["dayWithdrawalNum"] = json!(0));
        assert_eq!(
            evaluate(&unlimited, &req(1000))
                .unwrap()
                .remaining_today_count,
            None
        );
    }

    #[test]
    fn without_primary_kyc_the_day_total_stays_within_the_primary_limit() {
        let rules = rules_with(|_, _, a| a["isOpenPrimary"] = json!(true));
        let req = |tier, today: &str| WithdrawalRequest {
            kyc_tier: tier,
            withdrawn_24h_btc: amt(today),
            amount_btc: amt("50"),
            ..request()
        };
        assert!(evaluate(&rules, &req(KycTier::None, "50")).is_ok());
        assert_eq!(
            refusal(&rules, &req(KycTier::None, "50.01")),
            Refusal::PrimaryKycRequired {
                limit_btc: amt("100")
            }
        );
        assert!(evaluate(&rules, &req(KycTier::Primary, "500")).is_ok());
        assert!(
            evaluate(&self::rules(), &req(KycTier::None, "500")).is_ok(),
            "tier closed"
        );
    }

    #[test]
    fn without_advanced_kyc_the_day_total_stays_within_the_senior_limit() {
        let rules = rules_with(|_, _, a| a["isOpenSenior"] = json!(true));
        let req = |tier, today: &str| WithdrawalRequest {
            kyc_tier: tier,
            withdrawn_24h_btc: amt(today),
            amount_btc: amt("100"),
            ..request()
        };
        assert!(evaluate(&rules, &req(KycTier::Primary, "100")).is_ok());
        assert_eq!(
            refusal(&rules, &req(KycTier::Primary, "100.5")),
            Refusal::AdvancedKycRequired {
                limit_btc: amt("200")
            }
        );
        assert!(evaluate(&rules, &req(KycTier::Advanced, "100000")).is_ok());
    }

    #[test]
    fn the_applicable_limit_and_what_raises_it() {
        let limits = |p: bool, s: bool| AuthLimit {
            primary_limit_btc: amt("2"),
            is_open_primary: p,
            senior_limit_btc: amt("100"),
            is_open_senior: s,
        };
        let both = limits(true, true);
        assert_eq!(both.limit_for(KycTier::None), Some(amt("2")));
        assert_eq!(
            both.raised_by(KycTier::None),
            Some((KycTier::Primary, Some(amt("100"))))
        );
        assert_eq!(both.limit_for(KycTier::Primary), Some(amt("100")));
        assert_eq!(
            both.raised_by(KycTier::Primary),
            Some((KycTier::Advanced, None))
        );
        assert_eq!(both.limit_for(KycTier::Advanced), None);
        assert_eq!(both.raised_by(KycTier::Advanced), None);
        let none = limits(false, false);
        assert_eq!(none.limit_for(KycTier::None), None);
        assert_eq!(none.raised_by(KycTier::None), None);
        // A primary limit above the senior one never loosens the lower.
        let odd = AuthLimit {
            primary_limit_btc: amt("500"),
            ..both
        };
        assert_eq!(odd.limit_for(KycTier::None), Some(amt("100")));
        assert_eq!(
            odd.raised_by(KycTier::None),
            Some((KycTier::Advanced, None))
        );
    }

    #[test]
    fn the_first_free_num_withdrawals_have_no_ratio_fee() {
        let rules = rules_with(|g, _, _| g["freeNum"] = json!(2));
        let req = |n| WithdrawalRequest {
            withdrawals_today_count: n,
            ..request()
        };
        for n in [0, 1] {
            let q = evaluate(&rules, &req(n)).unwrap();
            assert!(q.free);
            assert_eq!((q.fee, q.net_amount), (Amount::ZERO, amt("100")));
        }
        let q = evaluate(&rules, &req(2)).unwrap();
        assert!(!q.free);
        assert_eq!((q.fee, q.net_amount), (amt("10"), amt("90")));
        let channel_free = rules_with(|_, c, _| c["freeNum"] = json!(1));
        assert!(evaluate(&channel_free, &req(0)).unwrap().free);
        assert!(!evaluate(&channel_free, &req(1)).unwrap().free);
    }

    #[test]
    fn the_fee_rounds_up_and_the_net_amount_down_to_the_coin() {
        // 10% of 20.000001 is 2.0000001: the user pays 2.000001.
        let req = WithdrawalRequest {
            amount: amt("20.000001"),
            ..request()
        };
        let q = evaluate(&rules(), &req).unwrap();
        assert_eq!(
            (q.fee, q.net_amount, q.total_frozen),
            (amt("2.000001"), amt("18"), amt("20.000001"))
        );
        // 33.333% of 33 is 10.99989: rounds up to 11 at 2 digits.
        let rules = rules_with(|_, c, _| c["ratio"] = json!("33.333"));
        let req = WithdrawalRequest {
            amount: amt("33"),
            coin_scale_dp: 2,
            ..request()
        };
        let q = evaluate(&rules, &req).unwrap();
        assert_eq!((q.fee, q.net_amount), (amt("11"), amt("22")));
    }

    #[test]
    fn a_fixed_tax_in_the_same_coin_is_part_of_the_fee() {
        let rules = rules_with(|g, c, _| {
            g["checkTax"] = json!(true);
            g["feeTax"] = json!("1.5");
            c["fee"] = json!("0.25");
        });
        let q = evaluate(&rules, &request()).unwrap();
        assert_eq!(
            (q.fee, q.net_amount, q.separate_fee),
            (amt("11.75"), amt("88.25"), None)
        );
        // checkTax off: the tax is not charged, the channel fee still is.
        let off = rules_with(|g, c, _| {
            g["feeTax"] = json!("1.5");
            c["fee"] = json!("0.25");
        });
        assert_eq!(evaluate(&off, &request()).unwrap().fee, amt("10.25"));
    }

    #[test]
    fn a_fixed_tax_in_another_coin_is_reported_separately() {
        let rules = rules_with(|g, _, _| {
            g["checkTax"] = json!(true);
            g["feeTax"] = json!("0.001");
            g["coinTax"] = json!("bnb");
        });
        let q = evaluate(&rules, &request()).unwrap();
        assert_eq!((q.fee, q.net_amount), (amt("10"), amt("90")));
        assert_eq!(
            q.separate_fee,
            Some(SeparateFee {
                coin: "BNB".into(),
                amount: amt("0.001")
            })
        );
    }

    #[test]
    fn a_fee_that_leaves_nothing_is_refused() {
        let rules = rules_with(|_, c, _| c["fee"] = json!("90"));
        assert!(evaluate(
            &rules,
            &WithdrawalRequest {
                amount: amt("101"),
                ..request()
            }
        )
        .is_ok());
        assert_eq!(
            refusal(&rules, &request()),
            Refusal::FeeExceedsAmount { fee: amt("100") }
        );
        let all = rules_with(|_, c, _| c["ratio"] = json!("100"));
        assert_eq!(
            refusal(&all, &request()),
            Refusal::FeeExceedsAmount { fee: amt("100") }
        );
    }

    #[test]
    fn check_loan_is_accepted_and_has_no_effect() {
        let rules = rules_with(|g, _, _| g["checkLoan"] = json!(true));
        assert!(rules.setting.check_loan);
        assert_eq!(
            evaluate(&rules, &request()),
            evaluate(&self::rules(), &request())
        );
    }

    #[test]
    fn offsets_parse_as_plus_minus_hours_minutes() {
        assert_eq!(parse_offset("+08:00").unwrap().local_minus_utc(), 8 * 3600);
        assert_eq!(
            parse_offset("-09:30").unwrap().local_minus_utc(),
            -(9 * 3600 + 1800)
        );
        assert_eq!(
            parse_offset("+05:45").unwrap().local_minus_utc(),
            5 * 3600 + 2700
        );
        for bad in [
            "8", "+8:00", "08:00", "+15:00", "+08:60", "+0a:00", "+08-00", "+-8:00",
        ] {
            assert!(parse_offset(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn malformed_settings_are_refused_with_their_path() {
        let parse =
            |g: Value| WithdrawalRules::from_settings(&g, &json!([channel()]), &auth_limit());
        let mut g = global();
        g["ratio"] = json!("100.5");
        assert_eq!(
            parse(g).unwrap_err(),
            SettingsError("WITHDRAWAL_SETTING.ratio must be a percent from 0 to 100".into())
        );
        let mut g = global();
        g["withdrawalMix"] = json!(20);
        assert!(parse(g).is_err());
        let mut g = global();
        g["limitTimeStart"] = json!("25:00");
        assert!(parse(g).is_err());
        let mut c = channel();
        c["withdrawalMax"] = json!("-1");
        let err =
            WithdrawalRules::from_settings(&global(), &json!([c]), &auth_limit()).unwrap_err();
        assert!(
            err.0
                .starts_with("WITHDRAWAL_CHANNEL_SETTING[0].withdrawalMax"),
            "{err}"
        );
    }

    proptest! {
        #[test]
        fn net_plus_fee_is_the_amount_when_the_fee_is_in_the_coin(
            units in 1i64..1_000_000_000_000,
            amount_dp in 0u32..9,
            coin_scale_dp in 0u32..9,
            ratio_thousandths in 0i64..100_000,
            channel_fee_units in 0i64..10_000,
            tax_units in 0i64..10_000,
            count in 0u32..5,
            free_num in 0u32..5,
        ) {
            let amount = Amount::from_decimal(Decimal::new(units, amount_dp)).unwrap();
            let rules = rules_with(|g, c, _| {
                g["withdrawalMix"] = json!("0");
                g["withdrawalMax"] = json!("100000000000000");
                g["dayWithdrawalNum"] = json!(0);
                g["freeNum"] = json!(free_num);
                g["checkTax"] = json!(true);
                g["feeTax"] = json!(Decimal::new(tax_units, 3).to_string());
                c["ratio"] = json!(Decimal::new(ratio_thousandths, 3).to_string());
                c["fee"] = json!(Decimal::new(channel_fee_units, 3).to_string());
            });
            let req = WithdrawalRequest {
                amount,
                coin_scale_dp,
                withdrawals_today_count: count,
                ..request()
            };
            match evaluate(&rules, &req) {
                Ok(q) => {
                    prop_assert_eq!(q.net_amount.checked_add(q.fee), Some(amount));
                    prop_assert_eq!(q.total_frozen, amount);
                    prop_assert!(q.fee < amount);
                    prop_assert_eq!(q.free, count < free_num);
                    // The fee is never below the exact fee: rounding is the user's cost, not ours.
                    let ratio = if q.free { Decimal::ZERO } else { Decimal::new(ratio_thousandths, 5) };
                    let exact = amount.as_decimal() * ratio
                        + Decimal::new(channel_fee_units, 3)
                        + Decimal::new(tax_units, 3);
                    prop_assert!(q.fee.as_decimal() >= exact);
                    prop_assert!(q.fee.as_decimal() - exact < Decimal::new(1, coin_scale_dp));
                }
                Err(Refusal::AmountTooPrecise { .. }) => prop_assert!(amount_dp > coin_scale_dp),
                Err(Refusal::FeeExceedsAmount { fee }) => prop_assert!(fee >= amount),
                Err(other) => prop_assert!(false, "unexpected {:?}", other),
            }
        }
    }
}
