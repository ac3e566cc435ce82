//! What a posting belongs to: a deposit, a withdrawal, an order, a trade.
//! Stored as text (`withdrawal:42`, `spot:trade:7`) so the journal reads
//! plainly in SQL, built and read only through this type so a product
//! cannot misspell another's.

use std::fmt;
use std::str::FromStr;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PostingRef {
    /// A deposit claim, credited when an operator confirms it.
    Deposit(i64),
    Withdrawal(i64),
    /// A flash exchange against the house.
    Exchange(i64),
    /// A move between one user's own wallets; `tag` tells transfers apart.
    Transfer {
        user_id: u64,
        tag: String,
    },
    /// A spot order's freeze and release.
    SpotOrder(i64),
    SpotTrade(i64),
    /// The market maker's funding from the house.
    SpotMaker(i64),
    /// A second contract's stake and its settlement.
    SecondContract(i64),
    /// An option order's stake, fee and settlement.
    OptionOrder(i64),
    /// A futures position's margin, fees and settlements; `fill` tells its
    /// fills apart (each is its own transaction).
    FuturesFill(i64),
    /// A futures limit order's margin and fee frozen, or released on cancel.
    FuturesOrder(i64),
    /// A finance or staking order's principal, interest and redemption.
    EarnOrder(i64),
    /// A batch of referral rebates, credited together.
    RebateBatch(i64),
    /// A welfare reward claimed (a task or a day's sign-in).
    WelfareClaim(i64),
    /// A copied position's close settled with its lead: the profit share
    /// above the follower's high-water mark.
    CopySettlement(i64),
    /// A reference this build does not name (tests, tools, older rows).
    Other(String),
}

impl PostingRef {
    pub fn is_empty(&self) -> bool {
        matches!(self, PostingRef::Other(s) if s.trim().is_empty())
    }
}

impl fmt::Display for PostingRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PostingRef::Deposit(id) => write!(f, "deposit:{id}"),
            PostingRef::Withdrawal(id) => write!(f, "withdrawal:{id}"),
            PostingRef::Exchange(id) => write!(f, "exchange:{id}"),
            PostingRef::Transfer { user_id, tag } => write!(f, "transfer:{user_id}:{tag}"),
            PostingRef::SpotOrder(id) => write!(f, "spot:order:{id}"),
            PostingRef::SpotTrade(id) => write!(f, "spot:trade:{id}"),
            PostingRef::SpotMaker(id) => write!(f, "spot:maker:{id}"),
            PostingRef::SecondContract(id) => write!(f, "second:{id}"),
            PostingRef::OptionOrder(id) => write!(f, "option:{id}"),
            PostingRef::FuturesFill(id) => write!(f, "futures:fill:{id}"),
            PostingRef::FuturesOrder(id) => write!(f, "futures:order:{id}"),
            PostingRef::EarnOrder(id) => write!(f, "earn:{id}"),
            PostingRef::RebateBatch(id) => write!(f, "rebate:{id}"),
            PostingRef::WelfareClaim(id) => write!(f, "welfare:{id}"),
            PostingRef::CopySettlement(id) => write!(f, "copy:{id}"),
            PostingRef::Other(text) => f.write_str(text),
        }
    }
}

/// Every text reads back: what this build does not name is `Other`.
impl FromStr for PostingRef {
    type Err = std::convert::Infallible;

    fn from_str(text: &str) -> Result<PostingRef, Self::Err> {
        let parts: Vec<&str> = text.split(':').collect();
        let id = |s: &str| s.parse::<i64>().ok();
        let known = match parts.as_slice() {
            ["deposit", n] => id(n).map(PostingRef::Deposit),
            ["withdrawal", n] => id(n).map(PostingRef::Withdrawal),
            ["exchange", n] => id(n).map(PostingRef::Exchange),
            ["transfer", user, tag] if !tag.is_empty() => {
                user.parse().ok().map(|user_id| PostingRef::Transfer {
                    user_id,
                    tag: tag.to_string(),
                })
            }
            ["spot", "order", n] => id(n).map(PostingRef::SpotOrder),
            ["spot", "trade", n] => id(n).map(PostingRef::SpotTrade),
            ["spot", "maker", n] => id(n).map(PostingRef::SpotMaker),
            ["second", n] => id(n).map(PostingRef::SecondContract),
            ["option", n] => id(n).map(PostingRef::OptionOrder),
            ["futures", "fill", n] => id(n).map(PostingRef::FuturesFill),
            ["futures", "order", n] => id(n).map(PostingRef::FuturesOrder),
            ["earn", n] => id(n).map(PostingRef::EarnOrder),
            ["rebate", n] => id(n).map(PostingRef::RebateBatch),
            ["welfare", n] => id(n).map(PostingRef::WelfareClaim),
            ["copy", n] => id(n).map(PostingRef::CopySettlement),
            _ => None,
        };
        Ok(known.unwrap_or_else(|| PostingRef::Other(text.to_string())))
    }
}

impl From<&str> for PostingRef {
    fn from(text: &str) -> PostingRef {
        match text.parse() {
            Ok(r) => r,
            Err(never) => match never {},
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_reference_reads_back_as_itself() {
        let all = [
            PostingRef::Deposit(1),
            PostingRef::Withdrawal(42),
            PostingRef::Exchange(7),
            PostingRef::Transfer {
                user_id: 3,
                tag: "0af3".into(),
            },
            PostingRef::SpotOrder(9),
            PostingRef::SpotTrade(10),
            PostingRef::SpotMaker(2),
            PostingRef::SecondContract(5),
            PostingRef::OptionOrder(6),
            PostingRef::FuturesFill(8),
            PostingRef::FuturesOrder(9),
            PostingRef::EarnOrder(4),
            PostingRef::RebateBatch(6),
            PostingRef::WelfareClaim(8),
            PostingRef::CopySettlement(9),
        ];
        for r in all {
            assert_eq!(PostingRef::from(r.to_string().as_str()), r);
        }
        assert_eq!(PostingRef::Withdrawal(42).to_string(), "withdrawal:42");
        assert_eq!(PostingRef::SpotTrade(10).to_string(), "spot:trade:10");
    }

    #[test]
    fn an_unnamed_reference_is_kept_as_written() {
        for text in ["test:1", "spot:order:x", "deposit", ""] {
            assert_eq!(PostingRef::from(text), PostingRef::Other(text.to_string()));
        }
        assert!(PostingRef::from(" ").is_empty());
    }
}
