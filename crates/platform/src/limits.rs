//! In-memory rate limits per (action, key), e.g. sign-ins per IP or codes
//! per target. Persistent lockouts (per account) live with the account.

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use onyx_kernel::ErrorCode;
use std::num::NonZeroU32;
use std::time::Duration;

use onyx_kernel::Failure;

/// What is being limited; each has its own quota.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Sign-in attempts from one IP: 10 a minute.
    LoginIp,
    /// Registrations from one IP: 5 a minute.
    RegisterIp,
    /// Codes sent from one IP: 10 per 10 minutes.
    CodeSendIp,
    /// Code checks from one IP: 20 a minute.
    CodeCheckIp,
    /// Uploads per user: 30 a minute.
    Upload,
    /// Operator sign-ins per IP: 10 a minute.
    AdminLoginIp,
    /// Deposit claims per user: 10 an hour (each one costs an operator a
    /// look at a block explorer).
    DepositClaim,
    /// One-time codes checked inside an operator's session (confirming,
    /// new recovery codes, turning the second factor off), per operator:
    /// 5 in a burst, then one a minute, so a stolen session cannot guess
    /// its way to the second factor.
    AdminCodeCheck,
}

impl Action {
    fn quota(self) -> Quota {
        let per = |n: u32, period: Duration| {
            Quota::with_period(period / n)
                .expect("non-zero period")
                .allow_burst(NonZeroU32::new(n).expect("non-zero burst"))
        };
        match self {
            Action::LoginIp => per(10, Duration::from_secs(60)),
            Action::RegisterIp => per(5, Duration::from_secs(60)),
            Action::CodeSendIp => per(10, Duration::from_secs(600)),
            Action::CodeCheckIp => per(20, Duration::from_secs(60)),
            Action::Upload => per(30, Duration::from_secs(60)),
            Action::AdminLoginIp => per(10, Duration::from_secs(60)),
            Action::DepositClaim => per(10, Duration::from_secs(3600)),
            Action::AdminCodeCheck => per(5, Duration::from_secs(300)),
        }
    }

    const ALL: [Action; 8] = [
        Action::LoginIp,
        Action::RegisterIp,
        Action::CodeSendIp,
        Action::CodeCheckIp,
        Action::Upload,
        Action::AdminLoginIp,
        Action::DepositClaim,
        Action::AdminCodeCheck,
    ];
}

pub struct Limiter {
    limiters: Vec<(Action, DefaultKeyedRateLimiter<String>)>,
}

impl Default for Limiter {
    fn default() -> Self {
        Limiter {
            limiters: Action::ALL
                .iter()
                .map(|a| (*a, RateLimiter::keyed(a.quota())))
                .collect(),
        }
    }
}

impl Limiter {
    /// Counts one attempt; refuses with RateLimited (and the wait in seconds)
    /// once the quota is spent.
    pub fn check(&self, action: Action, key: impl ToString) -> Result<(), Failure> {
        let (_, limiter) = self
            .limiters
            .iter()
            .find(|(a, _)| *a == action)
            .expect("every action has a limiter");
        limiter.check_key(&key.to_string()).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            Failure::new(ErrorCode::RateLimited).with("seconds", wait.as_secs().max(1))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eleventh_sign_in_in_a_minute_is_refused_and_other_ips_are_not() {
        let l = Limiter::default();
        for _ in 0..10 {
            l.check(Action::LoginIp, "1.2.3.4").unwrap();
        }
        let err = l.check(Action::LoginIp, "1.2.3.4").unwrap_err();
        assert_eq!(err.code, ErrorCode::RateLimited);
        assert!(l.check(Action::LoginIp, "5.6.7.8").is_ok());
        assert!(l.check(Action::RegisterIp, "1.2.3.4").is_ok());
    }
}
