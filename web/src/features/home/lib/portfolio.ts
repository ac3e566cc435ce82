import Decimal from 'decimal.js';
import { toDecimal } from '@/shared/format/number';
import type { Ticker } from '@/features/market';
import type { AssetBalance } from '@/features/wallet';

export interface PortfolioSummary {
  /** Total value in USDT (the server's sum over every wallet). */
  total: Decimal;
  /**
   * Estimated change of that value over the last 24 hours: for every holding, its
   * value now less the same amount at the coin's price 24 hours ago, i.e. the value
   * 24 hours ago times the coin's 24 h change. Deposits, withdrawals and trades in
   * that time are not known here, so it is an estimate.
   */
  change: Decimal;
  /** change over the value 24 hours ago, in percent; null when that value is 0. */
  percent: Decimal | null;
  /** Coins held whose 24 h open price is unknown (counted as unchanged). */
  unpriced: string[];
}

const STABLE = new Set(['USDT']);

/**
 * Today's change of the user's holdings, exact in decimals: sum over every wallet's
 * coins of usdtValue - total x openPrice (24 h ago). USDT does not move; a coin
 * without a USDT value or a 24 h open is left out and listed in `unpriced`.
 */
export function portfolioSummary(balance: AssetBalance, tickers: Record<string, Ticker> | undefined): PortfolioSummary {
  const total = toDecimal(balance.totalUsdt) ?? new Decimal(0);
  let change = new Decimal(0);
  const unpriced = new Set<string>();
  for (const wallet of balance.wallets) {
    for (const asset of wallet.assets) {
      const coin = asset.coin.toUpperCase();
      const amount = toDecimal(asset.total);
      if (!amount || amount.isZero() || STABLE.has(coin)) continue;
      const value = toDecimal(asset.usdtValue);
      const open = toDecimal(tickers?.[coin.toLowerCase()]?.openPrice);
      if (!value || !open || !open.gt(0)) {
        unpriced.add(coin);
        continue;
      }
      change = change.plus(value.minus(amount.times(open)));
    }
  }
  const before = total.minus(change);
  const percent = before.gt(0) ? change.div(before).times(100) : null;
  return { total, change, percent, unpriced: [...unpriced].sort() };
}
