import Decimal from 'decimal.js';
import { toDecimal } from '@/shared/format/number';

export interface DustRow {
  coin: string;
  amount: string;
  sellMin: string;
  usdtAmount?: string | null;
}

export interface DustPlan {
  /** Dust a convert pays for now. */
  convertible: DustRow[];
  /** Dust that stays (no fresh price, or worth nothing at USDT's scale). */
  kept: DustRow[];
  /** What the convertible dust pays in all, exact. */
  total: string;
}

/**
 * What "convert small balances" would do with the server's dust list: the coins
 * it pays for, those it leaves, and the exact USDT total (decimal.js, never a
 * float). The server decides again at convert time; this is what the sheet
 * asks the user to confirm.
 */
export function dustPlan(items: readonly DustRow[] | undefined): DustPlan {
  const convertible: DustRow[] = [];
  const kept: DustRow[] = [];
  let total = new Decimal(0);
  for (const item of items ?? []) {
    const usdt = toDecimal(item.usdtAmount);
    if (usdt && usdt.gt(0)) {
      convertible.push(item);
      total = total.plus(usdt);
    } else {
      kept.push(item);
    }
  }
  return { convertible, kept, total: total.toFixed() };
}
