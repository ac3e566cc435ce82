//! Why a copy was not made.

/// The follower's contract wallet cannot cover the copy's margin and fee.
pub const BALANCE: &str = "balance";
/// The follower does not copy this contract.
pub const SYMBOL: &str = "symbol";
/// The rule's size is below the contract's minimum.
pub const SIZE: &str = "size";
/// The copy would take the open copies past the follower's budget.
pub const BUDGET: &str = "budget";
/// The follower's stop-loss stopped the copying.
pub const STOP_LOSS: &str = "stop_loss";
/// The house's net open-interest limit.
pub const HOUSE_LIMIT: &str = "house_limit";
/// The copy's whole position would need more leverage than its bracket
/// allows.
pub const LEVERAGE: &str = "leverage";
/// A margin change the copy could not follow (balance, or the floor).
pub const MARGIN: &str = "margin";
