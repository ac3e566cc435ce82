import { toDecimal } from '@/shared/format/number';
import type { SpotOrder } from './api';

export interface Figure {
  /** Exact decimal text, as the server sent it. */
  value: string;
  coin: string;
}

/**
 * What an order took and gave back, from the server's exact figures: the USDT a
 * buy spent (its filled total, not the total it held: "by total 100" that filled
 * for 95.24 spent 95.24) or the coin a sell spent; and, once it is done, what
 * its hold released (4.76). Absent figures are not shown: nothing spent yet,
 * nothing returned.
 */
export function orderOutcome(order: Pick<SpotOrder, 'spent' | 'spentCoin' | 'returned'>): { spent: Figure | null; returned: Figure | null } {
  const spent = toDecimal(order.spent);
  const returned = toDecimal(order.returned);
  return {
    spent: spent && spent.gt(0) ? { value: spent.toFixed(), coin: order.spentCoin } : null,
    returned: returned && returned.gt(0) ? { value: returned.toFixed(), coin: order.spentCoin } : null,
  };
}
