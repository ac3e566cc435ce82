//! The options' settlement sweep: the shared one
//! (`onyx_fixed_payout::settlement`) on this product's orders, against
//! `house_option`. Every order of an issue settles on the same closing
//! tick, or is void with its stake and fee back.

use crate::product::Options;
use onyx_kernel::Failure;
use onyx_platform::scheduler::Progress;
use onyx_platform::Context;

/// Starts the sweep under the context's scheduler.
pub fn start(ctx: &Context) {
    onyx_fixed_payout::settlement::start::<Options>(ctx);
}

/// Settles at most one slice of due orders.
pub async fn sweep(ctx: &Context) -> Result<Progress, Failure> {
    onyx_fixed_payout::settlement::sweep::<Options>(ctx).await
}
