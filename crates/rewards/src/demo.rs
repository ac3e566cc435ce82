//! The demo's welfare centre: the newcomer tasks and a 7-day sign-in
//! calendar, written like an operator would (audited). Referral rebates
//! stay as the settings ship them (off): the demo's invite code is what
//! every load test registers with.

use crate::welfare_editing::{self, CalendarBody, TaskBody};
use onyx_kernel::Outcome;
use onyx_platform::audit::Actor;
use onyx_platform::Context;
use serde_json::json;
use std::collections::BTreeMap;

fn texts(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(l, t)| (l.to_string(), t.to_string()))
        .collect()
}

pub async fn seed(ctx: &Context, by: &Actor) -> Outcome<()> {
    let reason = "Demo seed".to_string();
    let tasks = [
        (
            "bind_email",
            "1",
            "1",
            ("Bind your email", "绑定邮箱"),
            (
                "Add an email to your account for sign-in and security codes.",
                "为账户绑定邮箱，用于登录和安全验证码。",
            ),
        ),
        (
            "bind_phone",
            "1",
            "1",
            ("Bind your phone", "绑定手机"),
            (
                "Add a phone number to your account.",
                "为账户绑定手机号码。",
            ),
        ),
        (
            "kyc_primary",
            "1",
            "2",
            ("Pass primary verification", "完成初级认证"),
            (
                "Your primary identity verification is approved.",
                "初级身份认证审核通过。",
            ),
        ),
        (
            "first_deposit",
            "1",
            "2",
            ("Make your first deposit", "首次入金"),
            (
                "A deposit to your account is credited.",
                "任意一笔入金到账。",
            ),
        ),
        (
            "first_trade",
            "1",
            "1",
            ("Make your first trade", "首次交易"),
            (
                "Trade spot, futures, second contracts or options once.",
                "完成一笔现货、合约、秒合约或期权交易。",
            ),
        ),
        (
            "spot_volume",
            "1000",
            "5",
            ("Trade 1,000 USDT on spot", "现货成交 1,000 USDT"),
            (
                "Your spot trades add up to 1,000 USDT.",
                "现货累计成交额达到 1,000 USDT。",
            ),
        ),
    ];
    for (sort, (kind, threshold, reward, (en, zh), (den, dzh))) in tasks.into_iter().enumerate() {
        welfare_editing::create_task(
            ctx,
            by,
            &TaskBody {
                kind: Some(kind.into()),
                title: Some(texts(&[("en", en), ("zh", zh)])),
                description: Some(texts(&[("en", den), ("zh", dzh)])),
                threshold: Some(threshold.into()),
                reward_amount: Some(reward.into()),
                reward_coin: Some("USDT".into()),
                status: Some(1),
                sort: Some(i32::try_from(sort).unwrap_or_default()),
                reason: reason.clone(),
            },
        )
        .await?;
    }
    let days = ["0.1", "0.1", "0.2", "0.2", "0.3", "0.3", "1"]
        .iter()
        .enumerate()
        .map(|(i, a)| json!({"day": i.saturating_add(1), "amount": a, "coin": "USDT"}))
        .collect();
    welfare_editing::set_calendar(ctx, by, &CalendarBody { days, reason }).await?;
    Ok(())
}
